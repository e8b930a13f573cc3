import { englishMenuName, PermissionType, type PermissionItem } from '@cityops/contract';
import { HOME_PATH, isHeaderHidden } from '../layout/headerVisibility';

/** Entries that open a page in the shell; groups (0), external links (3) and elements (4, 5) do not. */
const PAGE_TYPES: readonly number[] = [PermissionType.MENU, PermissionType.PAGE, PermissionType.HIDDEN_PAGE];

export interface SystemCard {
  code: string;
  /** The server's (zh-CN) name. */
  name: string;
  /** The contract's English name for a system we ship, else the server's name. */
  titleEn: string;
  icon: string;
  /** Permitted pages under the system. */
  pages: number;
  /**
   * The first page by sort order, depth first, that shows the header (a full-screen dashboard would
   * hide the menus), else the first; null when none can be opened.
   */
  firstUrl: string | null;
}

const opens = (item: PermissionItem) =>
  item.type === PermissionType.PAGE || item.type === PermissionType.HIDDEN_PAGE;
const hasUrl = (item: PermissionItem) => item.url !== '' && item.url !== '#';

/** The systems of the overview: type-0 roots of the user's menus, with what each one opens. */
export function systemCards(menus: readonly PermissionItem[]): SystemCard[] {
  const ids = new Set(menus.map((item) => item.id));
  const children = new Map<number, PermissionItem[]>();
  for (const item of menus) {
    const list = children.get(item.parentId) ?? [];
    list.push(item);
    children.set(item.parentId, list);
  }
  for (const list of children.values()) list.sort((a, b) => a.sortNum - b.sortNum);

  const walk = (id: number): PermissionItem[] =>
    (children.get(id) ?? []).flatMap((child) => [child, ...walk(child.id)]);

  return menus
    .filter((item) => item.type === PermissionType.SYSTEM && !ids.has(item.parentId))
    .sort((a, b) => a.sortNum - b.sortNum)
    .map((system) => {
      const pages = walk(system.id).filter(
        (item) => PAGE_TYPES.includes(item.type) && opens(item) && hasUrl(item),
      );
      return {
        code: system.code,
        name: system.name,
        titleEn: englishMenuName(system.code) ?? system.name,
        icon: system.icon,
        pages: pages.length,
        firstUrl: (pages.find((page) => !isHeaderHidden(page.url, HOME_PATH)) ?? pages[0])?.url ?? null,
      };
    });
}
