import { z } from 'zod';
import { defineEndpoint, getQuery, noQuery, permission, PUBLIC } from './endpoint.js';
import { text, type Locale } from './texts.js';

/**
 * A licence is a JSON document signed with Ed25519 by the vendor; the server holds only the public
 * key. The signature covers the canonical JSON of `licence` (keys sorted, no whitespace).
 */
export const licenceDocumentSchema = z.object({
  licenceId: z.string().min(1).max(64),
  customer: z.string().min(1).max(200),
  issuedAt: z.iso.datetime({ offset: true }),
  expiresAt: z.iso.datetime({ offset: true }),
  /** Systems the licence opens: `admin` and the sub-app names. */
  modules: z.array(z.string().min(1).max(32)).min(1).max(32),
  deviceLimit: z.number().int().min(0),
});
export type LicenceDocument = z.infer<typeof licenceDocumentSchema>;

/**
 * The bytes a licence signature covers: JSON with every object's keys sorted (by UTF-16 code unit,
 * recursively), array order kept, no whitespace; `undefined` members are left out as JSON.stringify
 * does. Pure, so the vendor's tools, the server and anyone auditing can reproduce it.
 */
export function canonicalJson(value: unknown): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value) ?? 'null';
  if (Array.isArray(value)) return `[${value.map((item) => canonicalJson(item ?? null)).join(',')}]`;
  const record = value as Record<string, unknown>;
  const members = Object.keys(record)
    .filter((key) => record[key] !== undefined && typeof record[key] !== 'function')
    .sort()
    .map((key) => `${JSON.stringify(key)}:${canonicalJson(record[key])}`);
  return `{${members.join(',')}}`;
}

export const signedLicenceSchema = z.object({
  licence: licenceDocumentSchema,
  /** Ed25519 signature, base64. */
  signature: z.string().min(1).max(256),
});
export type SignedLicence = z.infer<typeof signedLicenceSchema>;

/**
 * What POST /sys/license/register takes: the signed licence file, and `acceptDowngrade` for an
 * administrator who knowingly replaces the licence in force with a worse or older one.
 */
export const registerLicenceRequestSchema = signedLicenceSchema.extend({
  acceptDowngrade: z.boolean().optional(),
});
export type RegisterLicenceRequest = z.input<typeof registerLicenceRequestSchema>;

/**
 * How a new licence is worse than the one in force, in the order a refusal names them: it expires
 * sooner, was issued earlier (an older licence replayed), opens fewer modules, allows fewer devices,
 * or is for another customer.
 */
export const worseReasonSchema = z.enum(['expiresAt', 'issuedAt', 'modules', 'deviceLimit', 'customer']);
export type WorseReason = z.infer<typeof worseReasonSchema>;

/**
 * The data of register's 10001 `licence.downgrade` refusal (other refusals carry none): what is worse,
 * so the page can ask whether to install it anyway and send it again with `acceptDowngrade`.
 */
export const licenceDowngradeSchema = z.object({ reasons: z.array(worseReasonSchema).min(1) });
export type LicenceDowngradeRefusal = z.infer<typeof licenceDowngradeSchema>;

/** The reasons in the locale's words, as one list (the refusal's message and the page's question). */
export const worseReasonsText = (reasons: readonly WorseReason[], locale: Locale) =>
  reasons.map((reason) => text(`licence.worse.${reason}`, locale)).join(locale === 'en-US' ? ', ' : '、');

/** The licence permission: the code of /admin/license (许可证管理). */
export const LICENCE_MANAGE = 'admin_license';

export const licenceStatusSchema = z.object({
  state: z.enum(['valid', 'expired', 'missing']),
  licence: licenceDocumentSchema.nullable(),
  /** Whole days until expiry; negative once expired; null without a licence. */
  daysLeft: z.number().int().nullable(),
});
export type LicenceStatus = z.infer<typeof licenceStatusSchema>;

/**
 * The status anyone may read, before signing in: only whether a licence is in force, which is all
 * the /license page and the sign-in (10402 sends it there) need. Who the customer is, what it opens
 * and until when are the licence's holders' business (`licenceManageEndpoints.detail`).
 */
export const publicLicenceStatusSchema = licenceStatusSchema.pick({ state: true });
export type PublicLicenceStatus = z.infer<typeof publicLicenceStatusSchema>;

