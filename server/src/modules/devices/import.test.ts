import {
  API_PREFIX,
  areaEndpoints,
  DEVICE_IMPORT_COLUMNS,
  DEVICE_IMPORT_MAX,
  DEVICE_IMPORT_PAGE,
  deviceEndpoints as api,
  deviceImportTemplate,
  HEADER_ACCESS_TOKEN,
  productEndpoints,
  projectManageEndpoints,
  text,
  type Envelope,
  type ImportReport,
} from '@cityops/contract';
import { inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, cameras, devices, projects } from '../../db/schema.js';
import { licenceDocument, signedByTestVendor, TEST_VENDOR_PUBLIC_KEY } from '../../test/licence.js';
import { createTestApp, type TestApp } from '../../test/testApp.js';
import { multipartFile, sheetRows, workbookOf } from '../../test/xlsx.js';
import { secretHash } from './credentials.js';

let t: TestApp;
let admin: string;

const HEADER = DEVICE_IMPORT_COLUMNS.map(([, zh]) => zh);
type Cell = string | number | null;

const workbook = (rows: Cell[][]) => workbookOf(rows, '设备');

/** Uploads the file as the browser's form does. */
async function upload(app: TestApp, file: Buffer, token: string, name = 'devices.xlsx') {
  const { contentType, payload } = multipartFile(file, name);
  const answer = await app.app.inject({
    method: 'POST',
    url: `${API_PREFIX}${api.importDevices.path}`,
    headers: { 'content-type': contentType, [HEADER_ACCESS_TOKEN]: token },
    payload,
  });
  return answer.json<Envelope<ImportReport | null>>();
}

const importRows = async (rows: Cell[][], token = admin) =>
  upload(t, await workbook([HEADER, ...rows]), token);

async function setUp(app: TestApp, token: string, suffix: string) {
  const project = await app.api(projectManageEndpoints.create, {
    token,
    body: { projectName: `导入-项目${suffix}`, userIds: [] },
  });
  const projectId = project.data?.projectId ?? 0;
  await app.api(areaEndpoints.create, {
    token,
    body: { projectId, name: '导入区域', type: 'areadir' },
  });
  for (const [productKey, typeCode] of [
    [`imp-sensor${suffix}`, '0401'],
    [`imp-pole${suffix}`, '0001'],
  ] as const) {
    const answer = await app.api(productEndpoints.create, {
      token,
      body: { productKey, name: productKey, typeCode },
    });
    expect(answer.status_code, answer.message).toBe(1);
  }
  return projectId;
}

let projectId: number;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.token('admin', 'Admin@123');
  projectId = await setUp(t, admin, '');
  const existing = await t.api(api.create, {
    token: admin,
    body: {
      deviceKey: 'imp-existing',
      controlCode: 'IMP-TAKEN',
      name: '已有设备',
      productId: (await t.api(productEndpoints.all, { token: admin })).data?.find(
        (product) => product.productKey === 'imp-sensor',
      )?.productId as number,
      projectId,
    },
  });
  expect(existing.status_code, existing.message).toBe(1);
});
afterAll(() => t.close());

const P = '导入-项目';
/** A good sensor row: key, code, name, product, project, area, segment, lng, lat, address, remarks. */
const sensor = (key: string, code: Cell, extra: Partial<Record<number, Cell>> = {}): Cell[] => {
  const row: Cell[] = [key, code, `传感器${key}`, 'IMP-SENSOR', P, '', '南山大道', 113.93, 22.53, '地址', ''];
  for (const [index, value] of Object.entries(extra)) row[Number(index)] = value ?? null;
  return row;
};

