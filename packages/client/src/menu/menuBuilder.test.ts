import { describe, expect, it } from 'vitest';
import { menuGroupCode, ROUTE_TABLE, type PermissionItem } from '@cityops/contract';
import {
  buildUserMenu,
  enabledRoutePaths,
  localName,
  menuTrail,
  searchMenu,
  systemForPath,
} from './menuBuilder.js';

let nextId = 1;
function item(fields: Partial<PermissionItem> & Pick<PermissionItem, 'code' | 'type'>): PermissionItem {
  const id = fields.id ?? nextId++;
  return {
    id,
    parentId: 0,
    name: fields.code,
    url: `/${fields.code}`,
    sortNum: id,
    icon: '',
    level: 1,
    ...fields,
  };
}

const admin = item({ id: 100, code: 'admin', type: 0, name: '系统管理', url: '/admin' });
const users = item({ id: 101, parentId: 100, code: 'userManage', type: 2, name: '用户管理', sortNum: 2 });
const roles = item({ id: 102, parentId: 100, code: 'ROLEMANAGE', type: 2, name: '角色管理', sortNum: 1 });
const addUser = item({ id: 103, parentId: 101, code: 'user_add', type: 4, name: '新增' });
const docs = item({ id: 200, code: 'docs', type: 3, name: '文档', url: 'https://example.org/docs' });

describe('enabled routes', () => {
  it('enables a route whose code a resource holds, ignoring case, and every public route', () => {
    const paths = enabledRoutePaths([users, roles]);
    expect(paths.has('/admin/userManage')).toBe(true);
    expect(paths.has('/admin/roleManage')).toBe(true);
    expect(paths.has('/admin/areaManage')).toBe(false);
    expect(paths.has('/license')).toBe(true);
    expect(paths.has('/')).toBe(true);
  });
});

