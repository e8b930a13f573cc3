import { createHash } from 'node:crypto';
import { readdir } from 'node:fs/promises';
import { Readable } from 'node:stream';
import {
  API_PREFIX,
  EDITION_PACKAGE_MAX_BYTES,
  editionDownload,
  editionEndpoints,
  editionPackage,
  HEADER_ACCESS_TOKEN,
  HEADER_CHECKSUM,
  pathOf,
  type Envelope,
  type EditionRow,
} from '@cityops/contract';
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, editions } from '../../db/schema.js';
import { BOUNDARY, form } from '../../test/multipart.js';
import { createTestApp, type TestApp } from '../../test/testApp.js';
import { packagesDir } from './service.js';

let t: TestApp;
let admin: string;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.token('admin', 'Admin@123');
});
afterAll(() => t.close());

const publishUrl = `${API_PREFIX}${editionEndpoints.publish.path}`;

async function upload(payload: Buffer | Readable, token: string | null = admin) {
  const answer = await t.app.inject({
    method: 'POST',
    url: publishUrl,
    headers: {
      'content-type': `multipart/form-data; boundary=${BOUNDARY}`,
      ...(token ? { [HEADER_ACCESS_TOKEN]: token } : {}),
    },
    payload,
  });
  return answer.json<Envelope<EditionRow | null>>();
}

const packageOf = (text: string) => Buffer.from(text.repeat(1000));
const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

async function publish(platform: string, version: string, extra: Record<string, string> = {}) {
  const bytes = packageOf(`${platform}-${version};`);
  const answer = await upload(form({ platform, version, ...extra }, { name: `app-${version}.bin`, bytes }));
  if (!answer.data) throw new Error(answer.message);
  return { row: answer.data, bytes };
}

const rowCount = () => t.handle.db.$count(editions);
const filesOnDisk = async () => (await readdir(packagesDir(t.app.cityops)).catch(() => [])).sort();

async function lastLog(action: string) {
  const [entry] = await t.handle.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.module, 'editionService'), eq(auditLog.action, action)))
    .orderBy(desc(auditLog.id))
    .limit(1);
  return entry;
}

async function download(id: number, endpoint = editionPackage, token?: string) {
  const answer = await t.app.inject({
    method: 'GET',
    url: `${API_PREFIX}${pathOf(endpoint, { id })}`,
    headers: token ? { [HEADER_ACCESS_TOKEN]: token } : {},
  });
  return answer;
}

