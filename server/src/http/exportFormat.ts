import { todayInChina } from '@cityops/contract';

const CHINA_OFFSET_MS = 8 * 3_600_000;

/**
 * A moment as `YYYY-MM-DD HH:mm:ss` in China time, where the platform's users live: what an export
 * writes for a time (a string, so Excel shows it as the list does, whatever the reader's zone).
 */
export function chinaDateTime(time: Date | string): string {
  const ms = typeof time === 'string' ? Date.parse(time) : time.getTime();
  return new Date(ms + CHINA_OFFSET_MS).toISOString().slice(0, 19).replace('T', ' ');
}

/** An export's file name: the list's name and today in China time, e.g. `登录日志-20261123`. */
export const datedFileName = (name: string, now: Date) => `${name}-${todayInChina(now).replaceAll('-', '')}`;
