#!/usr/bin/env node
// Verifies that @socio/ui is publishable and usable by an outside app:
//   1. builds the package (scripts/build.mjs),
//   2. packs it with `pnpm pack` (which applies publishConfig: exports point at dist),
//   3. lints the tarball with publint and with `attw --profile esm-only`,
//   4. installs the tarball in a throwaway Vite app outside the workspace, renders <Button>,
//      imports `@socio/ui/styles.css`, runs `vite build` and checks the output.
// Usage: `pnpm --filter @socio/ui run check:publish`. Exits non-zero on any failure.
import { spawnSync } from 'node:child_process';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const pkgDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const workspaceRoot = path.resolve(pkgDir, '..', '..');
const bin = (name) => path.join(pkgDir, 'node_modules', '.bin', name);
const pkg = JSON.parse(readFileSync(path.join(pkgDir, 'package.json'), 'utf8'));
const rootPkg = JSON.parse(readFileSync(path.join(workspaceRoot, 'package.json'), 'utf8'));
const started = Date.now();

function fail(message) {
  console.error(`\n✖ ${message}`);
  process.exit(1);
}

function run(label, command, args, options = {}) {
  console.info(`\n▶ ${label}`);
  const t0 = Date.now();
  const result = spawnSync(command, args, {
    cwd: options.cwd ?? pkgDir,
    stdio: options.capture ? ['ignore', 'pipe', 'pipe'] : 'inherit',
    encoding: 'utf8',
    env: { ...process.env, ...options.env },
  });
  if (options.capture) {
    process.stdout.write(result.stdout ?? '');
    process.stderr.write(result.stderr ?? '');
  }
  if (result.error) fail(`${label}: ${result.error.message}`);
  if (result.status !== 0) fail(`Falló / failed: ${label} (exit ${result.status ?? result.signal})`);
  console.info(`✔ ${label} (${((Date.now() - t0) / 1000).toFixed(1)} s)`);
  return result;
}

// 1. Build.
run('Compilando @socio/ui / building', process.execPath, [path.join(pkgDir, 'scripts', 'build.mjs')]);

// 2. Pack into a fresh temporary directory (pnpm pack applies publishConfig).
const packDir = mkdtempSync(path.join(os.tmpdir(), 'socio-ui-pack-'));
run('Empaquetando con pnpm pack / packing', 'pnpm', ['pack', '--pack-destination', packDir]);
const tarballName = readdirSync(packDir).find((file) => file.endsWith('.tgz'));
if (!tarballName) fail(`pnpm pack no produjo un .tgz en ${packDir}`);
const tarball = path.join(packDir, tarballName);
console.info(`  tarball: ${tarball}`);

// Inspect the packed manifest: the published exports must point at dist, never at src.
const listing = spawnSync('tar', ['-xzf', tarball, '-C', packDir], { encoding: 'utf8' });
if (listing.status !== 0) fail(`No se pudo extraer el tarball: ${listing.stderr}`);
const packedManifest = JSON.parse(readFileSync(path.join(packDir, 'package', 'package.json'), 'utf8'));
const packedExports = JSON.stringify(packedManifest.exports);
if (packedExports.includes('./src/') || !packedExports.includes('./dist/index.js')) {
  fail(
    `El package.json empaquetado no apunta a dist / packed exports do not point at dist: ${packedExports}`,
  );
}
for (const file of ['dist/index.js', 'dist/index.d.ts', 'dist/styles.css']) {
  if (!existsSync(path.join(packDir, 'package', file)))
    fail(`Falta ${file} en el tarball / missing in tarball`);
}
const packedFiles = readdirSync(path.join(packDir, 'package'));
if (packedFiles.includes('src')) fail('El tarball incluye src/ / tarball ships src/');
console.info(`✔ Manifiesto empaquetado / packed manifest: exports → ${packedExports}`);

// 3. Lint the tarball.
run('publint (tarball)', bin('publint'), ['run', tarball, '--strict']);
run('attw --profile esm-only (tarball)', bin('attw'), [
  tarball,
  '--profile',
  'esm-only',
  '--exclude-entrypoints',
  './styles.css',
  '--no-emoji',
  '--no-color',
]);

