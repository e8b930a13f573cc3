import { readFile } from 'node:fs/promises';
import { z } from 'zod';

/** The version hello reports: the package's own. */
export async function pluginVersion(): Promise<string> {
  const text = await readFile(new URL('../package.json', import.meta.url), 'utf8');
  return z.object({ version: z.string() }).parse(JSON.parse(text)).version;
}
