import { mkdir, open } from 'node:fs/promises';
import { join } from 'node:path';

const pad = (value: number) => String(value).padStart(2, '0');

/** Local date-time as file names carry it: to the minute (§9), or to the second. */
export function fileTime(date: Date, seconds: boolean): string {
  const day = `${date.getFullYear()}${pad(date.getMonth() + 1)}${pad(date.getDate())}`;
  const time = `${pad(date.getHours())}${pad(date.getMinutes())}${seconds ? pad(date.getSeconds()) : ''}`;
  return `${day}_${time}`;
}

/**
 * A new empty file in `dir` (created if needed) named `<stem>.<ext>`, or `<stem>-2.<ext>`… when that
 * is taken: made at once, so two windows saving in the same minute never get the same name.
 */
export async function claimPath(dir: string, stem: string, ext: string): Promise<string> {
  await mkdir(dir, { recursive: true });
  const safe = stem.replace(/[^\w.-]/g, '_');
  for (let n = 1; ; n++) {
    const path = join(dir, `${safe}${n === 1 ? '' : `-${n}`}.${ext}`);
    try {
      await (await open(path, 'wx')).close();
      return path;
    } catch (error) {
      if (!(error instanceof Error && 'code' in error && error.code === 'EEXIST')) throw error;
    }
  }
}
