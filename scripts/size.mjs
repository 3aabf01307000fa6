#!/usr/bin/env node
// Weighs what the /login route costs a browser, as it really arrives:
// 1. bytes on the wire in Chromium (Debian's /usr/bin/chromium): the built app served by the API
//    server (precompressed brotli/gzip by content negotiation), JS, CSS and HTML of /login;
// 2. from the Vite manifest, which chunks the route loads, and that none of them bundles a library the
//    login does not need (charts, pdf.js, tables: checked against the source maps in dist-maps/).
// Exits 1 when the JS on the wire exceeds the budget (LOGIN_JS_LIMIT_KB, 150 by default).
// Run after `pnpm --filter @socio/backoffice build`.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright';
import { freePort, waitForHealth } from './lib/product-server.mjs';
import { measurePageLoad } from './lib/wire-bytes.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dist = path.join(root, 'apps/backoffice/dist');
const maps = path.join(root, 'apps/backoffice/dist-maps');
const manifestPath = path.join(dist, '.vite/manifest.json');
const LIMIT_KB = Number(process.env.LOGIN_JS_LIMIT_KB ?? 150);
const LOGIN_ROUTE = 'src/routes/login.tsx';
/** Libraries that must never reach the login route (checked against each chunk's source map). */
const FORBIDDEN = [
  /node_modules[\\/](\.pnpm[\\/][^\\/]+[\\/]node_modules[\\/])?@nivo[\\/]/,
  /node_modules[\\/](\.pnpm[\\/][^\\/]+[\\/]node_modules[\\/])?(pdfjs-dist|react-pdf)[\\/]/,
  /node_modules[\\/](\.pnpm[\\/][^\\/]+[\\/]node_modules[\\/])?@tanstack[\\/](react-table|table-core)[\\/]/,
  /node_modules[\\/](\.pnpm[\\/][^\\/]+[\\/]node_modules[\\/])?@e965[\\/]xlsx[\\/]/,
];

if (!existsSync(manifestPath)) {
  console.error(
    `No existe ${path.relative(root, manifestPath)}: ejecuta antes "pnpm --filter @socio/backoffice build".`,
  );
  process.exit(1);
}

/* ---------------------------------------------------------------- chunks of the route */

/** @type {Record<string, {file: string, isEntry?: boolean, imports?: string[]}>} */
const manifest = JSON.parse(readFileSync(manifestPath, 'utf8'));
const entryKey = Object.keys(manifest).find((key) => manifest[key]?.isEntry);
const loginKey = Object.keys(manifest).find((key) => key.endsWith(LOGIN_ROUTE));
if (!entryKey || !loginKey) {
  console.error(`El manifiesto no tiene ${entryKey ? LOGIN_ROUTE : 'un punto de entrada'}.`);
  process.exit(1);
}
const keys = new Set();
(function collect(...starts) {
  for (const key of starts) {
    if (keys.has(key) || !manifest[key]) continue;
    keys.add(key);
    collect(...(manifest[key].imports ?? []));
  }
})(entryKey, loginKey);

const offenders = [];
for (const key of keys) {
  const file = manifest[key]?.file;
  const mapPath = path.join(maps, `${file}.map`);
  if (!file?.endsWith('.js') || !existsSync(mapPath)) continue;
  const { sources = [] } = JSON.parse(readFileSync(mapPath, 'utf8'));
  const bad = sources.filter((source) => FORBIDDEN.some((re) => re.test(source)));
  if (bad.length > 0) offenders.push(`${file} (${bad.slice(0, 3).join(', ')}${bad.length > 3 ? ', …' : ''})`);
}

/* ---------------------------------------------------------------- bytes on the wire */

const port = await freePort();
const base = `http://127.0.0.1:${port}`;
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'socio-size-'));
const server = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
  cwd: path.join(root, 'apps/api'),
  env: {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    DATABASE_URL: '',
    DEMO_DATA: '0',
    SERVE_APP_DIR: dist,
    LOG_LEVEL: 'warn',
  },
  stdio: ['ignore', 'ignore', 'inherit'],
});

let wire;
try {
  await waitForHealth(base, server, 180_000);
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-quic',
    ],
  });
  try {
    const page = await browser.newPage();
    wire = await measurePageLoad(page, `${base}/login`);
  } finally {
    await browser.close();
  }
} finally {
  server.kill('SIGTERM');
  await new Promise((r) => (server.exitCode !== null ? r() : server.once('exit', r)));
  rmSync(dataDir, { recursive: true, force: true });
}

const kb = (n) => `${(n / 1024).toFixed(1)} KB`;
for (const e of wire.entries
  .filter((x) => x.type === 'script' || x.type === 'stylesheet')
  .sort((a, b) => b.bytes - a.bytes)) {
  console.info(`  ${kb(e.bytes).padStart(9)}  ${e.encoding ?? 'sin comprimir'}  ${new URL(e.url).pathname}`);
}
const jsKb = wire.script / 1024;
console.info(
  `Login en el cable (Chromium): JS ${kb(wire.script)} (límite ${LIMIT_KB} KB), CSS ${kb(wire.stylesheet)}, HTML ${kb(wire.document)}, total ${kb(wire.total)}`,
);
if (offenders.length > 0) {
  console.error(`La ruta /login carga código que no necesita: ${offenders.join('; ')}`);
  process.exit(1);
}
if (jsKb > LIMIT_KB) {
  console.error(`Excede el límite de ${LIMIT_KB} KB.`);
  process.exit(1);
}
