#!/usr/bin/env node
// Runs every check of the project in order and prints one closing line
// 'N passed, N failed' counting every test executed (unit, API, stories, e2e).
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const reports = path.join(root, 'test-results');
rmSync(reports, { recursive: true, force: true });
mkdirSync(reports, { recursive: true });

const totals = { passed: 0, failed: 0, skipped: 0 };
const steps = [];

function step(name, cmd, args, extraEnv = {}) {
  const started = Date.now();
  console.info(`\n━━ ${name} ━━ ${cmd} ${args.join(' ')}`);
  const result = spawnSync(cmd, args, { stdio: 'inherit', cwd: root, env: { ...process.env, ...extraEnv } });
  const ok = result.status === 0;
  steps.push({ name, ok, seconds: Math.round((Date.now() - started) / 1000) });
  return ok;
}

function countVitest(file) {
  if (!existsSync(file)) return;
  const json = JSON.parse(readFileSync(file, 'utf8'));
  totals.passed += json.numPassedTests ?? 0;
  totals.failed += json.numFailedTests ?? 0;
  totals.skipped += (json.numPendingTests ?? 0) + (json.numTodoTests ?? 0);
}

function countPlaywright(file) {
  if (!existsSync(file)) return;
  const { stats } = JSON.parse(readFileSync(file, 'utf8'));
  totals.passed += (stats?.expected ?? 0) + (stats?.flaky ?? 0);
  totals.failed += stats?.unexpected ?? 0;
  totals.skipped += stats?.skipped ?? 0;
}

function reachable(host, port) {
  return new Promise((resolve) => {
    const socket = net.connect({ host, port, timeout: 1500 });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
    socket.once('timeout', () => {
      socket.destroy();
      resolve(false);
    });
  });
}

const vitestJson = (name) => [
  '--reporter=default',
  '--reporter=json',
  `--outputFile.json=${path.join(reports, `${name}.json`)}`,
];

// A real PostgreSQL server, when one listens locally, runs the API suite a second time.
const pgEnv = {};
if (!process.env.TEST_PG_URL && (await reachable('127.0.0.1', 5432))) {
  pgEnv.TEST_PG_URL = 'postgres://postgres@127.0.0.1:5432/postgres';
}

step('lint + formato (biome)', 'pnpm', ['exec', 'biome', 'check', '.']);
step('typecheck', 'pnpm', ['run', 'typecheck']);
step(
  'unit + API (vitest)',
  'pnpm',
  ['exec', 'vitest', 'run', '--project', 'unit', '--project', 'node', ...vitestJson('unit')],
  pgEnv,
);
countVitest(path.join(reports, 'unit.json'));
step('historias en Chromium + axe (vitest browser)', 'pnpm', [
  'exec',
  'vitest',
  'run',
  '--project',
  'storybook',
  ...vitestJson('stories'),
]);
countVitest(path.join(reports, 'stories.json'));
step('@socio/ui build + publint + attw + consumidor', 'pnpm', [
  '--filter',
  '@socio/ui',
  'run',
  'check:publish',
]);
if (existsSync(path.join(root, 'e2e/playwright.config.ts'))) {
  step('build de la app', 'pnpm', ['--filter', '@socio/backoffice', 'run', 'build']);
  step('tamaño del login', 'node', ['scripts/size.mjs']);
  step(
    'e2e (Playwright + Chromium)',
    'pnpm',
    ['exec', 'playwright', 'test', '-c', 'e2e/playwright.config.ts'],
    {
      PLAYWRIGHT_JSON_OUTPUT_NAME: path.join(reports, 'e2e.json'),
    },
  );
  countPlaywright(path.join(reports, 'e2e.json'));
}

console.info('\n━━ resumen ━━');
for (const s of steps) console.info(`${s.ok ? 'ok   ' : 'FALLA'} ${s.name} (${s.seconds}s)`);
const failedSteps = steps.filter((s) => !s.ok).length;
if (failedSteps > 0 && totals.failed === 0) totals.failed = failedSteps;
console.info(
  `\n${totals.passed} passed, ${totals.failed} failed${totals.skipped ? `, ${totals.skipped} skipped` : ''}`,
);
process.exit(failedSteps > 0 ? 1 : 0);
