import { systemEndpoints } from '@cityops/contract';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { openApiDocument, type OpenApiDocument } from '../../http/openapi.js';
import { route } from '../../http/route.js';

/** The server's own endpoints: liveness, and the OpenAPI document of every registered endpoint. */
export default async function systemRoutes(app: FastifyInstance) {
  const ctx = app.cityops;

  route(app, systemEndpoints.health, async () => {
    await ctx.db.execute(sql`select 1`);
    return { ok: true as const };
  });

  // Built on first request: by then the server is ready and no route can be added any more.
  let document: OpenApiDocument | undefined;
  route(app, systemEndpoints.apiDocs, async () => (document ??= openApiDocument(ctx.routes.routes)));
}