describe('publishing', () => {
  it('receives the package, keeps it on disk under its id with its checksum, and logs it', async () => {
    const bytes = packageOf('windows-2.0.0;');
    const answer = await upload(
      form(
        { platform: 'windows', version: '2.0.0', notes: '  修复若干问题  ', forceUpdate: 'true' },
        { name: '../../etc/客户端 2.0.0.exe', bytes },
      ),
    );
    expect(answer).toMatchObject({ status_code: 1, message: '版本发布成功' });
    expect(answer.data).toMatchObject({
      platform: 'windows',
      version: '2.0.0',
      notes: '修复若干问题',
      forceUpdate: true,
      fileName: '客户端 2.0.0.exe',
      fileSize: bytes.length,
      checksum: sha256(bytes),
      publisher: 'admin',
      downloads: 0,
    });
    const id = answer.data?.editionId ?? 0;
    expect(await filesOnDisk()).toContain(String(id));
    const log = await lastLog('create');
    expect(log).toMatchObject({ targetId: String(id), targetName: 'windows 2.0.0', account: 'admin' });
    expect(log?.changes).toContainEqual({ field: 'checksum', before: null, after: sha256(bytes) });
  });

  it('refuses a version the platform already has, even spelt with a fourth number, and writes nothing', async () => {
    await publish('linux', '3.1.0');
    const rows = await rowCount();
    const files = await filesOnDisk();
    for (const version of ['3.1.0', '3.1.0.0']) {
      const answer = await upload(form({ platform: 'linux', version }, { name: 'x', bytes: packageOf('x') }));
      expect(answer).toMatchObject({
        status_code: 10001,
        message: `该平台已发布过版本${version}，请使用新的版本号`,
      });
    }
    // The same number on another platform is another version.
    expect((await publish('macos', '3.1.0')).row.version).toBe('3.1.0');
    expect(await rowCount()).toBe(rows + 1);
    expect((await filesOnDisk()).length).toBe(files.length + 1);
  });

  it('refuses bad input naming the problem, with nothing written and no file left', async () => {
    const rows = await rowCount();
    const files = await filesOnDisk();
    const file = { name: 'a.apk', bytes: packageOf('a') };
    const cases: [Buffer | Readable, string][] = [
      [
        form({ platform: 'android', version: '1.2' }, file),
        '版本号格式应为1.2.3或1.2.3.4，每段为不以0开头的数字',
      ],
      [
        form({ platform: 'android', version: '1.02.3' }, file),
        '版本号格式应为1.2.3或1.2.3.4，每段为不以0开头的数字',
      ],
      [
        form({ platform: 'android', version: 'v1.2.3' }, file),
        '版本号格式应为1.2.3或1.2.3.4，每段为不以0开头的数字',
      ],
      [form({ platform: 'symbian', version: '1.2.3' }, file), '请选择平台：安卓、iOS、Windows、macOS或Linux'],
      [
        form({ platform: 'android', version: '1.2.3', notes: 'x'.repeat(2001) }, file),
        '更新说明不能超过2000个字符',
      ],
      [form({ platform: 'android', version: '1.2.3' }), '请选择要上传的文件'],
      [
        form({ platform: 'android', version: '1.2.3' }, { name: 'empty.apk', bytes: Buffer.alloc(0) }),
        '请选择要上传的文件',
      ],
      // Fields after the file are not read: the fields come first.
      [form({}, file), '请选择平台：安卓、iOS、Windows、macOS或Linux'],
    ];
    for (const [payload, message] of cases) {
      expect(await upload(payload)).toMatchObject({ status_code: 10001, message });
    }
    // Not a form at all.
    const json = await t.call('POST', publishUrl, {
      token: admin,
      body: { platform: 'android', version: '1.2.3' },
    });
    expect(json.json).toMatchObject({ status_code: 10001, message: '请选择要上传的文件' });
    expect(await rowCount()).toBe(rows);
    expect(await filesOnDisk()).toEqual(files);
  });

  it('refuses a package over 100M with a clear text, leaving no row and no file', async () => {
    const rows = await rowCount();
    const files = await filesOnDisk();
    const chunk = Buffer.alloc(1024 * 1024, 7);
    const oversize = Readable.from(
      (function* () {
        for (let sent = 0; sent <= EDITION_PACKAGE_MAX_BYTES; sent += chunk.length) yield chunk;
      })(),
    );
    const answer = await upload(
      form({ platform: 'ios', version: '9.9.9' }, { name: 'big.ipa', bytes: oversize }),
    );
    expect(answer).toMatchObject({ status_code: 10001, message: '上传的文件不能超过100M' });
    expect(await rowCount()).toBe(rows);
    expect(await filesOnDisk()).toEqual(files);
  }, 60_000);

  it('leaves no file and no row when the upload is cut short', async () => {
    const rows = await rowCount();
    const files = await filesOnDisk();
    const whole = form({ platform: 'ios', version: '8.0.0' }, { name: 'cut.ipa', bytes: packageOf('cut') });
    const cut = Buffer.isBuffer(whole) ? whole.subarray(0, whole.length - 500) : whole;
    expect(await upload(cut)).toMatchObject({ status_code: 10001, message: '文件上传未完成，请重新上传' });
    expect(await rowCount()).toBe(rows);
    expect(await filesOnDisk()).toEqual(files);
  });
});

