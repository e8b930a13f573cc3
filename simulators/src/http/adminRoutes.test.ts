import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSimulators, type Simulators } from '../startSimulators.js';

let sims: Simulators;
beforeAll(async () => {
  sims = await startSimulators();
});
afterAll(() => sims.close());

async function call(method: string, path: string, body?: unknown) {
  const response = await fetch(`${sims.icc.url}${path}`, {
    method,
    headers: { 'Content-Type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as { ok: boolean; data: never } };
}

describe('/_sim admin surface', () => {
  it('lists 16 cameras per platform with names, coordinates and PTZ', async () => {
    const answer = await call('GET', '/_sim/cameras');
    const cameras = answer.body.data as { platform: string; code: string; name: string; ptz: boolean }[];
    for (const platform of ['hik', 'icc']) {
      const codes = cameras.filter((camera) => camera.platform === platform).map((camera) => camera.code);
      expect(codes).toEqual(
        Array.from({ length: 16 }, (_, i) => `${platform}-cam-${String(i + 1).padStart(2, '0')}`),
      );
    }
    expect(cameras.some((camera) => camera.ptz)).toBe(true);
    expect(cameras.some((camera) => !camera.ptz)).toBe(true);
  });

  it('injects and clears faults, and validates them', async () => {
    expect((await call('PUT', '/_sim/cameras/hik-cam-02/fault', { fault: 'stall' })).body.data).toMatchObject(
      { fault: 'stall' },
    );
    expect(sims.cameras.find((camera) => camera.code === 'hik-cam-02')).toBeDefined();
    expect((await call('PUT', '/_sim/cameras/hik-cam-02/fault', { fault: 'explode' })).status).toBe(400);
    expect((await call('DELETE', '/_sim/cameras/hik-cam-02/fault')).body.data).toMatchObject({ fault: null });
    await call('PUT', '/_sim/cameras/icc-cam-02/fault', { fault: 'drop' });
    await call('POST', '/_sim/faults/clear');
    expect((await call('GET', '/_sim/cameras')).body.data).not.toContainEqual(
      expect.objectContaining({ fault: 'drop' }),
    );
    expect((await call('PUT', '/_sim/cameras/nope/fault', { fault: null })).status).toBe(404);
  });

  it('reads PTZ state, talk stats and encoders', async () => {
    expect((await call('GET', '/_sim/cameras/icc-cam-01/ptz')).body.data).toMatchObject({
      zoom: 1,
      moving: false,
      presets: [],
    });
    expect((await call('GET', '/_sim/cameras/icc-cam-01/talk')).body.data).toMatchObject({
      bytes: 0,
      openSockets: 0,
    });
    expect((await call('GET', '/_sim/encoders')).body.data).toEqual([]);
  });
});
