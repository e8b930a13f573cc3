import {
  buttonsOf,
  ENTRY_NAMES,
  GROUP_NAMES,
  menuGroupCode,
  MESSAGE_CENTRE_PAGE,
  MSG_PAGE_CODE,
  PermissionType,
  ROUTE_TABLE,
  SYSTEM_NAMES,
  type RouteEntry,
  type SystemCode,
} from '@cityops/contract';
import { eq, sql } from 'drizzle-orm';
import type { Database } from '../connection.js';
import { resources, roles } from '../schema.js';
import { ADMIN_ICONS } from './menuTree.js';

/**
 * The permission tree, built from the contract's route table so that every page's resource code is
 * its route's code: systems (type 0) → menu groups (type 1, one per path between a sub-app and its
 * pages, nested when one path extends another) → pages (type 2) → buttons (4) and elements (5).
 */
export interface ResourceSeed {
  code: string;
  /** Code of the parent; null for a root. */
  parent: string | null;
  type: number;
  name: string;
  url: string;
  icon: string;
  sortNum: number;
  level: number;
}

export { ADMIN_ROLE } from '../../modules/roles/tables.js';
import { ADMIN_ROLE } from '../../modules/roles/tables.js';

const systemOf = (route: RouteEntry): SystemCode => (route.app === 'shell' ? 'admin' : route.app);

/** The path between the sub-app prefix and the page name ('' for admin pages and top-level pages). */
function groupOf(route: RouteEntry) {
  if (route.app === 'shell') return '';
  return route.path.split('/').slice(2, -1).join('/');
}

export function buildCatalogue(): ResourceSeed[] {
  const list: ResourceSeed[] = [];
  const byCode = new Map<string, ResourceSeed>();
  const children = new Map<string | null, number>();
  const add = (item: Omit<ResourceSeed, 'sortNum' | 'level'>) => {
    const count = (children.get(item.parent) ?? 0) + 1;
    children.set(item.parent, count);
    const level = item.parent === null ? 0 : (byCode.get(item.parent)?.level ?? -1) + 1;
    const seed = { ...item, sortNum: count * 10, level };
    list.push(seed);
    byCode.set(seed.code, seed);
  };

  for (const [code, { zh, icon }] of Object.entries(SYSTEM_NAMES)) {
    add({ code, parent: null, type: PermissionType.SYSTEM, name: zh, url: `/${code}`, icon });
  }

  const pages = ROUTE_TABLE.filter((route) => route.access === 'permission');
  const groupKeys = new Set(pages.map((route) => `${systemOf(route)}:${groupOf(route)}`));
  const ensureGroup = (system: SystemCode, group: string): string => {
    if (group === '') return system;
    const code = menuGroupCode(system, group);
    if (byCode.has(code)) return code;
    const node = GROUP_NAMES[`${system}:${group}`];
    if (!node)
      throw new Error(`the contract's GROUP_NAMES has no name for the menu group ${system}:${group}`);
    const segments = group.split('/');
    const enclosing = segments
      .map((_, i) => segments.slice(0, segments.length - 1 - i).join('/'))
      .find((prefix) => prefix !== '' && groupKeys.has(`${system}:${prefix}`));
    const parent = ensureGroup(system, enclosing ?? '');
    add({
      code,
      parent,
      type: PermissionType.MENU,
      name: node.zh,
      url: `/${system}/${group}`,
      icon: node.icon,
    });
    return code;
  };

  for (const route of pages) {
    const parent = ensureGroup(systemOf(route), groupOf(route));
    const icon = ADMIN_ICONS[route.code] ?? '';
    add({ code: route.code, parent, type: PermissionType.PAGE, name: route.title, url: route.path, icon });
    for (const { code, name } of buttonsOf(route.code)) {
      add({
        code,
        parent: route.code,
        type: PermissionType.BUTTON,
        name,
        url: '',
        icon: '',
      });
    }
  }

  // The header's message-centre icon (spec §6) is an element of the message centre page.
  add({
    code: MSG_PAGE_CODE,
    parent: MESSAGE_CENTRE_PAGE,
    type: PermissionType.ELEMENT,
    name: '消息中心入口',
    url: '',
    icon: '',
  });
  // An external link for the top navigation, and a menu entry whose page is not open yet ('#').
  add({
    code: 'helpDocs',
    parent: null,
    type: PermissionType.EXTERNAL_LINK,
    name: ENTRY_NAMES.helpDocs.zh,
    url: 'https://example.com/cityops/docs',
    icon: ENTRY_NAMES.helpDocs.icon,
  });
  add({
    code: 'smartParking',
    parent: 'iotcloud',
    type: PermissionType.MENU,
    name: ENTRY_NAMES.smartParking.zh,
    url: '#',
    icon: ENTRY_NAMES.smartParking.icon,
  });
  return list;
}

/**
 * Inserts the resources the database does not have yet (by code), parents first, and keeps the
 * built-in admin role holding every resource, including ones added by later versions. Existing rows
 * are left as they are: names and order may have been edited on the permissions page.
 */
export async function seedCatalogue(db: Database) {
  const catalogue = buildCatalogue();
  const ids = new Map<string, number>();
  const depth = Math.max(...catalogue.map((item) => item.level));
  for (let level = 0; level <= depth; level++) {
    const rows = catalogue
      .filter((item) => item.level === level)
      .map(({ parent, ...item }) => ({
        ...item,
        parentId: parent === null ? null : (ids.get(parent) ?? null),
      }));
    if (rows.length > 0) await db.insert(resources).values(rows).onConflictDoNothing();
    for (const row of await db.select({ id: resources.id, code: resources.code }).from(resources)) {
      ids.set(row.code, row.id);
    }
  }

  await db
    .insert(roles)
    .values({ code: ADMIN_ROLE, name: '超级管理员', description: '拥有平台的全部权限' })
    .onConflictDoNothing();
  const [admin] = await db.select({ id: roles.id }).from(roles).where(eq(roles.code, ADMIN_ROLE));
  if (!admin) throw new Error('the admin role could not be created');
  await db.execute(
    sql`insert into role_resources (role_id, resource_id) select ${admin.id}, id from resources on conflict do nothing`,
  );
}
