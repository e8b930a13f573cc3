import { z } from 'zod';
import { defineEndpoint, getQuery, PUBLIC } from './endpoint.js';

export const healthDataSchema = z.object({ ok: z.literal(true) });

/** Endpoints of the server itself rather than of a business domain. */
export const systemEndpoints = {
  /** Liveness for load balancers and start-up scripts: answers once the database answers. */
  health: defineEndpoint({
    method: 'GET',
    path: '/health',
    access: PUBLIC,
    query: getQuery(),
    body: z.undefined(),
    data: healthDataSchema,
  }),
} as const;
