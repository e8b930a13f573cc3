import { isApiError } from '@cityops/client';
import {
  authEndpoints,
  licenceDowngradeSchema,
  licenceEndpoints,
  StatusCode,
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

/** POST /login/doLoginByTicket: quiet, the page shows why a ticket was refused. */
export const loginByTicket = (ticket: string) =>
  http.call(authEndpoints.ticketLogin, { body: { ticket }, quiet: true });
