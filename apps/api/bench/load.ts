/**
 * `pnpm bench:load` — a bounded load figure on loopback: the API server (its compiled bundle in its own
 * process, as `npm start` runs it) on a fresh PostgreSQL database with the demo data, and CLIENTS concurrent
 * clients, each with its own sign-in, cycling over list, stats and dashboard routes for SECONDS. Prints
 * req/s, p50/p99 and errors (goal: 0 errors, p99 ≤ 250 ms). Stops by itself; drops its database.
 *
 * Env: BENCH_PG_URL (server, default postgres://postgres@127.0.0.1:5432/postgres), BENCH_LOAD_CLIENTS (50),
 * BENCH_LOAD_SECONDS (30).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { apiRoutes } from '@socio/contracts';
import pg from 'pg';
import { DEMO_PASSWORD } from '../src/config';
import { apiUrl } from '../src/http/route';
import { type ApiServer, startApiServer } from './server';

const CLIENTS = Number(process.env.BENCH_LOAD_CLIENTS ?? 50);
const SECONDS = Number(process.env.BENCH_LOAD_SECONDS ?? 30);
const SERVER_URL = process.env.BENCH_PG_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
/** Staff accounts of the demo data (the admin's password is the default ADMIN_PASSWORD). */
const STAFF = [
  { email: 'admin@socioeconomico.mx', password: 'Admin2026!' },
  ...[1, 2, 3].map((n) => ({ email: `supervisor${n}@socioeconomico.mx`, password: DEMO_PASSWORD })),
];

const ROUTES = [
  `${apiUrl(apiRoutes.cargas.activeAssignments)}?page=1&page_size=20&sort_by=fecha_asignacion&sort_order=desc`,
  apiUrl(apiRoutes.cargas.stats),
  apiUrl(apiRoutes.users.all),
  apiUrl(apiRoutes.users.competitiveness),
  apiUrl(apiRoutes.dashboard.resumen),
];

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ?? Number.NaN;

/**
 * One token per client, each from its own sign-in, in turns over the staff accounts of the demo data (the
 * routes are staff-only). Sequential: successful sign-ins do not count against the login throttle.
 */
async function signIn(baseUrl: string): Promise<string[]> {
  const tokens: string[] = [];
  for (let c = 0; c < CLIENTS; c++) {
    const account = STAFF[c % STAFF.length]!;
    const res = await fetch(`${baseUrl}${apiUrl(apiRoutes.auth.login)}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(account),
    });
    if (res.status !== 200) throw new Error(`login ${account.email}: ${res.status} ${await res.text()}`);
    tokens.push(((await res.json()) as { token: string }).token);
  }
  return tokens;
}

async function main() {
  const name = `socio_load_${Date.now()}`;
  const admin = new pg.Client({ connectionString: SERVER_URL, connectionTimeoutMillis: 3000 });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  const dbUrl = new URL(SERVER_URL);
  dbUrl.pathname = `/${name}`;
  const dataDir = mkdtempSync(path.join(tmpdir(), 'socio-load-'));
  let server: ApiServer | null = null;
  try {
    server = await startApiServer({
      DATABASE_URL: dbUrl.toString(),
      JWT_SECRET: 'bench-load-secret-bench-load-secret-0123',
      DATA_DIR: dataDir,
      DEMO_DATA: '1',
    });
    const { baseUrl, port } = server;
    const tokens = await signIn(baseUrl);
    const agent = new http.Agent({ keepAlive: true, maxSockets: CLIENTS });
    const times: number[] = [];
    let errors = 0;
    const one = (url: string, client: number) =>
      new Promise<void>((resolve) => {
        const t0 = performance.now();
        const headers = { authorization: `Bearer ${tokens[client]}`, 'accept-encoding': 'br, gzip' };
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
    await Promise.all(Array.from({ length: CLIENTS }, (_, i) => one(ROUTES[i % ROUTES.length]!, i)));
    times.length = 0;
    errors = 0;
    const started = performance.now();
    const deadline = started + SECONDS * 1000;
    await Promise.all(
      Array.from({ length: CLIENTS }, async (_, c) => {
        for (let i = c; performance.now() < deadline; i++) await one(ROUTES[i % ROUTES.length]!, c);
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
    await server?.stop();
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
