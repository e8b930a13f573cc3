import { z } from 'zod';
import {
  LOGIN_LOCK_MINUTES,
  LOGIN_MAX_FAILURES,
  PASSWORD_MAX,
  PASSWORD_MIN,
  SESSION_IDLE_MINUTES_DEFAULT,
} from '../constants.js';
import { defineEndpoint, getQuery, noQuery, permission } from '../endpoint.js';
import {
  COORDINATE_SYSTEMS,
  EXTRACT_FILE_PATTERN,
  MAP_DEFAULT_CENTER,
  MAP_PROVIDERS,
  MAP_ZOOM,
} from '../map.js';
import type { TextKey } from '../texts.js';
import { checkLatitude, checkLongitude } from '../validation.js';
import { SECRET_MASK } from '../video.js';
import { BUTTON_CODES } from './buttons.js';

/**
 * parameterManage (参数管理): the system parameters an operator changes without a restart,
 * in groups saved one at a time. Each group's defaults are the constants the platform used before it
 * had parameters; a group nobody saved reads as those (or as the server's configuration and
 * page-settings.json, which it overrides once saved).
 */

export const PARAMETER_MANAGE = 'parameterManage';
export const PARAMETER_BUTTONS = BUTTON_CODES.parameterManage;

export const PARAMETER_GROUPS = ['session', 'tabs', 'signInLock', 'password', 'map'] as const;
export type ParameterGroup = (typeof PARAMETER_GROUPS)[number];

/** Bounds of each number, shared by the schemas and the page's inputs. */
export const PARAMETER_LIMITS = {
  idleMinutes: { min: 5, max: 24 * 60 },
  maxTabs: { min: 1, max: 50 },
  maxFailures: { min: 3, max: 10 },
  lockMinutes: { min: 1, max: 24 * 60 },
  /** §5: a password is 6-16 characters; the policy may only ask for more within that. */
  minLength: { min: PASSWORD_MIN, max: PASSWORD_MAX },
  zoom: MAP_ZOOM,
} as const;

const whole = (limits: { min: number; max: number }) => z.number().int().min(limits.min).max(limits.max);

/** How long a session may stay unused before it ends. */
export const sessionParametersSchema = z
  .object({ idleMinutes: whole(PARAMETER_LIMITS.idleMinutes) })
  .strict();

/** How many page tabs the shell keeps open (the oldest is dropped, §4 "Navigation cache"). */
export const MAX_TABS_DEFAULT = 12;
export const tabParametersSchema = z.object({ maxTabs: whole(PARAMETER_LIMITS.maxTabs) }).strict();

/** Wrong passwords in a row before sign-in (and password change) locks, and for how long. */
export const signInLockParametersSchema = z
  .object({
    maxFailures: whole(PARAMETER_LIMITS.maxFailures),
    lockMinutes: whole(PARAMETER_LIMITS.lockMinutes),
  })
  .strict();

/** The character classes a policy can require (§5 counts the same four). */
export const PASSWORD_CLASSES = ['upper', 'lower', 'digit', 'symbol'] as const;
export type PasswordClass = (typeof PASSWORD_CLASSES)[number];
const CLASS_PATTERNS: Record<PasswordClass, RegExp> = {
  upper: /[A-Z]/,
  lower: /[a-z]/,
  digit: /[0-9]/,
  symbol: /[^A-Za-z0-9]/,
};

/**
 * What a new password must be beyond §5 (6-16 characters, no spaces or Chinese, at least two of the
 * four classes, which always holds): a longer minimum, classes it must contain, and whether an
 * account created or reset by an administrator must choose its own password at the next sign-in.
 */
export const passwordParametersSchema = z
  .object({
    minLength: whole(PARAMETER_LIMITS.minLength),
    requiredClasses: z
      .array(z.enum(PASSWORD_CLASSES))
      .max(PASSWORD_CLASSES.length)
      .refine((classes) => new Set(classes).size === classes.length, 'parameter.classRepeated'),
    mustChangeFirst: z.boolean(),
  })
  .strict();
export type PasswordParameters = z.infer<typeof passwordParametersSchema>;

/** The first rule of the policy a new password breaks (§5's own rules are checked before), or null. */
export function passwordPolicyBreach(
  password: string,
  policy: Pick<PasswordParameters, 'minLength' | 'requiredClasses'>,
): { key: TextKey; values: { min: number } } | null {
  const values = { min: policy.minLength };
  if ([...password].length < policy.minLength) return { key: 'parameter.passwordTooShort', values };
  const missing = policy.requiredClasses.find((name) => !CLASS_PATTERNS[name].test(password));
  return missing ? { key: `parameter.passwordNeeds.${missing}`, values } : null;
}

/** §5's coordinate rules (and texts) on a number. */
const coordinate = (check: (value: number) => string | null, key: 'longitude.format' | 'latitude.format') =>
  z.number({ error: key }).refine((value) => check(value) === null, key);

/** A secret as the page sends it: left out (or sent back masked) keeps the stored one. */
const secret = z.string().trim().max(200);

/** A `tiles` map needs its tile server's address, an `extract` map its file. */
const tileRule = (map: { provider: string; tileUrl: string; extractFile: string }, ctx: z.RefinementCtx) => {
  if (map.provider === 'tiles' && map.tileUrl === '')
    ctx.addIssue({ code: 'custom', path: ['tileUrl'], message: 'parameter.tileUrlRequired' });
  if (map.provider === 'extract' && map.extractFile === '')
    ctx.addIssue({ code: 'custom', path: ['extractFile'], message: 'parameter.extractFileRequired' });
};

