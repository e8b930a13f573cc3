import { StatusCode } from '@cityops/contract';
import rateLimit from '@fastify/rate-limit';
import websocket from '@fastify/websocket';
import type { KeyObject } from 'node:crypto';
import Fastify, { type FastifyInstance } from 'fastify';
import type { Config } from './config.js';
import { openDatabase, type DatabaseHandle } from './db/connection.js';
import { loadSecretBox } from './db/secretBox.js';
import { seedDemoEvents } from './db/seed/events.js';
import { seed } from './db/seed/index.js';
import { RouteCatalogue } from './http/catalogue.js';
import type { AppContext } from './http/context.js';
import { ApiError, isApiPath } from './http/envelope.js';
import { shellPolicy } from './http/csp.js';
import { answerClientError, answerError } from './http/errors.js';
import { loggerOptions, type LogStream } from './http/logging.js';
import { protectFromOverload } from './http/overload.js';
import { answerSocketError, SERVER_OPTIONS, SOCKET_LIMITS } from './http/sockets.js';
import { JSON_MAX_DEPTH, nestsDeeperThan } from './http/untrustedJson.js';
import { randomCaptchaText } from './modules/auth/captcha.js';
import { loadLoginKeys } from './modules/auth/keys.js';
import { sessionOf } from './modules/auth/sessions.js';
import { modules } from './modules/index.js';
import { startLogPurge } from './modules/logs/service.js';
import { resourceSystemsCache, withinLicence } from './modules/licence/scope.js';
import { LicenceKeeper, prepareLicenceKey } from './modules/licence/state.js';
import { pageSettingsInForce } from './modules/parameters/pageSettings.js';
import { TemplateStore } from './modules/messages/templates.js';
import { startMessageTimers } from './modules/messages/timers.js';
import { ParameterStore, serverDefaults } from './modules/parameters/store.js';
import { BUS_MAX_IDS, publish } from './modules/push/events.js';
import { mapScriptSources } from './modules/shell/pageSettings.js';
import { PermissionCache } from './modules/users/permissionCache.js';
import { userResources } from './modules/users/permissions.js';
import { resealSecrets } from './modules/video/settings.js';
import { resealDeviceSecrets } from './modules/devices/service.js';

export interface BuildOptions {
  config: Config;
  /** The clock; defaults to the real one. */
  now?: () => Date;
  /** An open database; the app then leaves closing it to the caller. Opened from config otherwise. */
  database?: DatabaseHandle;
  /** Where logs go instead of stdout. */
  logStream?: LogStream;
  captchaText?: () => string;
}

const BODY_LIMIT = 1024 * 1024;
const WS_MAX_PAYLOAD = 64 * 1024;

/** Security headers on every answer; the shell is framed only by itself. */
const SECURITY_HEADERS = {
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'SAMEORIGIN',
  'referrer-policy': 'strict-origin-when-cross-origin',
};

