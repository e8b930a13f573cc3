import {
  accessCodes,
  authEndpoints,
  PROJECT,
  SESSION_ENDED_CODES,
  StatusCode,
  type EndpointAccess,
  statisticsEndpoints,
  upgradeJobEndpoints,
  type Envelope,
} from '@cityops/contract';
import { eq } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  cameras,
  devices,
  firmware,
  points,
  products,
  projects,
  resources,
  sites,
  userProjects,
  users,
} from '../../db/schema.js';
import { createTestApp } from '../testApp.js';
import { callRoute, contractRoutes, paramsSchemaOf, type ContractRoute, type Input } from './endpoints.js';
import { SchemaArbitrary } from './schemaArbitrary.js';

/**
 * The authorization matrix, generated from the routes the app registers from the contract: a new
 * endpoint is in it without a test of its own. Every non-public endpoint refuses a caller without a
 * session, with a made-up token and with the token of a signed-out session (10401/10008/10002); every
 * permission endpoint refuses a signed-in user holding every code but its own
 * (10500). Endpoints that name a project or a camera (project-scoped data) never give a user outside
 * the project its data.
 */

const t = await createTestApp();
const routes = contractRoutes(t.app);
const guarded = routes.filter(({ endpoint }) => endpoint.access.kind !== 'public');
const PASSWORD = 'Matrix@123';

const tokens = { ended: '', admin: '', outsider: '' };
/** Permission code → a user holding every resource code except that one. */
/** Tokens of users lacking a rule's codes, by `lackingKey`. */
const lacking = new Map<string, string>();
const lackingKey = (access: EndpointAccess) => accessCodes(access).join(' or ');
/** What a user outside the first demo project must never be answered. */
const foreign = {
  projectId: 0,
  siteId: 0,
  /** A registered IoT device of the project and a product with control codes (environment sensor). */
  deviceId: 0,
  pointId: 0,
  productId: 0,
  longitude: 0,
  latitude: 0,
  markers: [] as string[],
  hik: '',
  icc: '',
  /** A firmware of the sensor product, and sensors of the project free for an upgrade job each (upgrade). */
  firmwareId: 0,
  upgradable: [] as number[],
};
let adminId = 0;

