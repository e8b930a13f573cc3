import { existsSync } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { buildManifestSchema, staticClosure, type BuildManifest } from '@cityops/contract';

/** The builds whose sizes are budgeted: the shell's and the sub-apps' one build. */
export const SHELL_DIST = resolve(import.meta.dirname, '../../apps/shell/dist');
export const SUBAPPS_DIST = resolve(import.meta.dirname, '../../dist/subapps');

export async function readManifest(dist: string): Promise<BuildManifest> {
  return buildManifestSchema.parse(JSON.parse(await readFile(join(dist, '.vite', 'manifest.json'), 'utf8')));
}

/** The JavaScript among a closure's files (the budgets weigh scripts; styles are small). */
const scripts = (files: readonly string[]) => files.filter((file) => file.endsWith('.js'));

export interface Weight {
  files: number;
  /** As the servers send them to a browser that takes brotli: the `.br` copy where the build made one. */
  wire: number;
  plain: number;
}

export async function weigh(dist: string, files: readonly string[]): Promise<Weight> {
  let wire = 0;
  let plain = 0;
  for (const file of files) {
    const path = join(dist, file);
    const size = (await stat(path)).size;
    plain += size;
    wire += existsSync(`${path}.br`) ? (await stat(`${path}.br`)).size : size;
  }
  return { files: files.length, wire, plain };
}

/**
 * The JavaScript the login page loads before it can be used: the shell's entry and its static imports,
 * which hold the light login, plus the light login's own chunk should it ever become one.
 * Not the full shell, which the page fetches once it is idle, nor SM2, loaded for remember-me only.
 */
export async function loginPageWeight(dist = SHELL_DIST): Promise<Weight> {
  const manifest = await readManifest(dist);
  const login = Object.keys(manifest).filter((key) => key.endsWith('features/auth/login/LoginScreen.tsx'));
  return weigh(dist, scripts(staticClosure(manifest, ['index.html', ...login])));
}

/** What a sub-app's page loads before the app runs (pages come later, each in its own chunk). */
export async function subAppEntryWeight(app: string, dist = SUBAPPS_DIST): Promise<Weight> {
  return weigh(dist, scripts(staticClosure(await readManifest(dist), [`${app}/index.html`])));
}

/** What a sub-app's entry needs that the other apps' entries do not share: what opening it adds. */
export async function subAppOwnWeight(app: string, others: readonly string[], dist = SUBAPPS_DIST) {
  const manifest = await readManifest(dist);
  const shared = new Set(
    staticClosure(
      manifest,
      others.map((other) => `${other}/index.html`),
    ),
  );
  return weigh(
    dist,
    scripts(staticClosure(manifest, [`${app}/index.html`])).filter((file) => !shared.has(file)),
  );
}
