import { useEffect } from 'react';
import { KEEPALIVE_INTERVAL_MS } from '@cityops/contract';
import { readToken } from '@cityops/client';
import { postpone } from '../features/auth/api';

/**
 * Extends the session every 180 s while `active` (signed in, not on a login page). A failure is
 * reported by the HTTP client: a session-ended code opens the 确定登出 box. Once that has cleared
 * the token, a user who chose to stay on the page is not asked again every 180 s.
 */
export function useKeepalive(active: boolean): void {
  useEffect(() => {
    if (!active) return;
    const timer = setInterval(() => {
      if (readToken() === null) return;
      postpone().catch(() => undefined);
    }, KEEPALIVE_INTERVAL_MS);
    return () => clearInterval(timer);
  }, [active]);
}
