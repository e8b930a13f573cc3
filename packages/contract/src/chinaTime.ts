/**
 * The platform's users and its camera platforms are in China: dates and times they read are China
 * time (UTC+8, no daylight saving), whatever zone the browser or the server runs in.
 */
export const CHINA_UTC_OFFSET_MS = 8 * 3_600_000;

/** The platform's time zone (IANA name), in which every page shows and picks times. */
export const PLATFORM_TIME_ZONE = 'Asia/Shanghai';
/** How the zone is named beside the times listed, the same in every language. */
export const PLATFORM_ZONE_LABEL = 'UTC+8';

/** A moment as `YYYY-MM-DD HH:mm:ss` in China time, as lists and exports show times. */
export function chinaDateTime(time: Date | string | number): string {
  const ms = time instanceof Date ? time.getTime() : typeof time === 'string' ? Date.parse(time) : time;
  return new Date(ms + CHINA_UTC_OFFSET_MS).toISOString().slice(0, 19).replace('T', ' ');
}

/** Today as `YYYY-MM-DD` in China time. */
export const todayInChina = (now: Date = new Date()) => chinaDateTime(now).slice(0, 10);
