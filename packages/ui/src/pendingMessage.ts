import { z } from 'zod';
import type { MessageLevel } from './feedback.js';

/**
 * A message that must outlive a page reload waits in session storage until the next page shows it.
 * Apart from the message helper so the light login, the page such a reload often lands on,
 * shows it without loading antd.
 */
const PENDING_MESSAGE_KEY = 'cityops-pending-message';
const pendingMessageSchema = z.object({
  level: z.enum(['SUCCESS', 'FAIL', 'TIPS', 'WARN']),
  text: z.string().max(500),
});
export type PendingMessage = z.infer<typeof pendingMessageSchema>;

/** Keeps the message for the next page; answers false when storage is blocked. */
export function keepMessageForReload(level: MessageLevel, text: string): boolean {
  try {
    sessionStorage.setItem(PENDING_MESSAGE_KEY, JSON.stringify({ level, text }));
    return true;
  } catch {
    return false;
  }
}

/** The message a page left before reloading, once: it is removed as it is read. */
export function takePendingMessage(): PendingMessage | null {
  let stored: string | null = null;
  try {
    stored = sessionStorage.getItem(PENDING_MESSAGE_KEY);
    sessionStorage.removeItem(PENDING_MESSAGE_KEY);
  } catch {
    return null;
  }
  if (!stored) return null;
  try {
    const pending = pendingMessageSchema.safeParse(JSON.parse(stored));
    return pending.success ? pending.data : null;
  } catch {
    // A malformed item is dropped.
    return null;
  }
}