describe('the import', () => {
  it('imports the good rows and reports every refused one with its row, column and reason', async () => {
    const before = await t.handle.db.$count(devices);
    const rows: Cell[][] = [
      /* 2 */ sensor('imp-1', 'IMP-C1', { 5: '导入区域' }),
      /* 3 */ ['imp-pole-1', '', '灯杆一', 'imp-pole', P, '', '', null, null, '', ''],
      /* 4 */ sensor('bad key', 'IMP-C4'),
      /* 5 */ sensor('imp-1', 'IMP-C5'),
      /* 6 */ sensor('imp-6', 'IMP-C6', { 3: 'no-such-product' }),
      /* 7 */ sensor('imp-7', 'IMP-C7', { 4: '没有的项目' }),
      /* 8 */ sensor('imp-8', 'IMP-C8', { 5: '没有的区域' }),
      /* 9 */ sensor('imp-9', ''),
      /* 10 */ ['imp-pole-2', 'P-10', '灯杆二', 'imp-pole', P, '', '', null, null, '', ''],
      /* 11 */ sensor('imp-existing', 'IMP-C11'),
      /* 12 */ sensor('imp-12', 'IMP-TAKEN'),
      /* 13 */ sensor('imp-13', 'IMP-C13', { 2: 'x'.repeat(33) }),
      /* 14 */ sensor('imp-14', 'IMP-C14', { 8: null }),
      /* 15 */ [null, null, null, null, null, null, null, null, null, null, null],
      /* 16 */ sensor('imp-16', 4_010_016, { 7: '113.94', 8: '22.54' }),
      /* 17 */ sensor('imp-17', 'IMP-C1'),
    ];
    const answer = await importRows(rows);
    expect(answer.status_code, answer.message).toBe(1);
    const report = answer.data as ImportReport;
    const problems = report.problems.map(({ row, column, reason, values }) => [row, column, reason, values]);
    expect(problems).toEqual([
      [4, '设备标识', 'device.keyFormat', {}],
      [5, '设备标识', 'import.duplicateInFile', { row: 2 }],
      [6, '产品标识', 'import.unknownProduct', { value: 'no-such-product' }],
      [7, '所属项目', 'import.unknownProject', { value: '没有的项目' }],
      [8, '所属区域', 'import.unknownArea', { value: '没有的区域' }],
      [9, '控制码', 'device.controlCodeRequired', {}],
      [10, '控制码', 'device.controlCodeNotAllowed', {}],
      [11, '设备标识', 'device.keyTaken', {}],
      [12, '控制码', 'device.controlCodeTaken', {}],
      [13, '设备名称', 'request.invalidField', expect.objectContaining({ field: 'name' })],
      [14, '纬度', 'latitude.format', {}],
      [17, '控制码', 'import.duplicateInFile', { row: 2 }],
    ]);
    expect(report).toMatchObject({ total: 15, imported: 3, refused: 12 });
    // Every reason is a text of the contract, with its values filled in.
    expect(text('import.duplicateInFile', 'zh-CN', { row: 2 })).toBe('与第2行的设备标识重复');

    expect(await t.handle.db.$count(devices)).toBe(before + 3);
    const page = await t.api(api.page, { token: admin, body: { projectId, sortField: 'deviceKey' } });
    const imported = page.data?.list.filter((row) => row.deviceKey !== 'imp-existing');
    expect(imported?.map((row) => [row.deviceKey, row.controlCode, row.areaName, row.typeCode])).toEqual([
      ['imp-1', 'IMP-C1', '导入区域', '0401'],
      ['imp-16', '4010016', null, '0401'],
      ['imp-pole-1', null, null, '0001'],
    ]);
    expect(imported?.find((row) => row.deviceKey === 'imp-16')).toMatchObject({
      longitude: 113.94,
      latitude: 22.54,
    });
    // Each with a fresh secret of its own.
    const hashes = (
      await t.handle.db
        .select({ hash: devices.secretHash })
        .from(devices)
        .where(inArray(devices.deviceKey, ['imp-1', 'imp-16', 'imp-pole-1']))
    ).map((row) => row.hash);
    expect(new Set(hashes).size).toBe(3);
    const credentials = await t.api(api.credentials, {
      token: admin,
      params: { id: imported?.[0]?.deviceId ?? 0 },
    });
    expect(hashes).toContain(secretHash(credentials.data?.secret ?? ''));

    const logged = await t.handle.db.$count(auditLog, sql`${auditLog.module} = ${DEVICE_IMPORT_PAGE}`);
    expect(logged).toBeGreaterThan(0);
  });

  it('looks projects up among the user’s own', async () => {
    await t.createUser('importer', 'Importer@123', ['batchImport', 'batchImport_import']);
    const token = await t.token('importer', 'Importer@123');
    const answer = await importRows([sensor('imp-outsider', 'IMP-OUT')], token);
    expect(answer.data?.problems).toEqual([
      { row: 2, column: '所属项目', reason: 'import.unknownProject', values: { value: P } },
    ]);
    expect(answer.data?.imported).toBe(0);
  });

  it('refuses a file that is no workbook, a wrong header, no rows and too many rows', async () => {
    const refused = (message: string) => ({ status_code: 10001, message, data: null });
    expect(await upload(t, Buffer.from('not a workbook'), admin, 'devices.txt')).toEqual(
      refused('请上传 .xlsx 格式的Excel文件'),
    );
    const wrong: string[] = [...HEADER];
    wrong[2] = '名称';
    expect(await upload(t, await workbook([wrong, sensor('imp-h', 'IMP-H')]), admin)).toEqual(
      refused('表头与模板不一致：第3列应为“设备名称”'),
    );
    expect(await importRows([])).toEqual(refused('文件中没有数据行'));
    const many = Array.from({ length: DEVICE_IMPORT_MAX + 1 }, (_, i) => sensor(`many-${i}`, `MANY-${i}`));
    const before = await t.handle.db.$count(devices);
    expect(await importRows(many)).toEqual(refused('一次最多导入30000台设备'));
    expect(await t.handle.db.$count(devices)).toBe(before);
  }, 120_000);

  it('writes all good rows or none: a failure in a later batch leaves nothing behind', async () => {
    // A database failure at the 1,500th row, in the second batch of 1,000.
    await t.handle.db.execute(sql`
      create function test_import_boom() returns trigger language plpgsql as $$
      begin
        if new.device_key = 'boom-1500' then raise exception 'disk full (test)'; end if;
        return new;
      end $$`);
    await t.handle.db.execute(
      sql`create trigger test_import_boom before insert on iot_devices for each row execute function test_import_boom()`,
    );
    try {
      const before = await t.handle.db.$count(devices);
      const rows = Array.from({ length: 2_000 }, (_, i) => sensor(`boom-${i + 1}`, `BOOM-${i + 1}`));
      const answer = await importRows(rows);
      expect(answer.status_code).not.toBe(1);
      expect(answer.data).toBeNull();
      expect(await t.handle.db.$count(devices)).toBe(before);
    } finally {
      await t.handle.db.execute(sql`drop trigger test_import_boom on iot_devices`);
      await t.handle.db.execute(sql`drop function test_import_boom()`);
    }
  }, 60_000);

  it('offers the template: the header the import expects and one example row', async () => {
    const answer = await t.app.inject({
      method: 'GET',
      url: `${API_PREFIX}${deviceImportTemplate.path}`,
      headers: { [HEADER_ACCESS_TOKEN]: admin },
    });
    expect(answer.statusCode).toBe(200);
    const { rows } = await sheetRows(answer.rawPayload);
    expect(rows[0]).toEqual(HEADER);
    expect(rows).toHaveLength(2);
  });

  it(`imports ${DEVICE_IMPORT_MAX.toLocaleString('en')} rows in one go, in reasonable time`, async () => {
    const [demo] = await t.handle.db.select().from(projects).orderBy(projects.id);
    const rows = Array.from({ length: DEVICE_IMPORT_MAX }, (_, i) =>
      sensor(`bulk-${i}`, `BULK-${i}`, { 4: demo?.name ?? '' }),
    );
    const file = await workbook([HEADER, ...rows]);
    const before = await t.handle.db.$count(devices);
    const started = performance.now();
    const answer = await upload(t, file, admin);
    const seconds = (performance.now() - started) / 1000;
    expect(answer.data).toMatchObject({ total: DEVICE_IMPORT_MAX, imported: DEVICE_IMPORT_MAX, refused: 0 });
    expect(await t.handle.db.$count(devices)).toBe(before + DEVICE_IMPORT_MAX);
    console.info(`import of ${DEVICE_IMPORT_MAX} rows (${t.handle.kind}): ${seconds.toFixed(1)} s`);
  }, 300_000);
});

