#!/usr/bin/env node
// `pnpm bench:startup` — how long `npm start` (node scripts/bootstrap.mjs start) takes, on an installed and
// built tree, to answer GET /api/health with 200 on a fresh DATA_DIR (migrations and first data included, as
// a new user's first start), and what it leaves running: the server's RSS and the node processes of its
// tree. Goals: ≤ 3000 ms, one server process. Stops the server (SIGTERM) and removes the DATA_DIR.
// Each figure is printed beside the floor, measured the same way in the same run: a bare Fastify server
// (the API's own fastify, one GET /api/health route, nothing else) started by `node`.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { freePort, repoRoot } from './lib/product-server.mjs';

const GOAL_MS = 3000;
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

/** VmRSS and VmHWM of a process, in MB. */
function memoryMb(pid) {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (field) => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? 0);
  return { rss: kb('VmRSS') / 1024, hwm: kb('VmHWM') / 1024 };
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
const NPM_START = ['scripts/bootstrap.mjs', 'start'];

/**
 * One start of `args` (npm start by default) on `dataDir`: ms until /api/health answers 200, then the
 * server's RSS and process tree. Returns { ms, rss } for the floor line.
 */
async function startOnce(label, dataDir, { args = NPM_START, floor = null } = {}) {
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const started = performance.now();
  const child = spawn(process.execPath, args, {
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
      if (gone()) throw new Error(`npm start terminó (código ${child.exitCode ?? child.signalCode})`);
      try {
        if ((await fetch(`${baseUrl}/api/health`)).status === 200) healthyMs = performance.now() - started;
      } catch {
        // not listening yet
      }
      if (healthyMs === null) await new Promise((r) => setTimeout(r, POLL_MS));
    }
    if (healthyMs === null) throw new Error('npm start no respondió /api/health en 120 s');
    const { rss, hwm } = memoryMb(child.pid);
    const tree = treeOf(child.pid);
    const nodes = tree.filter((p) => p.comm.startsWith('node')).length;
    if (!floor) return { ms: healthyMs, rss };
    const timeOk = healthyMs <= GOAL_MS;
    const beside = `piso ${Math.round(floor.ms).toLocaleString('es-MX')} ms, ${(healthyMs / floor.ms).toFixed(1)}×`;
    console.info(
      `${timeOk ? '✓' : '✗'} npm start, ${label} → GET /api/health 200 en ${Math.round(healthyMs).toLocaleString('es-MX')} ms (${beside})  (meta ≤ ${GOAL_MS.toLocaleString('es-MX')} ms)`,
    );
    console.info(
      `${nodes === 1 ? '✓' : '✗'}   procesos node del servidor: ${nodes} (${tree.map((p) => `${p.comm}:${p.pid}`).join(', ')})  (meta 1); RSS al responder ${rss.toFixed(0)} MB (piso ${floor.rss.toFixed(0)} MB; máximo hasta entonces ${hwm.toFixed(0)} MB)`,
    );
    if (!timeOk || nodes !== 1) process.exitCode = 1;
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
    const floor = await startOnce('Fastify solo', dataDir, { args: BARE_FASTIFY });
    console.info(
      `  piso: Fastify solo (una ruta /api/health) → 200 en ${Math.round(floor.ms).toLocaleString('es-MX')} ms, RSS ${floor.rss.toFixed(0)} MB`,
    );
    await startOnce('primer arranque (DATA_DIR nuevo)', dataDir, { floor });
    await startOnce('arranque con datos existentes', dataDir, { floor });
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
