import { Button, Dropdown, Flex, Typography, theme } from 'antd';
import { AppstoreOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { MenuNode } from '@cityops/client';
import { HEADER_DROPDOWN_HIDE_MS, MENU_OVERLAY_HOVER_DELAY_MS } from '@cityops/contract';
import { overlayColumns } from './overlayColumns';
import { activateNode, menuTitle, useOpenPage } from './userMenu';

/** Hover delays (video-talk-alarm-header.md §9), in seconds as antd takes them. */
export const OVERLAY_HOVER_DELAY_S = MENU_OVERLAY_HOVER_DELAY_MS / 1000;

/** All systems and their pages in columns, opened by hovering the header's menu control. */
export function FullMenuOverlay({ topNav }: { topNav: readonly MenuNode[] }) {
  const { t, i18n } = useTranslation();
  const navigate = useOpenPage();
  const { token } = theme.useToken();
  const columns = overlayColumns(topNav);

  const open = (node: MenuNode) => {
    const path = activateNode(node);
    if (path) navigate(path);
  };

  const panel = (
    <Flex
      role="menu"
      aria-label={t('layout.allMenus')}
      gap={24}
      style={{
        padding: 16,
        background: token.colorBgElevated,
        boxShadow: token.boxShadowSecondary,
        borderRadius: token.borderRadiusLG,
        maxWidth: '90vw',
        maxHeight: '80vh',
        overflow: 'auto',
      }}
    >
      {columns.map((rows, c) => (
        <Flex vertical key={c} style={{ minWidth: 140 }}>
          {rows.map((row) =>
            row.kind === 'system' ? (
              <Typography.Text strong key={`s${row.node.index}`} style={{ padding: '4px 0' }}>
                {menuTitle(row.node, i18n.language)}
              </Typography.Text>
            ) : (
              <Button
                key={row.node.index}
                role="menuitem"
                type="link"
                size="small"
                disabled={row.node.children.length > 0}
                onClick={() => open(row.node)}
                style={{ justifyContent: 'flex-start', paddingInlineStart: 8 + row.depth * 12 }}
              >
                {menuTitle(row.node, i18n.language)}
              </Button>
            ),
          )}
        </Flex>
      ))}
    </Flex>
  );

  return (
    <Dropdown
      popupRender={() => panel}
      mouseEnterDelay={OVERLAY_HOVER_DELAY_S}
      mouseLeaveDelay={HEADER_DROPDOWN_HIDE_MS / 1000}
    >
      <Button type="text" icon={<AppstoreOutlined />} aria-label={t('layout.allMenus')} />
    </Dropdown>
  );
}
