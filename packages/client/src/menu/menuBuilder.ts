import {
  ELEMENT_TYPES,
  englishMenuName,
  isSafeLinkUrl,
  PermissionType,
  ROUTE_TABLE,
  type PermissionItem,
  type RouteEntry,
} from '@cityops/contract';

/**
 * The menu node of video-talk-alarm-header.md §3. `url` is the target to open: a route path, an
 * external address for type 3, or '' when the node has no target (a `#` item, or a parent none of
 * whose children is enabled).
 */
export interface MenuNode {
  id: number;
  code: string;
  /** The server's (zh-CN) name. */
  name: string;
  type: number;
  url: string;
  enable: boolean;
  icon: string;
  children: MenuNode[];
  meta: {
    title: string;
    /**
     * en-US name: the contract's, when the code is a route, system, group or seeded entry we ship;
     * else the server's name (an entry an administrator created).
     */
    titleEn: string;
    icon: string;
    /** The server gave no url, or '#': the item shows 页面暂时未开放 when clicked. */
    disabled: boolean;
  };
  parentId: number;
  /** Position in the tree, e.g. `2-0-1`: unique, stable key for menus. */
  index: string;
  /** Type 3: opened in a new browser tab, never routed. */
  external: boolean;
}

export interface MenuSearchEntry {
  code: string;
  name: string;
  /** As `MenuNode.meta.titleEn`. */
  titleEn: string;
  path: string;
  /** Code of the top navigation item the page sits under. */
  systemCode: string;
}

export interface UserMenu {
  /** Paths the user may open: public and session routes, plus routes whose code the user holds. */
  enabledPaths: ReadonlySet<string>;
  /** Every root, in order. */
  tree: MenuNode[];
  /** The systems (type 0 roots) and root entries of types 1, 3 and 6. */
  topNav: MenuNode[];
  /** Side-menu tree per top navigation code (its children; empty for a plain page entry). */
  sideMenus: ReadonlyMap<string, MenuNode[]>;
  searchIndex: MenuSearchEntry[];
}

const TOP_NAV_TYPES: readonly number[] = [
  PermissionType.SYSTEM,
  PermissionType.MENU,
  PermissionType.EXTERNAL_LINK,
  PermissionType.HIDDEN_PAGE,
];

const hasNoTarget = (url: string) => url.trim() === '' || url.trim() === '#';

/**
 * The name to show in a language. zh-CN keeps the server's name, which administrators may edit;
 * en-US shows the English one.
 */
export const localName = (entry: { name: string; titleEn: string }, locale: string): string =>
  locale === 'en-US' ? entry.titleEn : entry.name;

function routeIndex(routes: readonly RouteEntry[]) {
  const byCode = new Map<string, RouteEntry>();
  const byPath = new Map<string, RouteEntry>();
  for (const route of routes) {
    byCode.set(route.code.toLowerCase(), route);
    byPath.set(route.path, route);
  }
  return { byCode, byPath };
}

/** (a): a route is enabled when a resource code matches its code, ignoring case; public ones always. */
export function enabledRoutePaths(
  items: readonly PermissionItem[],
  routes: readonly RouteEntry[] = ROUTE_TABLE,
): Set<string> {
  const held = new Set(items.map((item) => item.code.toLowerCase()));
  return new Set(
    routes
      .filter((route) => route.access !== 'permission' || held.has(route.code.toLowerCase()))
      .map((route) => route.path),
  );
}

const bySortNum = (a: PermissionItem, b: PermissionItem) => a.sortNum - b.sortNum || a.id - b.id;

/**
 * Builds the user's menus from the flat permission list. Types 4 and 5 are element codes, not menu
 * entries. Items whose parent is missing (or that sit in a parent cycle) cannot be placed and are left
 * out of the menus; their routes stay enabled by code.
 */
