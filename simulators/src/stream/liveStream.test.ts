import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSimulators, type Simulators } from '../startSimulators.js';
import { artemis, delay, recordSocket } from '../testing/clients.js';
import { centreColour, decodeFirstFrame, readBarcode } from '../testing/frames.js';
import { expectedCentreColour } from '../ptz/ptzView.js';
import { parseFlv } from './flv.js';
import { defaultVideoFormat } from './videoFormat.js';

const PREVIEW = '/artemis/api/video/v2/cameras/previewURLs';
const format = defaultVideoFormat;

let sims: Simulators;
beforeAll(async () => {
  sims = await startSimulators({ lingerMs: 300, faultTimings: { dropAfterMs: 1500, slowOpenMs: 60_000 } });
});
afterAll(() => sims.close());

async function liveUrl(code: string): Promise<string> {
  const answer = await artemis(sims, PREVIEW, { cameraIndexCode: code, protocol: 'ws' });
  return (answer.body.data as { url: string }).url;
}

/** Waits until a condition holds, polling; for effects that arrive through another process. */
async function eventually(check: () => boolean | Promise<boolean>, timeoutMs = 8000): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > until) throw new Error('condition not met in time');
    await delay(100);
  }
}

describe('live ws-flv streams', () => {
  it('start with an FLV header, the AVC sequence header and an H.264 keyframe, from one shared encoder', async () => {
    const url = await liveUrl('hik-cam-05');
    const first = recordSocket(url);
    await first.opened;
    const bytes = await first.received(20_000);
    const { header, tags } = parseFlv(bytes);
    expect(header?.toString('latin1', 0, 3)).toBe('FLV');
    const video = tags.filter((tag) => tag.type === 9);
    expect(video[0]?.sequenceHeader).toBe(true);
    expect(video[1]?.keyframe).toBe(true);
    expect(video[1]?.timestamp).toBe(0);

    // A second viewer is served from the cached GOP by the same encoder.
    const second = recordSocket(url);
    await second.opened;
    const again = parseFlv(await second.received(5_000));
    expect(again.tags.find((tag) => tag.type === 9 && !tag.sequenceHeader)?.keyframe).toBe(true);
    const encoders = sims.encoders().filter((encoder) => encoder.code === 'hik-cam-05');
    expect(encoders).toHaveLength(1);
    expect(encoders[0]).toMatchObject({ kind: 'live', viewers: 2 });
    expect(encoders[0]?.pid).toBeGreaterThan(0);

    // The picture carries the wall clock in its barcode.
    const frame = await decodeFirstFrame(bytes, format);
    const barcode = readBarcode(frame, format);
    const distance = (Date.now() - barcode + 65536 * 4) % 65536;
    expect(distance).toBeLessThan(20_000);

    first.socket.close();
    second.socket.close();
    await eventually(() => !sims.encoders().some((encoder) => encoder.code === 'hik-cam-05'));
  });

  it('shows where the PTZ camera looks in the centre pixel', async () => {
    const code = 'hik-cam-07';
    const url = await liveUrl(code);
    const viewer = recordSocket(url);
    await viewer.opened;
    await viewer.received(1000);
    await artemis(sims, '/artemis/api/video/v1/ptzs/controlling', {
      cameraIndexCode: code,
      action: 0,
      command: 'RIGHT_DOWN',
      speed: 100,
    });
    await delay(600);
    await artemis(sims, '/artemis/api/video/v1/ptzs/controlling', {
      cameraIndexCode: code,
      action: 1,
      command: 'RIGHT_DOWN',
    });
    const position = sims.ptzState(code);
    if (!position) throw new Error('no PTZ state');
    const expected = expectedCentreColour(position);
    // A fresh viewer starts at the newest keyframe; keep looking until the encoder has caught up.
    await eventually(async () => {
      const probe = recordSocket(url);
      const frame = await decodeFirstFrame(await probe.received(20_000), format);
      probe.socket.close();
      const { red, green } = centreColour(frame, format);
      return Math.abs(red - expected.red) <= 5 && Math.abs(green - expected.green) <= 5;
    });
    viewer.socket.close();
  });

  it('rejects a URL without a valid token', async () => {
    const url = await liveUrl('hik-cam-01');
    const forged = recordSocket(url.replace(/token=\w+/, 'token=0000'));
    await expect(forged.opened).rejects.toThrow('401');
    const otherCamera = recordSocket(url.replace('hik-cam-01', 'hik-cam-02'));
    await expect(otherCamera.opened).rejects.toThrow('401');
  });
});

describe('injected faults', () => {
  it('refuse: the socket is rejected', async () => {
    const url = await liveUrl('hik-cam-08');
    sims.injectFault('hik-cam-08', 'refuse');
    try {
      await expect(recordSocket(url).opened).rejects.toThrow('403');
    } finally {
      sims.injectFault('hik-cam-08', null);
    }
  });

  it('drop: the stream starts, then the connection is cut without a close frame', async () => {
    const url = await liveUrl('hik-cam-09');
    sims.injectFault('hik-cam-09', 'drop');
    try {
      const viewer = recordSocket(url);
      await viewer.opened;
      await viewer.received(1000);
      expect((await viewer.closed).code).toBe(1006);
    } finally {
      sims.injectFault('hik-cam-09', null);
    }
  });

  it('stall: the socket opens and nothing arrives, and no encoder is started', async () => {
    const url = await liveUrl('hik-cam-10');
    sims.injectFault('hik-cam-10', 'stall');
    try {
      const viewer = recordSocket(url);
      await viewer.opened;
      await delay(1500);
      expect(viewer.chunks).toHaveLength(0);
      expect(sims.encoders().some((encoder) => encoder.code === 'hik-cam-10')).toBe(false);
      viewer.socket.close();
    } finally {
      sims.injectFault('hik-cam-10', null);
    }
  });

  it('slowOpen: the upgrade is not answered while the client waits', async () => {
    const url = await liveUrl('hik-cam-11');
    sims.injectFault('hik-cam-11', 'slowOpen');
    try {
      const viewer = recordSocket(url);
      const outcome = await Promise.race([
        viewer.opened.then(() => 'open'),
        delay(1500).then(() => 'waiting'),
      ]);
      expect(outcome).toBe('waiting');
      viewer.socket.terminate();
    } finally {
      sims.injectFault('hik-cam-11', null);
    }
  });

  it('offline: URLs handed out before stay silent, new URL requests fail', async () => {
    const url = await liveUrl('hik-cam-12');
    sims.injectFault('hik-cam-12', 'offline');
    try {
      expect((await artemis(sims, PREVIEW, { cameraIndexCode: 'hik-cam-12' })).body.code).toBe('0x01b01307');
      const viewer = recordSocket(url);
      await viewer.opened;
      await delay(1000);
      expect(viewer.chunks).toHaveLength(0);
      viewer.socket.close();
    } finally {
      sims.injectFault('hik-cam-12', null);
    }
  });
});
