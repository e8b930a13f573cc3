import { systemClock } from '../clock.js';
import { serveAlarmBoxAdmin } from './adminRoutes.js';
import { AlarmBox, AlarmBoxError } from './box.js';
import type { AlarmBoxes, AlarmBoxOptions, AlarmBoxState, AlarmBoxView } from './index.js';

const DEFAULT_TONE_HZ = 1000;
const DEFAULT_WAIT_MS = 10_000;

interface Waiter {
  deviceKey: string;
  state: AlarmBoxState;
  resolve(view: AlarmBoxView): void;
  reject(error: Error): void;
}

/** Starts the boxes (each connects at once and keeps trying until the broker answers) and their admin routes. */
export async function startAlarmBoxes(options: AlarmBoxOptions): Promise<AlarmBoxes> {
  const keys = new Set<string>();
  for (const spec of options.boxes) {
    if (keys.has(spec.deviceKey)) throw new Error(`alarm box ${spec.deviceKey} is listed twice`);
    keys.add(spec.deviceKey);
  }
  const waiters = new Set<Waiter>();
  const said = new Set<string>();
  const log = options.log ?? (() => undefined);
  const settle = () => {
    for (const waiter of waiters) {
      const view = byKey.get(waiter.deviceKey)?.view();
      if (view?.state !== waiter.state) continue;
      waiters.delete(waiter);
      waiter.resolve(view);
    }
  };
  const context = {
    url: options.mqttUrl,
    clock: options.clock ?? systemClock,
    toneHz: options.toneHz ?? DEFAULT_TONE_HZ,
    backoff: options.backoff ?? { minMs: 1000, maxMs: 30_000 },
    changed: () => settle(),
    notice(kind: 'refused' | 'unreachable', deviceKey: string) {
      if (said.has(kind) || closed) return;
      said.add(kind);
      log(
        kind === 'refused'
          ? `Alarm boxes: the broker at ${options.mqttUrl} refused ${deviceKey} (not registered there, or another secret); it keeps trying`
          : `Alarm boxes: the broker at ${options.mqttUrl} does not answer yet; the boxes keep trying`,
      );
    },
  };
  const boxes = options.boxes.map((spec) => new AlarmBox(spec, context));
  const byKey = new Map(boxes.map((box) => [box.deviceKey, box]));
  const boxOf = (deviceKey: string) => {
    const box = byKey.get(deviceKey);
    if (!box) throw new AlarmBoxError('unknownBox', `no alarm box ${deviceKey}`);
    return box;
  };
  let closed = false;
  for (const box of boxes) box.open();

  const api: AlarmBoxes = {
    press: async (deviceKey) => boxOf(deviceKey).press(),
    hangup: async (deviceKey) => boxOf(deviceKey).hangup(),
    view: (deviceKey) => boxOf(deviceKey).view(),
    views: () => boxes.map((box) => box.view()),
    waitFor(deviceKey, state, timeoutMs = DEFAULT_WAIT_MS) {
      return new Promise<AlarmBoxView>((resolve, reject) => {
        const view = boxOf(deviceKey).view();
        if (view.state === state) return resolve(view);
        const timer = setTimeout(() => {
          waiters.delete(waiter);
          const now = byKey.get(deviceKey)?.view().state ?? 'gone';
          reject(new Error(`${deviceKey} did not become ${state} within ${timeoutMs} ms (it is ${now})`));
        }, timeoutMs);
        const waiter: Waiter = {
          deviceKey,
          state,
          resolve: (reached) => {
            clearTimeout(timer);
            resolve(reached);
          },
          reject: (error) => {
            clearTimeout(timer);
            reject(error);
          },
        };
        waiters.add(waiter);
      });
    },
    adminUrl: null,
    async close() {
      if (closed) return;
      closed = true;
      for (const waiter of waiters)
        waiter.reject(new Error(`the alarm boxes are closed (${waiter.deviceKey})`));
      waiters.clear();
      await admin?.close();
      await Promise.all(boxes.map((box) => box.close()));
    },
  };
  const adminPort = options.adminPort ?? -1;
  let admin: Awaited<ReturnType<typeof serveAlarmBoxAdmin>> | null = null;
  try {
    if (adminPort >= 0) admin = await serveAlarmBoxAdmin(api, options.host ?? '127.0.0.1', adminPort);
  } catch (error) {
    await api.close();
    throw error;
  }
  api.adminUrl = admin?.url ?? null;
  return api;
}