beforeAll(async () => {
  const operator = await t.token('operator', 'Operator@123');
  await t.api(authEndpoints.logout, { token: operator });
  tokens.ended = operator;
  tokens.admin = await t.token('admin', 'Admin@123');
  const [adminRow] = await t.handle.db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.userName, 'admin'));
  adminId = adminRow?.id ?? 0;

  const codes = (await t.handle.db.select({ code: resources.code }).from(resources)).map((row) => row.code);
  // One user per rule, holding every code but the rule's (all of them, when several admit).
  const needed = new Map(
    guarded.map(({ endpoint: { access } }) => [lackingKey(access), accessCodes(access)] as const),
  );
  let n = 0;
  for (const [key, admitting] of needed) {
    if (admitting.length === 0) continue;
    const name = `lacks_${(n += 1)}`;
    const lower = new Set(admitting.map((code) => code.toLowerCase()));
    await t.createUser(
      name,
      PASSWORD,
      codes.filter((held) => !lower.has(held.toLowerCase())),
    );
    lacking.set(key, await t.token(name, PASSWORD));
  }

  // The outsider holds every code but the project page's, and only the second demo project; the first
  // is foreign to it. The project page's code is left out because its holder administers every
  // project: such a user is nobody's outsider.
  const [first, second] = await t.handle.db.select().from(projects).orderBy(projects.id);
  if (!first || !second) throw new Error('the demo seed has two projects');
  const outsider = await t.createUser(
    'outsider',
    PASSWORD,
    codes.filter((code) => code !== PROJECT),
  );
  await t.handle.db.insert(userProjects).values({ userId: outsider, projectId: second.id });
  tokens.outsider = await t.token('outsider', PASSWORD);
  const own = await t.handle.db.select().from(cameras).where(eq(cameras.projectId, first.id));
  foreign.projectId = first.id;
  foreign.longitude = first.longitude ?? 0;
  foreign.latitude = first.latitude ?? 0;
  const ownSites = await t.handle.db.select().from(sites).where(eq(sites.projectId, first.id));
  foreign.siteId = ownSites[0]?.id ?? 0;
  const [sensor] = await t.handle.db.select().from(products).where(eq(products.typeCode, '0401'));
  foreign.productId = sensor?.id ?? 0;
  const [device] = await t.handle.db
    .insert(devices)
    .values({
      deviceKey: 'matrix-foreign-device',
      controlCode: 'MATRIX-FOREIGN-CODE',
      name: '矩阵外项目设备',
      productId: foreign.productId,
      projectId: first.id,
      secretSealed: 'matrix-secret',
      secretHash: 'matrix-hash',
    })
    .returning();
  foreign.deviceId = device?.id ?? 0;
  const [fw] = await t.handle.db
    .insert(firmware)
    .values({
      productId: foreign.productId,
      version: '9.9.9',
      fileName: 'matrix.bin',
      fileSize: 1,
      checksum: '0'.repeat(64),
    })
    .returning();
  foreign.firmwareId = fw?.id ?? 0;
  for (let i = 1; i <= 12; i += 1) {
    const [sensorDevice] = await t.handle.db
      .insert(devices)
      .values({
        deviceKey: `matrix-upgrade-${i}`,
        name: `矩阵升级设备${i}`,
        controlCode: `MATRIX-UPGRADE-${i}`,
        productId: foreign.productId,
        projectId: first.id,
        secretSealed: 'matrix-secret',
        secretHash: 'matrix-hash',
      })
      .returning();
    if (sensorDevice) foreign.upgradable.push(sensorDevice.id);
  }
  const [point] = await t.handle.db
    .insert(points)
    .values({ code: 'MATRIX-FOREIGN-POINT', name: '矩阵外项目点位', projectId: first.id })
    .returning();
  foreign.pointId = point?.id ?? 0;
  foreign.markers = [
    first.name,
    ...own.flatMap((camera) => [camera.controlCode, camera.name]),
    ...ownSites.map((site) => site.name),
    'matrix-foreign-device',
    '矩阵外项目设备',
    'MATRIX-FOREIGN-POINT',
  ];
  // Cameras with PTZ, so the PTZ calls get past their own check too.
  const ofPlatform = (code: string) => own.find((camera) => camera.platformCode === code && camera.hasPtz);
  foreign.hik = ofPlatform('hik_isc_huati')?.controlCode ?? '';
  foreign.icc = ofPlatform('dh_icc_huati')?.controlCode ?? '';
  expect(foreign.hik && foreign.icc, 'the first demo project has cameras of both platforms').toBeTruthy();
}, 120_000);
afterAll(() => t.close());

const emptyInput = (route: ContractRoute): Input => ({
  body: route.endpoint.method === 'POST' ? {} : undefined,
});

const isObject = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

const refusal = (answer: Envelope) => `${answer.status_code} ${answer.message}`;

describe('every endpoint the app registers', () => {
  it('is in the matrix, and the public ones are only those the contract marks public', () => {
    expect(guarded.length).toBeGreaterThan(60);
    const open = routes.filter(({ endpoint }) => endpoint.access.kind === 'public').map(({ name }) => name);
    // Adding to this list is a decision about who may call without signing in: make it on purpose.
    expect(open.sort()).toEqual(
      [
        'GET /api/login/publicKey',
        'GET /api/sys/license/status',
        'POST /api/login/doLogin',
        'POST /api/login/doLoginByTicket',
        // The same one-time ticket sign-in on the path §7 names, its ticket and redirect in the query (/userlogin).
        'GET /api/nopass/token',
        'POST /api/login/doLoginNoVerCode',
        'POST /api/login/doLogout',
        'POST /api/login/genCaptcha',
        'POST /api/sys/license/register',
        // Clients ask for their update and fetch it before anyone signs in (editionService).
        'GET /api/sys/edition/latest',
        'GET /api/sys/edition/:id/package',
        // A device fetches its firmware with the sealed token of its $ota command, not a session (upgrade).
        'GET /api/iot/ota/download',
        ...(routes.some(({ name }) => name === 'GET /api/health') ? ['GET /api/health'] : []),
      ].sort(),
    );
  });
});

