import { memo, useMemo } from 'react';
import { Menu, type MenuProps } from 'antd';
import { useTranslation } from 'react-i18next';
import type { MenuNode } from '@cityops/client';
import { activateNode, menuTitle, useOpenPage } from './userMenu';

type Item = Required<MenuProps>['items'][number];

function toItems(nodes: readonly MenuNode[], locale: string): Item[] {
  return nodes.map((node): Item => {
    const label = menuTitle(node, locale);
    if (node.children.length > 0) return { key: node.index, label, children: toItems(node.children, locale) };
    // A `#` item stays clickable so the click can say 页面暂时未开放; it only looks disabled.
    return {
      key: node.index,
      label,
      style: node.meta.disabled ? { opacity: 0.45 } : undefined,
    };
  });
}

function findByIndex(nodes: readonly MenuNode[], index: string): MenuNode | undefined {
  for (const node of nodes) {
    if (node.index === index) return node;
    const inner = findByIndex(node.children, index);
    if (inner) return inner;
  }
  return undefined;
}

function selectedIndexes(nodes: readonly MenuNode[], path: string): { selected: string[]; open: string[] } {
  for (const node of nodes) {
    if (node.children.length === 0 && node.url === path && !node.external)
      return { selected: [node.index], open: [] };
    const inner = selectedIndexes(node.children, path);
    if (inner.selected.length > 0) return { selected: inner.selected, open: [node.index, ...inner.open] };
  }
  return { selected: [], open: [] };
}

interface SideMenuProps {
  nodes: readonly MenuNode[];
  collapsed: boolean;
  /** The page to mark as selected (the shell's path while this menu is in view). */
  path: string;
}

/**
 * The current system's nested menu (video-talk-alarm-header.md §2.8). It renders again only when its
 * props change: a hidden system's menu, given the path it last showed, sits out other navigations.
 */
export const SideMenu = memo(function SideMenu({ nodes, collapsed, path }: SideMenuProps) {
  const { t, i18n } = useTranslation();
  const navigate = useOpenPage();
  const { selected, open } = selectedIndexes(nodes, path);
  // Built once per menu and language: a navigation changes only the selection.
  const items = useMemo(() => toItems(nodes, i18n.language), [nodes, i18n.language]);

  return (
    <Menu
      mode="inline"
      theme="dark"
      aria-label={t('layout.sideMenu')}
      inlineCollapsed={collapsed}
      selectedKeys={selected}
      defaultOpenKeys={collapsed ? undefined : open}
      items={items}
      onClick={({ key }) => {
        const node = findByIndex(nodes, key);
        const path = node ? activateNode(node) : null;
        if (path) navigate(path);
      }}
      style={{ borderInlineEnd: 'none' }}
    />
  );
});
