import {
  API_PREFIX,
  DEVICE_IMPORT_COLUMNS,
  DEVICE_IMPORT_MAX,
  deviceEndpoints,
  HEADER_ACCESS_TOKEN,
  IMPORT_UNPACKED_MAX_BYTES,
  systemEndpoints,
  type Envelope,
} from '@cityops/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/testApp.js';
import { bigWorkbook, multipartFile, sheetRowXml } from '../test/xlsx.js';

const HEADER = DEVICE_IMPORT_COLUMNS.map(([, zh]) => zh);
const MB = 1024 * 1024;

let t: TestApp;
let base: string;
let admin: string;
beforeAll(async () => {
  t = await createTestApp();
  base = await t.app.listen({ port: 0, host: '127.0.0.1' });
  admin = await t.token('admin', 'Admin@123');
});
afterAll(() => t.close());

/** Uploads the workbook to the device import over a real socket, as the browser's form does. */
async function upload(file: Buffer, language = 'zh-CN') {
  const { contentType, payload } = multipartFile(file, 'devices.xlsx');
  const answer = await fetch(`${base}${API_PREFIX}${deviceEndpoints.importDevices.path}`, {
    method: 'POST',
    headers: { 'content-type': contentType, [HEADER_ACCESS_TOKEN]: admin, 'accept-language': language },
    body: new Uint8Array(payload),
  });
  return (await answer.json()) as Envelope<unknown>;
}

/** The import's answer, and whether /api/health, asked right after it was sent, answered first. */
async function importWhileAskingHealth(file: Buffer) {
  const order: string[] = [];
  const importing = upload(file).finally(() => order.push('import'));
  const health = fetch(`${base}${API_PREFIX}${systemEndpoints.health.path}`)
    .then((answer) => answer.json() as Promise<Envelope<unknown>>)
    .finally(() => order.push('health'));
  const [answer, healthy] = await Promise.all([importing, health]);
  expect(healthy).toMatchObject({ status_code: 1, data: { ok: true } });
  return { answer, order };
}

function* dataRows(count: number) {
  for (let row = 2; row < count + 2; row += 1) yield sheetRowXml(row, [`bulk-${row}`]);
}

function* spaces(bytes: number) {
  const piece = ' '.repeat(MB);
  for (let sent = 0; sent < bytes; sent += MB) yield piece;
}

const refused = (message: string) => ({ status_code: 10001, message, data: null });
const tooLarge = refused(`Excel文件解压后超过${IMPORT_UNPACKED_MAX_BYTES / MB}M，请分成几个文件导入`);

describe('an import workbook is read within bounds', () => {
  it('refuses a zip bomb (a sheet that unpacks past the bound, its header claiming little) while /api/health answers', async () => {
    const bomb = await bigWorkbook(HEADER, spaces(IMPORT_UNPACKED_MAX_BYTES + 16 * MB), {
      declaredSize: 1000,
    });
    expect(bomb.length).toBeLessThan(IMPORT_UNPACKED_MAX_BYTES / 50);
    const { answer, order } = await importWhileAskingHealth(bomb);
    expect(answer).toEqual(tooLarge);
    expect(order).toEqual(['health', 'import']);
  });

  it('refuses a sheet whose header declares more than the bound, in either language', async () => {
    const claimed = await bigWorkbook(HEADER, dataRows(3), { declaredSize: IMPORT_UNPACKED_MAX_BYTES + 1 });
    expect(await upload(claimed)).toEqual(tooLarge);
    expect(await upload(claimed, 'en-US')).toEqual(
      refused(
        `The workbook unpacks to more than ${IMPORT_UNPACKED_MAX_BYTES / MB}M; split it into several files`,
      ),
    );
  });

  it('stops at the row past the cap: a sheet cut off after it still gets the cap’s refusal, and /api/health answers meanwhile', async () => {
    // Everything after the row past the cap is broken XML: reading on would find it.
    const long = await bigWorkbook(HEADER, dataRows(DEVICE_IMPORT_MAX + 1), {
      end: `${sheetRowXml(DEVICE_IMPORT_MAX + 3, ['after the cap'])}<row r="`,
    });
    const { answer, order } = await importWhileAskingHealth(long);
    expect(answer).toEqual(refused(`一次最多导入${DEVICE_IMPORT_MAX}台设备`));
    expect(order).toEqual(['health', 'import']);
  });

  it('reads a sheet set aside before its shared strings, and refuses a zip cut short', async () => {
    const small = await bigWorkbook(HEADER, dataRows(2));
    const answer = await upload(small);
    // The rows are read (and refused one by one: they name no product or project).
    expect(answer).toMatchObject({ status_code: 1, data: { total: 2, imported: 0, refused: 2 } });
    expect(await upload(small.subarray(0, small.length / 2))).toEqual(
      refused('请上传 .xlsx 格式的Excel文件'),
    );
  });
});
