import { authEndpoints, licenceEndpoints, type SignedLicence } from '@cityops/contract';
import { http } from '../../app/http';

/** GET /sys/license/status (public). */
export const fetchLicenceStatus = (signal?: AbortSignal) =>
  http.call(licenceEndpoints.status, { signal, quiet: true });

/** POST /sys/license/register (public); a refusal is shown by the client. */
export const registerLicence = (body: SignedLicence) => http.call(licenceEndpoints.register, { body });

/** POST /login/doLoginByTicket: quiet, the page shows why a ticket was refused. */
export const loginByTicket = (ticket: string) =>
  http.call(authEndpoints.ticketLogin, { body: { ticket }, quiet: true });