describe('menu tree', () => {
  it('nests entries under their system, sorted by sortNum, and leaves element codes out', () => {
    const menu = buildUserMenu([users, addUser, roles, admin]);
    expect(menu.tree).toHaveLength(1);
    const system = menu.tree[0];
    expect(system?.children.map((node) => node.name)).toEqual(['角色管理', '用户管理']);
    expect(system?.children.every((node) => node.children.length === 0)).toBe(true);
    expect(system?.url).toBe('/admin/roleManage');
    expect(system?.children[1]).toMatchObject({
      code: 'userManage',
      url: '/admin/userManage',
      enable: true,
      parentId: 100,
      index: '0-1',
      meta: { title: '用户管理', titleEn: 'User management', disabled: false },
    });
  });

  it('breaks sortNum ties by id, keeping the order stable', () => {
    const a = item({ id: 11, parentId: 100, code: 'logManage', type: 2, sortNum: 5 });
    const b = item({ id: 10, parentId: 100, code: 'dictionary', type: 2, sortNum: 5 });
    const menu = buildUserMenu([admin, a, b]);
    expect(menu.tree[0]?.children.map((node) => node.code)).toEqual(['dictionary', 'logManage']);
  });

  it('handles every entry type: 0 system, 1 menu, 2 page, 3 external link, 6 page', () => {
    const group = item({ id: 300, code: 'lampGroup', type: 1, name: '路灯', url: '' });
    const planCode = ROUTE_TABLE.find((route) => route.path === '/iotcloud/iot/lamp/plan')?.code ?? '';
    const plan = item({ id: 301, parentId: 300, code: planCode, type: 2, name: '计划', url: '/x' });
    const hidden = item({ id: 302, code: 'eMap', type: 6, name: '电子地图' });
    const menu = buildUserMenu([admin, users, docs, group, plan, hidden]);
    expect(menu.topNav.map((node) => node.type)).toEqual([0, 3, 1, 6]);
    const lamp = menu.topNav.find((node) => node.code === 'lampGroup');
    expect(lamp?.url).toBe('/iotcloud/iot/lamp/plan');
    expect(menu.sideMenus.get('lampGroup')?.map((node) => node.code)).toEqual([planCode]);
    expect(menu.topNav.find((node) => node.code === 'eMap')?.url).toBe('/omapp/electronicMap/eMap');
    expect(menu.sideMenus.get('eMap')).toEqual([]);
  });

  it('keeps an external link as its address, never a route, and out of the search', () => {
    const menu = buildUserMenu([docs]);
    expect(menu.topNav[0]).toMatchObject({ external: true, url: 'https://example.org/docs', enable: true });
    expect(menu.searchIndex).toEqual([]);
    expect(systemForPath(menu.topNav, 'https://example.org/docs')).toBeUndefined();
  });

  it('never opens a script link stored before links were checked: the entry has no target', () => {
    for (const url of ['javascript:alert(document.cookie)', ' JavaScript:alert(1)', 'data:text/html,x']) {
      const stored = item({ id: 201, code: 'evil', type: 3, name: '外链', url });
      expect(buildUserMenu([stored]).topNav[0]).toMatchObject({
        url: '',
        enable: false,
        meta: { disabled: true },
      });
    }
    const relative = item({ id: 202, code: 'rel', type: 3, name: '站内', url: '/docs/index.html' });
    expect(buildUserMenu([relative]).topNav[0]).toMatchObject({ url: '/docs/index.html', enable: true });
  });

  it("disables an entry whose url is empty or '#'", () => {
    const hash = item({ id: 400, parentId: 100, code: 'logManage', type: 2, url: '#' });
    const empty = item({ id: 401, parentId: 100, code: 'dictionary', type: 2, url: ' ' });
    const menu = buildUserMenu([admin, hash, empty]);
    for (const node of menu.tree[0]?.children ?? [])
      expect(node).toMatchObject({ url: '', enable: false, meta: { disabled: true } });
  });

  it('gives a parent without an enabled child no target', () => {
    const hash = item({ id: 500, parentId: 100, code: 'logManage', type: 2, url: '#' });
    const menu = buildUserMenu([admin, hash]);
    expect(menu.tree[0]).toMatchObject({ url: '', enable: false });
    expect(menu.tree[0]?.meta.disabled).toBe(false);
  });

  it('gives an entry naming no known route no target', () => {
    const unknown = item({ id: 501, parentId: 100, code: 'noSuchPage', type: 2 });
    expect(buildUserMenu([admin, unknown]).tree[0]?.children[0]).toMatchObject({ url: '', enable: false });
  });

  it('leaves out entries whose parent is missing or that form a cycle, keeping their routes enabled', () => {
    const orphan = item({ id: 600, parentId: 9999, code: 'logManage', type: 2 });
    const loopA = item({ id: 601, parentId: 602, code: 'dictionary', type: 2 });
    const loopB = item({ id: 602, parentId: 601, code: 'project', type: 2 });
    const menu = buildUserMenu([admin, users, orphan, loopA, loopB]);
    expect(menu.tree).toHaveLength(1);
    expect(menu.tree[0]?.children.map((node) => node.code)).toEqual(['userManage']);
    expect(menu.enabledPaths.has('/admin/logManage')).toBe(true);
  });

  it('builds 5,000 items correctly', () => {
    const items: PermissionItem[] = [];
    const pages = ROUTE_TABLE.filter((route) => route.access === 'permission');
    for (let s = 0; s < 50; s++) {
      items.push(item({ id: 10_000 + s, code: `system${s}`, type: 0, sortNum: 50 - s }));
      for (let p = 0; p < 99; p++) {
        const route = pages[(s * 99 + p) % pages.length];
        items.push(
          item({
            id: 20_000 + s * 100 + p,
            parentId: 10_000 + s,
            code: route?.code ?? 'x',
            type: 2,
            sortNum: 99 - p,
          }),
        );
      }
    }
    expect(items).toHaveLength(5_000);
    const menu = buildUserMenu(items);
    expect(menu.topNav).toHaveLength(50);
    expect(menu.topNav[0]?.code).toBe('system49');
    expect(menu.topNav.every((node) => node.children.length === 99)).toBe(true);
    const first = menu.topNav[0]?.children.map((node) => node.id) ?? [];
    expect(first).toEqual([...first].sort((a, b) => b - a));
    expect(menu.searchIndex).toHaveLength(4_950);
    expect(menu.enabledPaths.size).toBe(ROUTE_TABLE.length);
  });
});

