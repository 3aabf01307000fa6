/**
 * The API as production runs it, for the benches: the compiled bundle (apps/api/dist/main.js, built by
 * build.mjs when missing) in its own process on a free loopback port, plus readings of that process's
 * memory from /proc (Linux).
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { Kysely } from 'kysely';
import pg from 'pg';
import { freePort, waitForHealth } from '../../../scripts/lib/product-server.mjs';
import type { Database } from '../src/db/schema';

const API_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const BUNDLE = path.join(API_DIR, 'dist/main.js');

/** Newest modification time (ms) of the files below `dir`. */
function newestMtime(dir: string): number {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(full) : statSync(full).mtimeMs);
  }
  return newest;
}

/** Builds apps/api/dist/main.js when it is missing or older than its sources (a bench never measures stale code). */
function ensureBundle(): void {
  const sources = [path.join(API_DIR, 'src'), path.join(API_DIR, '../../packages/contracts/src')];
  if (existsSync(BUNDLE) && Math.max(...sources.map(newestMtime)) <= statSync(BUNDLE).mtimeMs) return;
  const built = spawnSync(process.execPath, [path.join(API_DIR, 'build.mjs')], { stdio: 'inherit' });
  if (built.status !== 0) throw new Error('no se pudo construir apps/api/dist/main.js');
}

export interface ApiServer {
  baseUrl: string;
  port: number;
  /** The server's own process (node dist/main.js, no wrapper). */
  pid: number;
  /** SIGTERM and wait for the exit; nothing to do when it already exited. */
  stop: () => Promise<void>;
}

/**
 * Starts the compiled API with `env` (DATABASE_URL or DATA_DIR, JWT_SECRET…) and waits for /api/health; on a
 * free port, or the next of BENCH_PORTS (`freePort`).
 */
export async function startApiServer(env: Record<string, string>): Promise<ApiServer> {
  ensureBundle();
  const port = await freePort();
  // BENCH_SERVER_NODE_ARGS: node flags for this process only (run.ts lists the env).
  const nodeArgs = process.env.BENCH_SERVER_NODE_ARGS?.split(' ').filter(Boolean) ?? [];
  const child: ChildProcess = spawn(process.execPath, [...nodeArgs, BUNDLE], {
    cwd: API_DIR,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      SERVE_APP_DIR: '',
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    child.kill('SIGTERM');
    await exited;
  };
  const died = exited.then(() => {
    throw new Error(`el servidor terminó antes de responder (${child.exitCode ?? child.signalCode})`);
  });
  died.catch(() => {});
  const baseUrl = `http://127.0.0.1:${port}`;
  try {
    await Promise.race([waitForHealth(baseUrl, child, 120_000), died]);
  } catch (error) {
    await stop();
    throw error;
  }
  if (child.pid === undefined) throw new Error('el servidor no tiene pid');
  return { baseUrl, port, pid: child.pid, stop };
}

/** VmRSS and VmHWM (peak resident set) of a process, in bytes. */
export function memoryOf(pid: number): { rss: number; hwm: number } {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? 0);
  return { rss: kb('VmRSS') * 1024, hwm: kb('VmHWM') * 1024 };
}

/** CPU time (user + system) a process has used so far, in ms (/proc/<pid>/stat, 100 ticks a second). */
export function cpuMsOf(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

/**
 * Samples a process's VmRSS every `everyMs` until `stop()`, which returns the highest resident set seen in
 * the window: the samples' maximum, or the kernel's own high-water mark when it rose inside the window.
 */
export function sampleRss(pid: number, everyMs = 20): { stop: () => number } {
  const before = memoryOf(pid).hwm;
  let peak = 0;
  const timer = setInterval(() => {
    try {
      peak = Math.max(peak, memoryOf(pid).rss);
    } catch {
      // The process ended (a request of the bench failed, and its server was stopped): the bench reports that
      // failure, not this timer's missing /proc file.
      clearInterval(timer);
    }
  }, everyMs);
  return {
    stop() {
      clearInterval(timer);
      const now = memoryOf(pid);
      return Math.max(peak, now.rss, now.hwm > before ? now.hwm : 0);
    },
  };
}

export const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;

/** Whether a PostgreSQL server answers at `url`. */
async function reachable(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 1500 });
  try {
    await client.connect();
    await client.query('SELECT 1');
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => {});
  }
}

/**
 * Has the PostgreSQL server at `url` write a checkpoint, before a timed write (nothing without a url: PGlite).
 * bench:api's seeding, baselines and saves write ~1 GB of WAL, so the server's own checkpoint (max_wal_size)
 * began mid-run, during whichever write came then: that write logged whole pages again (full_page_writes) beside
 * the checkpoint's own I/O, and the same COPY read 4.5 s in one run, 7.9 s in the next. Right after a checkpoint,
 * every timed write starts from the same state.
 */