describe('the licence’s device limit', () => {
  it('refuses an import beyond it whole, and takes one that fits', async () => {
    const limited = await createTestApp({ env: { LICENCE_PUBLIC_KEY: TEST_VENDOR_PUBLIC_KEY } });
    try {
      const cameraCount = await limited.handle.db.$count(cameras);
      const registered = await limited.call('POST', '/api/sys/license/register', {
        body: signedByTestVendor(licenceDocument(limited.clock.now(), { deviceLimit: cameraCount + 2 })),
      });
      expect(registered.json.status_code).toBe(1);
      const token = await limited.token('admin', 'Admin@123');
      await setUp(limited, token, '');
      const rows = (n: number) => [
        HEADER,
        ...Array.from({ length: n }, (_, i) => sensor(`lim-${i}`, `LIM-${i}`)),
      ];
      expect(await upload(limited, await workbook(rows(3)), token)).toEqual({
        status_code: 10001,
        message: `设备数量已达许可证上限（${cameraCount + 2} 台，已接入 ${cameraCount} 台），无法再添加 3 台设备，请续期或升级许可证`,
        data: null,
      });
      expect(await limited.handle.db.$count(devices)).toBe(0);
      const fits = await upload(limited, await workbook(rows(2)), token);
      expect(fits.data).toMatchObject({ imported: 2, refused: 0 });
    } finally {
      await limited.close();
    }
  }, 60_000);
});