export function buildUserMenu(
  items: readonly PermissionItem[],
  routes: readonly RouteEntry[] = ROUTE_TABLE,
): UserMenu {
  const enabledPaths = enabledRoutePaths(items, routes);
  const { byCode, byPath } = routeIndex(routes);
  const entries = items.filter((item) => !ELEMENT_TYPES.includes(item.type));
  const ids = new Set(entries.map((item) => item.id));
  const childrenOf = new Map<number, PermissionItem[]>();
  const roots: PermissionItem[] = [];
  for (const item of entries) {
    if (item.parentId === 0 || !ids.has(item.parentId)) {
      if (item.parentId === 0) roots.push(item);
      continue;
    }
    const list = childrenOf.get(item.parentId);
    if (list) list.push(item);
    else childrenOf.set(item.parentId, [item]);
  }

  const placed = new Set<number>();
  function toNode(item: PermissionItem, index: string): MenuNode {
    placed.add(item.id);
    const kids = (childrenOf.get(item.id) ?? [])
      .filter((child) => !placed.has(child.id))
      .sort(bySortNum)
      .map((child, i) => toNode(child, `${index}-${i}`));
    const external = item.type === PermissionType.EXTERNAL_LINK;
    // A link saved before the form checked links (a `javascript:` one) must never reach window.open.
    const disabled = kids.length === 0 && (hasNoTarget(item.url) || (external && !isSafeLinkUrl(item.url)));
    const route = byCode.get(item.code.toLowerCase()) ?? byPath.get(item.url.trim());
    let url = '';
    if (kids.length > 0) url = kids.find((kid) => kid.enable && !kid.external)?.url ?? '';
    else if (external && !disabled) url = item.url.trim();
    else if (!disabled && route && enabledPaths.has(route.path)) url = route.path;
    return {
      id: item.id,
      code: item.code,
      name: item.name,
      type: item.type,
      url,
      enable: url !== '',
      icon: item.icon,
      children: kids,
      meta: {
        title: item.name,
        titleEn: englishMenuName(item.code) ?? item.name,
        icon: item.icon,
        disabled,
      },
      parentId: item.parentId,
      index,
      external,
    };
  }
  const tree = roots.sort(bySortNum).map((item, i) => toNode(item, String(i)));

  const topNav = tree.filter((node) => TOP_NAV_TYPES.includes(node.type));
  const sideMenus = new Map(topNav.map((node) => [node.code, node.children]));
  const searchIndex: MenuSearchEntry[] = [];
  const visit = (node: MenuNode, systemCode: string) => {
    if (node.children.length === 0 && node.enable && !node.external)
      searchIndex.push({
        code: node.code,
        name: node.name,
        titleEn: node.meta.titleEn,
        path: node.url,
        systemCode,
      });
    for (const child of node.children) visit(child, systemCode);
  };
  for (const node of topNav) visit(node, node.code);
  return { enabledPaths, tree, topNav, sideMenus, searchIndex };
}

/** Pages whose zh name, English title or code contains the query (case-insensitive). */
export function searchMenu(index: readonly MenuSearchEntry[], query: string): MenuSearchEntry[] {
  const needle = query.trim().toLowerCase();
  if (needle === '') return [];
  return index.filter((entry) =>
    [entry.name, entry.titleEn, entry.code].some((text) => text.toLowerCase().includes(needle)),
  );
}

function contains(node: MenuNode, path: string): boolean {
  return (node.children.length === 0 && node.url === path) || node.children.some((c) => contains(c, path));
}

/** The top navigation item whose pages include `path`, if any. */
export function systemForPath(topNav: readonly MenuNode[], path: string): MenuNode | undefined {
  return topNav.find((node) => !node.external && contains(node, path));
}

/**
 * The names from the menu's root down to the page at `path` (system › group › page), in the language
 * in use; empty when the page is not in the user's menus.
 */
export function menuTrail(tree: readonly MenuNode[], path: string, locale: string): string[] {
  for (const node of tree) {
    const name = localName({ name: node.name, titleEn: node.meta.titleEn }, locale);
    if (node.children.length === 0 && node.url === path) return [name];
    const below = menuTrail(node.children, path, locale);
    if (below.length > 0) return [name, ...below];
  }
  return [];
}
