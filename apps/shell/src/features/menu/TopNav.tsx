import { Menu } from 'antd';
import { ExportOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { MenuNode } from '@cityops/client';
import { activateNode, menuTitle, useSystemChoice } from './userMenu';

/** Systems and root entries; type 3 opens its link in a new browser tab. */
export function TopNav({ nodes, current }: { nodes: readonly MenuNode[]; current: string | null }) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const choose = useSystemChoice((state) => state.choose);

  return (
    <Menu
      mode="horizontal"
      aria-label={t('layout.topNav')}
      selectedKeys={current ? [current] : []}
      style={{ flex: 1, minWidth: 0, background: 'transparent', borderBottom: 'none' }}
      items={nodes.map((node) => ({
        key: node.code,
        label: menuTitle(node, i18n.language),
        icon: node.external ? <ExportOutlined aria-label={t('layout.externalLink')} /> : undefined,
      }))}
      onClick={({ key }) => {
        const node = nodes.find((candidate) => candidate.code === key);
        if (!node) return;
        if (!node.external) choose(node.code);
        if (!node.external && node.children.length > 0 && !node.url) return;
        const path = activateNode(node);
        if (path) navigate(path);
      }}
    />
  );
}
