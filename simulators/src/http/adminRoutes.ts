import { z } from 'zod';
import type { CameraRegistry } from '../cameras/cameraRegistry.js';
import { faultSchema } from '../cameras/faults.js';
import {
  INVALID_JSON,
  json,
  type PlatformRequest,
  type PlatformResponse,
  type RequestHandler,
} from './platformServer.js';

const faultBodySchema = z.object({ fault: faultSchema.nullable() });
const cameraPath = /^\/_sim\/cameras\/([A-Za-z0-9_-]+)\/(fault|ptz|talk)$/;

/**
 * The simulator's own control surface under /_sim, for browser tests running in another process. It is not
 * part of either vendor API, carries no secrets and listens on loopback only.
 *
 *   GET    /_sim/cameras                  every camera with its fault
 *   PUT    /_sim/cameras/:code/fault      { "fault": "refuse" | "drop" | "stall" | "slowOpen" | "offline" | null }
 *   DELETE /_sim/cameras/:code/fault      clears it
 *   POST   /_sim/faults/clear             clears every fault
 *   GET    /_sim/cameras/:code/ptz        PTZ position, motion and presets
 *   GET    /_sim/cameras/:code/talk       talk counters and the dominant frequency of the last second
 *   GET    /_sim/encoders                 running encoders with pid and CPU seconds
 */
export function adminRoutes(registry: CameraRegistry): RequestHandler {
  return (request: PlatformRequest): PlatformResponse | undefined => {
    if (!request.path.startsWith('/_sim/')) return undefined;
    if (request.path === '/_sim/cameras' && request.method === 'GET') {
      return json({ ok: true, data: registry.list().map((camera) => registry.info(camera)) });
    }
    if (request.path === '/_sim/encoders' && request.method === 'GET')
      return json({ ok: true, data: registry.encoders() });
    if (request.path === '/_sim/faults/clear' && request.method === 'POST') {
      for (const camera of registry.list()) registry.setFault(camera.code, null);
      return json({ ok: true, data: null });
    }
    const match = cameraPath.exec(request.path);
    const code = match?.[1];
    const camera = code ? registry.get(code) : undefined;
    if (!match || !code) return json({ ok: false, error: 'not found' }, 404);
    if (!camera) return json({ ok: false, error: `no camera ${code}` }, 404);
    const resource = match[2];
    if (resource === 'fault' && request.method === 'PUT') {
      const parsed = faultBodySchema.safeParse(request.body === INVALID_JSON ? undefined : request.body);
      if (!parsed.success) return json({ ok: false, error: 'body must be { "fault": <fault> | null }' }, 400);
      registry.setFault(code, parsed.data.fault);
      return json({ ok: true, data: registry.info(camera) });
    }
    if (resource === 'fault' && request.method === 'DELETE') {
      registry.setFault(code, null);
      return json({ ok: true, data: registry.info(camera) });
    }
    if (resource === 'ptz' && request.method === 'GET')
      return json({ ok: true, data: registry.ptzState(code) });
    if (resource === 'talk' && request.method === 'GET')
      return json({ ok: true, data: registry.talkStats(code) });
    return json({ ok: false, error: 'method not allowed' }, 405);
  };
}
