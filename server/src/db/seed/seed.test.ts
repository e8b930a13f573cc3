import { readFile } from 'node:fs/promises';
import {
  authEndpoints,
  MESSAGE_CENTRE_PAGE,
  MSG_PAGE_CODE,
  PermissionType,
  ROUTE_TABLE,
} from '@cityops/contract';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.js';
import { createTestApp, freshDatabase, type TestApp } from '../../test/testApp.js';
import { liesWithin, overlaps, pointWithin } from '../../modules/areas/geometry.js';
import {
  areas,
  dictionary,
  projects,
  resources,
  roleResources,
  roles,
  sites,
  userRoles,
  users,
} from '../schema.js';
import { buildCatalogue } from './catalogue.js';
import { DEMO_ACCOUNTS, OPERATOR_CODES } from './demo.js';
import { seed } from './index.js';

describe('the permission tree', () => {
  const catalogue = buildCatalogue();
  const byCode = new Map(catalogue.map((item) => [item.code, item]));

  it('has a code per item, unique ignoring case', () => {
    const codes = catalogue.map((item) => item.code.toLowerCase());
    expect(new Set(codes).size).toBe(codes.length);
  });

  it('has a page for every guarded route, with the route code and full path', () => {
    for (const route of ROUTE_TABLE.filter((r) => r.access === 'permission')) {
      expect(byCode.get(route.code), route.path).toMatchObject({
        type: PermissionType.PAGE,
        url: route.path,
      });
    }
    expect(catalogue.filter((item) => item.type === PermissionType.PAGE).length).toBeGreaterThan(180);
  });

  it('puts each page under its menu group and each group under its system', () => {
    expect(byCode.get('plan')).toBeUndefined();
    expect(byCode.get('iot_lamp_plan')?.parent).toBe('iotcloud_iot_lamp');
    expect(byCode.get('iotcloud_iot_lamp')).toMatchObject({
      parent: 'iotcloud',
      type: 1,
      name: '智慧路灯',
      level: 1,
    });
    expect(byCode.get('esManage_statusMonitor_smartSwitch')?.parent).toBe('esapp_esManage_statusMonitor');
    expect(byCode.get('esapp_esManage_statusMonitor')).toMatchObject({ parent: 'esapp_esManage', level: 2 });
    expect(byCode.get('userManage')).toMatchObject({
      parent: 'admin',
      type: 2,
      name: '用户管理',
      icon: 'UserOutlined',
    });
    expect(byCode.get('itemizedStatistics')?.parent).toBe('opapp');
  });

  it('keeps levels and sort numbers consistent', () => {
    for (const item of catalogue) {
      const parent = item.parent === null ? undefined : byCode.get(item.parent);
      expect(item.level, item.code).toBe(parent ? parent.level + 1 : 0);
      expect(item.sortNum).toBeLessThan(1000);
      expect(item.name).not.toBe('');
    }
  });

  it('has buttons, the msg_page element, an external link and a page not open yet', () => {
    expect(byCode.get('userManage_add')).toMatchObject({ type: PermissionType.BUTTON, parent: 'userManage' });
    expect(byCode.get('msg_page')).toMatchObject({ type: PermissionType.ELEMENT });
    expect(catalogue.filter((item) => item.type === PermissionType.EXTERNAL_LINK)).toHaveLength(1);
    expect(catalogue.filter((item) => item.url === '#')).toHaveLength(1);
  });

  it("knows every code of the operator's role", () => {
    for (const code of OPERATOR_CODES) expect(byCode.has(code), code).toBe(true);
  });
});

