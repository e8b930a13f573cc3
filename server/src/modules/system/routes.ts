import { systemEndpoints } from '@cityops/contract';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { route } from '../../http/route.js';

/** The server's own endpoints: liveness. */
export default async function systemRoutes(app: FastifyInstance) {
  const ctx = app.cityops;

  route(app, systemEndpoints.health, async () => {
    await ctx.db.execute(sql`select 1`);
    return { ok: true as const };
  });
}
