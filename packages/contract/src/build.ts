import { z } from 'zod';
import { SUB_APPS, SUBAPP_ASSETS_PATH, SUBAPP_BASE } from './constants.js';

/**
 * Vite's build manifest (`build.manifest`), as far as we read it: each chunk, its file, the chunks it
 * imports statically and its styles. Read by the server (which sub-app chunks to prefetch) and by the
 * size budgets.
 */
export const buildManifestSchema = z.record(
  z.string(),
  z.object({
    file: z.string(),
    isEntry: z.boolean().optional(),
    imports: z.array(z.string()).optional(),
    css: z.array(z.string()).optional(),
  }),
);
export type BuildManifest = z.infer<typeof buildManifestSchema>;

/** The files `keys` need before they run: their chunks and every static import, transitively. */
export function staticClosure(manifest: BuildManifest, keys: readonly string[]): string[] {
  const seen = new Set<string>();
  const files: string[] = [];
  const visit = (key: string) => {
    if (seen.has(key)) return;
    const chunk = manifest[key];
    if (!chunk) throw new Error(`the build manifest has no chunk ${key}`);
    seen.add(key);
    files.push(chunk.file, ...(chunk.css ?? []));
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  keys.forEach(visit);
  return [...new Set(files)];
}

/**
 * `GET /subapps/preload.json`: the chunks every sub-app's page loads before the app runs, as URLs on
 * the shell's origin. The shell fetches them into the browser's cache while the user is idle, so the
 * first sub-app opened finds its code there (the frames load the same URLs).
 */
export const SUBAPP_PRELOAD_PATH = `${SUBAPP_BASE}preload.json`;
export const subAppPreloadSchema = z.object({
  files: z.array(z.string().refine((file) => file.includes(SUBAPP_ASSETS_PATH), 'not a sub-app chunk')),
});
export type SubAppPreload = z.infer<typeof subAppPreloadSchema>;

/**
 * The preload list of a sub-apps build: the entries' shared closure, named under SUBAPP_ASSETS_PATH on
 * `origin` (the shell's own when empty).
 */
export function subAppPreload(manifest: BuildManifest, origin = ''): SubAppPreload {
  const closures = SUB_APPS.map((app) => new Set(staticClosure(manifest, [`${app}/index.html`])));
  const [first = new Set<string>(), ...rest] = closures;
  const shared = [...first].filter((file) => rest.every((closure) => closure.has(file)));
  return { files: shared.map((file) => `${origin}${SUBAPP_BASE}${file}`) };
}
