import { json, type PlatformResponse } from '../http/platformServer.js';

/**
 * Result codes. 1000 (admin API success), 0 (OAuth and resource success) and 2239 (no recording) are ICC's;
 * the others are the simulator's own, since the vendor's values are not public. Adapters should treat any
 * code other than the success code as a failure and show `errMsg`.
 */
export const iccErrors = {
  badParameter: '1001',
  noSuchChannel: '1002',
  offline: '1003',
  noPtz: '1004',
  noPreset: '1005',
  badCredentials: '1010',
  badClient: '1011',
  invalidToken: '1012',
  noTalkSession: '1013',
  noRecord: '2239',
} as const;

export function iccSuccess(data: unknown): PlatformResponse {
  return json({ success: true, code: '1000', errMsg: '', desc: 'Success', data });
}

export function iccFailure(code: string, errMsg: string, status = 200): PlatformResponse {
  return json({ success: false, code, errMsg, desc: errMsg, data: null }, status);
}
