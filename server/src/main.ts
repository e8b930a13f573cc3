import { buildApp } from './app.js';
import { ConfigError, loadConfig, type Config } from './config.js';
import { describePostgres } from './db/connection.js';
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

/** Where this process reaches its own API: the listening address, or loopback for a wildcard one. */
function apiOrigin({ HOST, PORT }: Config): string {
  if (HOST === '0.0.0.0' || HOST === '') return `http://127.0.0.1:${PORT}`;
  if (HOST === '::') return `http://[::1]:${PORT}`;
  return HOST.includes(':') ? `http://[${HOST}]:${PORT}` : `http://${HOST}:${PORT}`;
}

const subApps = await startSubAppHosts({
  apps: config.SUBAPP_HOSTS,
  host: config.HOST,
  appsDir: config.SUBAPPS_DIR,
  apiOrigin: apiOrigin(config),
  shellPort: config.PORT,
  shellOrigins: config.SHELL_ORIGINS,
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
console.log(
  `CityOps server on http://${shown}:${config.PORT} — mode ${config.CITYOPS_MODE}, database ${database}`,
);
if (subApps.listening.length > 0)
  console.log(
    `Sub-apps on ports ${subApps.listening.map(({ app: name, port }) => `${name} ${port}`).join(', ')}`,
  );

let stopping = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    if (stopping) return;
    stopping = true;
    Promise.all([subApps.close(), app.close()]).then(
      () => process.exit(0),
      () => process.exit(1),
    );
  });
}
