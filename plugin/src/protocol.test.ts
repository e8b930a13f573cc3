import { readFileSync } from 'node:fs';
import { PLUGIN_CODE, PLUGIN_NAME, pluginHelloSchema } from '@cityops/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { startPlugin, type RunningPlugin } from './server.js';
import { encryptForPlugin, PluginClient } from './testing/client.js';

// The protocol without a camera platform: every message's answer, bad messages, secrets, origins,
// controls belonging to their socket, restart. playing.test.ts plays real streams.
const version = (
  JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { version: string }
).version;
const rect = { left: 10, top: 20, width: 640, height: 360 };

let plugin: RunningPlugin;
let client: PluginClient;
const log: string[] = [];

beforeAll(async () => {
  plugin = await startPlugin({ port: 0, locale: 'zh-CN', log: (line) => log.push(line) });
  client = await PluginClient.connect(plugin.port, 'http://127.0.0.1:10201');
});

afterAll(async () => {
  await client?.close();
  await plugin?.close();
});

async function createControl(on = client, wndCount = 4): Promise<string> {
  const answer = await on.request('window.create', { rect, wndCount });
  expect(answer.code).toBe(PLUGIN_CODE.OK);
  return (answer.data as { controlId: string }).controlId;
}

describe('the plug-in protocol', () => {
  it('answers hello and state with its name, version, port, pid and public key, and heartbeat', async () => {
    const hello = await client.request('hello');
    expect(hello).toMatchObject({ id: 'r1', code: PLUGIN_CODE.OK });
    const data = pluginHelloSchema.parse(hello.data);
    expect(data).toMatchObject({ name: PLUGIN_NAME, version, port: plugin.port, pid: process.pid });
    expect(data.publicKey).toContain('BEGIN PUBLIC KEY');
    const state = pluginHelloSchema.parse((await client.request('state')).data);
    expect(state.startedAt).toBe(data.startedAt);
    expect(await client.request('heartbeat')).toMatchObject({ code: PLUGIN_CODE.OK });
    const key = await client.request('getPublicKey');
    expect(key.data).toEqual({ publicKey: data.publicKey });
  });

  it('answers BAD_REQUEST naming the fault, with id "" when the frame has none, and keeps serving', async () => {
    expect(await client.send('{not json', '')).toMatchObject({ id: '', code: PLUGIN_CODE.BAD_REQUEST });
    expect(await client.send({ method: 'hello' }, '')).toMatchObject({
      id: '',
      code: PLUGIN_CODE.BAD_REQUEST,
      msg: expect.stringContaining('id') as string,
    });
    expect(await client.send({ id: 'u1', method: 'fly' }, 'u1')).toEqual({
      id: 'u1',
      code: PLUGIN_CODE.BAD_REQUEST,
      msg: '不支持的方法：fly',
    });
    const missing = await client.send({ id: 'm1', method: 'window.create', params: { wndCount: 4 } }, 'm1');
    expect(missing).toMatchObject({
      code: PLUGIN_CODE.BAD_REQUEST,
      msg: expect.stringContaining('params.rect') as string,
    });
    const wrong = await client.send(
      { id: 'w1', method: 'window.create', params: { rect: { ...rect, width: 'wide' }, wndCount: 4 } },
      'w1',
    );
    expect(wrong.msg).toContain('params.rect.width');
    const tooMany = await client.request('window.create', { rect, wndCount: 26 });
    expect(tooMany).toMatchObject({
      code: PLUGIN_CODE.BAD_REQUEST,
      msg: expect.stringContaining('wndCount') as string,
    });
    client.socket.send(Buffer.from([1, 2, 3]), { binary: true });
    expect(await client.request('heartbeat')).toMatchObject({ code: PLUGIN_CODE.OK });
  });

  it('checks each camList entry: 第N个缺失监控的编号 and the playback time stamps', async () => {
    const controlId = await createControl();
    const preview = await client.request('realmonitor', {
      controlId,
      camList: [{ cameraIndexCode: 'hik-cam-01', wndId: 1 }, { wndId: 2 }],
    });
    expect(preview).toMatchObject({ code: PLUGIN_CODE.BAD_REQUEST, msg: '第2个缺失监控的编号' });
    const range = { startTimeStamp: 1_764_000_000, endTimeStamp: 1_764_003_600 };
    const cases: [unknown[], string][] = [
      [[{ wndId: 1, ...range }], '第1个缺失监控的编号'],
      [[{ cameraIndexCode: 'a', wndId: 1, endTimeStamp: range.endTimeStamp }], '第1个缺失录像查询开始时间戳'],
      [
        [
          { cameraIndexCode: 'a', wndId: 1, ...range },
          { cameraIndexCode: 'b', wndId: 2, startTimeStamp: range.startTimeStamp },
        ],
        '第2个缺失录像查询结束时间戳',
      ],
    ];
    for (const [camList, msg] of cases)
      expect(await client.request('playback', { controlId, camList })).toMatchObject({
        code: PLUGIN_CODE.BAD_REQUEST,
        msg,
      });
    const wndId = await client.request('realmonitor', {
      controlId,
      camList: [{ cameraIndexCode: 'a', wndId: 30 }],
    });
    expect(wndId.msg).toContain('camList[0].wndId');
    const beforeInit = await client.request('realmonitor', {
      controlId,
      camList: [{ cameraIndexCode: 'a', wndId: 1 }],
    });
    expect(beforeInit).toMatchObject({ code: PLUGIN_CODE.NOT_READY, msg: '平台信息未初始化' });
  });

  it('refuses a secret not encrypted with its key, or with a stale or mismatched time', async () => {
    const controlId = await createControl();
    const { publicKey } = (await client.request('getPublicKey')).data as { publicKey: string };
    const init = (appSecret: string, time: number, timeSecret: string) =>
      client.request('init', { controlId, appKey: 'k', appSecret, time, timeSecret, host: '127.0.0.1:9' });
    const now = Date.now();
    expect(await init('bm90IGVuY3J5cHRlZA==', now, encryptForPlugin(publicKey, String(now)))).toMatchObject({
      code: PLUGIN_CODE.SECRET,
      msg: '密钥无法解密，请重新获取公钥',
    });
    const stale = now - 61_000;
    expect(
      await init(encryptForPlugin(publicKey, 's'), stale, encryptForPlugin(publicKey, String(stale))),
    ).toMatchObject({
      code: PLUGIN_CODE.SECRET,
      msg: '密钥已过期，请重新初始化',
    });
    expect(
      await init(encryptForPlugin(publicKey, 's'), now, encryptForPlugin(publicKey, String(now - 1))),
    ).toMatchObject({
      code: PLUGIN_CODE.SECRET,
    });
    // A good secret for a platform nobody listens on: the plug-in tries it and says so.
    const unreachable = await init(
      encryptForPlugin(publicKey, 's'),
      now,
      encryptForPlugin(publicKey, String(now)),
    );
    expect(unreachable).toMatchObject({ code: PLUGIN_CODE.PLATFORM, msg: '无法连接视频平台127.0.0.1:9' });
  });

  it('moves, resizes, lays out, hides, shows and destroys a control, and answers NOT_READY for unknown ones', async () => {
    const controlId = await createControl();
    const moved = { left: 50, top: 60, width: 800, height: 450 };
    for (const [method, params] of [
      ['window.move', { controlId, rect: moved }],
      ['window.resize', { controlId, rect: moved }],
      ['window.layout', { controlId, wndCount: 9 }],
      ['window.hide', { controlId }],
    ] as const)
      expect(await client.request(method, params)).toMatchObject({ code: PLUGIN_CODE.OK });
    const state = pluginHelloSchema.parse((await client.request('state')).data);
    const control = state.controls.find((entry) => entry.controlId === controlId);
    expect(control).toMatchObject({ rect: moved, visible: false, initialised: false });
    expect(control?.windows).toHaveLength(9);
    expect(await client.request('window.show', { controlId })).toMatchObject({ code: PLUGIN_CODE.OK });
    for (const [method, params] of [
      ['stop', { controlId }],
      ['stop', { controlId, wndId: 9 }],
    ] as const)
      expect(await client.request(method, params)).toMatchObject({ code: PLUGIN_CODE.OK });
    for (const method of ['snapshot', 'record.start'] as const)
      expect(await client.request(method, { controlId, wndId: 1 })).toMatchObject({
        code: PLUGIN_CODE.NOT_READY,
      });
    expect(await client.request('record.stop', { controlId, wndId: 1 })).toMatchObject({
      code: PLUGIN_CODE.LOCAL,
    });
    expect(await client.request('talk', { controlId, wndId: 1, on: true })).toMatchObject({
      code: PLUGIN_CODE.NOT_READY,
    });
    expect(await client.request('snapshot', { controlId, wndId: 10 })).toMatchObject({
      code: PLUGIN_CODE.NOT_READY,
      msg: '窗口10不存在',
    });
    expect(await client.request('window.destroy', { controlId })).toMatchObject({ code: PLUGIN_CODE.OK });
    expect(await client.request('window.show', { controlId })).toMatchObject({
      code: PLUGIN_CODE.NOT_READY,
      msg: '播放窗口不存在，请重新创建',
    });
  });

  it('keeps a control to the socket that made it and destroys it when that socket closes', async () => {
    const other = await PluginClient.connect(plugin.port);
    const controlId = await createControl(other);
    expect(await client.request('window.hide', { controlId })).toMatchObject({ code: PLUGIN_CODE.NOT_READY });
    const listed = async () =>
      pluginHelloSchema
        .parse((await client.request('state')).data)
        .controls.map((control) => control.controlId);
    expect(await listed()).toContain(controlId);
    await other.close();
    await expect.poll(listed).not.toContain(controlId);
  });

  it('lets in http and https pages and refuses other origins', async () => {
    for (const origin of ['https://cityops.example.cn', 'http://10.1.2.3:10202']) {
      const page = await PluginClient.connect(plugin.port, origin);
      expect(await page.request('heartbeat')).toMatchObject({ code: PLUGIN_CODE.OK });
      await page.close();
    }
    for (const origin of ['chrome-extension://abcdef', 'null', 'file://'])
      await expect(PluginClient.connect(plugin.port, origin)).rejects.toThrow('HTTP 403');
  });

  it('restarts: answers, closes every socket and control, and comes back on the same port with a new key', async () => {
    const before = pluginHelloSchema.parse((await client.request('hello')).data);
    await createControl();
    const closed = new Promise<number>((resolve) => client.socket.once('close', (code) => resolve(code)));
    expect(await client.request('restart')).toMatchObject({ code: PLUGIN_CODE.OK });
    expect(await closed).toBe(1012);
    client = await PluginClient.connect(plugin.port);
    const after = pluginHelloSchema.parse((await client.request('hello')).data);
    expect(after.port).toBe(before.port);
    expect(after.publicKey).not.toBe(before.publicKey);
    expect(after.controls).toEqual([]);
  });

  it('closes sockets of a stopped plug-in', async () => {
    const extra = await startPlugin({ port: 0, log: () => undefined });
    const socket = new WebSocket(`ws://127.0.0.1:${extra.port}`);
    await new Promise((resolve) => socket.once('open', resolve));
    const closed = new Promise((resolve) => socket.once('close', resolve));
    await extra.close();
    await closed;
  });
});
