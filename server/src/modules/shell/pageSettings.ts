import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { pageSettingsFrom, usesAMap, type PageSettings } from '@cityops/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.js';

export const PAGE_SETTINGS_FILE = 'page-settings.json';

/** What the demo shows on the login page until an operator writes their own settings. */
const demoDefaults = (now: Date) => ({
  copyright: `© ${now.getFullYear()} CityOps`,
  registrationNumber: '粤ICP备00000000号',
});

/**
 * The page settings: DATA_DIR/page-settings.json over the defaults, read on every request so an edit
 * shows on the next page load. A broken file is reported in the log and the defaults are used; a
 * setting that does not match is reported and takes its default alone.
 */
export async function readPageSettings(
  config: Config,
  now: Date,
  log: FastifyBaseLogger,
): Promise<PageSettings> {
  const defaults = config.CITYOPS_MODE === 'demo' ? demoDefaults(now) : {};
  const path = join(config.DATA_DIR, PAGE_SETTINGS_FILE);
  let stored: unknown = {};
  try {
    stored = JSON.parse(await readFile(path, 'utf8'));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT')
      log.warn({ path }, 'page settings are not valid JSON');
  }
  const { settings, issues } = pageSettingsFrom(stored, defaults);
  if (issues.length > 0)
    log.warn({ path, issues }, 'some page settings do not match the schema; their defaults apply');
  return settings;
}

/**
 * Where the pages may load scripts from beyond their own origin: AMap's JS API and the scripts it loads
 * from its hosts (its geocoder answers by JSONP), only while the settings make AMap the map provider
 * with a key (platform-shell.md §7 "Maps"). The offline map and tile servers need no script.
 */
export const AMAP_SCRIPT_SOURCES = ['https://webapi.amap.com', 'https://*.amap.com'] as const;
export const mapScriptSources = ({ map }: PageSettings): readonly string[] =>
  usesAMap(map) ? AMAP_SCRIPT_SOURCES : [];

/** JSON that is also safe inside a <script>: no closing tags, no JavaScript-only line breaks. */
export const scriptJson = (value: unknown) =>
  JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
