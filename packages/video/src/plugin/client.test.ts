import { afterEach, describe, expect, it, vi } from 'vitest';
import { PLUGIN_CODE } from '@cityops/contract';
import { connectPlugin, discoverPlugin, PluginRequestError, type PluginClient } from './client.js';
import { closedPort, nodeSocket, startFakePlugin, type FakePlugin } from './test/fakePlugin.js';

// The plug-in is an outside program to the page: a real websocket server in the test process stands
// in for it (test/fakePlugin.ts). The page's side is the real client over a real socket (`ws`'s
// client, the browser's WebSocket API).
const socket = nodeSocket;
const started: FakePlugin[] = [];
const clients: PluginClient[] = [];
const fake = async (options: Parameters<typeof startFakePlugin>[0] = {}) => {
  const plugin = await startFakePlugin(options);
  started.push(plugin);
  return plugin;
};
const keep = (client: PluginClient | null) => {
  if (client) clients.push(client);
  return client;
};

afterEach(async () => {
  for (const client of clients.splice(0)) client.close();
  await Promise.all(started.splice(0).map((plugin) => plugin.close()));
});

describe('finding the plug-in', () => {
  it('tries every port and keeps only a listener whose hello is ours', async () => {
    const closed = await closedPort();
    const foreign = await fake({ foreign: true });
    const ours = await fake();
    const client = keep(await discoverPlugin({ socket, ports: [closed, foreign.port, ours.port] }));
    expect(client?.port).toBe(ours.port);
    expect(client?.hello).toMatchObject({ name: 'cityops-video-plugin', version: '1.2.3', pid: 4242 });
    // The foreign listener was asked who it is, and let go.
    expect(foreign.methods()).toEqual(['hello']);
    await vi.waitFor(() => expect(foreign.sockets.size).toBe(0));
  });

  it('finds nothing when no port is ours, and gives up on a listener that never answers', async () => {
    const foreign = await fake({ foreign: true });
    const silent = await fake({ silent: true });
    const closed = await closedPort();
    const client = await discoverPlugin({
      socket,
      ports: [closed, foreign.port, silent.port],
      timing: { discoveryTimeoutMs: 300 },
    });
    expect(client).toBeNull();
    await vi.waitFor(() => expect(silent.sockets.size).toBe(0));
  });
});

describe('requests', () => {
  it('gives each request its own id and matches answers by id, in whatever order they come', async () => {
    const held: { id: string; method: string }[] = [];
    const plugin = await fake({
      answer: (request) => {
        if (request.method === 'snapshot') {
          held.push(request);
          return null;
        }
        return { code: 0, msg: '', data: { method: request.method } };
      },
    });
    const client = keep(await connectPlugin(plugin.port, { socket }));
    expect(client).not.toBeNull();
    if (!client) return;
    const first = client.request('snapshot', { controlId: 'c1', wndId: 1 });
    const second = client.request('getPublicKey', {});
    expect(await second).toMatchObject({ code: 0, data: { method: 'getPublicKey' } });
    // The held request is answered late, after another one.
    plugin.broadcast({ id: held[0]?.id, code: PLUGIN_CODE.LOCAL, msg: '截图失败' });
    expect(await first).toMatchObject({ code: PLUGIN_CODE.LOCAL, msg: '截图失败' });
    const ids = plugin.requests.map((request) => request.id);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('fails a request the plug-in does not answer in connectTimeoutMs, and every request when it closes', async () => {
    const plugin = await fake({ answer: () => null });
    const client = keep(await connectPlugin(plugin.port, { socket, timing: { connectTimeoutMs: 100 } }));
    if (!client) throw new Error('not connected');
    await expect(client.request('window.show', { controlId: 'c1' })).rejects.toMatchObject({
      method: 'window.show',
      reason: 'timeout',
    });

    const slow = keep(await connectPlugin(plugin.port, { socket }));
    if (!slow) throw new Error('not connected');
    const waiting = slow.request('window.hide', { controlId: 'c1' });
    for (const socket of plugin.sockets) socket.close();
    await expect(waiting).rejects.toBeInstanceOf(PluginRequestError);
    await expect(waiting).rejects.toMatchObject({ reason: 'closed' });
    expect(slow.gone).toBe(true);
    await expect(slow.request('state', {})).rejects.toMatchObject({ reason: 'closed' });
  });

  it('passes on the events that parse and drops the rest', async () => {
    const plugin = await fake();
    const events: unknown[] = [];
    const client = keep(await connectPlugin(plugin.port, { socket, onEvent: (event) => events.push(event) }));
    expect(client).not.toBeNull();
    plugin.broadcast({ event: 'playError', controlId: 'c1', wndId: 2, code: 4, msg: '取流失败' });
    plugin.broadcast({ event: 'exploded', controlId: 'c1', wndId: 2 });
    plugin.broadcast({ event: 'playEnd', controlId: 'c1', wndId: 99 });
    plugin.broadcast('not json at all');
    plugin.broadcast({ event: 'playEnd', controlId: 'c1', wndId: 3 });
    await vi.waitFor(() => expect(events).toHaveLength(2));
    expect(events).toEqual([
      { event: 'playError', controlId: 'c1', wndId: 2, code: 4, msg: '取流失败' },
      { event: 'playEnd', controlId: 'c1', wndId: 3 },
    ]);
  });
});

describe('the heartbeat', () => {
  it('keeps a plug-in that answers, and counts one gone after heartbeatFailureLimit misses in a row', async () => {
    let answering = true;
    const plugin = await fake({
      answer: (request) => (request.method === 'heartbeat' && !answering ? null : undefined),
    });
    const gone = vi.fn();
    const client = keep(
      await connectPlugin(plugin.port, {
        socket,
        timing: { heartbeatMs: 30, heartbeatFailureLimit: 3 },
        onGone: gone,
      }),
    );
    if (!client) throw new Error('not connected');
    await vi.waitFor(() =>
      expect(plugin.methods().filter((method) => method === 'heartbeat').length).toBeGreaterThan(4),
    );
    expect(gone).not.toHaveBeenCalled();
    expect(client.gone).toBe(false);

    answering = false;
    const before = plugin.methods().filter((method) => method === 'heartbeat').length;
    await vi.waitFor(() => expect(gone).toHaveBeenCalledWith('heartbeat'));
    // Three unanswered in a row: the one that went unanswered, and the next two ticks found it so.
    const unanswered = plugin.methods().filter((method) => method === 'heartbeat').length - before;
    expect(unanswered).toBeGreaterThanOrEqual(3);
    expect(client.gone).toBe(true);
    await vi.waitFor(() => expect(plugin.sockets.size).toBe(0));
  });

  it('counts the plug-in gone at once when its socket closes', async () => {
    const plugin = await fake();
    const gone = vi.fn();
    keep(await connectPlugin(plugin.port, { socket, onGone: gone }));
    await plugin.close();
    await vi.waitFor(() => expect(gone).toHaveBeenCalledWith('closed'));
  });
});
