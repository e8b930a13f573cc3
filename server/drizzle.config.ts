import { defineConfig } from 'drizzle-kit';

/** `npm run db:generate -w @cityops/server` writes a new migration here after a schema change. */
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/db/schema.ts',
  out: './drizzle',
});
