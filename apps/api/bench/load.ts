/**
 * `pnpm bench:load` — a bounded load figure on loopback: the API server (its own process, as `npm start`
 * runs it) on a fresh PostgreSQL database with the demo data, and CLIENTS concurrent signed-in clients
 * cycling over list, stats and dashboard routes for SECONDS. Prints req/s, p50/p99 and errors
 * (goal: 0 errors, p99 ≤ 250 ms). Stops by itself; drops its database.
 *
 * Env: BENCH_PG_URL (server, default postgres://postgres@127.0.0.1:5432/postgres), BENCH_LOAD_CLIENTS (50),
 * BENCH_LOAD_SECONDS (30).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { apiRoutes } from '@socio/contracts';
import pg from 'pg';
import { apiUrl } from '../src/http/route';

const CLIENTS = Number(process.env.BENCH_LOAD_CLIENTS ?? 50);
const SECONDS = Number(process.env.BENCH_LOAD_SECONDS ?? 30);
const SERVER_URL = process.env.BENCH_PG_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
const here = path.dirname(fileURLToPath(import.meta.url));

const ROUTES = [
  `${apiUrl(apiRoutes.cargas.activeAssignments)}?page=1&page_size=20&sort_by=fecha_asignacion&sort_order=desc`,
  apiUrl(apiRoutes.cargas.stats),
  apiUrl(apiRoutes.users.all),
  apiUrl(apiRoutes.users.competitiveness),
  apiUrl(apiRoutes.dashboard.resumen),
];

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = net.createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const a = s.address();
      s.close(() => (typeof a === 'object' && a ? resolve(a.port) : reject(new Error('sin puerto'))));
    });
  });
}

async function waitForHealth(base: string, child: ChildProcess) {
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`el servidor terminó (código ${child.exitCode})`);
    try {
      if ((await fetch(`${base}/api/health`)).ok) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error('el servidor no respondió /api/health a tiempo');
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ?? Number.NaN;

async function main() {
  const name = `socio_load_${Date.now()}`;
  const admin = new pg.Client({ connectionString: SERVER_URL, connectionTimeoutMillis: 3000 });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  const dbUrl = new URL(SERVER_URL);
  dbUrl.pathname = `/${name}`;
  const dataDir = mkdtempSync(path.join(tmpdir(), 'socio-load-'));
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const server = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: path.join(here, '..'),
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_URL: dbUrl.toString(),
      JWT_SECRET: 'bench-load-secret-bench-load-secret-0123',
      DATA_DIR: dataDir,
      DEMO_DATA: '1',
      SERVE_APP_DIR: '',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  try {
    await waitForHealth(base, server);
    const login = await fetch(`${base}${apiUrl(apiRoutes.auth.login)}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'admin@socioeconomico.mx', password: 'Admin2026!' }),
    });
    const { token } = (await login.json()) as { token: string };
    const headers = { authorization: `Bearer ${token}`, 'accept-encoding': 'br, gzip' };
    const agent = new http.Agent({ keepAlive: true, maxSockets: CLIENTS });
    const times: number[] = [];
    let errors = 0;
    const one = (url: string) =>
      new Promise<void>((resolve) => {
        const t0 = performance.now();
        const req = http.request({ host: '127.0.0.1', port, path: url, headers, agent }, (res) => {
          res.resume();
          res.on('end', () => {
            times.push(performance.now() - t0);
            if (res.statusCode !== 200) errors++;
            resolve();
          });
        });
        req.on('error', () => {
          errors++;
          resolve();
        });
        req.end();
      });
    // Warm-up: every route once per client.
    await Promise.all(Array.from({ length: CLIENTS }, (_, i) => one(ROUTES[i % ROUTES.length]!)));
    times.length = 0;
    errors = 0;
    const started = performance.now();
    const deadline = started + SECONDS * 1000;
    await Promise.all(
      Array.from({ length: CLIENTS }, async (_, c) => {
        for (let i = c; performance.now() < deadline; i++) await one(ROUTES[i % ROUTES.length]!);
      }),
    );
    const elapsed = (performance.now() - started) / 1000;
    agent.destroy();
    times.sort((a, b) => a - b);
    const p50 = percentile(times, 50);
    const p99 = percentile(times, 99);
    const ok = errors === 0 && p99 <= 250;
    console.info(
      `${ok ? '✓' : '✗'} [PostgreSQL] carga: ${CLIENTS} clientes, ${SECONDS} s, ${ROUTES.length} rutas (lista, estadísticas, usuarios, competitividad, tablero): ` +
        `${Math.round(times.length / elapsed).toLocaleString('es-MX')} req/s, p50 ${p50.toFixed(1)} ms, p99 ${p99.toFixed(1)} ms, ` +
        `${errors} errores de ${times.length.toLocaleString('es-MX')}  (meta 0 errores, p99 ≤ 250 ms)`,
    );
    if (!ok) process.exitCode = 1;
  } finally {
    server.kill('SIGTERM');
    await new Promise((r) => server.once('exit', r));
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
