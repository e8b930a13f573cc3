import { useCallback } from 'react';
import { create } from 'zustand';
import { buildUserMenu, localName, type MenuNode, type UserMenu } from '@cityops/client';
import type { Locale } from '@cityops/contract';
import { showMessage, i18n } from '@cityops/ui';
import { useSessionUser } from '../auth/queries';
import { useStableNavigate } from '../../app/navigation';
import { firstPageWithHeader } from '../layout/headerVisibility';

const built = new WeakMap<object, UserMenu>();

/** The signed-in user's menus, built once per permission list. */
export function menuOf(menus: Parameters<typeof buildUserMenu>[0]): UserMenu {
  let menu = built.get(menus);
  if (!menu) {
    menu = buildUserMenu(menus);
    built.set(menus, menu);
  }
  return menu;
}

export function useUserMenu(): UserMenu | null {
  const user = useSessionUser();
  return user ? menuOf(user.menus) : null;
}

/** The server's (zh-CN) name, or in en-US the English one (see `MenuNode.meta.titleEn`). */
export const menuTitle = (node: MenuNode, locale: Locale | string): string =>
  localName({ name: node.name, titleEn: node.meta.titleEn }, locale);

/**
 * The top navigation item the user picked last (it may have no page of its own to show yet), with the
 * system of the page in view when it was picked (`over`, null on a page of none): the pick holds until
 * the page in view belongs to another system. The layout reads it while rendering, so a navigation
 * shows its system's menus in the same render, and drops a pick that no longer holds.
 */
interface SystemChoice {
  choice: { code: string; over: string | null } | null;
  /** The system of the page the layout shows (null on a page of none). */
  pageSystem: string | null;
  choose(code: string | null): void;
  /** The layout shows a page of `system`: a pick made over another system no longer holds. */
  follow(system: string | null): void;
}
export const useSystemChoice = create<SystemChoice>()((set) => ({
  choice: null,
  pageSystem: null,
  choose: (code) => set(({ pageSystem }) => ({ choice: code === null ? null : { code, over: pageSystem } })),
  follow: (system) =>
    set(({ choice }) => ({ pageSystem: system, choice: choice && choice.over !== system ? null : choice })),
}));

/**
 * What clicking a menu node does: open an external link in a new browser tab, tell the user a `#`
 * page is not open, or go to the node's page (a system's: its first page with a header, else its
 * first). Returns the path to navigate to, if any.
 */
export function activateNode(node: MenuNode): string | null {
  if (node.external && node.url) {
    window.open(node.url, '_blank', 'noopener,noreferrer');
    return null;
  }
  if (!node.url) {
    showMessage('WARN', i18n.t('contract:menu.notOpen'));
    return null;
  }
  return node.children.length > 0 ? (firstPageWithHeader(node) ?? node.url) : node.url;
}

/**
 * Navigation for menu clicks: opening the page already in view replaces its history entry instead of
 * adding a second one, so back always goes to the page before.
 */
export function useOpenPage(): (path: string) => void {
  const navigate = useStableNavigate();
  // The address at the click, not at render: the header and menus need not re-render on each route.
  return useCallback(
    (path: string) => {
      const { pathname, search } = window.location;
      void navigate(path, { replace: path === pathname || path === `${pathname}${search}` });
    },
    [navigate],
  );
}