describe.each(guarded.map((route) => [route.name, route] as const))('%s', (_, route) => {
  it('refuses callers without a live session', async () => {
    const sessions = {
      'no token': undefined,
      'a made-up token': 'garbage-token-0000',
      'a long made-up token': 'x'.repeat(2_000),
      'a signed-out session': tokens.ended,
    };
    for (const [who, token] of Object.entries(sessions)) {
      const answer = (await callRoute(t, route, emptyInput(route), token)).json;
      expect(SESSION_ENDED_CODES, `${who}: ${refusal(answer)}`).toContain(answer.status_code);
      expect(answer.data, who).toBeNull();
    }
  });

  const { access } = route.endpoint;
  if (access.kind !== 'permission') return;
  it(`refuses users without ${lackingKey(access)}, even holding every other code`, async () => {
    // (A user holding no code at all cannot sign in: 用户无任何权限，无法登入系统.)
    const answer = (await callRoute(t, route, emptyInput(route), lacking.get(lackingKey(access)))).json;
    expect(answer).toEqual({
      status_code: StatusCode.UNAVAILABLE,
      message: '没有访问该功能的权限',
      data: null,
    });
  });
});

// ---- project-scoped data ----

/** Input fields that name a project or a camera: an endpoint taking one answers project-scoped data. */
const SCOPE_FIELD = /^(projectId|cameraIndexCodes?|controlCodes?)$/;

function fieldNames(value: unknown, found = new Set<string>()): Set<string> {
  if (Array.isArray(value)) for (const item of value) fieldNames(item, found);
  else if (value !== null && typeof value === 'object') {
    for (const [key, inner] of Object.entries(value)) {
      if (key === 'properties' && inner && typeof inner === 'object') {
        for (const name of Object.keys(inner)) found.add(name);
      }
      fieldNames(inner, found);
    }
  }
  return found;
}

const inputSchemas = (route: ContractRoute) => ({
  query: route.endpoint.query,
  body: route.endpoint.body,
  params: paramsSchemaOf(route.endpoint),
});

const scoped = routes.filter((route) =>
  Object.values(inputSchemas(route)).some((schema) =>
    [...fieldNames(z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }))].some((name) =>
      SCOPE_FIELD.test(name),
    ),
  ),
);

/** Probes made of the device registry: each its own device key and control code. */
let probes = 0;

/** The input with every project or camera it names pointed at the foreign project. */
function pointedAtForeign(value: unknown, camera: string): unknown {
  if (Array.isArray(value)) return value.map((item) => pointedAtForeign(item, camera));
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.entries(value).map(([key, inner]) => {
      // Users named beside the project are its members (project update, auditors): the admin, who
      // so stays a member of the foreign project for the next endpoints' probes.
      if (key === 'userIds') return [key, [adminId]];
      // A place is the project's own, outside any area (sites); a new area sits at the top of the
      // project with no outline of its own (a directory): random places and outlines would be
      // refused by the geometry rules before the probe reached the project's data.
      if (key === 'longitude' || key === 'latitude') return [key, foreign[key]];
      if (key === 'parentId' || key === 'areaId') return [key, null];
      if (key === 'polygon') return [key, []];
      if (key === 'siteId') return [key, foreign.siteId];
      // A device probe names the foreign project's device and a product that exists; its key and
      // control code are new each time (a second probe must not collide with the first's device).
      if (key === 'deviceId') return [key, foreign.deviceId];
      // An installation point probe names the foreign project's point (its code: see foreignInputs).
      if (key === 'pointId') return [key, foreign.pointId];
      if (key === 'productId') return [key, foreign.productId];
      // A work order's photos are the caller's own uploads (none here) and its assignee a member of
      // the project (the admin, see userIds).
      if (key === 'photoIds') return [key, []];
      if (key === 'assigneeId') return [key, adminId];
      if (key === 'deviceKey') return [key, `matrix-probe-${(probes += 1)}`];
      // An upgrade job: the project's firmware, and a device no earlier probe's job holds.
      if (key === 'firmwareId') return [key, foreign.firmwareId];
      if (key === 'deviceIds')
        return [key, [foreign.upgradable[(probes += 1) % foreign.upgradable.length] ?? 0]];
      if (!SCOPE_FIELD.test(key)) return [key, pointedAtForeign(inner, camera)];
      if (key === 'projectId') return [key, foreign.projectId];
      return [key, Array.isArray(inner) ? [camera] : camera];
    }),
  );
}

/** An object's fields without the null ones; anything else as it is. */
const withoutNulls = (value: unknown) =>
  isObject(value) ? Object.fromEntries(Object.entries(value).filter(([, inner]) => inner !== null)) : value;

/** A device form with this control code; any other input as it is. */
const withControlCode = (body: unknown, code: string) =>
  body !== null && typeof body === 'object' && 'deviceKey' in body ? { ...body, controlCode: code } : body;

