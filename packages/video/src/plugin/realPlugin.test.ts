import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { PLUGIN_CODE, type PlatformInfo, type PluginHello } from '@cityops/contract';
import { discoverPlugin, type PluginClient } from './client.js';
import { PluginControl, type Notice } from './session.js';
import { closedPort, nodeSocket } from './test/fakePlugin.js';

// The web control against the real plug-in (plugin/, started as its own process on a free port, as
// `npm run start -w @cityops/video-plugin -- --port <n>` does): discovery, the public key, the grid,
// and an init whose secret the plug-in decrypts. No camera platform runs here, so init ends with the
// plug-in's "cannot reach" answer (PLATFORM), which is what proves the secret and the time were read:
// a secret it cannot read answers SECRET. Playing is the browser test's.
const root = fileURLToPath(new URL('../../../../', 'file://' + __filename));
let child: ChildProcess | undefined;
let port = 0;
let client: PluginClient | null = null;

beforeAll(async () => {
  port = await closedPort();
  child = spawn(`${root}node_modules/.bin/tsx`, [`${root}plugin/src/main.ts`, '--port', String(port)], {
    stdio: 'ignore',
  });
  // It listens once it has started: look until it answers.
  await vi.waitFor(
    async () => {
      client = await discoverPlugin({ socket: nodeSocket, ports: [port] });
      expect(client).not.toBeNull();
    },
    { timeout: 30_000, interval: 200 },
  );
}, 40_000);

afterAll(() => {
  client?.close();
  child?.kill('SIGTERM');
});

const controlsOf = async (): Promise<PluginHello['controls']> => {
  const answer = await client?.request('state', {});
  return (answer?.data as PluginHello | undefined)?.controls ?? [];
};

describe('the web control with the real plug-in', () => {
  it('finds it, creates a grid, sends an init it can decrypt, and destroys the grid', async () => {
    if (!client) throw new Error('no plug-in');
    expect(client.hello).toMatchObject({ name: 'cityops-video-plugin', port });
    const notices: Notice[] = [];
    // A platform address nothing answers on.
    const info: PlatformInfo = { appKey: 'key-1', appSecret: 'secret-1', appHost: '127.0.0.1:9' };
    const control = new PluginControl({
      client,
      platform: { getPlatformInfo: () => Promise.resolve(info) },
      notify: (notice) => notices.push(notice),
    });
    const spy = vi.spyOn(client, 'request');
    await expect(control.open({ left: 0, top: 0, width: 640, height: 360 }, 4)).rejects.toThrow('init');
    const init = spy.mock.results.at(-1)?.value as Promise<{ code: number; msg: string }>;
    expect(await init).toMatchObject({ code: PLUGIN_CODE.PLATFORM });
    expect(notices).toEqual([{ level: 'FAIL', text: expect.stringContaining('127.0.0.1:9') as string }]);
    expect(control.controlId).toMatch(/^c/);
    expect((await controlsOf()).map((entry) => entry.controlId)).toEqual([control.controlId]);
    control.destroy();
    await vi.waitFor(async () => expect(await controlsOf()).toEqual([]));
  });
});
