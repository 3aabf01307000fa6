#!/usr/bin/env node
// Builds the publishable @socio/ui: ESM JavaScript + type declarations (tsup) and one compiled CSS file
// (Tailwind v4 CLI scanning src). Usage: `pnpm --filter @socio/ui run build`.
import { spawnSync } from 'node:child_process';
import { existsSync, rmSync, statSync } from 'node:fs';
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

rmSync(path.join(pkgDir, 'dist'), { recursive: true, force: true });

step('tsup: dist/index.js + dist/index.d.ts (ESM)', bin('tsup'), ['--config', 'tsup.config.ts']);
step('Tailwind CSS v4: dist/styles.css (minificado / minified)', bin('tailwindcss'), [
  '--input',
  'src/styles.css',
  '--output',
  'dist/styles.css',
  '--minify',
]);

const expected = ['dist/index.js', 'dist/index.d.ts', 'dist/styles.css'];
for (const file of expected) {
  const full = path.join(pkgDir, file);
  if (!existsSync(full) || statSync(full).size === 0) {
    console.error(`✖ Falta el archivo de salida / missing output: ${file}`);
    process.exit(1);
  }
  console.info(`  ${file}  ${(statSync(full).size / 1024).toFixed(1)} KiB`);
}
console.info('\n✔ Compilación de @socio/ui lista / build done');