describe('pageList, update and delete', () => {
  it('lists by platform and version text, newest numbers first when sorted by version', async () => {
    await publish('android', '1.9.0');
    await publish('android', '1.10.0');
    await publish('android', '1.2.3.4');
    const answer = await t.api(editionEndpoints.page, {
      token: admin,
      body: { platform: 'android', sortField: 'version', sortOrder: 'desc' },
    });
    expect(answer.data?.list.map((row) => row.version)).toEqual(['1.10.0', '1.9.0', '1.2.3.4']);
    expect(answer.data?.total).toBe(3);
    const filtered = await t.api(editionEndpoints.page, { token: admin, body: { version: '1.1' } });
    expect(filtered.data?.list.map((row) => `${row.platform} ${row.version}`)).toEqual(['android 1.10.0']);
    const bad = await t.api(editionEndpoints.page, { token: admin, body: { platform: 'symbian' as 'ios' } });
    expect(bad.status_code).toBe(10001);
  });

  it('edits the notes and the force flag only, logging what changed', async () => {
    const { row } = await publish('ios', '5.0.0', { notes: '旧说明' });
    const answer = await t.api(editionEndpoints.update, {
      token: admin,
      body: { editionId: row.editionId, notes: '新说明', forceUpdate: true },
    });
    expect(answer).toMatchObject({
      status_code: 1,
      data: { version: '5.0.0', notes: '新说明', forceUpdate: true },
    });
    expect((await lastLog('update'))?.changes).toEqual([
      { field: 'notes', before: '旧说明', after: '新说明' },
      { field: 'forceUpdate', before: false, after: true },
    ]);
    const extra = await t.api(editionEndpoints.update, {
      token: admin,
      body: { editionId: row.editionId, notes: '', forceUpdate: false, version: '6.0.0' } as never,
    });
    expect(extra.status_code).toBe(10001);
    const missing = await t.api(editionEndpoints.update, {
      token: admin,
      body: { editionId: 999_999, notes: '' },
    });
    expect(missing).toMatchObject({ status_code: 10001, message: '记录不存在或已被删除，请刷新列表' });
  });

  it('deletes the row and its file', async () => {
    const { row } = await publish('linux', '0.0.1');
    expect(await filesOnDisk()).toContain(String(row.editionId));
    const answer = await t.api(editionEndpoints.delete, { token: admin, params: { id: row.editionId } });
    expect(answer).toMatchObject({ status_code: 1, message: '删除成功' });
    expect(await filesOnDisk()).not.toContain(String(row.editionId));
    expect(await t.handle.db.$count(editions, eq(editions.id, row.editionId))).toBe(0);
    expect(await lastLog('delete')).toMatchObject({ targetName: 'linux 0.0.1' });
    const again = await t.api(editionEndpoints.delete, { token: admin, params: { id: row.editionId } });
    expect(again.status_code).toBe(10001);
    expect((await download(row.editionId)).json()).toMatchObject({ status_code: 10001 });
  });
});