describe('names in English', () => {
  const lampGroup = item({ id: 700, parentId: 100, code: menuGroupCode('iotcloud', 'iot/lamp'), type: 1 });
  const playReal = item({ id: 701, parentId: 700, code: 'iot_videoMonitor_playReal', type: 2, name: '预览' });
  const custom = item({ id: 702, parentId: 100, code: 'parkingOffice', type: 2, name: '停车办', url: '#' });
  const menu = buildUserMenu([admin, lampGroup, playReal, custom]);
  const names = (locale: string) => {
    const all: string[] = [];
    const visit = (node: (typeof menu.tree)[number]) => {
      all.push(localName({ name: node.name, titleEn: node.meta.titleEn }, locale));
      node.children.forEach(visit);
    };
    menu.tree.forEach(visit);
    return all;
  };

  it('shows the English name of every system, group and page we ship, looked up by code', () => {
    expect(names('en-US')).toEqual([
      'Platform administration',
      'Smart street lighting',
      'Live view',
      '停车办',
    ]);
  });

  it("keeps the server's names in zh-CN, even when an administrator renamed an item", () => {
    expect(names('zh-CN')).toEqual(['系统管理', lampGroup.name, '预览', '停车办']);
  });
});

describe('menu search and systems', () => {
  const menu = buildUserMenu([admin, users, roles, docs]);

  it('finds permitted pages by zh name, English title or code', () => {
    expect(searchMenu(menu.searchIndex, '用户').map((entry) => entry.path)).toEqual(['/admin/userManage']);
    expect(searchMenu(menu.searchIndex, 'role man').map((entry) => entry.code)).toEqual(['ROLEMANAGE']);
    expect(searchMenu(menu.searchIndex, 'areaManage')).toEqual([]);
    expect(searchMenu(menu.searchIndex, '  ')).toEqual([]);
  });

  it('matches the English names as well as the zh ones', () => {
    const video = item({
      id: 800,
      parentId: 100,
      code: 'iot_videoMonitor_playBack',
      type: 2,
      name: '录像回放',
    });
    const both = buildUserMenu([admin, users, roles, video]).searchIndex;
    expect(searchMenu(both, 'playback').map((entry) => entry.name)).toEqual(['录像回放']);
    expect(searchMenu(both, '回放').map((entry) => entry.titleEn)).toEqual(['Playback']);
    expect(searchMenu(both, 'user management').map((entry) => entry.code)).toEqual(['userManage']);
  });

  it('picks the system holding a path', () => {
    expect(systemForPath(menu.topNav, '/admin/userManage')?.code).toBe('admin');
    expect(systemForPath(menu.topNav, '/nowhere')).toBeUndefined();
  });
});

describe('menu trail', () => {
  it('names the way from the system down to the page, in the language in use', () => {
    const menu = buildUserMenu([users, addUser, roles, admin]);
    expect(menuTrail(menu.tree, '/admin/userManage', 'zh-CN')).toEqual(['系统管理', '用户管理']);
    expect(menuTrail(menu.tree, '/admin/userManage', 'en-US')).toEqual([
      'Platform administration',
      'User management',
    ]);
  });

  it('is empty for a page outside the menus', () => {
    const menu = buildUserMenu([users, admin]);
    expect(menuTrail(menu.tree, '/admin/areaManage', 'zh-CN')).toEqual([]);
  });
});