export async function checkpoint(url: string | undefined): Promise<void> {
  if (!url) return;
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query('CHECKPOINT');
  } finally {
    await client.end();
  }
}

/**
 * Runs `work` with the URL of a fresh database `<BENCH_DB_PREFIX><prefix>_<time>` on the server at `serverUrl`, dropped afterwards
 * (its connections too); prints a note instead when no server answers there.
 */
export async function withFreshPgDatabase(
  serverUrl: string,
  prefix: string,
  work: (url: string) => Promise<void>,
): Promise<void> {
  if (!(await reachable(serverUrl))) {
    console.info(
      `\n== PostgreSQL ==\n  (omitido: no hay servidor en ${serverUrl.replace(/:[^:@/]*@/, ':***@')})`,
    );
    return;
  }
  const name = `${process.env.BENCH_DB_PREFIX ?? ''}${prefix}_${Date.now()}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  try {
    await work(url.toString());
  } finally {
    // pg's pool.end() resolves before its sockets are closed: let them close before dropping.
    await new Promise((r) => setTimeout(r, 500));
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
  }
}

/** The `p`th percentile of ascending `sorted` (nearest rank); NaN when empty. */
export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

/**
 * The probe's loop, run in a worker thread of its own (CommonJS, `eval`): the bench's own thread builds and sends
 * bodies of 100,000 rows and collects their garbage, and a pause of its event loop there would count as the
 * server's latency (seen: 600-900 ms maxima with no pause in the server's loop).
 */
const PROBE_WORKER = `
const http = require('node:http');
const { performance } = require('node:perf_hooks');
const { parentPort, workerData } = require('node:worker_threads');
const { baseUrl, pauseMs } = workerData;
const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
const times = [];
let running = true;
parentPort.on('message', () => { running = false; });
const attempt = () =>
  new Promise((resolve, reject) => {
    http
      .get(baseUrl + '/api/health', { agent }, (res) => {
        res.resume();
        res.on('end', () => {
          if (res.statusCode === 200) resolve();
          else reject(new Error('/api/health: ' + res.statusCode));
        });
      })
      .on('error', reject);
  });
(async () => {
  parentPort.postMessage({ ready: true });
  try {
    while (running) {
      const t = performance.now();
      // A server that held its event loop past its keep-alive timeout resets the idle connection: the
      // request is sent again on a new one, and the wait counts from the first try.
      for (let tries = 1; ; tries++) {
        try {
          await attempt();
          break;
        } catch (error) {
          if (tries >= 5 || !['ECONNRESET', 'EPIPE'].includes(error.code)) throw error;
        }
      }
      times.push(performance.now() - t);
      await new Promise((r) => setTimeout(r, pauseMs));
    }
    parentPort.postMessage({ times });
  } catch (error) {
    parentPort.postMessage({ error: String(error) });
  } finally {
    agent.destroy();
  }
})();
`;

/**
 * GET /api/health one request after the other on its own connection, `pauseMs` apart, until `stop`, from a worker
 * thread (`PROBE_WORKER`); answers the latencies. Resolves once the worker is running (its start takes ~0.2 s:
 * the work measured starts after it, so that its first moments are probed too).
 */
export async function healthProbe(baseUrl: string, pauseMs = 5): Promise<{ stop: () => Promise<number[]> }> {
  const worker = new Worker(PROBE_WORKER, { eval: true, workerData: { baseUrl, pauseMs } });
  let started: () => void = () => undefined;
  const ready = new Promise<void>((resolve) => {
    started = resolve;
  });
  const answer = new Promise<number[]>((resolve, reject) => {
    worker.on('message', (m: { ready?: true; times?: number[]; error?: string }) => {
      if (m.ready) started();
      else if (m.times) resolve(m.times);
      else reject(new Error(m.error));
    });
    worker.once('error', reject);
    // Settled already when it answered; otherwise its end is a failure, not a wait forever.
    worker.once('exit', (code) => reject(new Error(`la sonda de /api/health terminó (código ${code})`)));
  });
  // A failure before `stop` is answered by `stop`, not left unhandled meanwhile.
  answer.catch(() => undefined);
  await Promise.race([ready, answer]);
  return {
    async stop() {
      worker.postMessage('stop');
      try {
        return await answer;
      } finally {
        await worker.terminate();
      }
    },
  };
}

/** id_usuario of the seeded administrator. */
export async function adminIdOf(db: Kysely<Database>): Promise<number> {
  return (
    await db
      .selectFrom('usuarios')
      .select('id_usuario')
      .where('username', '=', 'admin')
      .executeTakeFirstOrThrow()
  ).id_usuario;
}
