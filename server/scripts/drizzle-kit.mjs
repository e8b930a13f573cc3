// npm installed drizzle-orm under server/node_modules but hoisted drizzle-kit to the root, where it
// cannot see drizzle-orm. This runs drizzle-kit with bare `drizzle-orm` imports and requires resolved
// from the server package instead. Usage: node scripts/drizzle-kit.mjs generate
import { createRequire, register } from 'node:module';
import { spawnSync } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const server = join(dirname(fileURLToPath(import.meta.url)), '..');

if (process.env.CITYOPS_DRIZZLE_KIT_CHILD) {
  register(
    'data:text/javascript,' +
      encodeURIComponent(`
        const parent = ${JSON.stringify(new URL(`file://${server}/package.json`).href)};
        export async function resolve(specifier, context, next) {
          if (specifier === 'drizzle-orm' || specifier.startsWith('drizzle-orm/')) {
            return next(specifier, { ...context, parentURL: parent });
          }
          return next(specifier, context);
        }`),
  );
  const bin = join(dirname(createRequire(join(server, 'package.json')).resolve('drizzle-kit')), 'bin.cjs');
  process.argv = [process.argv[0], bin, ...process.argv.slice(2)];
  await import(bin);
} else {
  // NODE_PATH is read once at start-up, so the CommonJS half needs a fresh process.
  const result = spawnSync(process.execPath, [fileURLToPath(import.meta.url), ...process.argv.slice(2)], {
    cwd: server,
    stdio: 'inherit',
    env: { ...process.env, CITYOPS_DRIZZLE_KIT_CHILD: '1', NODE_PATH: join(server, 'node_modules') },
  });
  process.exit(result.status ?? 1);
}
