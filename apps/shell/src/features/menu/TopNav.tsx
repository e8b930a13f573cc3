import { Button, theme } from 'antd';
import { ExportOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { MenuNode } from '@cityops/client';
import { activateNode, menuTitle, useSystemChoice, useOpenPage } from './userMenu';

/**
 * Systems and root entries; type 3 opens its link in a new browser tab. Every entry stays on the bar
 * (no overflow "…" hiding names); a narrow window scrolls it.
 */
export function TopNav({ nodes, current }: { nodes: readonly MenuNode[]; current: string | null }) {
  const { t, i18n } = useTranslation();
  const navigate = useOpenPage();
  const choose = useSystemChoice((state) => state.choose);
  const { token } = theme.useToken();

  const onClick = (node: MenuNode) => {
    if (!node.external) choose(node.code);
    // A system whose pages are all closed still shows its side menu; there is just nothing to open.
    if (!node.external && node.children.length > 0 && !node.url) return;
    const path = activateNode(node);
    if (path) navigate(path);
  };

  return (
    <nav
      aria-label={t('layout.topNav')}
      style={{ flex: 1, minWidth: 0, display: 'flex', alignItems: 'center', gap: 4, overflowX: 'auto' }}
    >
      {nodes.map((node) => {
        const selected = node.code === current;
        return (
          <Button
            key={node.code}
            type="text"
            aria-current={selected ? 'page' : undefined}
            icon={node.external ? <ExportOutlined aria-label={t('layout.externalLink')} /> : undefined}
            iconPlacement="end"
            onClick={() => onClick(node)}
            style={{
              flexShrink: 0,
              paddingInline: 8,
              color: selected ? token.colorPrimary : 'inherit',
              fontWeight: selected ? 600 : undefined,
              borderBottom: selected ? '2px solid currentColor' : '2px solid transparent',
              borderRadius: 0,
            }}
          >
            {menuTitle(node, i18n.language)}
          </Button>
        );
      })}
    </nav>
  );
}
