import { isIP } from 'node:net';
import { resolve } from 'node:path';
import {
  checkNewPassword,
  COMMAND_TIMEOUT_MS,
  LOGIN_MAX_FAILURES,
  SESSION_IDLE_MINUTES_DEFAULT,
  DEMO_FLEET_DEFAULT,
  DEMO_FLEET_MAX,
  SUB_APPS,
  text,
  type SubApp,
} from '@cityops/contract';
import { z } from 'zod';
import { parseKey } from './db/secretBox.js';
import { parsePublicKey } from './modules/licence/sign.js';

const REPO = resolve(import.meta.dirname, '../..');

/** An unset variable and an empty one mean the same: take the default. */
const optional = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value) => (value === '' ? undefined : value), schema.optional());

/** An IPv4 or IPv6 address, or a CIDR range of either (`10.0.0.0/8`, `fd00::/8`). */
function isAddressOrRange(entry: string) {
  const [address = '', prefix, ...rest] = entry.split('/');
  const family = isIP(address);
  if (family === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128);
}

const flag = z.enum(['true', 'false', '1', '0']).transform((value) => value === 'true' || value === '1');

export const configSchema = z
  .object({
    PORT: optional(z.coerce.number().int().min(0).max(65_535)).default(8080),
    HOST: optional(z.string()).default('0.0.0.0'),
    DATA_DIR: optional(z.string())
      .default('./data')
      .transform((dir) => resolve(dir)),
    /** PostgreSQL when set; the embedded PGlite in DATA_DIR/pglite otherwise. */
    DATABASE_URL: optional(z.string().regex(/^postgres(ql)?:\/\//, 'must start with postgres://')),
    CITYOPS_MODE: optional(z.enum(['demo', 'production'])).default('demo'),
    /**
     * Production: the password of the first `admin`, created only while no `admin` exists; a start that
     * finds admin with another password keeps it and warns (db/seed/index.ts).
     */
    CITYOPS_ADMIN_PASSWORD: optional(z.string()),
    /**
     * Production on a database seeded in demo mode: replace every demo secret once (admin's password
     * from CITYOPS_ADMIN_PASSWORD, the demo accounts disabled, the demo fleet's device secrets new)
     * instead of refusing to start (db/seed/demoData.ts).
     */
    CITYOPS_ROTATE_DEMO_SECRETS: optional(flag).default(false),
    SESSION_IDLE_MINUTES: optional(
      z.coerce
        .number()
        .int()
        .min(1)
        .max(24 * 60),
    ).default(SESSION_IDLE_MINUTES_DEFAULT),
    /** Hours after sign-in when a session ends however often it is kept alive. */
    SESSION_MAX_AGE_HOURS: optional(
      z.coerce
        .number()
        .int()
        .min(1)
        .max(24 * 30),
    ).default(12),
    SHELL_DIST: optional(z.string())
      .default(resolve(REPO, 'apps/shell/dist'))
      .transform((dir) => resolve(dir)),
    LOG_LEVEL: optional(z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'])).default(
      'info',
    ),
    /** Hours between purges of log rows older than the retention (logManage); 0 turns purging off. */
    LOG_PURGE_HOURS: optional(
      z.coerce
        .number()
        .min(0)
        .max(24 * 30),
    ).default(24),
    /**
     * How long a user's permissions may be served from memory. Changes made through this server apply
     * at once; this bounds how long another instance sharing the database serves the old ones. 0: read
     * them on every call.
     */
    PERMISSION_CACHE_SECONDS: optional(z.coerce.number().min(0).max(3600)).default(10),
    /**
     * Demo mode: seconds between the demo producer's messages (a believable event of a random type in a
     * demo project), so the message centre and the notifier show the whole feature. 0 turns it off;
     * production never produces demo messages.
     */
    DEMO_MESSAGE_SECONDS: optional(z.coerce.number().min(0).max(86_400)).default(45),
    /** API requests worked on at once; past it the server answers 503 (busy) at once. 0: no limit. */
    OVERLOAD_MAX_IN_FLIGHT: optional(z.coerce.number().int().min(0)).default(100),
    /** Event-loop delay (ms) past which the server answers 503 (busy) at once. 0: not watched. */
    OVERLOAD_EVENT_LOOP_DELAY_MS: optional(z.coerce.number().int().min(0)).default(1000),
    /**
     * Event-loop utilization (0-1) the server holds to under overload by answering a share of new API
     * requests 503 (busy) at once. 0: not watched.
     */
    OVERLOAD_TARGET_UTILIZATION: optional(z.coerce.number().min(0).max(1)).default(0.9),
    /**
     * On SIGTERM/SIGINT: how long requests under way may take to finish before their connections are
     * cut and the process exits (idle connections close at once).
     */
    SHUTDOWN_GRACE_MS: optional(z.coerce.number().int().min(0).max(600_000)).default(10_000),
    /** Sign-in and captcha requests per IP and minute; 0 turns the limit off. */
    LOGIN_RATE_LIMIT: optional(z.coerce.number().int().min(0)).default(60),
    /**
     * Wrong passwords for one account within ten minutes, from all addresses together, that lock it
     * for ten minutes from every address it has not signed in from (five from one address lock only
     * that address).
     */
    LOGIN_ACCOUNT_MAX_FAILURES: optional(z.coerce.number().int().min(LOGIN_MAX_FAILURES).max(10_000)).default(
      20,
    ),
    /**
     * Behind a reverse proxy on another machine: take the client address from X-Forwarded-For, but
     * only as far as TRUSTED_PROXIES vouch for it. Proxies on loopback (our sub-app hosts) are
     * trusted without it.
     */
    TRUST_PROXY: optional(flag).default(false),
    /** With TRUST_PROXY=true, required: the proxies' addresses, a comma list of IPs and CIDR ranges. */
    TRUSTED_PROXIES: optional(
      z
        .string()
        .transform((value) =>
          value
            .split(',')
            .map((entry) => entry.trim())
            .filter(Boolean),
        )
        .pipe(
          z.array(
            z.string().refine(isAddressOrRange, 'must be IP addresses or CIDR ranges, comma-separated'),
          ),
        ),
    ).default([]),
    /**
     * Which sub-apps this process serves on their ports (SUB_APP_PORTS): `all`, `none`, or a comma
     * list such as `iotcloud,omapp`. Another process (or machine) may serve the rest.
     */
    SUBAPP_HOSTS: optional(
      z
        .string()
        .transform((value) => value.trim().toLowerCase())
        .pipe(
          z.union([
            z.literal('all').transform(() => [...SUB_APPS]),
            z.literal('none').transform((): SubApp[] => []),
            z
              .string()
              .transform((value) => value.split(',').map((app) => app.trim()))
              .pipe(z.array(z.enum(SUB_APPS)).min(1)),
          ]),
        ),
    ).default([...SUB_APPS]),
    /**
     * Origins the shell is reached at besides this host's PORT (e.g. `https://city.example.com` behind a
     * TLS proxy), comma-separated: the sub-apps may be framed by these and by nothing else.
     */
    SHELL_ORIGINS: optional(
      z
        .string()
        .transform((value) =>
          value
            .split(',')
            .map((origin) => origin.trim())
            .filter(Boolean),
        )
        .pipe(
          z.array(
            z.string().refine((origin) => URL.canParse(origin) && new URL(origin).origin === origin, {
              message: 'must be origins such as https://city.example.com (scheme, host and port only)',
            }),
          ),
        ),
    ).default([]),
    /**
     * The offline map's China boundaries (`npm run build -w @cityops/server` makes them from their data
     * package, scripts/basemap.ts): served at MAP_DATA_PATHS.china.
     */
    BASEMAP_DIR: optional(z.string())
      .default(resolve(REPO, 'dist/basemap'))
      .transform((dir) => resolve(dir)),
    /** The sub-apps' build (`npm run build:subapps`): `<dir>/<app>/index.html` and `<dir>/assets/`. */
    SUBAPPS_DIR: optional(z.string())
      .default(resolve(REPO, 'dist/subapps'))
      .transform((dir) => resolve(dir)),
    /**
     * Where the sub-app pages load their shared chunks from: an origin (a CDN or the shell's public
     * address), or `self` for each sub-app's own port. Unset: the shell's origin, so the six frames
     * share one cached copy.
     */
    SUBAPP_ASSET_ORIGIN: optional(
      z
        .string()
        .refine((value) => value === 'self' || (URL.canParse(value) && new URL(value).origin === value), {
          message: 'must be an origin such as https://static.city.example, or self',
        }),
    ),
    /**
     * The licence vendor's Ed25519 public key (base64 SPKI DER, or PEM). Required in production; in
     * demo mode without it the server makes a demo vendor key and issues itself a demo licence.
     */
    LICENCE_PUBLIC_KEY: optional(z.string()),
    /**
     * 32 bytes in base64 (`openssl rand -base64 32`): seals the video platforms' passwords and keys
     * in the database. Required in production; in demo mode without it the server keeps one in
     * DATA_DIR/secrets.key.
     */
    SECRETS_KEY: optional(z.string()),
    /** While rotating: the earlier SECRETS_KEY values, comma-separated; start-up seals again with the new one. */
    SECRETS_KEY_PREVIOUS: optional(z.string()),
    /**
     * The embedded MQTT broker's port (devices connect here, modules/iot/PROTOCOL.md); 0 picks a free
     * one (tests), -1 runs no embedded broker. Ignored when MQTT_URL names an external broker.
     */
    MQTT_PORT: optional(z.coerce.number().int().min(-1).max(65_535)).default(1883),
    /**
     * An external broker or cluster (EMQX, Mosquitto...) instead of the embedded one: `mqtt://host:1883`
     * or `mqtts://...`. The server then subscribes as a client with shared subscriptions, so several
     * instances split the devices' messages.
     */
    MQTT_URL: optional(
      z.string().refine((value) => /^(mqtts?|wss?):\/\//.test(value) && URL.canParse(value), {
        message: 'must be a broker URL such as mqtt://broker.example:1883',
      }),
    ),
    /** The server's own user name and password at the external broker (MQTT_URL). */
    MQTT_USERNAME: optional(z.string().max(200)),
    MQTT_PASSWORD: optional(z.string().max(200)),
    /**
     * This instance's client id at the external broker (MQTT_URL), its persistent session's name:
     * stable across restarts, different for each instance. Unset: `cityops-<host name>-<PORT>`.
     */
    MQTT_CLIENT_ID: optional(
      z.string().regex(/^[\w.:-]{1,64}$/, 'letters, digits and _ . : - only, at most 64'),
    ),
    /**
     * Seconds the external broker keeps this instance's session while it is away: what devices
     * publish at QoS 1 meanwhile is queued for it (modules/iot/README.md).
     */
    MQTT_SESSION_EXPIRY_S: optional(z.coerce.number().int().min(60).max(604_800)).default(3600),
    /**
     * Connections from one address the embedded broker holds before they have signed in (CONNACK):
     * more are closed at once. Raise it when devices reach the broker through one TCP proxy or NAT.
     */
    MQTT_PENDING_PER_ADDRESS: optional(z.coerce.number().int().min(1).max(10_000)).default(32),
    /** Milliseconds a command waits for the device's answer before it counts as timed out. */
    COMMAND_TIMEOUT_MS: optional(z.coerce.number().int().min(100).max(120_000)).default(COMMAND_TIMEOUT_MS),
    /**
     * Days of telemetry history kept: day partitions older than this are dropped (modules/iot/README.md).
     * At least 8, since the history pages reach back 7 days.
     */
    TELEMETRY_RETENTION_DAYS: optional(z.coerce.number().int().min(8).max(3650)).default(30),
    /**
     * Demo mode: how many devices of the demo fleet (contract demo.ts `demoFleetPlan`) the seed registers
     * in the first demo project, 0 to 10,000; the fleet simulator plays the same ones. Production seeds none.
     */
    DEMO_DEVICES: optional(z.coerce.number().int().min(0).max(DEMO_FLEET_MAX)).default(DEMO_FLEET_DEFAULT),
    /**
     * The broker address devices are told to connect to (a device's credentials show it), e.g.
     * `mqtts://iot.city.example:8883`. Unset: MQTT_URL's address (no account), else
     * `mqtt://<the host the browser called>:<MQTT_PORT>` (1883 when MQTT_PORT is 0 or -1).
     */
    MQTT_PUBLIC_URL: optional(
      z.string().refine((value) => /^mqtts?:\/\/[^/\s]+$/.test(value) && URL.canParse(value), {
        message: 'must be a broker address such as mqtt://iot.city.example:1883 (mqtt:// or mqtts://)',
      }),
    ),
    /**
     * The origin devices download firmware from (the `$ota` command's URL), e.g.
     * `https://iot.city.example`. Unset: `http://127.0.0.1:<the port the server listens on>`.
     */
    OTA_PUBLIC_URL: optional(
      z.string().refine((value) => URL.canParse(value) && new URL(value).origin === value, {
        message: 'must be an origin such as https://iot.city.example',
      }),
    ),
  })
  .superRefine((config, ctx) => {
    if (config.TRUST_PROXY && config.TRUSTED_PROXIES.length === 0) {
      ctx.addIssue({
        code: 'custom',
        path: ['TRUSTED_PROXIES'],
        message:
          "is required when TRUST_PROXY=true: the reverse proxies' addresses (IPs or CIDR ranges); any other client's X-Forwarded-For is ignored",
      });
    }
    if (!config.TRUST_PROXY && config.TRUSTED_PROXIES.length > 0) {
      ctx.addIssue({
        code: 'custom',
        path: ['TRUST_PROXY'],
        message: 'must be true for TRUSTED_PROXIES to take effect',
      });
    }
    if (config.LICENCE_PUBLIC_KEY) {
      try {
        parsePublicKey(config.LICENCE_PUBLIC_KEY);
      } catch {
        ctx.addIssue({
          code: 'custom',
          path: ['LICENCE_PUBLIC_KEY'],
          message: 'must be an Ed25519 public key, base64 SPKI DER or PEM (npm run licence:keygen)',
        });
      }
    }
    for (const setting of ['SECRETS_KEY', 'SECRETS_KEY_PREVIOUS'] as const) {
      for (const key of (config[setting] ?? '').split(',').filter((text) => text.trim() !== '')) {
        try {
          parseKey(key, setting);
        } catch {
          ctx.addIssue({
            code: 'custom',
            path: [setting],
            message: 'must be 32 bytes in base64 (openssl rand -base64 32)',
          });
        }
      }
    }
    if (config.CITYOPS_ROTATE_DEMO_SECRETS && config.CITYOPS_MODE !== 'production') {
      ctx.addIssue({
        code: 'custom',
        path: ['CITYOPS_ROTATE_DEMO_SECRETS'],
        message: 'takes effect only with CITYOPS_MODE=production (a demo start seeds the demo secrets again)',
      });
    }
    if (config.CITYOPS_MODE !== 'production') return;
    if (!config.SECRETS_KEY) {
      ctx.addIssue({
        code: 'custom',
        path: ['SECRETS_KEY'],
        message:
          "is required when CITYOPS_MODE=production (it seals the video platforms' secrets in the database; openssl rand -base64 32)",
      });
    }
    if (!config.LICENCE_PUBLIC_KEY) {
      ctx.addIssue({
        code: 'custom',
        path: ['LICENCE_PUBLIC_KEY'],
        message:
          'is required when CITYOPS_MODE=production (the licence vendor public key; a production server never issues itself a licence)',
      });
    }
    const password = config.CITYOPS_ADMIN_PASSWORD;
    if (!password) {
      ctx.addIssue({
        code: 'custom',
        path: ['CITYOPS_ADMIN_PASSWORD'],
        message:
          'is required when CITYOPS_MODE=production (it becomes the password of the first admin account)',
      });
      return;
    }
    const broken = checkNewPassword(password);
    if (broken)
      ctx.addIssue({ code: 'custom', path: ['CITYOPS_ADMIN_PASSWORD'], message: text(broken, 'en-US') });
  });

export type Config = z.output<typeof configSchema>;

export class ConfigError extends Error {
  override name = 'ConfigError';
}

/** Reads the configuration from environment variables; throws a ConfigError naming each bad one. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const parsed = configSchema.safeParse(env);
  if (parsed.success) return parsed.data;
  const lines = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
  throw new ConfigError(`CityOps cannot start, the configuration is invalid:\n${lines.join('\n')}`);
}
