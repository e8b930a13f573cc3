/** The desktop video plug-in listens on one of these local ports (video-talk-alarm-header.md §9). */
export const PLUGIN_PORTS = Array.from({ length: 10 }, (_, i) => 15900 + i);
const PROBE_TIMEOUT_MS = 1500;

/**
 * Whether something accepts a WebSocket on 127.0.0.1:port. It proves a listener, not that it is our
 * plug-in or which version: the page says so.
 */
export function probePort(port: number, timeoutMs = PROBE_TIMEOUT_MS): Promise<boolean> {
  return new Promise((resolve) => {
    let socket: WebSocket;
    try {
      socket = new WebSocket(`ws://127.0.0.1:${port}`);
    } catch {
      resolve(false);
      return;
    }
    const finish = (open: boolean) => {
      clearTimeout(timer);
      socket.onopen = socket.onerror = socket.onclose = null;
      socket.close();
      resolve(open);
    };
    const timer = setTimeout(() => finish(false), timeoutMs);
    socket.onopen = () => finish(true);
    socket.onerror = () => finish(false);
    socket.onclose = () => finish(false);
  });
}

/** Every port at once; the answer keeps the port order. */
export async function probePlugin(): Promise<{ port: number; open: boolean }[]> {
  return Promise.all(PLUGIN_PORTS.map(async (port) => ({ port, open: await probePort(port) })));
}