describe('the public calls', () => {
  it('answer the latest version by number, and whether the client must update', async () => {
    await publish('macos', '1.9.0', { forceUpdate: 'true' });
    await publish('macos', '1.10.0');
    await publish('macos', '1.9.5');
    const latest = (current?: string) =>
      t.api(editionEndpoints.latest, { query: { platform: 'macos', ...(current ? { current } : {}) } });
    // 3.1.0 was published for macOS above.
    const newest = await latest('1.0.0');
    expect(newest.data).toMatchObject({ version: '3.1.0', hasUpdate: true, mustUpdate: true });
    expect(newest.data?.downloadUrl).toBe(
      `${API_PREFIX}${pathOf(editionPackage, { id: newest.data?.editionId ?? 0 })}`,
    );
    expect((await latest('1.9.0')).data).toMatchObject({ hasUpdate: true, mustUpdate: false });
    expect((await latest('1.8.99')).data).toMatchObject({ mustUpdate: true });
    expect((await latest('3.1.0')).data).toMatchObject({ hasUpdate: false, mustUpdate: false });
    expect((await latest('10.0.0')).data).toMatchObject({ hasUpdate: false, mustUpdate: false });
    expect((await latest()).data).toMatchObject({ version: '3.1.0', hasUpdate: true, mustUpdate: true });
    expect(
      (await t.api(editionEndpoints.latest, { query: { platform: 'android', current: '1.9.9' } })).data,
    ).toMatchObject({
      version: '1.10.0',
    });
  });

  it('answer null for a platform without versions, and refuse bad input', async () => {
    const none = await t.api(editionEndpoints.latest, { query: { platform: 'windows', current: '9.0.0' } });
    expect(none).toMatchObject({ status_code: 1 });
    expect(none.data?.version).toBe('2.0.0');
    await t.api(editionEndpoints.delete, { token: admin, params: { id: none.data?.editionId ?? 0 } });
    expect((await t.api(editionEndpoints.latest, { query: { platform: 'windows' } })).data).toBeNull();
    const bad = await t.api(editionEndpoints.latest, { query: { platform: 'windows', current: '1.x' } });
    expect(bad).toMatchObject({
      status_code: 10001,
      message: '版本号格式应为1.2.3或1.2.3.4，每段为不以0开头的数字',
    });
    const noPlatform = await t.api(editionEndpoints.latest, { query: {} as never });
    expect(noPlatform.status_code).toBe(10001);
  });

  it('download the very bytes published, with their checksum, counting public downloads only', async () => {
    const { row, bytes } = await publish('ios', '7.0.0');
    const answer = await download(row.editionId);
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toBe('application/octet-stream');
    expect(answer.headers['content-disposition']).toBe("attachment; filename*=UTF-8''app-7.0.0.bin");
    expect(answer.headers[HEADER_CHECKSUM.toLowerCase()]).toBe(row.checksum);
    expect(answer.rawPayload.equals(bytes)).toBe(true);
    expect(sha256(answer.rawPayload)).toBe(row.checksum);
    const byAdmin = await download(row.editionId, editionDownload, admin);
    expect(byAdmin.rawPayload.equals(bytes)).toBe(true);
    const list = await t.api(editionEndpoints.page, {
      token: admin,
      body: { platform: 'ios', version: '7.0.0' },
    });
    expect(list.data?.list[0]?.downloads).toBe(1);
  });
});

describe('access', () => {
  it('refuses the administration calls without the permission (10500) and without a session (10401)', async () => {
    const operator = await t.token('operator', 'Operator@123');
    const file = { name: 'a.apk', bytes: packageOf('a') };
    for (const token of [operator, null]) {
      const code = token ? 10500 : 10401;
      const answers = await Promise.all([
        t.api(editionEndpoints.page, { ...(token ? { token } : {}), body: {} }),
        t.api(editionEndpoints.update, { ...(token ? { token } : {}), body: { editionId: 1, notes: '' } }),
        t.api(editionEndpoints.delete, { ...(token ? { token } : {}), params: { id: 1 } }),
      ]);
      for (const answer of answers) expect(answer.status_code).toBe(code);
      expect((await upload(form({ platform: 'android', version: '4.4.4' }, file), token)).status_code).toBe(
        code,
      );
      expect((await download(1, editionDownload, token ?? undefined)).json<Envelope>().status_code).toBe(
        code,
      );
    }
    expect(await t.handle.db.$count(editions, eq(editions.version, '4.4.4'))).toBe(0);
  });

  it('lets a user holding the page but not the buttons list, but not publish', async () => {
    await t.createUser('viewer', 'Viewer@123', ['editionService']);
    const viewer = await t.token('viewer', 'Viewer@123');
    expect((await t.api(editionEndpoints.page, { token: viewer, body: {} })).status_code).toBe(1);
    const file = { name: 'a.apk', bytes: packageOf('a') };
    expect((await upload(form({ platform: 'android', version: '4.4.4' }, file), viewer)).status_code).toBe(
      10500,
    );
  });
});
