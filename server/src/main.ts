import type { AddressInfo } from 'node:net';
import { buildApp } from './app.js';
import { ConfigError, loadConfig, type Config } from './config.js';
import { describePostgres } from './db/connection.js';
import { drainConnections } from './http/sockets.js';
import { pageSettingsInForce } from './modules/parameters/pageSettings.js';
import { mapScriptSources } from './modules/shell/pageSettings.js';
import { startSubAppHosts } from './modules/subapps/hosts.js';

/** Entry point: configuration from the environment, then the app on PORT until SIGINT/SIGTERM. */
function readConfig(): Config {
  try {
    return loadConfig(process.env);
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    console.error(error.message);
    process.exit(1);
  }
}

const reason = (error: unknown) => (error instanceof Error ? error.message : String(error));

const config = readConfig();
const app = await buildApp({ config }).catch((error: unknown) => {
  // A database that cannot be reached or migrated: one clear line, not a stack trace.
  console.error(`CityOps cannot start: ${reason(error)}`);
  process.exit(1);
});
await app.listen({ port: config.PORT, host: config.HOST }).catch(async (error: unknown) => {
  console.error(`CityOps cannot listen on ${config.HOST}:${config.PORT}: ${reason(error)}`);
  await app.close();
  process.exit(1);
});

/** The port listened on: PORT, or the one the system chose for PORT=0. */
const port = (app.server.address() as AddressInfo).port;

/** Where this process reaches its own API: the listening address, or loopback for a wildcard one. */
function apiOrigin({ HOST }: Config, PORT: number): string {
  if (HOST === '0.0.0.0' || HOST === '') return `http://127.0.0.1:${PORT}`;
  if (HOST === '::') return `http://[::1]:${PORT}`;
  return HOST.includes(':') ? `http://[${HOST}]:${PORT}` : `http://${HOST}:${PORT}`;
}

const subApps = await startSubAppHosts({
  apps: config.SUBAPP_HOSTS,
  host: config.HOST,
  distDir: config.SUBAPPS_DIR,
  apiOrigin: apiOrigin(config, port),
  shellPort: port,
  shellOrigins: config.SHELL_ORIGINS,
  ...(config.SUBAPP_ASSET_ORIGIN ? { assetOrigin: config.SUBAPP_ASSET_ORIGIN } : {}),
  licensed: async (name) => (await app.cityops.licence.modules()).has(name),
  scriptSources: async () => mapScriptSources(await pageSettingsInForce(app.cityops, app.log)),
  log: app.log,
}).catch(async (error: unknown) => {
  console.error(
    `CityOps cannot serve the sub-apps: ${reason(error)}
` + '  (another CityOps may be running; set SUBAPP_HOSTS=none when another process serves them)',
  );
  await app.close();
  process.exit(1);
});

const database = config.DATABASE_URL
  ? describePostgres(config.DATABASE_URL)
  : `PGlite ${config.DATA_DIR}/pglite`;
const shown = config.HOST === '0.0.0.0' || config.HOST === '::' ? 'localhost' : config.HOST;
console.log(`CityOps server on http://${shown}:${port} — mode ${config.CITYOPS_MODE}, database ${database}`);
if (subApps.listening.length > 0)
  console.log(
    `Sub-apps on ports ${subApps.listening.map(({ app: name, port }) => `${name} ${port}`).join(', ')}`,
  );

/** After the grace, closing the database and the rest gets this long before the process just exits. */
const HARD_EXIT_MARGIN_MS = 5_000;

/*
 * SIGINT/SIGTERM: stop accepting, close idle connections at once, give requests under way
 * SHUTDOWN_GRACE_MS, then cut what is left, close the database and exit. A hard timer ends the
 * process should any of that hang.
 */
let stopping = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    if (stopping) return;
    stopping = true;
    const grace = config.SHUTDOWN_GRACE_MS;
    console.log(`CityOps is stopping (${signal}); requests under way have ${grace} ms to finish`);
    setTimeout(() => {
      console.error(`CityOps did not stop within ${grace + HARD_EXIT_MARGIN_MS} ms of ${signal}; exiting`);
      process.exit(1);
    }, grace + HARD_EXIT_MARGIN_MS).unref();
    const closing = Promise.all([subApps.close(grace), app.close()]);
    drainConnections(app.server, grace);
    closing.then(
      () => process.exit(0),
      (error: unknown) => {
        console.error(`CityOps did not stop cleanly: ${reason(error)}`);
        process.exit(1);
      },
    );
  });
}
