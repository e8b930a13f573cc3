import { PLUGIN_CODE, PLUGIN_TIMING, pluginAnswerData, type PluginHello } from '@cityops/contract';
import { discoverPlugin, ensurePlugin, launchPluginByScheme, type SocketFactory } from '@cityops/video';

/** Where /plug looks for the plug-in; tests point it at a stand-in. */
export interface PluginAccess {
  ports?: readonly number[];
  socket?: SocketFactory;
  /** Starting by URL scheme (the operating system's part). */
  launch?: () => void;
  timing?: { startRetries?: number; startRetryMs?: number };
}

/**
 * The plug-in's own account of itself (`state`: name, version, port, pid, start time, its controls
 * and their windows), or null when no listener on PLUGIN_PORTS answers as our plug-in.
 */
export async function readPluginState(access: PluginAccess = {}): Promise<PluginHello | null> {
  const client = await discoverPlugin({ ports: access.ports, socket: access.socket });
  if (!client) return null;
  try {
    const answer = await client.request('state', {});
    const state = pluginAnswerData.state.safeParse(answer.data);
    return answer.code === PLUGIN_CODE.OK && state.success ? state.data : client.hello;
  } catch {
    return client.hello;
  } finally {
    client.close();
  }
}

/**
 * Looks again up to startRetries times, startRetryMs apart, after a start by scheme. The click
 * started it; the tries only look (a browser refuses, with a console error, a second start without
 * a click in between).
 */
async function waitForPlugin(access: PluginAccess): Promise<PluginHello | null> {
  const client = await ensurePlugin({
    discover: () => discoverPlugin({ ports: access.ports, socket: access.socket }),
    launch: () => undefined,
    timing: access.timing,
  });
  client?.close();
  return client ? readPluginState(access) : null;
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Asks the plug-in on `port` to restart (it answers, closes every control and listens again on the
 * same port), then looks until it is back: a new start time or process. Throws with the plug-in's msg
 * when it refused; null when it was not there, or did not come back.
 */
export async function restartPlugin(port: number, access: PluginAccess = {}): Promise<PluginHello | null> {
  const client = await discoverPlugin({ ports: [port], socket: access.socket });
  if (!client) return null;
  const before = client.hello;
  try {
    const answer = await client.request('restart', {});
    if (answer.code !== PLUGIN_CODE.OK) throw new Error(answer.msg);
  } finally {
    client.close();
  }
  const tries = access.timing?.startRetries ?? PLUGIN_TIMING.startRetries;
  const gap = access.timing?.startRetryMs ?? PLUGIN_TIMING.startRetryMs;
  let state: PluginHello | null = null;
  for (let attempt = 0; attempt <= tries; attempt += 1) {
    await pause(attempt === 0 ? Math.min(gap, 500) : gap);
    state = await readPluginState(access);
    if (state && (state.startedAt !== before.startedAt || state.pid !== before.pid)) return state;
  }
  return state;
}

/** Starts the plug-in by its URL scheme and looks for it (§4.8: up to 3 tries, 3 s apart). */
export function startPlugin(access: PluginAccess = {}): Promise<PluginHello | null> {
  const launch = access.launch ?? (() => launchPluginByScheme());
  launch();
  return waitForPlugin(access);
}