/**
 * Both are public: the registration page (/license) works before sign-in, and only a vendor-signed
 * licence is accepted. The status says only whether a licence is in force; registering answers the
 * licence in full, which is the one the caller sent (or already had, sending it again). Once a valid licence is in force, replacing it takes a session holding
 * LICENCE_MANAGE (checked by the server, since the first registration must stay public), and a
 * worse or older licence also takes `acceptDowngrade`. Expired or missing licences make every other
 * call answer 10402, except sign-in, sign-out and these.
 */
export const licenceEndpoints = {
  status: defineEndpoint({
    method: 'GET',
    path: '/sys/license/status',
    access: PUBLIC,
    query: getQuery(),
    body: z.undefined(),
    data: publicLicenceStatusSchema,
  }),
  register: defineEndpoint({
    method: 'POST',
    path: '/sys/license/register',
    access: PUBLIC,
    query: noQuery,
    body: registerLicenceRequestSchema,
    data: licenceStatusSchema,
  }),
} as const;

/** The renewal page's code (许可证续期). */
export const LICENCE_RENEWAL = 'licenseRenewal';
/** Days before expiry when administrators are warned. */
export const LICENCE_WARNING_DAYS = [30, 7, 1] as const;

/** The warning level a licence with `daysLeft` days deserves: the nearest threshold crossed, or none. */
export function licenceWarning(daysLeft: number | null): (typeof LICENCE_WARNING_DAYS)[number] | null {
  if (daysLeft === null || daysLeft < 0) return null;
  return [...LICENCE_WARNING_DAYS].reverse().find((days) => daysLeft < days) ?? null;
}

/** A registered licence as the management page lists it. */
export const registeredLicenceSchema = z.object({
  licenceId: z.string(),
  customer: z.string(),
  issuedAt: z.string(),
  expiresAt: z.string(),
  modules: z.array(z.string()),
  deviceLimit: z.number().int(),
  registeredAt: z.string(),
  /** The trusted vendor key verifies its signature (one signed with another key counts for nothing). */
  verified: z.boolean(),
  inForce: z.boolean(),
});
export type RegisteredLicence = z.infer<typeof registeredLicenceSchema>;

/**
 * What the renewal page hands to the vendor: who, which installation (a fingerprint that does not
 * reveal the machine), and the licence in force, so the vendor can sign the renewal for it.
 */
export const renewalRequestSchema = z.object({
  kind: z.literal('cityops-licence-renewal'),
  customer: z.string(),
  fingerprint: z.string(),
  current: licenceDocumentSchema.nullable(),
  requestedAt: z.string(),
});
export type RenewalRequest = z.infer<typeof renewalRequestSchema>;

/** How many devices the platform manages against what the licence in force allows. */
export const deviceUsageSchema = z.object({
  /** Every device the licence counts: the IoT registry's devices and the video platforms' cameras. */
  devicesInUse: z.number().int(),
  /** The registry's devices, counted as 设备概览 and 位置管理 count them (all projects). */
  iotDevices: z.number().int(),
  cameras: z.number().int(),
  /** null without a valid licence. */
  deviceLimit: z.number().int().nullable(),
});
export type DeviceUsage = z.infer<typeof deviceUsageSchema>;

export const licenceManageEndpoints = {
  /** The licence in force in full, for who manages or renews it (the page, the expiry warning). */
  detail: defineEndpoint({
    method: 'GET',
    path: '/sys/license/detail',
    access: permission(LICENCE_MANAGE, LICENCE_RENEWAL),
    query: getQuery(),
    body: z.undefined(),
    data: licenceStatusSchema,
  }),
  /** Every registered licence, newest first, and which one is in force. */
  list: defineEndpoint({
    method: 'GET',
    path: '/sys/license/list',
    access: permission(LICENCE_MANAGE),
    query: getQuery(),
    body: z.undefined(),
    data: z.array(registeredLicenceSchema),
  }),
  deviceUsage: defineEndpoint({
    method: 'GET',
    path: '/sys/license/deviceUsage',
    access: permission(LICENCE_MANAGE),
    query: getQuery(),
    body: z.undefined(),
    data: deviceUsageSchema,
  }),
  renewalRequest: defineEndpoint({
    method: 'GET',
    path: '/sys/license/renewalRequest',
    access: permission(LICENCE_RENEWAL),
    query: getQuery(),
    body: z.undefined(),
    data: renewalRequestSchema,
  }),
} as const;