const mapFields = z
  .object({
    provider: z.enum(MAP_PROVIDERS),
    tileUrl: z
      .string()
      .trim()
      .max(2000)
      .refine((url) => url === '' || /^(https?:\/\/|\/)\S+$/u.test(url), 'parameter.tileUrlFormat'),
    tileCoordinates: z.enum(COORDINATE_SYSTEMS),
    /** A file of DATA_DIR/map; '' for none (older saves have no such field). */
    extractFile: z
      .string()
      .trim()
      .max(200)
      .refine((name) => name === '' || EXTRACT_FILE_PATTERN.test(name), 'parameter.extractFileFormat')
      .default(''),
    amapKey: secret.optional(),
    amapSecurityCode: secret.optional(),
    centerLng: coordinate(checkLongitude, 'longitude.format'),
    centerLat: coordinate(checkLatitude, 'latitude.format'),
    zoom: whole(PARAMETER_LIMITS.zoom),
  })
  .strict();

/** The map's provider, its addresses and key, and where it opens (§7 "Maps", §9). */
export const mapParametersSchema = mapFields.superRefine(tileRule);

/** One group's save: `group` names it, the rest are all its values (a secret left out keeps the stored one). */
export const updateParametersSchema = z.discriminatedUnion('group', [
  sessionParametersSchema.extend({ group: z.literal('session') }),
  tabParametersSchema.extend({ group: z.literal('tabs') }),
  signInLockParametersSchema.extend({ group: z.literal('signInLock') }),
  passwordParametersSchema.extend({ group: z.literal('password') }),
  mapFields.extend({ group: z.literal('map') }).superRefine(tileRule),
]);
export type UpdateParameters = z.input<typeof updateParametersSchema>;

/** The values of each group as the server keeps and uses them (the map's secrets in the clear). */
export interface StoredParameters {
  session: z.output<typeof sessionParametersSchema>;
  tabs: z.output<typeof tabParametersSchema>;
  signInLock: z.output<typeof signInLockParametersSchema>;
  password: z.output<typeof passwordParametersSchema>;
  map: Required<z.output<typeof mapParametersSchema>>;
}

/** What each group is before anyone saves it: the constants the platform used before parameters. */
export const PARAMETER_DEFAULTS: StoredParameters = {
  session: { idleMinutes: SESSION_IDLE_MINUTES_DEFAULT },
  tabs: { maxTabs: MAX_TABS_DEFAULT },
  signInLock: { maxFailures: LOGIN_MAX_FAILURES, lockMinutes: LOGIN_LOCK_MINUTES },
  password: { minLength: PASSWORD_MIN, requiredClasses: [], mustChangeFirst: true },
  map: {
    provider: 'offline',
    tileUrl: '',
    tileCoordinates: 'wgs84',
    extractFile: '',
    amapKey: '',
    amapSecurityCode: '',
    centerLng: MAP_DEFAULT_CENTER.lng,
    centerLat: MAP_DEFAULT_CENTER.lat,
    zoom: MAP_ZOOM.default,
  },
};

/** The schema of each group's stored values (a secret left out of a save is filled in before). */
export const PARAMETER_SCHEMAS = {
  session: sessionParametersSchema,
  tabs: tabParametersSchema,
  signInLock: signInLockParametersSchema,
  password: passwordParametersSchema,
  map: mapParametersSchema,
} as const satisfies Record<ParameterGroup, z.ZodType>;

/** What the page reads: every group's values in force, the map's secrets masked. */
export const parametersSchema = z.object({
  session: z.object({ idleMinutes: z.number() }),
  tabs: z.object({ maxTabs: z.number() }),
  signInLock: z.object({ maxFailures: z.number(), lockMinutes: z.number() }),
  password: z.object({
    minLength: z.number(),
    requiredClasses: z.array(z.enum(PASSWORD_CLASSES)),
    mustChangeFirst: z.boolean(),
  }),
  map: z.object({
    provider: z.enum(MAP_PROVIDERS),
    tileUrl: z.string(),
    tileCoordinates: z.enum(COORDINATE_SYSTEMS),
    extractFile: z.string(),
    /** SECRET_MASK when one is stored, '' when none is. */
    amapKey: z.string(),
    amapSecurityCode: z.string(),
    centerLng: z.number(),
    centerLat: z.number(),
    zoom: z.number(),
  }),
});
export type SystemParameters = z.infer<typeof parametersSchema>;

/** A stored secret as the page sees it. */
export const maskSecret = (value: string) => (value === '' ? '' : SECRET_MASK);

export const parameterEndpoints = {
  list: defineEndpoint({
    method: 'GET',
    path: '/sys/parameter/list',
    access: permission(PARAMETER_MANAGE),
    query: getQuery(),
    body: z.undefined(),
    data: parametersSchema,
  }),
  update: defineEndpoint({
    method: 'POST',
    path: '/sys/parameter/update',
    access: permission(PARAMETER_BUTTONS.edit),
    query: noQuery,
    body: updateParametersSchema,
    data: parametersSchema,
  }),
} as const;
