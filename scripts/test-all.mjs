#!/usr/bin/env node
// Runs every check of the project in order, prints a summary table (each layer's result, tests and
// time) and one closing line 'N passed, N failed' counting every test executed (unit, API, stories,
// e2e). Each test layer also runs alone: pnpm test:unit, test:api, test:stories, test:e2e (README).
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

/**
 * Runs one layer and records its result and time. `count` (optional) reads the layer's report
 * afterwards and returns its { passed, failed, skipped } tests, or null when there is no report.
 */
function step(name, cmd, args, { env = {}, count } = {}) {
  const started = Date.now();
  console.info(`\n━━ ${name} ━━ ${cmd} ${args.join(' ')}`);
  const result = spawnSync(cmd, args, { stdio: 'inherit', cwd: root, env: { ...process.env, ...env } });
  const ok = result.status === 0;
  const tests = count?.() ?? null;
  if (tests) {
    totals.passed += tests.passed;
    totals.failed += tests.failed;
    totals.skipped += tests.skipped;
  }
  steps.push({ name, ok, tests, seconds: (Date.now() - started) / 1000 });
  return ok;
}

/** Test counts of a Vitest JSON report (`--reporter=json`), or null when it was not written. */
function countVitest(file) {
  if (!existsSync(file)) return null;
  const json = JSON.parse(readFileSync(file, 'utf8'));
  return {
    passed: json.numPassedTests ?? 0,
    failed: json.numFailedTests ?? 0,
    skipped: (json.numPendingTests ?? 0) + (json.numTodoTests ?? 0),
  };
}

/** Test counts of a Playwright JSON report, or null when it was not written. */
function countPlaywright(file) {
  if (!existsSync(file)) return null;
  const { stats } = JSON.parse(readFileSync(file, 'utf8'));
  return {
    passed: (stats?.expected ?? 0) + (stats?.flaky ?? 0),
    failed: stats?.unexpected ?? 0,
    skipped: stats?.skipped ?? 0,
  };
}

/** '7.4s', '2m 05s'. */
function duration(seconds) {
  if (seconds < 60) return `${seconds.toFixed(1)}s`;
  const minutes = Math.floor(seconds / 60);
  return `${minutes}m ${String(Math.round(seconds % 60)).padStart(2, '0')}s`;
}

/** The summary table: one row per layer (result, tests, time), then the total time. */
function printSummary() {
  const rows = steps.map((s) => [
    s.ok ? 'ok' : 'FALLA',
    s.name,
    s.tests ? `${s.tests.passed} ok${s.tests.failed ? `, ${s.tests.failed} fallan` : ''}` : '-',
    duration(s.seconds),
  ]);
  const total = steps.reduce((sum, s) => sum + s.seconds, 0);
  const header = ['', 'capa', 'pruebas', 'tiempo'];
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
  const line = (cells) =>
    cells.map((c, i) => (i === cells.length - 1 ? c.padStart(widths[i]) : c.padEnd(widths[i]))).join('  ');
  console.info('\n━━ resumen ━━');
  console.info(line(header));
  console.info(widths.map((w) => '─'.repeat(w)).join('  '));
  for (const r of rows) console.info(line(r));
  console.info(line(['', 'total', '', duration(total)]));
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
const withPostgres = Boolean(pgEnv.TEST_PG_URL || process.env.TEST_PG_URL);

step('lint + formato (biome)', 'pnpm', ['exec', 'biome', 'check', '.']);
step('typecheck', 'pnpm', ['run', 'typecheck']);
step(
  'unit (jsdom + contratos)',
  'pnpm',
  // The layers run package.json's own scripts (so `pnpm test:unit` alone runs exactly this layer).
  ['run', 'test:unit', ...vitestJson('unit')],
  {
    count: () => countVitest(path.join(reports, 'unit.json')),
  },
);
step(
  `API (PGlite${withPostgres ? ' + PostgreSQL' : ''}, fuzz, kill-save)`,
  'pnpm',
  ['run', 'test:api', ...vitestJson('api')],
  { env: pgEnv, count: () => countVitest(path.join(reports, 'api.json')) },
);
step(
  'historias en Chromium + axe (vitest browser)',
  'pnpm',
  ['run', 'test:stories', ...vitestJson('stories')],
  { count: () => countVitest(path.join(reports, 'stories.json')) },
);
step('@socio/ui build + publint + attw + consumidor', 'pnpm', [
  '--filter',
  '@socio/ui',
  'run',
  'check:publish',
]);
if (existsSync(path.join(root, 'e2e/playwright.config.ts'))) {
  step('build de la app', 'pnpm', ['--filter', '@socio/backoffice', 'run', 'build']);
  step('tamaño del login', 'node', ['scripts/size.mjs']);
  step('e2e (Playwright + Chromium)', 'pnpm', ['run', 'test:e2e'], {
    env: { PLAYWRIGHT_JSON_OUTPUT_NAME: path.join(reports, 'e2e.json') },
    count: () => countPlaywright(path.join(reports, 'e2e.json')),
  });
}

printSummary();
const failedSteps = steps.filter((s) => !s.ok).length;
if (failedSteps > 0 && totals.failed === 0) totals.failed = failedSteps;
console.info(
  `\n${totals.passed} passed, ${totals.failed} failed${totals.skipped ? `, ${totals.skipped} skipped` : ''}`,
);
process.exit(failedSteps > 0 ? 1 : 0);