/** A point form gets a code of its own per probe (codes are unique: a second probe must not collide). */
const pointAt = (body: unknown, route: ContractRoute) =>
  route.endpoint.path.startsWith('/iot/point/') && body !== null && typeof body === 'object' && 'code' in body
    ? { ...body, code: `MP-${(probes += 1)}` }
    : body;

/** Inputs the endpoint's own schemas accept, pointed at the foreign project (a fixed seed: replayable). */
function foreignInputs(route: ContractRoute): Input[] {
  const schemas = inputSchemas(route);
  const registry = route.endpoint.path.startsWith('/iot/device/');
  const camera = route.endpoint.path.startsWith('/icc/') ? foreign.icc : foreign.hik;
  const sample = (schema: z.ZodType) =>
    fc.sample(new SchemaArbitrary(schema).arbitrary('valid'), { seed: 20_260_601, numRuns: 200 });
  const [queries, bodies, params] = [sample(schemas.query), sample(schemas.body), sample(schemas.params)];
  const inputs: Input[] = [];
  for (let i = 0; i < 200 && inputs.length < 3; i += 1) {
    // A device's control code is its own, not a camera's: a new one per probe.
    const code = registry ? `MATRIX-CODE-${(probes += 1)}` : camera;
    const input = {
      // A query string has no null: a field set to none is left out.
      query: withoutNulls(pointedAtForeign(queries[i], code)),
      // A GET's body is never read.
      body:
        route.endpoint.method === 'GET'
          ? undefined
          : registry
            ? // The sensor product asks for a control code, which the sample may leave out.
              withControlCode(pointedAtForeign(bodies[i], code), code)
            : pointAt(pointedAtForeign(bodies[i], code), route),
      params: params[i],
    };
    // An upgrade job names its devices, not the project: a project's job would take every device at
    // once and leave none free for the next probe (a device is in one unfinished upgrade at a time).
    if (
      route.endpoint.path === upgradeJobEndpoints.create.path &&
      isObject(input.body) &&
      'projectId' in input.body
    ) {
      const { projectId: _projectId, ...rest } = input.body;
      input.body = pointedAtForeign({ ...rest, deviceIds: [0] }, code);
    }
    // The statistics need a period (both ends, at most a year): the foreign project's June.
    if (route.endpoint.path === statisticsEndpoints.summary.path && isObject(input.body)) {
      input.body = {
        ...input.body,
        projectId: foreign.projectId,
        from: '2026-06-01 00:00:00',
        to: '2026-06-30 23:59:59',
      };
    }
    const accepted = (['query', 'body', 'params'] as const).every(
      (where) => z.safeParse(schemas[where], input[where]).success,
    );
    if (accepted) inputs.push(input);
  }
  return inputs;
}

describe('project-scoped data', () => {
  it('is found: the endpoints that take a project or a camera', () => {
    expect(scoped.map(({ name }) => name)).toEqual(
      expect.arrayContaining(['GET /api/videoMonitor/camera/tree', 'POST /api/security/camera/previewurls']),
    );
  });

  it.each(scoped.map((route) => [route.name, route] as const))(
    '%s never gives a user of another project its data',
    async (name, route) => {
      const inputs = foreignInputs(route);
      expect(inputs.length, `${name}: no input its schemas accept could be built`).toBeGreaterThan(0);
      for (const input of inputs) {
        const member = (await callRoute(t, route, input, tokens.admin)).json;
        const outsider = (await callRoute(t, route, input, tokens.outsider)).json;
        const context = `${name} ${JSON.stringify(input)}: member ${refusal(member)}, outsider ${refusal(outsider)}`;
        // The member passed the checks (so the probe reaches the data), the outsider did not get as far.
        expect(member.status_code, context).not.toBe(StatusCode.REJECTED);
        const seen = JSON.stringify(outsider.data);
        for (const marker of foreign.markers) expect(seen, context).not.toContain(marker);
        // A download naming no project holds the caller's own projects' rows (each module's tests
        // check the rows, e.g. maintenance.test.ts): there is nothing to refuse.
        const namesNoProject =
          'kind' in route.endpoint &&
          route.endpoint.kind === 'export' &&
          (input.body as { projectId?: unknown } | undefined)?.projectId === undefined;
        if (member.status_code !== StatusCode.SUCCESS && !namesNoProject) {
          expect(outsider.status_code, context).toBe(StatusCode.REJECTED);
        }
      }
    },
  );
});
