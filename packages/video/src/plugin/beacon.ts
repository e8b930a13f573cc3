import { PLUGIN_PORTS, PLUGIN_TIMING, pluginBeaconSchema, pluginBeaconUrl } from '@cityops/contract';

export interface LocateOptions {
  ports?: readonly number[];
  /** The document the hidden frames go in (its window hears their messages). */
  doc?: Document;
  timing?: Partial<Record<'discoveryTimeoutMs' | 'beaconGraceMs', number>>;
  signal?: AbortSignal;
}

/** Which ports to open a websocket to: where a plug-in said it listens; none when none did. */
export type PortLocator = (options: LocateOptions) => Promise<readonly number[]>;

/**
 * Asks every port for the plug-in's beacon (contract PLUGIN_BEACON_PATH), each in a hidden frame,
 * and answers the port of the first that posts it; none once every frame has loaded without a word
 * (an error page: nothing listens there) and beaconGraceMs more have passed, at discoveryTimeoutMs,
 * or when aborted. A frame that cannot load says nothing in the browser's console, where a refused
 * websocket is an error every time: ten ports, three tries, were 40 errors with no plug-in.
 */
export const locateByBeacon: PortLocator = (options) => {
  const doc = options.doc ?? document;
  const win = doc.defaultView;
  const ports = options.ports ?? PLUGIN_PORTS;
  const timeoutMs = options.timing?.discoveryTimeoutMs ?? PLUGIN_TIMING.discoveryTimeoutMs;
  const graceMs = options.timing?.beaconGraceMs ?? PLUGIN_TIMING.beaconGraceMs;
  if (!win || ports.length === 0 || options.signal?.aborted) return Promise.resolve([]);
  return new Promise((resolve) => {
    let loaded = 0;
    let grace: ReturnType<typeof setTimeout> | undefined;
    const frames = ports.map((port) => {
      const frame = doc.createElement('iframe');
      frame.style.display = 'none';
      frame.setAttribute('aria-hidden', 'true');
      frame.tabIndex = -1;
      frame.addEventListener('load', () => {
        loaded += 1;
        if (loaded === frames.length) grace = setTimeout(() => finish([]), graceMs);
      });
      frame.src = pluginBeaconUrl(port, win.location.origin);
      return { port, frame };
    });
    const onMessage = (event: MessageEvent) => {
      const from = frames.find(({ frame }) => frame.contentWindow === event.source);
      const beacon = pluginBeaconSchema.safeParse(event.data);
      // Only the frame of that port, from that port's origin, naming that port.
      if (!from || !beacon.success || beacon.data.port !== from.port) return;
      if (event.origin !== new URL(pluginBeaconUrl(from.port, '')).origin) return;
      finish([from.port]);
    };
    const onAbort = () => finish([]);
    const timer = setTimeout(() => finish([]), timeoutMs);
    let done = false;
    function finish(found: readonly number[]) {
      if (done) return;
      done = true;
      clearTimeout(timer);
      clearTimeout(grace);
      win?.removeEventListener('message', onMessage);
      options.signal?.removeEventListener('abort', onAbort);
      for (const { frame } of frames) frame.remove();
      resolve(found);
    }
    win.addEventListener('message', onMessage);
    options.signal?.addEventListener('abort', onAbort);
    for (const { frame } of frames) doc.body.append(frame);
  });
};
