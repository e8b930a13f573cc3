import { describe, expect, it } from 'vitest';
import { inBrowserZone } from '@cityops/ui/testing/timeZone';
import { compactStamp, endOfDay, formatDateTime, parseTime, startOfDay, toIsoLocal } from './time.js';
import { captureFileName, recordingFileName } from './recording/fileNames.js';

describe('times', () => {
  it('read local date-times, ISO times and epoch milliseconds', () => {
    const local = new Date(2026, 10, 22, 8, 5, 9).getTime();
    expect(parseTime('2026-11-22 08:05:09')).toBe(local);
    expect(parseTime('2026-11-22T08:05:09')).toBe(local);
    expect(parseTime('2026-11-22 08:05')).toBe(local - 9_000);
    expect(parseTime('2026-11-22T00:00:00.000Z')).toBe(Date.UTC(2026, 10, 22));
    expect(parseTime(local)).toBe(local);
    expect([parseTime(''), parseTime('soon'), parseTime(undefined), parseTime(Number.NaN)]).toEqual([
      null,
      null,
      null,
      null,
    ]);
  });

  it('bound a day at 00:00:00 and 23:59:59', () => {
    const time = parseTime('2026-11-22 13:14:15') ?? 0;
    expect(formatDateTime(startOfDay(time))).toBe('2026-11-22 00:00:00');
    expect(formatDateTime(endOfDay(time))).toBe('2026-11-22 23:59:59');
  });

  it('write the forms the picker, the queries and the file names use', () => {
    const time = parseTime('2026-11-22 13:14:15') ?? 0;
    expect(Date.parse(toIsoLocal(time))).toBe(time);
    expect(compactStamp(time)).toBe('202611221314');
    expect(compactStamp(time, true)).toBe('20261122131415');
  });
});

describe('times in a browser elsewhere', () => {
  // New York is 13 hours behind China in November: the playback pages keep the platform's clock.
  inBrowserZone('America/New_York');

  it('read, write and bound days on the platform’s clock, not the browser’s', () => {
    const time = parseTime('2026-11-22 08:05:09') ?? 0;
    expect(time).toBe(Date.UTC(2026, 10, 22, 0, 5, 9));
    expect(new Date(time).getHours()).toBe(19);
    expect(formatDateTime(time)).toBe('2026-11-22 08:05:09');
    expect(toIsoLocal(time)).toBe('2026-11-22T08:05:09.000+08:00');
    expect(formatDateTime(startOfDay(time))).toBe('2026-11-22 00:00:00');
    expect(formatDateTime(endOfDay(time))).toBe('2026-11-22 23:59:59');
    expect(compactStamp(time, true)).toBe('20261122080509');
  });
});

describe('file names', () => {
  const time = parseTime('2026-11-22 13:14:15') ?? 0;

  it('name recordings by the date-time to the minute', () => {
    expect(recordingFileName('MP4', time)).toBe('202611221314.mp4');
    expect(recordingFileName('PS', time)).toBe('202611221314.ps');
  });

  it('name pictures by the date-time to the second', () => {
    expect(captureFileName('JPEG', time)).toBe('20261122131415.jpg');
    expect(captureFileName('BMP', time)).toBe('20261122131415.bmp');
  });
});