// 4. Consumer check: a throwaway Vite + React app outside the workspace.
// A directory of its own per run, so two runs at once (parallel CI jobs, two checkouts) never share one.
const consumerDir = mkdtempSync(path.join(os.tmpdir(), 'socio-ui-consumer-'));
const versionOf = (name) => rootPkg.devDependencies?.[name] ?? pkg.devDependencies?.[name] ?? 'latest';
writeFileSync(
  path.join(consumerDir, 'package.json'),
  `${JSON.stringify(
    {
      name: 'socio-ui-consumer-check',
      private: true,
      type: 'module',
      scripts: { build: 'vite build' },
      dependencies: {
        '@socio/ui': `file:${tarball}`,
        react: versionOf('react'),
        'react-dom': versionOf('react-dom'),
        vite: versionOf('vite'),
      },
    },
    null,
    2,
  )}\n`,
);
mkdirSync(path.join(consumerDir, 'src'), { recursive: true });
writeFileSync(
  path.join(consumerDir, 'index.html'),
  '<!doctype html>\n<html lang="es-MX">\n  <head><meta charset="UTF-8" /><title>Prueba de consumo</title></head>\n' +
    '  <body>\n    <div id="root"></div>\n    <script type="module" src="/src/main.jsx"></script>\n  </body>\n</html>\n',
);
writeFileSync(
  path.join(consumerDir, 'src', 'main.jsx'),
  [
    "import { StrictMode } from 'react';",
    "import { createRoot } from 'react-dom/client';",
    "import { Button, UiProvider } from '@socio/ui';",
    "import '@socio/ui/styles.css';",
    '',
    "createRoot(document.getElementById('root')).render(",
    '  <StrictMode>',
    '    <UiProvider>',
    '      <Button>Guardar</Button>',
    '    </UiProvider>',
    '  </StrictMode>,',
    ');',
    '',
  ].join('\n'),
);
writeFileSync(
  path.join(consumerDir, 'vite.config.js'),
  "export default { oxc: { jsx: { runtime: 'automatic' } }, logLevel: 'error' };\n",
);

run(
  `npm install en la app de prueba / consumer app (${consumerDir})`,
  'npm',
  ['install', '--prefer-offline', '--no-audit', '--no-fund', '--ignore-scripts', '--loglevel=error'],
  { cwd: consumerDir, env: { npm_config_update_notifier: 'false' } },
);
// Run vite through node directly from the consumer, so nothing resolves back into the workspace.
const viteBin = path.join(consumerDir, 'node_modules', 'vite', 'bin', 'vite.js');
if (!existsSync(viteBin)) fail('vite no quedó instalado en la app de prueba / vite missing in consumer');
const consumerBuild = spawnSync(process.execPath, [viteBin, 'build'], {
  cwd: consumerDir,
  stdio: 'inherit',
  env: process.env,
});
if (consumerBuild.status !== 0) fail('vite build de la app de prueba falló / consumer vite build failed');

const assetsDir = path.join(consumerDir, 'dist', 'assets');
const assets = existsSync(assetsDir) ? readdirSync(assetsDir) : [];
const read = (ext) =>
  assets
    .filter((file) => file.endsWith(ext))
    .map((file) => readFileSync(path.join(assetsDir, file), 'utf8'))
    .join('\n');
const js = read('.js');
const css = read('.css');
if (!/["'`]?data-slot["'`]?\s*:\s*["'`]button["'`]/.test(js)) {
  fail(
    'El JS de la app de prueba no contiene el Button (data-slot="button") / Button missing from consumer JS',
  );
}
if (!js.includes('Guardar')) fail('El JS de la app de prueba no contiene el texto del Button / text missing');
if (!/\.bg-brand-600\s*\{/.test(css)) {
  fail(
    'El CSS de la app de prueba no contiene la clase bg-brand-600 / Button class missing from consumer CSS',
  );
}
if (/@tailwind|@theme|@source/.test(css)) fail('El CSS publicado no está compilado / CSS is not compiled');
console.info('✔ App de prueba: el JS incluye <Button> y el CSS incluye .bg-brand-600');

rmSync(packDir, { recursive: true, force: true });
rmSync(consumerDir, { recursive: true, force: true });
console.info(
  `\n✔ @socio/ui ${pkg.version} listo para publicar / ready to publish (${((Date.now() - started) / 1000).toFixed(0)} s)`,
);
