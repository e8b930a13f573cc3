import { afterEach, describe, expect, it } from 'vitest';
import { PLUGIN_NAME } from '@cityops/contract';
import { locateByBeacon } from './beacon.js';

afterEach(() => {
  document.body.replaceChildren();
});

const PORTS = [15900, 15901, 15902];
const framesOf = () => [...document.querySelectorAll('iframe')];
const frameOf = (port: number) =>
  framesOf().find((frame) => frame.src.startsWith(`http://127.0.0.1:${port}/`));

/** What a beacon frame posts, as the page's window receives it. */
function post(from: HTMLIFrameElement | undefined, data: unknown, origin: string) {
  window.dispatchEvent(new MessageEvent('message', { data, origin, source: from?.contentWindow ?? null }));
}

// jsdom loads no frame: each frame's load and message are dispatched here as Chromium would deliver
// them (the browser test loads the real beacon, and checks the console stays clean without one).
describe('locating the plug-in by its beacon', () => {
  it('frames each port’s beacon, hidden, naming the page, and answers the port whose frame posts it', async () => {
    const found = locateByBeacon({ ports: PORTS });
    expect(framesOf()).toHaveLength(3);
    const frame = frameOf(15901);
    expect(frame?.src).toBe(`http://127.0.0.1:15901/beacon?origin=${encodeURIComponent(location.origin)}`);
    expect(frame?.style.display).toBe('none');
    expect(frame?.getAttribute('aria-hidden')).toBe('true');

    // Not ours: another port's origin, another frame, another name, another port in the message.
    post(frame, { name: PLUGIN_NAME, port: 15901 }, 'http://127.0.0.1:15902');
    post(frameOf(15900), { name: PLUGIN_NAME, port: 15901 }, 'http://127.0.0.1:15901');
    post(frame, { name: 'someone-else', port: 15901 }, 'http://127.0.0.1:15901');
    post(frame, { name: PLUGIN_NAME, port: 15900 }, 'http://127.0.0.1:15901');
    post(frame, { name: PLUGIN_NAME, port: 15901 }, 'http://127.0.0.1:15901');
    expect(await found).toEqual([15901]);
    // The frames go once it has answered.
    expect(framesOf()).toHaveLength(0);
  });

  it('answers none once every frame has loaded without a word and the grace is over', async () => {
    let settled = false;
    const found = locateByBeacon({ ports: PORTS, timing: { beaconGraceMs: 30 } }).then((ports) => {
      settled = true;
      return ports;
    });
    for (const frame of framesOf().slice(0, 2)) frame.dispatchEvent(new Event('load'));
    await new Promise((resolve) => setTimeout(resolve, 60));
    // One frame is still loading: a plug-in may yet answer there.
    expect(settled).toBe(false);
    framesOf()[2]?.dispatchEvent(new Event('load'));
    expect(await found).toEqual([]);
    expect(framesOf()).toHaveLength(0);
  });

  it('gives up at the discovery timeout, and at once when aborted', async () => {
    expect(await locateByBeacon({ ports: PORTS, timing: { discoveryTimeoutMs: 20 } })).toEqual([]);
    const controller = new AbortController();
    const found = locateByBeacon({ ports: PORTS, signal: controller.signal });
    controller.abort();
    expect(await found).toEqual([]);
    expect(framesOf()).toHaveLength(0);
  });
});
