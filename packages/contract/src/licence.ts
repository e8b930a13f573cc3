import { z } from 'zod';
import { defineEndpoint, PUBLIC } from './endpoint.js';

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

export const signedLicenceSchema = z.object({
  licence: licenceDocumentSchema,
  /** Ed25519 signature, base64. */
  signature: z.string().min(1).max(256),
});
export type SignedLicence = z.infer<typeof signedLicenceSchema>;

export const licenceStatusSchema = z.object({
  state: z.enum(['valid', 'expired', 'missing']),
  licence: licenceDocumentSchema.nullable(),
  /** Whole days until expiry; negative once expired; null without a licence. */
  daysLeft: z.number().int().nullable(),
});
export type LicenceStatus = z.infer<typeof licenceStatusSchema>;

/**
 * Both are public: the registration page (/license) is public, and an installed licence is only
 * replaced by one the vendor signed. Expired or missing licences make every other call answer 10402,
 * except sign-in, sign-out and these.
 */
export const licenceEndpoints = {
  status: defineEndpoint({
    method: 'GET',
    path: '/sys/license/status',
    access: PUBLIC,
    query: z.object({ t: z.string().optional() }),
    body: z.undefined(),
    data: licenceStatusSchema,
  }),
  register: defineEndpoint({
    method: 'POST',
    path: '/sys/license/register',
    access: PUBLIC,
    query: z.object({}).strict(),
    body: signedLicenceSchema,
    data: licenceStatusSchema,
  }),
} as const;
