import {
  findRouteByCode,
  type ButtonCode,
  type MSG_PAGE_CODE,
  type UserPermissions,
} from '@cityops/contract';

/**
 * The permission checks of platform-shell.md §6, as pure functions over the contract's user session,
 * so the shell and every sub-app answer them the same way.
 */

/** An element code a page may check: a seeded button, or the message centre's icon. */
export type ElementCode = ButtonCode | typeof MSG_PAGE_CODE;

/** The spec's global helper: whether an element code is in the user's element list. */
export const hasElement = (elements: readonly string[] | undefined, code: string): boolean =>
  elements?.includes(code) ?? false;

/** A user is logged in when a user id exists. */
export const isLoggedIn = (user: Pick<UserPermissions, 'userId'> | null | undefined): boolean =>
  typeof user?.userId === 'number';

/** The paths of the permission routes the user's menu codes open (codes match ignoring case). */
export function accessibleRoutes(menus: UserPermissions['menus']): string[] {
  const paths = new Set<string>();
  for (const item of menus) {
    const route = findRouteByCode(item.code);
    if (route?.access === 'permission') paths.add(route.path);
  }
  return [...paths];
}

/** The admin flag is true when there are accessible routes. */
export const isAdmin = (user: Pick<UserPermissions, 'menus'> | null | undefined): boolean =>
  user ? accessibleRoutes(user.menus).length > 0 : false;
