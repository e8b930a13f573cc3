import { useMemo } from 'react';
import { ConfigProvider, Menu, theme, type MenuProps } from 'antd';
import { DownOutlined, ExportOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { MenuNode } from '@cityops/client';
import { useActiveTheme } from '../theme/themePalette';
import { activateNode, menuTitle, useSystemChoice, useOpenPage } from './userMenu';

/**
 * Systems and root entries; type 3 opens its link in a new browser tab. What does not fit the bar
 * (seven systems in English at 1440 px do not) goes under 更多 at its end, so every system stays one
 * click away: antd's horizontal menu measures the entries and moves the overflow there as the window
 * resizes.
 */
export function TopNav({ nodes, current }: { nodes: readonly MenuNode[]; current: string | null }) {
  const { t, i18n } = useTranslation();
  const navigate = useOpenPage();
  const choose = useSystemChoice((state) => state.choose);
  const { token } = theme.useToken();
  const { palette } = useActiveTheme();

  const onClick = (node: MenuNode) => {
    if (!node.external) choose(node.code);
    // A system whose pages are all closed still shows its side menu; there is just nothing to open.
    if (!node.external && node.children.length > 0 && !node.url) return;
    const path = activateNode(node);
    if (path) navigate(path);
  };

  const items: MenuProps['items'] = nodes.map((node) => ({
    key: node.code,
    label: node.external ? (
      <>
        {menuTitle(node, i18n.language)}{' '}
        <ExportOutlined aria-label={t('layout.externalLink')} style={{ marginInlineStart: 4 }} />
      </>
    ) : (
      menuTitle(node, i18n.language)
    ),
  }));

  // The side menu's colours are antd's Menu tokens; the bar sits on the header and takes the header's.
  const headerMenu = useMemo(
    () => ({
      components: {
        Menu: {
          itemBg: 'transparent',
          itemColor: palette.headerText,
          itemHoverColor: token.colorPrimary,
          itemSelectedColor: token.colorPrimary,
          itemSelectedBg: palette.headerActiveBg,
          horizontalItemSelectedColor: token.colorPrimary,
          popupBg: palette.headerBg,
        },
      },
    }),
    [palette, token.colorPrimary],
  );

  return (
    <nav aria-label={t('layout.topNav')} style={{ flex: 1, minWidth: 0 }}>
      <ConfigProvider theme={headerMenu}>
        <Menu
          mode="horizontal"
          items={items}
          selectedKeys={current ? [current] : []}
          onClick={({ key }) => {
            const node = nodes.find((entry) => entry.code === key);
            if (node) onClick(node);
          }}
          overflowedIndicator={
            <span>
              {t('layout.moreSystems')} <DownOutlined style={{ fontSize: 10 }} />
            </span>
          }
          style={{ borderBottom: 'none', background: 'transparent', minWidth: 0 }}
        />
      </ConfigProvider>
    </nav>
  );
}
