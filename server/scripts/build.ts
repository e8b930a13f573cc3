import { readFile } from 'node:fs/promises';
import { builtinModules } from 'node:module';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build, type Metafile, type Plugin } from 'esbuild';
import { z } from 'zod';

/*
 * The production build of the server: src/main.ts as one ES module in dist/, run by plain `node`
 * (`npm start`), with no tsx or other dev dependency. The workspace packages (@cityops/contract) are
 * TypeScript source, so they are bundled in; npm packages stay external, loaded from node_modules as
 * the source loads them (PGlite finds its wasm, drizzle its dialects). Usage: npm run build.
 */

const SERVER = resolve(import.meta.dirname, '..');
export const SERVER_DIST = join(SERVER, 'dist');

/** `import.meta.dirname`, `.filename` and `.url` as the TypeScript source writes them. */
const SOURCE_RELATIVE = /\bimport\.meta\.(dirname|filename|url)\b/g;

/**
 * Files found relative to the source at run time (the drizzle migrations, the shell's and the
 * sub-apps' builds) are found relative to the bundle the same way: in each bundled source file,
 * `import.meta.dirname` becomes the bundle's folder joined to the way back to that file's folder
 * (`dist/../src/db` for src/db/connection.ts). The bundle stays where the source was built, beside
 * server/src, so the paths are relative and the checkout may move.
 */
function sourceRelativePaths(outdir: string): Plugin {
  return {
    name: 'source-relative-paths',
    setup(plugin) {
      plugin.onLoad({ filter: /\.ts$/ }, async ({ path }) => {
        const source = await readFile(path, 'utf8');
        if (path.split(sep).includes('node_modules') || !source.includes('import.meta.')) return undefined;
        const back = (to: string) => JSON.stringify(relative(outdir, to).split(sep).join('/'));
        const contents = source.replace(SOURCE_RELATIVE, (_match, field: string) => {
          if (field === 'url') return `new URL(${back(path)}, import.meta.url).href`;
          return `__cityopsJoin(import.meta.dirname, ${back(field === 'dirname' ? dirname(path) : path)})`;
        });
        return { contents, loader: 'ts' };
      });
    },
  };
}

/** Bare imports other than the workspace's own packages stay imports of node_modules. */
const npmPackagesExternal: Plugin = {
  name: 'npm-packages-external',
  setup(plugin) {
    plugin.onResolve({ filter: /^[^./]/ }, ({ path }) =>
      path.startsWith('@cityops/') ? undefined : { path, external: true },
    );
  },
};

/** `drizzle-orm/pg-core` → `drizzle-orm`, `@fastify/static` → itself. */
const packageOf = (specifier: string) =>
  specifier
    .split('/')
    .slice(0, specifier.startsWith('@') ? 2 : 1)
    .join('/');

const manifestSchema = z.object({ dependencies: z.record(z.string(), z.string()) });

/**
 * The npm packages the bundle imports that are not the server's production dependencies: what
 * `npm ci --omit=dev` would leave out, so the built server would fail to start there.
 */
async function undeclaredImports(metafile: Metafile): Promise<string[]> {
  const manifest = manifestSchema.parse(JSON.parse(await readFile(join(SERVER, 'package.json'), 'utf8')));
  const builtins = new Set(builtinModules);
  const imported = Object.values(metafile.outputs).flatMap((output) =>
    output.imports.filter((entry) => entry.external).map((entry) => entry.path),
  );
  const packages = new Set(
    imported.filter((path) => !path.startsWith('node:') && !builtins.has(path)).map(packageOf),
  );
  return [...packages].filter((name) => !(name in manifest.dependencies)).sort();
}

/** Builds `outdir/main.js` (with its source map); throws naming any package the server does not depend on. */
export async function buildServer(outdir = SERVER_DIST): Promise<string> {
  const result = await build({
    entryPoints: [join(SERVER, 'src/main.ts')],
    outdir,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20.19',
    sourcemap: true,
    // Error classes and the like keep the names their code gives them.
    keepNames: true,
    metafile: true,
    logLevel: 'warning',
    banner: { js: "import { join as __cityopsJoin } from 'node:path';" },
    plugins: [npmPackagesExternal, sourceRelativePaths(outdir)],
  });
  const undeclared = await undeclaredImports(result.metafile);
  if (undeclared.length > 0)
    throw new Error(
      `the server imports ${undeclared.join(', ')} without listing it in server/package.json's dependencies`,
    );
  return join(outdir, 'main.js');
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const main = await buildServer();
  console.log(`built ${relative(process.cwd(), main)}`);
}
