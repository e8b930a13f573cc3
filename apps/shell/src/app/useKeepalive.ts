import { useEffect } from 'react';
import { KEEPALIVE_INTERVAL_MS } from '@cityops/contract';
import { postpone } from '../features/auth/api';

/**
 * Extends the session every 180 s while `active` (signed in, not on a login page). A failure is
 * reported by the HTTP client: a session-ended code opens the 确定登出 box.
 */
export function useKeepalive(active: boolean): void {
  useEffect(() => {
    if (!active) return;
    const timer = setInterval(() => {
      postpone().catch(() => undefined);
    }, KEEPALIVE_INTERVAL_MS);
    return () => clearInterval(timer);
  }, [active]);
}
