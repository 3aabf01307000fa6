#!/usr/bin/env node
// Builds the publishable @socio/ui: per entry point (`.`, `./charts`, `./pdf-viewer`) ESM and CommonJS
// JavaScript with declarations and source maps (tsup), the compiled CSS (Tailwind v4 CLI scanning src):
// styles.css and the opt-in preflight.css, and theme.css as written (a Tailwind `@theme` for consumers'
// own Tailwind). Usage: `pnpm --filter @socio/ui run build`.
import { spawnSync } from 'node:child_process';
import {
  copyFileSync,
  existsSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const pkgDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const bin = (name) => path.join(pkgDir, 'node_modules', '.bin', name);

function step(label, command, args) {
  console.info(`\n▶ ${label}`);
  const started = Date.now();
  const result = spawnSync(command, args, { cwd: pkgDir, stdio: 'inherit', env: process.env });
  if (result.status !== 0) {
    console.error(`✖ Falló / failed: ${label} (exit ${result.status ?? result.signal})`);
    process.exit(result.status || 1);
  }
  console.info(`✔ ${label} (${((Date.now() - started) / 1000).toFixed(1)} s)`);
}

/**
 * `'use client'` first in every JavaScript file, so React Server Components frameworks treat the whole
 * package as client code. tsup's banner lands there in ESM; in CommonJS its interop preamble goes first,
 * so the directive is put back on top, and the source map moved down the one line added. The CommonJS
 * maps also name the generated file by its absolute path on the build machine: made relative.
 */
function markClientModules(dir) {
  const directive = "'use client';";
  for (const file of readdirSync(dir).filter((name) => /\.(c?js)$/.test(name))) {
    const full = path.join(dir, file);
    const code = readFileSync(full, 'utf8');
    const shift = !code.startsWith(directive) && !code.startsWith('"use client";');
    if (shift) writeFileSync(full, `${directive}\n${code}`);
    const mapFile = `${full}.map`;
    if (!existsSync(mapFile)) continue;
    const map = JSON.parse(readFileSync(mapFile, 'utf8'));
    if (shift) map.mappings = `;${map.mappings}`;
    map.sources = map.sources.map((source) =>
      path.isAbsolute(source) ? path.relative(dir, source).split(path.sep).join('/') : source,
    );
    if (map.file && path.isAbsolute(map.file)) map.file = path.basename(map.file);
    writeFileSync(mapFile, JSON.stringify(map));
  }
}

rmSync(path.join(pkgDir, 'dist'), { recursive: true, force: true });

step('tsup: dist/{index,charts,pdf-viewer}.{js,cjs,d.ts,d.cts} + source maps', bin('tsup'), [
  '--config',
  'tsup.config.ts',
]);
markClientModules(path.join(pkgDir, 'dist'));
for (const css of ['styles', 'preflight']) {
  step(`Tailwind CSS v4: dist/${css}.css (minificado / minified)`, bin('tailwindcss'), [
    '--input',
    `src/${css}.css`,
    '--output',
    `dist/${css}.css`,
    '--minify',
  ]);
}
copyFileSync(path.join(pkgDir, 'src', 'theme.css'), path.join(pkgDir, 'dist', 'theme.css'));

const expected = [
  ...['index', 'charts', 'pdf-viewer'].flatMap((name) =>
    ['.js', '.cjs', '.d.ts', '.d.cts', '.js.map', '.cjs.map'].map((ext) => `dist/${name}${ext}`),
  ),
  'dist/styles.css',
  'dist/preflight.css',
  'dist/theme.css',
];
for (const file of expected) {
  const full = path.join(pkgDir, file);
  if (!existsSync(full) || statSync(full).size === 0) {
    console.error(`✖ Falta el archivo de salida / missing output: ${file}`);
    process.exit(1);
  }
  console.info(`  ${file}  ${(statSync(full).size / 1024).toFixed(1)} KiB`);
}
console.info('\n✔ Compilación de @socio/ui lista / build done');
