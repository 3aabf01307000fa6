#!/usr/bin/env node
// One entry for the README's two commands, runnable with only Node and npm:
//   npm start  -> installs what is missing, builds what is missing, starts API + app
//   npm test   -> installs what is missing and runs every test (scripts/test-all.mjs)
import { spawnSync } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { newestMtime } from './lib/newest-mtime.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const PNPM_VERSION = '10.34.9';
const mode = process.argv[2];

function run(cmd, args, opts = {}) {
  const result = spawnSync(cmd, args, { stdio: 'inherit', cwd: root, shell: false, ...opts });
  if (result.error) throw result.error;
  return result.status ?? 1;
}

function has(cmd, args = ['--version']) {
  const result = spawnSync(cmd, args, { stdio: 'ignore', cwd: root });
  return !result.error && result.status === 0;
}

/** pnpm on PATH, else installed globally through npm, else run through npx. */
function pnpmCommand() {
  if (has('pnpm')) return ['pnpm'];
  console.info(`[socio] pnpm no está instalado; instalando pnpm@${PNPM_VERSION} con npm…`);
  if (run('npm', ['install', '-g', `pnpm@${PNPM_VERSION}`]) === 0 && has('pnpm')) return ['pnpm'];
  return ['npx', '--yes', `pnpm@${PNPM_VERSION}`];
}

let pnpmPrefix;
function pnpm(args, opts) {
  pnpmPrefix ??= pnpmCommand();
  const [cmd, ...pre] = pnpmPrefix;
  return run(cmd, [...pre, ...args], opts);
}

function ensureChromium() {
  const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
  if (existsSync(chromium)) return;
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  if (isRoot && has('apt-get', ['--version'])) {
    console.info('[socio] Chromium no está instalado; instalando el paquete chromium de Debian…');
    run('apt-get', ['update', '-qq']);
    if (
      run('apt-get', ['install', '-y', '-qq', 'chromium'], {
        env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
      }) === 0
    )
      return;
  }
  console.error(
    `[socio] No se encontró Chromium en ${chromium}. Instálalo (apt-get install chromium) o define CHROMIUM_PATH.`,
  );
  process.exit(1);
}

if (mode !== 'start' && mode !== 'test') {
  console.error('uso: node scripts/bootstrap.mjs start|test');
  process.exit(2);
}

const env = { ...process.env, STORYBOOK_DISABLE_TELEMETRY: '1', CI: process.env.CI ?? '' };

/** node_modules was installed from the current lockfile (pnpm copies it to node_modules/.pnpm/lock.yaml). */
function installedFromLockfile() {
  const installed = path.join(root, 'node_modules/.pnpm/lock.yaml');
  const lockfile = path.join(root, 'pnpm-lock.yaml');
  return existsSync(installed) && statSync(installed).mtimeMs >= statSync(lockfile).mtimeMs;
}
// `npm test` always asks pnpm (it also checks the store); `npm start` skips it on an installed tree,
// where it would only spend a second or two saying everything is up to date.
if (
  (mode === 'test' || !installedFromLockfile()) &&
  pnpm(['install', '--frozen-lockfile', '--prefer-offline'], { env }) !== 0
)
  process.exit(1);

if (mode === 'test') {
  ensureChromium();
  process.exit(pnpm(['run', 'test:all'], { env }));
}

// start: build the app and the API when missing or older than their sources, then serve API + app on one
// port from THIS process: the API's production bundle (apps/api/dist/main.js) is imported here, so
// `npm start` leaves one server process (no pnpm/tsx wrappers holding memory, signals reach it).
const appDist = path.join(root, 'apps/backoffice/dist/index.html');
const appSources = ['apps/backoffice', 'packages/ui/src', 'packages/features/src', 'packages/contracts/src'];
const newestSeen = new Map(); // packages/contracts/src feeds both builds: walk it once
const newestOf = (dirs) =>
  Math.max(
    ...dirs.map((dir) => {
      if (!newestSeen.has(dir)) newestSeen.set(dir, newestMtime(path.join(root, dir)));
      return newestSeen.get(dir);
    }),
  );
const stale = (file, dirs) =>
  !existsSync(file) || process.env.REBUILD === '1' || newestOf(dirs) > statSync(file).mtimeMs;
if (stale(appDist, appSources)) {
  if (pnpm(['--filter', '@socio/backoffice', 'run', 'build'], { env }) !== 0) process.exit(1);
}
const apiDist = path.join(root, 'apps/api/dist/main.js');
if (stale(apiDist, ['apps/api/src', 'packages/contracts/src'])) {
  if (run(process.execPath, [path.join(root, 'apps/api/build.mjs')], { env }) !== 0) process.exit(1);
}
process.env.SERVE_APP_DIR = path.dirname(appDist);
await import(pathToFileURL(apiDist).href);
