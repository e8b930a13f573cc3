import { z } from 'zod';
import { defineEndpoint, getQuery, PUBLIC, SESSION } from './endpoint.js';

export const healthDataSchema = z.object({ ok: z.literal(true) });

/** An OpenAPI 3.1 document: what its readers rely on is checked, the rest passes through as it is. */
export const openApiDocumentSchema = z.looseObject({
  openapi: z.string().regex(/^3\.1\./),
  info: z.looseObject({ title: z.string(), version: z.string() }),
  paths: z.record(z.string(), z.record(z.string(), z.unknown())),
});

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
  /**
   * The OpenAPI document of every endpoint the server registered, each with its access rule. Signed-in
   * users only: it maps every administrative call and permission code, which strangers need not see.
   */
  apiDocs: defineEndpoint({
    method: 'GET',
    path: '/docs',
    access: SESSION,
    query: getQuery(),
    body: z.undefined(),
    data: openApiDocumentSchema,
  }),
} as const;
