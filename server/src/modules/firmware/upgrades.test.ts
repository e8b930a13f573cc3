import { createHash } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import {
  API_PREFIX,
  deviceTopic,
  firmwareEndpoints,
  HEADER_ACCESS_TOKEN,
  otaCommandSchema,
  upgradeJobEndpoints,
  type CreateUpgradeJob,
  type Envelope,
  type FirmwareRow,
  type OtaCommand,
} from '@cityops/contract';
import { and, eq } from 'drizzle-orm';
import type { MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { devices, products, upgradeJobs, upgradeTargets } from '../../db/schema.js';
import {
  connectDevice,
  eventually,
  insertDevice,
  insertProduct,
  insertProject,
  publishAs,
  SENSOR_FUNCTIONS,
  type TestDevice,
} from '../../test/iotDevices.js';
import { BOUNDARY, form } from '../../test/multipart.js';
import { createTestApp, type TestApp } from '../../test/testApp.js';
import { runtimeOf } from '../iot/runtime.js';
import { UpgradeDispatcher } from './dispatcher.js';
import { dispatcherOf } from './routes.js';

/**
 * Firmware upgrades end to end on a real database, the embedded broker with real MQTT clients playing
 * the devices, and the firmware fetched over real HTTP with the command's token.
 */

let t: TestApp;
let admin: string;
let brokerUrl: string;
let projectId: number;
let productId: number;
let otherProductId: number;
const clients: MqttClient[] = [];
const FILE = Buffer.from('firmware-image;'.repeat(4000));
const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

beforeAll(async () => {
  t = await createTestApp({
    env: { MQTT_PORT: '0', HOST: '127.0.0.1' },
  });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  admin = await t.token('admin', 'Admin@123');
  brokerUrl = `mqtt://127.0.0.1:${runtimeOf(t.app.cityops).port() ?? 0}`;
  projectId = await insertProject(t.handle.db);
  productId = await insertProduct(t.handle.db, { functions: SENSOR_FUNCTIONS });
  // The pages name the product in the reader's language, so the rows carry its English name.
  await t.handle.db.update(products).set({ nameEn: 'Test sensor' }).where(eq(products.id, productId));
  otherProductId = await insertProduct(t.handle.db, { functions: SENSOR_FUNCTIONS });
});
afterAll(async () => {
  for (const client of clients) await client.endAsync(true);
  await t.close();
});

const db = () => t.handle.db;
const dispatcher = () => dispatcherOf(t.app.cityops);

async function upload(fields: Record<string, string>, bytes = FILE) {
  const answer = await t.app.inject({
    method: 'POST',
    url: `${API_PREFIX}${firmwareEndpoints.upload.path}`,
    headers: {
      'content-type': `multipart/form-data; boundary=${BOUNDARY}`,
      [HEADER_ACCESS_TOKEN]: admin,
    },
    payload: form(fields, { name: 'fw.bin', bytes }),
  });
  return answer.json<Envelope<FirmwareRow | null>>();
}

let versions = 0;
async function newFirmware(product = productId) {
  const answer = await upload({ productId: String(product), version: `2.0.${(versions += 1)}` });
  if (!answer.data) throw new Error(answer.message);
  return answer.data;
}

/** A device signed in and listening on its command topic, collecting what it is told. */
async function onlineDevice(product = productId) {
  const device = await insertDevice(db(), { productId: product, projectId });
  const client = await connectDevice(brokerUrl, device);
  clients.push(client);
  const received: OtaCommand[] = [];
  client.on('message', (_topic, payload) => {
    const parsed = otaCommandSchema.safeParse(JSON.parse(payload.toString('utf8')));
    if (parsed.success) received.push(parsed.data);
  });
  await client.subscribeAsync(deviceTopic(device.deviceKey, 'command'), { qos: 1 });
  await eventually(async () => (await deviceRow(device.id))?.online);
  return { device, client, received };
}

const deviceRow = async (id: number) => (await db().select().from(devices).where(eq(devices.id, id)))[0];
const target = async (jobId: number, deviceId: number) =>
  (
    await db()
      .select()
      .from(upgradeTargets)
      .where(and(eq(upgradeTargets.jobId, jobId), eq(upgradeTargets.deviceId, deviceId)))
  )[0];
const jobState = async (jobId: number) =>
  (await db().select().from(upgradeJobs).where(eq(upgradeJobs.id, jobId)))[0]?.state;

const createJob = (body: CreateUpgradeJob) => t.api(upgradeJobEndpoints.create, { token: admin, body });

/** The device's `nth` upgrade command (the first unless told), once the dispatcher has sent it. */
async function commandOf(received: OtaCommand[], nth = 1) {
  await dispatcher().tick();
  return eventually(async () => received[nth - 1]);
}

const download = (url: string) => fetch(url);

describe('firmware', () => {
  it('is uploaded with its checksum, and the same version of the product is refused', async () => {
    const answer = await upload({ productId: String(productId), version: '1.9.0', notes: '修复' });
    expect(answer).toMatchObject({
      status_code: 1,
      message: '固件已上传',
      data: { version: '1.9.0', productNameEn: 'Test sensor', fileSize: FILE.length, checksum: sha256(FILE) },
    });
    const again = await upload({ productId: String(productId), version: '1.9.0' });
    expect(again).toMatchObject({ status_code: 10001, message: '该产品已有版本为1.9.0的固件' });
    // Another product may have the same version.
    expect((await upload({ productId: String(otherProductId), version: '1.9.0' })).status_code).toBe(1);
  });

  it('cannot be deleted while a job uses it', async () => {
    const firmware = await newFirmware();
    const { device } = await onlineDevice();
    expect(
      (await createJob({ name: '删除检查', firmwareId: firmware.firmwareId, deviceIds: [device.id] }))
        .status_code,
    ).toBe(1);
    const refused = await t.api(firmwareEndpoints.delete, {
      token: admin,
      params: { id: firmware.firmwareId },
    });
    expect(refused).toMatchObject({ status_code: 10001, message: '有升级任务正在使用该固件，不能删除' });
    const unused = await newFirmware();
    expect(
      (await t.api(firmwareEndpoints.delete, { token: admin, params: { id: unused.firmwareId } }))
        .status_code,
    ).toBe(1);
  });
});

describe('an upgrade job', () => {
  it('sends $ota, the device downloads with its token, reports progress and comes back with the new version', async () => {
    const firmware = await newFirmware();
    const { device, client, received } = await onlineDevice();
    const other = await onlineDevice(otherProductId);
    const created = await createJob({
      name: '批量升级',
      firmwareId: firmware.firmwareId,
      deviceIds: [device.id, other.device.id, 999_999],
    });
    expect(created.message).toBe('升级任务已创建');
    const jobId = created.data?.job.jobId ?? 0;
    expect(created.data?.job).toMatchObject({ total: 1, state: 'running', productNameEn: 'Test sensor' });
    // Refused row by row, not the whole job.
    expect(created.data?.refused).toEqual([
      { deviceId: 999_999, name: '', reason: 'upgrade.refused.notFound', values: {} },
      expect.objectContaining({ deviceId: other.device.id, reason: 'upgrade.refused.otherProduct' }),
    ]);

    const command = await commandOf(received);
    expect(command.params).toMatchObject({
      job: jobId,
      version: firmware.version,
      size: FILE.length,
      sha256: sha256(FILE),
    });
    expect((await target(jobId, device.id))?.state).toBe('sent');

    // The token's download: the file itself.
    const file = await download(command.params.url);
    expect(file.status).toBe(200);
    expect(sha256(Buffer.from(await file.arrayBuffer()))).toBe(sha256(FILE));
    // A changed token, no token, or the token of another device's command: refused.
    const url = new URL(command.params.url);
    const token = url.searchParams.get('token') ?? '';
    url.searchParams.set('token', `${token.slice(0, -4)}AAAA`);
    expect(((await (await download(url.toString())).json()) as Envelope).message).toBe(
      '下载凭证无效或已过期',
    );
    url.searchParams.set('token', '{"d":1,"j":1,"f":1,"e":99999999999999}');
    expect(((await (await download(url.toString())).json()) as Envelope).message).toBe(
      '下载凭证无效或已过期',
    );

    await publishAs(client, device.deviceKey, 'reply', { id: command.id, code: 0 });
    await publishAs(client, device.deviceKey, 'ota', { job: jobId, state: 'downloading', progress: 40 });
    await eventually(async () => (await target(jobId, device.id))?.progress === 40);
    await publishAs(client, device.deviceKey, 'ota', { job: jobId, state: 'installing', progress: 100 });
    await eventually(async () => (await target(jobId, device.id))?.state === 'installing');
    // A late downloading report does not move it back.
    await publishAs(client, device.deviceKey, 'ota', { job: jobId, state: 'downloading', progress: 90 });
    await publishAs(client, device.deviceKey, 'status', { online: true, firmware: firmware.version });
    await eventually(async () => (await target(jobId, device.id))?.state === 'succeeded');
    expect((await deviceRow(device.id))?.firmwareVersion).toBe(firmware.version);
    expect(await jobState(jobId)).toBe('finished');

    const detail = await t.api(upgradeJobEndpoints.find, { token: admin, params: { id: jobId } });
    expect(detail.data).toMatchObject({ state: 'finished', progress: 100, counts: { succeeded: 1 } });
    const targets = await t.api(upgradeJobEndpoints.targets, {
      token: admin,
      body: { jobId, state: 'succeeded' },
    });
    expect(targets.data?.list).toEqual([
      expect.objectContaining({ deviceId: device.id, firmwareVersion: firmware.version, progress: 100 }),
    ]);
    // Once finished, its token no longer downloads.
    expect(((await (await download(command.params.url)).json()) as Envelope).message).toBe(
      '下载凭证无效或已过期',
    );
  });

  it("records the device's failure with its words, and retries failed devices", async () => {
    const firmware = await newFirmware();
    const { device, client, received } = await onlineDevice();
    const jobId =
      (await createJob({ name: '失败', firmwareId: firmware.firmwareId, deviceIds: [device.id] })).data?.job
        .jobId ?? 0;
    await commandOf(received);
    await publishAs(client, device.deviceKey, 'ota', {
      job: jobId,
      state: 'failed',
      msg: 'checksum mismatch',
    });
    await eventually(async () => (await target(jobId, device.id))?.state === 'failed');
    expect((await target(jobId, device.id))?.message).toBe('checksum mismatch');
    expect(await jobState(jobId)).toBe('finished');

    const retried = await t.api(upgradeJobEndpoints.retry, { token: admin, params: { id: jobId } });
    expect(retried).toMatchObject({ status_code: 1, data: { job: { state: 'running' } } });
    const again = await commandOf(received, 2);
    expect(received).toHaveLength(2);
    expect(again.params.job).toBe(jobId);
    expect((await target(jobId, device.id))?.state).toBe('sent');
  });

  it('fails a device that refuses the command', async () => {
    const firmware = await newFirmware();
    const { device, client, received } = await onlineDevice();
    const jobId =
      (await createJob({ name: '拒绝', firmwareId: firmware.firmwareId, deviceIds: [device.id] })).data?.job
        .jobId ?? 0;
    const command = await commandOf(received);
    await publishAs(client, device.deviceKey, 'reply', { id: command.id, code: 3, msg: 'battery low' });
    await eventually(async () => (await target(jobId, device.id))?.state === 'failed');
    expect((await target(jobId, device.id))?.message).toBe('设备拒绝升级：battery low');
  });

  it('times out a silent device and an offline one, and the token expires', async () => {
    const firmware = await newFirmware();
    const { device, received } = await onlineDevice();
    const offline = await insertDevice(db(), { productId, projectId });
    const jobId =
      (
        await createJob({
          name: '超时',
          firmwareId: firmware.firmwareId,
          deviceIds: [device.id, offline.id],
          timeoutSeconds: 60,
        })
      ).data?.job.jobId ?? 0;
    const command = await commandOf(received);
    expect((await target(jobId, offline.id))?.state).toBe('pending');
    await dispatcher().watch();
    expect((await target(jobId, device.id))?.state).toBe('sent');

    t.clock.advanceMinutes(2);
    expect(((await (await download(command.params.url)).json()) as Envelope).message).toBe(
      '下载凭证无效或已过期',
    );
    await dispatcher().watch();
    expect(await target(jobId, device.id)).toMatchObject({
      state: 'failed',
      message: '升级超时：设备在60秒内未完成升级',
    });
    expect(await target(jobId, offline.id)).toMatchObject({
      state: 'failed',
      message: '设备离线，超时未能下发升级命令',
    });
    expect(await jobState(jobId)).toBe('finished');
  });

  it('is cancelled: its waiting devices are cancelled and free for another job', async () => {
    const firmware = await newFirmware();
    const waiting: TestDevice = await insertDevice(db(), { productId, projectId });
    const jobId =
      (await createJob({ name: '取消', firmwareId: firmware.firmwareId, deviceIds: [waiting.id] })).data?.job
        .jobId ?? 0;
    const cancelled = await t.api(upgradeJobEndpoints.cancel, { token: admin, params: { id: jobId } });
    expect(cancelled).toMatchObject({
      status_code: 1,
      data: { state: 'cancelled', counts: { cancelled: 1 } },
    });
    expect((await t.api(upgradeJobEndpoints.cancel, { token: admin, params: { id: jobId } })).message).toBe(
      '该升级任务已结束',
    );
    expect(
      (await createJob({ name: '再次', firmwareId: firmware.firmwareId, deviceIds: [waiting.id] }))
        .status_code,
    ).toBe(1);
  });

  it("lets a cancelled job's device under way finish, or time out so it is free again", async () => {
    const firmware = await newFirmware();
    const { device, client, received } = await onlineDevice();
    const jobId =
      (
        await createJob({
          name: '取消中',
          firmwareId: firmware.firmwareId,
          deviceIds: [device.id],
          timeoutSeconds: 60,
        })
      ).data?.job.jobId ?? 0;
    await commandOf(received);
    await publishAs(client, device.deviceKey, 'ota', { job: jobId, state: 'downloading', progress: 10 });
    await eventually(async () => (await target(jobId, device.id))?.state === 'downloading');
    await t.api(upgradeJobEndpoints.cancel, { token: admin, params: { id: jobId } });
    expect((await target(jobId, device.id))?.state).toBe('downloading');
    t.clock.advanceMinutes(2);
    await dispatcher().watch();
    expect((await target(jobId, device.id))?.state).toBe('failed');
    expect(await jobState(jobId)).toBe('cancelled');
  });

  it('refuses a device already upgrading row by row, and a job with no device left', async () => {
    const firmware = await newFirmware();
    const busy = await insertDevice(db(), { productId, projectId });
    const free = await insertDevice(db(), { productId, projectId });
    const first = await createJob({ name: '第一', firmwareId: firmware.firmwareId, deviceIds: [busy.id] });
    const firstId = first.data?.job.jobId ?? 0;
    const second = await createJob({
      name: '第二',
      firmwareId: firmware.firmwareId,
      deviceIds: [busy.id, free.id],
    });
    expect(second.data?.job.total).toBe(1);
    expect(second.data?.refused).toEqual([
      expect.objectContaining({
        deviceId: busy.id,
        reason: 'upgrade.refused.busy',
        values: { jobId: firstId },
      }),
    ]);
    const none = await createJob({ name: '第三', firmwareId: firmware.firmwareId, deviceIds: [busy.id] });
    expect(none).toMatchObject({ status_code: 10001, message: '没有可升级的设备' });
  });

  it("takes every device of the firmware's product in a project", async () => {
    const firmware = await newFirmware();
    const project = await insertProject(db());
    const a = await insertDevice(db(), { productId, projectId: project });
    const b = await insertDevice(db(), { productId, projectId: project });
    await insertDevice(db(), { productId: otherProductId, projectId: project });
    const created = await createJob({ name: '全部', firmwareId: firmware.firmwareId, projectId: project });
    const targets = await t.api(upgradeJobEndpoints.targets, {
      token: admin,
      body: { jobId: created.data?.job.jobId ?? 0 },
    });
    expect(targets.data?.list.map((row) => row.deviceId)).toEqual([a.id, b.id]);
  });
});

describe('the dispatcher', () => {
  it('sends at most its rate per round, and carries on from the database', async () => {
    // The app's own dispatcher stops; another one (as after a restart) takes over from the table.
    await dispatcher().stop();
    const runtime = runtimeOf(t.app.cityops);
    const slow = new UpgradeDispatcher({
      ctx: t.app.cityops,
      log: t.app.log,
      publish: (deviceKey, command) => runtime.publishCommand(deviceKey, command),
      origin: () => `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`,
      tickMs: 60_000,
      perTick: 2,
    });
    const firmware = await newFirmware();
    const many: Awaited<ReturnType<typeof onlineDevice>>[] = [];
    for (let i = 0; i < 5; i += 1) many.push(await onlineDevice());
    const jobId =
      (
        await createJob({
          name: '限速',
          firmwareId: firmware.firmwareId,
          deviceIds: many.map(({ device }) => device.id),
        })
      ).data?.job.jobId ?? 0;
    const sent = async () =>
      (
        await db()
          .select()
          .from(upgradeTargets)
          .where(and(eq(upgradeTargets.jobId, jobId), eq(upgradeTargets.state, 'sent')))
      ).length;
    expect(await sent()).toBe(0);
    await slow.tick();
    expect(await sent()).toBe(2);
    await slow.tick();
    expect(await sent()).toBe(4);
    await slow.tick();
    expect(await sent()).toBe(5);
    await eventually(async () => many.every(({ received }) => received.length === 1));
  });
});