describe('seeding', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const counts = async () => {
    const db = t.handle.db;
    const tables = [resources, roles, roleResources, users, userRoles, projects, dictionary] as const;
    return Promise.all(tables.map(async (table) => (await db.select({ n: count() }).from(table))[0]?.n));
  };

  it('adds nothing the second time and keeps what administrators changed', async () => {
    await t.handle.db
      .update(resources)
      .set({ name: '路灯（改名）' })
      .where(eq(resources.code, 'iotcloud_iot_lamp'));
    const before = await counts();
    await seed(t.handle.db, t.config, { database: t.handle.label, now: t.clock.now });
    expect(await counts()).toEqual(before);
    const [lamp] = await t.handle.db.select().from(resources).where(eq(resources.code, 'iotcloud_iot_lamp'));
    expect(lamp?.name).toBe('路灯（改名）');
  });

  it('keeps the admin role holding every resource', async () => {
    const [admin] = await t.handle.db.select().from(roles).where(eq(roles.code, 'admin'));
    const [held] = await t.handle.db
      .select({ n: count() })
      .from(roleResources)
      .where(eq(roleResources.roleId, admin?.id ?? -1));
    const [all] = await t.handle.db.select({ n: count() }).from(resources);
    expect(held?.n).toBe(all?.n);
  });

  it("gives the demo operator what the README's account table promises, the message centre with its bell", async () => {
    const readme = await readFile(new URL('../../../../README.md', import.meta.url), 'utf8');
    const promise = readme.split('\n').find((line) => line.startsWith('| `operator`')) ?? '';
    expect(promise).toMatch(/video monitoring \(\/iotcloud\), alarms \(\/omapp\), the message centre/);

    const { userName, password } = DEMO_ACCOUNTS.operator;
    const session = await t.api(authEndpoints.userPermissions, { token: await t.token(userName, password) });
    const pages = new Set(session.data?.menus.map((item) => item.code));
    const holdsPageUnder = (prefix: string) =>
      ROUTE_TABLE.some((route) => route.path.startsWith(prefix) && pages.has(route.code));
    expect(holdsPageUnder('/iotcloud/iot/videoMonitor/')).toBe(true);
    expect(holdsPageUnder('/omapp/assets/alarmManagement/')).toBe(true);
    // The bell (msg_page) and the page it opens come together, never the bell alone.
    expect(session.data?.elements).toContain(MSG_PAGE_CODE);
    expect(pages.has(MESSAGE_CENTRE_PAGE)).toBe(true);
    expect(pages.has('admin')).toBe(true);
  });

  it('creates two demo projects with coordinates and polygons', async () => {
    const rows = await t.handle.db.select().from(projects).orderBy(projects.id);
    expect(rows.map((row) => row.name)).toEqual(['深圳南山智慧路灯示范项目', '杭州西湖景区亮化工程']);
    expect(rows[0]).toMatchObject({ longitude: 113.93041, latitude: 22.53332 });
    expect(rows.every((row) => row.polygon.length >= 3)).toBe(true);
  });

  it('gives the Nanshan project a directory with two nodes and sites, inside its outline and each other', async () => {
    const [nanshan] = await t.handle.db.select().from(projects).orderBy(projects.id).limit(1);
    const rows = await t.handle.db
      .select()
      .from(areas)
      .where(eq(areas.projectId, nanshan?.id ?? 0));
    const [dir, ...nodes] = rows.sort((a, b) => a.id - b.id);
    expect(dir).toMatchObject({ type: 'areadir', parentId: null });
    expect(nodes.map((node) => [node.type, node.parentId])).toEqual([
      ['areanode', dir?.id],
      ['areanode', dir?.id],
    ]);
    expect(liesWithin(dir?.polygon ?? [], nanshan?.polygon ?? [])).toBe(true);
    expect(nodes.every((node) => liesWithin(node.polygon, dir?.polygon ?? []))).toBe(true);
    expect(overlaps(nodes[0]?.polygon ?? [], nodes[1]?.polygon ?? [])).toBe(false);
    const placed = await t.handle.db
      .select()
      .from(sites)
      .where(eq(sites.projectId, nanshan?.id ?? 0));
    expect(placed).toHaveLength(3);
    for (const site of placed) {
      const area = rows.find((row) => row.id === site.areaId);
      if (area) expect(pointWithin({ lng: site.longitude, lat: site.latitude }, area.polygon)).toBe(true);
    }
  });

  // Several instances behind a proxy may start together on one PostgreSQL; PGlite has one process.
  it.runIf(process.env.DATABASE_URL)('lets several instances start at once on a new database', async () => {
    const handle = await freshDatabase();
    try {
      const apps = await Promise.all([1, 2, 3].map(() => buildApp({ config: t.config, database: handle })));
      await Promise.all(apps.map((app) => app.close()));
      const db = handle.db;
      expect((await db.select().from(projects)).length).toBe(2);
      expect((await db.select().from(users)).length).toBe(3);
      expect((await db.select().from(resources)).length).toBe(buildCatalogue().length);
    } finally {
      await handle.close();
    }
  });
});
