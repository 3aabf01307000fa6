#!/usr/bin/env node
// Production build of the API: one ESM bundle, apps/api/dist/main.js, run by `node dist/main.js`
// (no tsx at run time). Every package is bundled in but the few in EXTERNAL, which stay imports resolved
// from node_modules. Then dist/pglite-template: an initialised, migrated PGlite cluster that a new DATA_DIR starts
// as a copy of, so a first `npm start` skips initdb.
import { spawnSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const here = path.dirname(fileURLToPath(import.meta.url));
const outdir = path.join(here, 'dist');
rmSync(outdir, { recursive: true, force: true });

/**
 * The only packages left as imports resolved from node_modules: PGlite loads its .wasm/.data files next to its own
 * module, @fastify/swagger-ui serves its own static files, and pg (PostgreSQL only, imported when DATABASE_URL
 * is set) requires its optional native binding. Everything else is bundled in: Node's loaders resolve, stat and
 * read each module file of a package (and its package.json) one by one, about 0.3 s of CPU on every start for
 * fastify, its plugins, kysely and nodemailer; one bundle is read once, and V8 parses its functions lazily.
 * Bundled CommonJS that requires a Node built-in goes through the `require` the banner defines.
 */
const EXTERNAL = ['@electric-sql/pglite', '@fastify/swagger-ui', 'pg'];
const isExternal = (specifier) =>
  EXTERNAL.some((name) => specifier === name || specifier.startsWith(`${name}/`));

/** @type {import('esbuild').Plugin} */
const externalDependencies = {
  name: 'external-dependencies',
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, (args) => {
      if (!isExternal(args.path)) return undefined;
      return { path: args.path, external: true };
    });
  },
};

const started = performance.now();
const result = await build({
  entryPoints: {
    main: path.join(here, 'src/main.ts'),
    'build-template': path.join(here, 'src/build-template.ts'),
    // The PDF checker's worker thread, loaded next to main.js (see src/modules/reportes/pdf-pages.ts).
    'pdf-pages.worker': path.join(here, 'src/modules/reportes/pdf-pages.worker.js'),
  },
  outdir,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  legalComments: 'none',
  banner: {
    js: "import { createRequire as __createRequire } from 'node:module';\nconst require = __createRequire(import.meta.url);",
  },
  plugins: [externalDependencies],
  metafile: true,
  logLevel: 'warning',
});
const bytes = Object.values(result.metafile.outputs).reduce((n, o) => n + o.bytes, 0);
console.info(
  `[api] dist/main.js construido en ${Math.round(performance.now() - started)} ms (${(bytes / 1024).toFixed(0)} KB con su mapa)`,
);

const templateStarted = performance.now();
const template = spawnSync(
  process.execPath,
  [path.join(outdir, 'build-template.js'), path.join(outdir, 'pglite-template')],
  { stdio: 'inherit' },
);
for (const file of ['build-template.js', 'build-template.js.map'])
  rmSync(path.join(outdir, file), { force: true });
if (template.status !== 0) {
  console.error('[api] no se pudo crear dist/pglite-template');
  process.exit(1);
}
console.info(
  `[api] dist/pglite-template (PGlite inicializado y migrado) en ${Math.round(performance.now() - templateStarted)} ms`,
);
