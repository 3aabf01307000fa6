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
import { BUNDLE_OPTIONS } from './build-options.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const outdir = path.join(here, 'dist');
rmSync(outdir, { recursive: true, force: true });

const started = performance.now();
const bundle = (entryPoints, dir) =>
  build({ entryPoints, outdir: dir, ...BUNDLE_OPTIONS, metafile: true, logLevel: 'warning' });
// The server, and apart (its chunks shared with no one, removed once it ran) the program that makes the template.
const templateBuildDir = path.join(outdir, 'build-template');
const results = await Promise.all([
  bundle(
    {
      main: path.join(here, 'src/main.ts'),
      // The PDF checker's worker thread, loaded next to main.js (see src/modules/reportes/pdf-pages.ts).
      'pdf-pages.worker': path.join(here, 'src/modules/reportes/pdf-pages.worker.js'),
    },
    outdir,
  ),
  bundle({ 'build-template': path.join(here, 'src/build-template.ts') }, templateBuildDir),
]);
const bytes = Object.values(results[0].metafile.outputs).reduce((n, o) => n + o.bytes, 0);
console.info(
  `[api] dist/main.js construido en ${Math.round(performance.now() - started)} ms (${(bytes / 1024).toFixed(0)} KB con su mapa)`,
);

const templateStarted = performance.now();
const template = spawnSync(
  process.execPath,
  [path.join(templateBuildDir, 'build-template.js'), path.join(outdir, 'pglite-template')],
  { stdio: 'inherit' },
);
rmSync(templateBuildDir, { recursive: true, force: true });
if (template.status !== 0) {
  console.error('[api] no se pudo crear dist/pglite-template');
  process.exit(1);
}
console.info(
  `[api] dist/pglite-template (PGlite inicializado y migrado) en ${Math.round(performance.now() - templateStarted)} ms`,
);
