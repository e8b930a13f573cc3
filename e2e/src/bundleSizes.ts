import { existsSync } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { z } from 'zod';

/** The builds whose sizes are budgeted: the shell's and the sub-apps' one build. */
export const SHELL_DIST = resolve(import.meta.dirname, '../../apps/shell/dist');
export const SUBAPPS_DIST = resolve(import.meta.dirname, '../../dist/subapps');

/** One entry of Vite's build manifest (`build.manifest`): a chunk and the chunks it imports. */
const manifestSchema = z.record(
  z.string(),
  z.object({
    file: z.string(),
    isEntry: z.boolean().optional(),
    imports: z.array(z.string()).optional(),
  }),
);
type Manifest = z.infer<typeof manifestSchema>;

export async function readManifest(dist: string): Promise<Manifest> {
  return manifestSchema.parse(JSON.parse(await readFile(join(dist, '.vite', 'manifest.json'), 'utf8')));
}

/** The chunks `keys` need before they run: themselves and every static import, transitively. */
export function staticClosure(manifest: Manifest, keys: readonly string[]): string[] {
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    const chunk = manifest[key];
    if (!chunk) throw new Error(`the build manifest has no chunk ${key}`);
    seen.add(key);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  keys.forEach(visit);
  return [...seen].map((key) => manifest[key]?.file ?? key);
}

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

/** The JavaScript the login page loads before it can be used: the shell's entry and the page's chunk. */
export async function loginPageWeight(dist = SHELL_DIST): Promise<Weight> {
  const manifest = await readManifest(dist);
  const login = Object.keys(manifest).find((key) => key.endsWith('features/auth/pages/LoginPage.tsx'));
  if (!login) throw new Error('the shell build has no login page chunk');
  return weigh(dist, staticClosure(manifest, ['index.html', login]));
}

/** What a sub-app's page loads before the app runs (pages come later, each in its own chunk). */
export async function subAppEntryWeight(app: string, dist = SUBAPPS_DIST): Promise<Weight> {
  return weigh(dist, staticClosure(await readManifest(dist), [`${app}/index.html`]));
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
    staticClosure(manifest, [`${app}/index.html`]).filter((file) => !shared.has(file)),
  );
}
