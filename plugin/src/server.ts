import { createServer, type Server } from 'node:http';
import { homeFolder } from './home.js';
import { join } from 'node:path';
import { DEFAULT_LOCALE, PLUGIN_NAME, PLUGIN_PORTS, type Locale, type PluginHello } from '@cityops/contract';
import { WebSocketServer } from 'ws';
import type { PluginContext } from './context.js';
import type { Control } from './control.js';
import { defaultMicInputs, type MicInput } from './media/talk.js';
import { defaultTools, type PluginTools } from './media/tools.js';
import { answerBeacon } from './beacon.js';
import { originAllowed } from './origin.js';
import type { PlayerFactory } from './players/player.js';
import { x11FfplayPlayers } from './players/x11Ffplay.js';
import { SecretKeys } from './secrets.js';
import { Session, type PluginCore } from './session.js';
import { sayIn } from './texts.js';
import { pluginVersion } from './version.js';

export interface PluginOptions {
  /** This port only (0: any free one); by default the first free one of 15900-15909. */
  port?: number;
  /** The X display the players open on (DISPLAY); by default the plug-in's own. */
  display?: string;
  /** Where snapshots go (default ~/CityOps/snapshots) and recordings (default ~/CityOps/recordings). */
  snapshotDir?: string;
  recordDir?: string;
  /** The language of msg (default zh-CN). */
  locale?: Locale;
  /** ffmpeg inputs tried in turn for talk (default PulseAudio, then ALSA). */
  micInputs?: readonly MicInput[];
  /** Host names whose pages may connect (default: any http or https page). */
  allowedHosts?: readonly string[];
  tools?: Partial<PluginTools>;
  /** Another kind of native window (the default is ffplay on X11). */
  players?: PlayerFactory;
  log?: (line: string) => void;
}

export interface RunningPlugin {
  port: number;
  /** What hello answers now. */
  hello(): PluginHello;
  /** Closes every socket and control (their players exit) and stops listening. */
  close(): Promise<void>;
}

/** §9 connect timeout of a stream. */
const STREAM_OPEN_MS = 6_000;
const MAX_FRAME_BYTES = 64 * 1024;

/** Starts the plug-in: a websocket on 127.0.0.1 speaking the protocol of @cityops/contract's videoPlugin.ts. */
export async function startPlugin(options: PluginOptions = {}): Promise<RunningPlugin> {
  const tools = { ...defaultTools, ...options.tools };
  const log =
    options.log ?? ((line: string) => process.stderr.write(`${new Date().toISOString()} ${line}\n`));
  const context: PluginContext = {
    tools,
    players: options.players ?? x11FfplayPlayers(tools, options.display),
    say: sayIn(options.locale ?? DEFAULT_LOCALE),
    snapshotDir: options.snapshotDir ?? join(homeFolder(), 'CityOps', 'snapshots'),
    recordDir: options.recordDir ?? join(homeFolder(), 'CityOps', 'recordings'),
    micInputs: options.micInputs ?? defaultMicInputs,
    streamOpenMs: STREAM_OPEN_MS,
    log,
  };
  const version = await pluginVersion();
  const server = createServer((request, response) => {
    // The port it listens on, read here: a request may come before listen() has answered.
    const address = server.address();
    const at = typeof address === 'object' && address ? address.port : 0;
    if (answerBeacon(request, response, at, options.allowedHosts)) return;
    response.writeHead(426, { 'content-type': 'text/plain' }).end(`${PLUGIN_NAME}: websocket only\n`);
  });
  const port = await listen(server, options.port === undefined ? PLUGIN_PORTS : [options.port]);
  const wss = new WebSocketServer({ noServer: true, maxPayload: MAX_FRAME_BYTES });
  const pending = new Set<Promise<unknown>>();

  let startedAt = Date.now();
  let keys = new SecretKeys();
  const controls = new Map<string, Control>();
  const destroyAll = () => {
    for (const socket of wss.clients) socket.close(1012, 'plug-in restarting');
    for (const control of controls.values()) core.track(control.run(() => control.destroy()));
    controls.clear();
  };
  const core: PluginCore = {
    context,
    get keys() {
      return keys;
    },
    controls,
    hello: () => ({
      name: PLUGIN_NAME,
      version,
      port,
      pid: process.pid,
      startedAt,
      publicKey: keys.publicKey,
      controls: [...controls.values()].map((control) => control.describe()),
    }),
    restart: () => {
      log('restarting: every control closes, a new key pair');
      destroyAll();
      keys = new SecretKeys();
      startedAt = Date.now();
    },
    track: (work) => {
      const settled = work.catch(() => undefined).finally(() => pending.delete(settled));
      pending.add(settled);
    },
  };

  server.on('upgrade', (request, socket, head) => {
    const origin = request.headers.origin;
    if (!originAllowed(origin, options.allowedHosts)) {
      log(`refused a page from ${origin ?? '?'}`);
      socket.end('HTTP/1.1 403 Forbidden\r\nConnection: close\r\n\r\n');
      return;
    }
    wss.handleUpgrade(request, socket, head, (ws) => new Session(ws, core));
  });
  log(`${PLUGIN_NAME} ${version} listening on ws://127.0.0.1:${port}`);

  return {
    port,
    hello: core.hello,
    close: async () => {
      destroyAll();
      for (const socket of wss.clients) socket.terminate();
      wss.close();
      await Promise.all([...pending]);
      await new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      });
    },
  };
}

/** Listens on the first port of the list that is free. */
async function listen(server: Server, ports: readonly number[]): Promise<number> {
  for (const [index, port] of ports.entries()) {
    try {
      return await new Promise<number>((resolve, reject) => {
        server.once('error', reject);
        server.listen(port, '127.0.0.1', () => {
          server.off('error', reject);
          const address = server.address();
          resolve(typeof address === 'object' && address ? address.port : port);
        });
      });
    } catch (error) {
      const inUse = error instanceof Error && 'code' in error && error.code === 'EADDRINUSE';
      if (!inUse || index === ports.length - 1) throw error;
    }
  }
  throw new Error('no port to listen on');
}