/** Builds the server on a migrated and seeded database. Not listening yet; `inject()` works at once. */
export async function buildApp(options: BuildOptions): Promise<FastifyInstance> {
  const { config } = options;
  const database = options.database ?? (await openDatabase(config));
  const now = options.now ?? (() => new Date());
  let licenceKey: KeyObject | undefined;
  const secrets = await loadSecretBox(config);
  await database.prepare(async (db) => {
    await seed(db, config, { database: database.label, now });
    // Plain secrets (the demo seed's, or stored before sealing) and those of a key being rotated out.
    await resealSecrets(db, secrets);
    await resealDeviceSecrets(db, secrets);
    // Under the same lock as the seed: instances starting together issue at most one demo licence.
    licenceKey = await prepareLicenceKey(db, config, now());
  });
  if (!licenceKey) throw new Error('the licence key was not prepared');
  const licence = new LicenceKeeper(database.db, licenceKey, now);
  const cacheMs = config.PERMISSION_CACHE_SECONDS * 1000;
  const systems = resourceSystemsCache(database.db, cacheMs);
  // What a user holds, within the systems the licence opens.
  const permissions = new PermissionCache(async (userId) => {
    const [held, systemOf, modules] = await Promise.all([
      userResources(database.db, userId),
      systems.get(),
      licence.modules(),
    ]);
    return withinLicence(held, systemOf, modules);
  }, cacheMs);
  const context: AppContext = {
    config,
    db: database.db,
    now,
    loginKeys: await loadLoginKeys(database.db),
    captchaText: options.captchaText ?? randomCaptchaText,
    licence,
    access: {
      sessionOf: (request) => sessionOf(context, request),
      holds: (userId, code) => permissions.holds(userId, code),
      resources: (userId) => permissions.resources(userId),
      forget: () => {
        systems.forget();
        permissions.forget();
      },
      changed: async (userIds = null) => {
        context.access.forget();
        // Other instances forget on receipt; the affected users' open sessions read theirs again.
        if (userIds?.length === 0) return;
        const named = userIds && userIds.length <= BUS_MAX_IDS ? [...new Set(userIds)] : null;
        await publish(database.db, { k: 'access', userIds: named });
      },
    },
    messageTemplates: new TemplateStore(database.db, cacheMs),
    parameters: new ParameterStore(database.db, serverDefaults(config.SESSION_IDLE_MINUTES), cacheMs),
    routes: new RouteCatalogue(),
    secrets,
    listen: (channel, onPayload, onReconnect) => database.listen(channel, onPayload, onReconnect),
  };

  const app = Fastify({
    logger: loggerOptions(config.LOG_LEVEL, options.logStream),
    bodyLimit: BODY_LIMIT,
    connectionTimeout: SOCKET_LIMITS.connectionTimeout,
    keepAliveTimeout: SOCKET_LIMITS.keepAliveTimeout,
    requestTimeout: SOCKET_LIMITS.requestTimeout,
    http: SERVER_OPTIONS,
    // A module's start (the runtimes, the first look at the database) on a cold, busy machine can take
    // longer than Fastify's 10 s default; a start that gives up there leaves the service down.
    pluginTimeout: 60_000,
    // Loopback is always a proxy we run ourselves (the sub-app hosts, or a reverse proxy on this
    // machine), so its X-Forwarded-For names the real client; TRUST_PROXY adds the TRUSTED_PROXIES
    // and no one else: the client address is the nearest hop that is not one of them.
    trustProxy: config.TRUST_PROXY ? ['loopback', ...config.TRUSTED_PROXIES] : 'loopback',
    // Malformed URLs and headers are answered like any other bad request.
    frameworkErrors: (error, request, reply) => answerError(error, request, reply),
    // …and so is what the HTTP parser refuses before routing (an over-long URL or header).
    clientErrorHandler: answerClientError,
  });
  app.decorate('cityops', context);
  context.routes.watch(app);
  if (!options.database) app.addHook('onClose', () => database.close());

  // An empty JSON body (e.g. a bare POST with Content-Type: application/json) means "no body".
  const json = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const raw = body.toString();
    if (raw.trim() === '') return done(null, undefined);
    // Refused before JSON.parse builds it: every later walk over the body is then shallow.
    if (nestsDeeperThan(raw, JSON_MAX_DEPTH)) {
      return done(new ApiError(StatusCode.REJECTED, 'request.tooDeep', { max: JSON_MAX_DEPTH }), undefined);
    }
    return json(request, raw, done);
  });

  app.addHook('onSend', async (request, reply) => {
    reply.headers(SECURITY_HEADERS);
    if (isApiPath(request.url)) reply.header('cache-control', 'no-store');
    else {
      // A page (HTML) may load the map provider's script when one is configured; nothing else may.
      const page = String(reply.getHeader('content-type') ?? '').startsWith('text/html');
      const scripts = page ? mapScriptSources(await pageSettingsInForce(context, request.log)) : [];
      reply.header('content-security-policy', shellPolicy(request.hostname, scripts));
    }
  });
  app.setErrorHandler((error, request, reply) => answerError(error, request, reply));
  await protectFromOverload(app, {
    maxInFlight: config.OVERLOAD_MAX_IN_FLIGHT,
    maxEventLoopDelayMs: config.OVERLOAD_EVENT_LOOP_DELAY_MS,
    targetUtilization: config.OVERLOAD_TARGET_UTILIZATION,
  });
  for (const module of modules) module.gate?.(app);

  await app.register(rateLimit, {
    global: false,
    errorResponseBuilder: () => new ApiError(StatusCode.REJECTED, 'login.tooManyRequests'),
  });

  // One WebSocket server for the whole app (the message socket, the live telemetry socket): frames
  // larger than a protocol allows are refused by that protocol (4429), not by ws.
  // On shutdown every socket is told the server is going away (1001), so clients reconnect to another
  // instance at once; the plugin's default would close them without a code (1005).
  await app.register(websocket, {
    options: { maxPayload: WS_MAX_PAYLOAD },
    errorHandler: answerSocketError,
    preClose(done) {
      for (const client of this.websocketServer.clients) client.close(1001, 'server shutting down');
      this.websocketServer.close(() => done());
    },
  });

  for (const module of modules) if (module.routes) await app.register(module.routes);
  for (const module of modules) await module.fallback?.(app);

  // The retention purge (the only deletion of log rows): at start-up, then every LOG_PURGE_HOURS.
  if (config.LOG_PURGE_HOURS > 0) {
    const purge = startLogPurge(context, app.log, config.LOG_PURGE_HOURS);
    app.addHook('onClose', async () => {
      purge.stop();
      // The database closes after this hook: let a purge under way finish first.
      await purge.first;
    });
  }

  // The demo's first events, played once through the modules' services (db/seed/events.ts).
  if (config.CITYOPS_MODE === 'demo') await seedDemoEvents(context);

  // Messages said on timers: licence expiry warnings, and the demo stream in demo mode.
  const messageTimers = startMessageTimers(context, app.log);
  app.addHook('onClose', () => messageTimers.stop());

  return app;
}
