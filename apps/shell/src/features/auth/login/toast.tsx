import { useEffect, useSyncExternalStore } from 'react';
import { MESSAGE_DURATION_MS } from '@cityops/contract';
import type { MessageLevel } from '@cityops/client';
import { Icon, type IconName } from './icons';
import styles from './toast.module.css';

/**
 * The light login's message (platform-shell.md §8: one at a time, 3 s), drawn like antd's message:
 * the boot path shows the HTTP client's refusals with it before antd has loaded.
 */
interface Shown {
  level: MessageLevel;
  text: string;
  /** A new message of the same text still restarts the 3 s. */
  id: number;
}

let shown: Shown | null = null;
let shownCount = 0;
const listeners = new Set<() => void>();
const notify = () => {
  for (const listener of listeners) listener();
};

export function showToast(level: MessageLevel, text: string): void {
  shownCount += 1;
  shown = { level, text, id: shownCount };
  notify();
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};
const current = () => shown;

const ICONS: Record<MessageLevel, IconName> = {
  SUCCESS: 'success',
  FAIL: 'error',
  TIPS: 'info',
  WARN: 'warning',
};

/** Where the message shows; rendered once by the light login. */
export function ToastHost() {
  const message = useSyncExternalStore(subscribe, current);
  useEffect(() => {
    if (!message) return;
    const timer = setTimeout(() => {
      if (shown?.id === message.id) {
        shown = null;
        notify();
      }
    }, MESSAGE_DURATION_MS);
    return () => clearTimeout(timer);
  }, [message]);
  return (
    <div className={styles.holder} role="status" aria-live="polite">
      {message && (
        <div key={message.id} className={styles.notice}>
          <Icon name={ICONS[message.level]} className={styles[ICONS[message.level]]} />
          <span>{message.text}</span>
        </div>
      )}
    </div>
  );
}
