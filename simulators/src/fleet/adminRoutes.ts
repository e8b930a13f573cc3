import { z } from 'zod';
import { serveAdmin } from '../http/adminServer.js';
import {
  INVALID_JSON,
  json,
  type PlatformRequest,
  type PlatformResponse,
  type RequestHandler,
} from '../http/platformServer.js';
import { fleetFaultSchema } from './faults.js';
import type { Fleet } from './fleet.js';

const devicePath = /^\/_sim\/fleet\/([A-Za-z0-9_-]+)(\/fault)?$/;
const faultBodySchema = z.object({ fault: fleetFaultSchema }).strict();

/**
 * The fleet's control surface under /_sim/fleet, for demos and tests in another process. Not part of the
 * device protocol, no secrets, loopback only.
 *
 *   GET  /_sim/fleet                 the fleet's counters
 *   GET  /_sim/fleet/devices         every device: key, product, connected
 *   GET  /_sim/fleet/:key            one device: values, commands received, connected, dark
 *   POST /_sim/fleet/:key/fault      { "fault": { "kind": "offline", "seconds": 60 } | { "kind": "outOfRange" }
 *                                    | { "kind": "tilt", "seconds": 120 } | { "kind": "malformed" } }
 */
export function fleetAdminRoutes(fleet: Fleet): RequestHandler {
  return (request: PlatformRequest): PlatformResponse | undefined => {
    if (request.path !== '/_sim/fleet' && !request.path.startsWith('/_sim/fleet/')) return undefined;
    if (request.path === '/_sim/fleet' && request.method === 'GET')
      return json({ ok: true, data: { url: fleet.url, ...fleet.stats } });
    if (request.path === '/_sim/fleet/devices' && request.method === 'GET') {
      const data = fleet.devices.map((device) => ({
        deviceKey: device.deviceKey,
        productKey: device.productKey,
        connected: fleet.device(device.deviceKey)?.connected ?? false,
      }));
      return json({ ok: true, data });
    }
    const match = devicePath.exec(request.path);
    const key = match?.[1];
    const state = key ? fleet.device(key) : undefined;
    if (!match || !key) return json({ ok: false, error: 'not found' }, 404);
    if (!state) return json({ ok: false, error: `no device ${key}` }, 404);
    if (!match[2] && request.method === 'GET') return json({ ok: true, data: state });
    if (match[2] && request.method === 'POST') {
      const parsed = faultBodySchema.safeParse(request.body === INVALID_JSON ? undefined : request.body);
      if (!parsed.success)
        return json({ ok: false, error: 'body must be { "fault": { "kind": ... } }' }, 400);
      if (!fleet.inject(key, parsed.data.fault))
        return json({ ok: false, error: `${state.productKey} cannot show ${parsed.data.fault.kind}` }, 400);
      return json({ ok: true, data: fleet.device(key) });
    }
    return json({ ok: false, error: 'method not allowed' }, 405);
  };
}

/** Serves the fleet's /_sim routes on a port of their own (0 = any free port). */
export function serveFleetAdmin(fleet: Fleet, host: string, port: number) {
  return serveAdmin(fleetAdminRoutes(fleet), host, port);
}
