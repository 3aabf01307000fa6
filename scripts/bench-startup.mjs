#!/usr/bin/env node
// `pnpm bench:startup` — how long the product's start (`node scripts/bootstrap.mjs start`, what `npm start`
// runs) takes, on an installed and built tree, to answer GET /api/health with 200: on a new DATA_DIR
// (database copied from the template with the demo already in it, as a new user's first start) and on that same
// DATA_DIR again; and what it leaves running: the node processes of its tree and the server's RSS.
// Goals (issue 21): new DATA_DIR ≤ 1,500 ms, existing ≤ 1,000 ms, one node process, RSS ≤ 200 MB.
// Then `npm start` itself on the existing DATA_DIR: npm's own node process stays beside the server for as long
// as it runs (it waits for its script), so that line prints the whole tree and its RSS, for the record.
// Each figure is printed beside the floor, measured the same way in the same run: a bare Fastify server
// (the API's own fastify, one GET /api/health route, nothing else) started by `node`.
// Stops every server (SIGTERM to its process group) and removes the DATA_DIR.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { freePort, repoRoot } from './lib/product-server.mjs';

const GOAL_NEW_MS = 1500;
const GOAL_EXISTING_MS = 1000;
const GOAL_RSS_MB = 200;
const POLL_MS = 20;

/** Builds the tree first when a build output is missing (the figure is for a built tree). */
const outputs = ['apps/backoffice/dist/index.html', 'apps/api/dist/main.js'];
const mtimes = () => outputs.map((file) => statSync(path.join(repoRoot, file)).mtimeMs).join();

function ensureBuilt() {
  if (outputs.every((file) => existsSync(path.join(repoRoot, file)))) return;
  console.info('[bench:startup] árbol sin construir: pnpm run build…');
  const built = spawnSync('pnpm', ['run', 'build'], { cwd: repoRoot, stdio: 'inherit' });
  if (built.status !== 0) process.exit(1);
}

/** pid → { ppid, comm } of every process, from /proc. */
function processTable() {
  const table = new Map();
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const stat = readFileSync(`/proc/${name}/stat`, 'utf8');
      // pid (comm) state ppid …: comm may hold spaces or parentheses; the last ')' closes it.
      const close = stat.lastIndexOf(')');
      const comm = stat.slice(stat.indexOf('(') + 1, close);
      const ppid = Number(stat.slice(close + 2).split(' ')[1]);
      table.set(Number(name), { ppid, comm });
    } catch {
      // gone meanwhile
    }
  }
  return table;
}

/** `root` and its descendants. */
function treeOf(root) {
  const table = processTable();
  const tree = [root];
  for (let i = 0; i < tree.length; i++) {
    for (const [pid, p] of table) if (p.ppid === tree[i]) tree.push(pid);
  }
  return tree.map((pid) => ({ pid, comm: table.get(pid)?.comm ?? '?' }));
}

/** Clock ticks per second of /proc's CPU times (USER_HZ: 100 on Linux). */
const TICKS_PER_S = Number(spawnSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).stdout) || 100;

/**
 * VmRSS and VmHWM of a process, in MB, and the CPU time it has used (user + system, all its threads), in ms:
 * on a shared, loaded machine the wall time swings with the load; the CPU time much less.
 */
function processStats(pid) {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (field) => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? 0);
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const [utime, stime] = stat
    .slice(stat.lastIndexOf(')') + 2)
    .split(' ')
    .slice(11, 13)
    .map(Number);
  return { rss: kb('VmRSS') / 1024, hwm: kb('VmHWM') / 1024, cpuMs: ((utime + stime) * 1000) / TICKS_PER_S };
}

/** The floor: a bare Fastify server answering GET /api/health, run as `node --input-type=module -e …`. */
const fastifyUrl = pathToFileURL(
  createRequire(path.join(repoRoot, 'apps/api/package.json')).resolve('fastify'),
).href;
const BARE_FASTIFY = [
  '--input-type=module',
  '-e',
  `const { default: fastify } = await import(${JSON.stringify(fastifyUrl)});
const app = fastify();
app.get('/api/health', async () => ({ status: 'ok' }));
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
process.on('SIGTERM', () => app.close().then(() => process.exit(0)));`,
];
const BOOTSTRAP = [process.execPath, 'scripts/bootstrap.mjs', 'start'];
const NPM_START = ['npm', 'start'];
const fmt = (n) => Math.round(n).toLocaleString('es-MX');

/**
 * One start of `command` (the bootstrap by default) on `dataDir`: ms until /api/health answers 200, then the
 * RSS and process tree. Returns { ms, rss } for the floor line. `goalMs` null: printed for the record only.
 */
