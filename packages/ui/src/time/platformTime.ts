import dayjs, { type Dayjs } from 'dayjs';
import timezone from 'dayjs/plugin/timezone.js';
import utc from 'dayjs/plugin/utc.js';
import { PLATFORM_TIME_ZONE, PLATFORM_ZONE_LABEL } from '@cityops/contract';

/**
 * One time-zone rule for every page: times are shown and picked in the platform's zone (China time),
 * whatever zone the browser runs in. antd's pickers work on dayjs; with the timezone plugin and the
 * platform's zone as dayjs's default, their "now" (today's mark, 此刻) is the platform's too, and
 * the values below carry the zone, so what a picker shows is platform time.
 */
export const MOMENT_FORMAT = 'YYYY-MM-DD HH:mm:ss';

let ready = false;

/** Teaches dayjs the platform's zone; every app's start (and every component test) runs it once. */
export function setUpPlatformTimeZone(): void {
  if (ready) return;
  dayjs.extend(utc);
  dayjs.extend(timezone);
  dayjs.tz.setDefault(PLATFORM_TIME_ZONE);
  ready = true;
}

/** A stored moment (ISO 8601, epoch ms or a Date) as the platform's clock shows it. */
export function platformDay(moment: string | number | Date): Dayjs {
  setUpPlatformTimeZone();
  return dayjs(moment).tz(PLATFORM_TIME_ZONE);
}

/** Now, on the platform's clock. */
export const platformNow = (): Dayjs => platformDay(Date.now());

/** A wall-clock time written in the platform's zone (`2026-12-07 08:00:00`), as a moment. */
export function platformTimeOf(wall: string, format: string = MOMENT_FORMAT): Dayjs {
  setUpPlatformTimeZone();
  return dayjs.tz(wall, format, PLATFORM_TIME_ZONE);
}

/** A list's time column title with the zone its times are in: `登录时间 (UTC+8)`. */
export const zonedTitle = (title: string) => `${title} (${PLATFORM_ZONE_LABEL})`;
