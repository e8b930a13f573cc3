import { isApiError } from '@cityops/client';
import {
  authEndpoints,
  licenceDowngradeSchema,
  licenceEndpoints,
  StatusCode,
  type NopassTokenQuery,
  type RegisterLicenceRequest,
  type WorseReason,
} from '@cityops/contract';
import { http } from '../../app/http';

/** GET /sys/license/status (public). */
export const fetchLicenceStatus = (signal?: AbortSignal) =>
  http.call(licenceEndpoints.status, { signal, quiet: true });

/**
 * POST /sys/license/register (public). Quiet: the page says why it was refused, since a downgrade
 * refusal is a question to the administrator rather than a message.
 */
export const registerLicence = (body: RegisterLicenceRequest) =>
  http.call(licenceEndpoints.register, { body, quiet: true });

/** What is worse when registration was refused as a downgrade; null for any other failure. */
export function downgradeReasons(error: unknown): WorseReason[] | null {
  if (!isApiError(error) || error.statusCode !== StatusCode.REJECTED) return null;
  const refusal = licenceDowngradeSchema.safeParse(error.body?.data);
  return refusal.success ? refusal.data.reasons : null;
}

/** GET nopass/token (§7 Auth): quiet, the page shows why a ticket or its redirect was refused. */
export const loginByNopassToken = (query: NopassTokenQuery) =>
  http.call(authEndpoints.nopassToken, { query, quiet: true });