async function startOnce(label, dataDir, { command = BOOTSTRAP, floor = null, goalMs = null } = {}) {
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const started = performance.now();
  const [file, ...args] = command;
  const child = spawn(file, args, {
    cwd: repoRoot,
    // As a new user runs it: embedded PGlite, demo data, no NODE_ENV.
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, DATABASE_URL: '' },
    stdio: ['ignore', 'ignore', 'inherit'],
    detached: true,
  });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  const gone = () => child.exitCode !== null || child.signalCode !== null;
  try {
    // Polled every POLL_MS (finer than product-server's waitForHealth) so the figure is not rounded up.
    let healthyMs = null;
    while (healthyMs === null && performance.now() - started < 120_000) {
      if (gone()) throw new Error(`${label} terminó (código ${child.exitCode ?? child.signalCode})`);
      try {
        if ((await fetch(`${baseUrl}/api/health`)).status === 200) healthyMs = performance.now() - started;
      } catch {
        // not listening yet
      }
      if (healthyMs === null) await new Promise((r) => setTimeout(r, POLL_MS));
    }
    if (healthyMs === null) throw new Error(`${label} no respondió /api/health en 120 s`);
    const tree = treeOf(child.pid).map((p) => ({ ...p, ...processStats(p.pid) }));
    const nodes = tree.filter((p) => p.comm.startsWith('node') || p.comm === 'npm start');
    // The server: the tree's last node process (the bootstrap itself, or the one npm's shell started).
    const server = nodes.at(-1) ?? tree[0];
    if (!floor) return { ms: healthyMs, rss: server.rss, cpuMs: server.cpuMs };
    const beside = `piso ${fmt(floor.ms)} ms, ${(healthyMs / floor.ms).toFixed(1)}×; CPU ${fmt(server.cpuMs)} ms, piso ${fmt(floor.cpuMs)} ms`;
    const processes = tree.map((p) => `${p.comm}:${p.pid} ${p.rss.toFixed(0)} MB`).join(', ');
    const rssLine = `RSS del servidor al responder ${server.rss.toFixed(0)} MB (piso ${floor.rss.toFixed(0)} MB; máximo hasta entonces ${server.hwm.toFixed(0)} MB)`;
    if (goalMs === null) {
      const treeRss = tree.reduce((sum, p) => sum + p.rss, 0);
      console.info(
        `· ${label} → GET /api/health 200 en ${fmt(healthyMs)} ms (${beside}); procesos node del árbol: ${nodes.length} (${processes}); RSS del árbol ${treeRss.toFixed(0)} MB; ${rssLine}`,
      );
      return;
    }
    const timeOk = healthyMs <= goalMs;
    const rssOk = server.rss <= GOAL_RSS_MB;
    console.info(
      `${timeOk ? '✓' : '✗'} ${label} → GET /api/health 200 en ${fmt(healthyMs)} ms (${beside})  (meta ≤ ${fmt(goalMs)} ms)`,
    );
    console.info(
      `${nodes.length === 1 ? '✓' : '✗'}   procesos node: ${nodes.length} (${processes})  (meta 1)`,
    );
    console.info(`${rssOk ? '✓' : '✗'}   ${rssLine}  (meta ≤ ${GOAL_RSS_MB} MB)`);
    if (!timeOk || !rssOk || nodes.length !== 1) process.exitCode = 1;
  } finally {
    if (!gone()) {
      try {
        process.kill(-child.pid, 'SIGTERM');
      } catch {
        // already gone
      }
      const timer = setTimeout(() => {
        try {
          process.kill(-child.pid, 'SIGKILL');
        } catch {
          // already gone
        }
      }, 15_000);
      await exited;
      clearTimeout(timer);
    }
  }
}

async function main() {
  ensureBuilt();
  const builtAt = mtimes();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'socio-bench-startup-'));
  try {
    // First start (creates the database, migrates, writes the first data), then a regular one on it.
    const floor = await startOnce('Fastify solo', dataDir, { command: [process.execPath, ...BARE_FASTIFY] });
    console.info(
      `  piso: Fastify solo (una ruta /api/health) → 200 en ${fmt(floor.ms)} ms (CPU ${fmt(floor.cpuMs)} ms), RSS ${floor.rss.toFixed(0)} MB`,
    );
    const bootstrap = 'node scripts/bootstrap.mjs start';
    await startOnce(`${bootstrap}, primer arranque (DATA_DIR nuevo)`, dataDir, {
      floor,
      goalMs: GOAL_NEW_MS,
    });
    await startOnce(`${bootstrap}, arranque con datos existentes`, dataDir, {
      floor,
      goalMs: GOAL_EXISTING_MS,
    });
    await startOnce('npm start, arranque con datos existentes', dataDir, { command: NPM_START, floor });
    if (mtimes() !== builtAt) {
      console.info(
        '  (npm start reconstruyó una salida más vieja que sus fuentes: la cifra incluye esa compilación)',
      );
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
