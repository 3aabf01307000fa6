/**
 * Crash safety of the staged save (save_carga/lotes, also save_carga's path): the real server
 * (`tsx src/main.ts`) is killed with SIGKILL in the middle of confirming a 50,000-row lote sent in parts,
 * restarted on the same data, and the database must hold none of it — never a carga record without its
 * assignments; then the same file is saved whole. On PostgreSQL, save_carga's one body (moved into the tables
 * while it arrives) is killed before its commit too, and leaves nothing.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { SAVE_PART_ROWS } from '@socio/contracts';
import { type Kysely, sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { createDatabase, type DatabaseHandle } from '../src/db/index';
import type { Database } from '../src/db/schema';
import { dbKinds } from './helpers';

const API_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const ROWS = 50_000;

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

interface Server {
  child: ChildProcess;
  port: number;
  output: string[];
  /**
   * Resolves when a log line contains `text`; rejects if the server exits first. No clock of its own: the test's
   * timeout is the only bound, however busy the machine.
   */
  waitFor(text: string): Promise<void>;
  exited: Promise<number | null>;
}

/** What ./hold-carga-save.ts prints when it holds save_carga before its commit. */
const HOLD_SAVE_LINE = 'kill-save: guardado detenido antes de confirmar';

/**
 * Starts `src/main.ts` in its own process group. `holdSave`: preloads ./hold-carga-save.ts, which holds
 * save_carga inside its transaction, after writing every row, and says so with `HOLD_SAVE_LINE`.
 */
function startServer(env: Record<string, string>, port: number, holdSave = false): Server {
  const hold = holdSave ? ['--import', path.join(API_DIR, 'test', 'hold-carga-save.ts')] : [];
  // One process (no tsx wrapper), so SIGTERM reaches the server's own graceful shutdown.
  const child = spawn(process.execPath, ['--import', 'tsx', ...hold, 'src/main.ts'], {
    cwd: API_DIR,
    env: {
      ...process.env,
      ...env,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'info',
      ...(holdSave ? { HOLD_SAVE_LINE } : {}),
    },
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output: string[] = [];
  const waiters: Array<{ text: string; resolve: () => void; reject: (error: Error) => void }> = [];
  const onData = (chunk: Buffer) => {
    for (const line of chunk.toString('utf8').split('\n')) {
      if (!line) continue;
      output.push(line);
      for (const w of [...waiters]) {
        if (line.includes(w.text)) {
          waiters.splice(waiters.indexOf(w), 1);
          w.resolve();
        }
      }
    }
  };
  child.stdout?.on('data', onData);
  child.stderr?.on('data', onData);
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  child.once('exit', (code, signal) => {
    for (const w of waiters.splice(0))
      w.reject(
        new Error(
          `el servidor terminó (${signal ?? code}) antes de "${w.text}":\n${output.slice(-30).join('\n')}`,
        ),
      );
  });
  return {
    child,
    port,
    output,
    exited,
    waitFor(text) {
      if (output.some((l) => l.includes(text))) return Promise.resolve();
      if (child.exitCode !== null || child.signalCode !== null)
        return Promise.reject(
          new Error(`el servidor terminó antes de "${text}":\n${output.slice(-30).join('\n')}`),
        );
      return new Promise((resolve, reject) => waiters.push({ text, resolve, reject }));
    },
  };
}

function killGroup(server: Server, signal: NodeJS.Signals) {
  if (server.child.pid !== undefined && server.child.exitCode === null) {
    try {
      process.kill(-server.child.pid, signal);
    } catch {
      // already gone
    }
  }
}

async function call(
  port: number,
  method: string,
  url: string,
  body?: unknown,
  token?: string,
): Promise<{ status: number; json: unknown }> {
  const payload = body === undefined ? undefined : Buffer.from(JSON.stringify(body));
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: '127.0.0.1',
        port,
        path: url,
        method,
        headers: {
          ...(payload ? { 'content-type': 'application/json', 'content-length': payload.length } : {}),
          ...(token ? { authorization: `Bearer ${token}` } : {}),
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          let json: unknown = text;
          try {
            json = JSON.parse(text);
          } catch {
            // not JSON
          }
          resolve({ status: res.statusCode ?? 0, json });
        });
      },
    );
    req.on('error', reject);
    if (payload) req.write(payload);
    req.end();
  });
}

/** Fastify's line once the server listens (LOG_LEVEL info). */
const LISTENING_LINE = 'Server listening at';

/** Once the server says it listens (an event, not polling against a clock): its health answers 200. */
async function waitHealthy(server: Server) {
  await server.waitFor(LISTENING_LINE);
  expect((await call(server.port, 'GET', '/api/health')).status).toBe(200);
}

async function login(port: number): Promise<string> {
  const res = await call(port, 'POST', '/api/auth/login', {
    email: 'admin@socioeconomico.mx',
    password: 'Admin2026!',
  });
  expect(res.status).toBe(200);
  return (res.json as { token: string }).token;
}

/** Every carga holds exactly the assignments it reports; the counters equal the table. */
async function expectConsistent(db: Kysely<Database>) {
  const cargas = await sql<{ id_carga: number; registros_procesados: number; asignaciones: number }>`
    SELECT c.id_carga, c.registros_procesados, count(a.id_asignacion)::int AS asignaciones
    FROM cargas c LEFT JOIN asignaciones a ON a.id_carga = c.id_carga
    GROUP BY c.id_carga, c.registros_procesados`.execute(db);
  for (const c of cargas.rows) expect(c.asignaciones, `carga ${c.id_carga}`).toBe(c.registros_procesados);
  const orphanFolios = await sql<{ n: number }>`
    SELECT count(*)::int AS n FROM folios f
    WHERE NOT EXISTS (SELECT 1 FROM asignaciones a WHERE a.id_folio = f.id_folio)`.execute(db);
  expect(orphanFolios.rows[0]?.n).toBe(0);
  const counters = await sql<{ estatus: string; n: number }>`
    SELECT estatus, sum(total)::int AS n FROM asignacion_conteos GROUP BY estatus HAVING sum(total) <> 0 ORDER BY estatus`.execute(
    db,
  );
  const real = await sql<{ estatus: string; n: number }>`
    SELECT estatus, count(*)::int AS n FROM asignaciones GROUP BY estatus ORDER BY estatus`.execute(db);
  expect(counters.rows).toEqual(real.rows);
}

describe.each(dbKinds())('SIGKILL in the middle of confirming a 50,000-row lote (%s)', (kind) => {
  // Made by the test itself: a run that filters this describe's test out (`-t`) leaves no directory behind.
  let dataDir = '';
  const servers: Server[] = [];
  let dropDatabase: (() => Promise<void>) | null = null;

  afterAll(async () => {
    for (const s of servers) killGroup(s, 'SIGKILL');
    await dropDatabase?.();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  it('keeps either the whole carga or none of it, and works after the restart', {
    timeout: 900_000,
  }, async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'socio-kill-'));
    const env: Record<string, string> = { DATA_DIR: dataDir, DEMO_DATA: '1' };
    let databaseUrl: string | null = null;
    if (kind === 'postgres') {
      const base = process.env.TEST_PG_URL!;
      const name = `socio_kill_${randomBytes(5).toString('hex')}`;
      const admin = await createDatabase({ databaseUrl: base, dataDir: '', poolSize: 1 });
      await sql.raw(`CREATE DATABASE ${name}`).execute(admin.db);
      await admin.close();
      const url = new URL(base);
      url.pathname = `/${name}`;
      databaseUrl = url.toString();
      env.DATABASE_URL = databaseUrl;
      env.JWT_SECRET = randomBytes(32).toString('base64url');
      dropDatabase = async () => {
        const a = await createDatabase({ databaseUrl: base, dataDir: '', poolSize: 1 });
        await sql.raw(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`).execute(a.db);
        await a.close();
      };
    }

    // 1. Start, sign in, build 50,000 rows for the active visitors.
    const first = startServer(env, await freePort(), true);
    servers.push(first);
    await waitHealthy(first);
    let token = await login(first.port);
    const visitors = (await call(first.port, 'GET', '/api/cargas/active_visitors', undefined, token))
      .json as {
      visitors: Array<{ id_usuario: number; region: string }>;
    };
    expect(visitors.visitors.length).toBeGreaterThan(0);
    const processedData = Array.from({ length: ROWS }, (_, i) => {
      const v = visitors.visitors[i % visitors.visitors.length]!;
      return {
        row_index: i + 2,
        Folio: `KILL-${i}`,
        Calle: `Calle ${i}`,
        Colonia: 'Centro',
        Ciudad: 'Ciudad',
        Estado: v.region,
        'Codigo Postal': '64000',
        Tel1: '8112345678',
        visitor_id: v.id_usuario,
      };
    });
    const body = (fileName: string) => ({ fileName, processedData, loadType: 'TEC_MTY', date: '22/11/2026' });
    const statsTotal = async (port: number, t: string) =>
      ((await call(port, 'GET', '/api/cargas/assignment_stats', undefined, t)).json as { total: number })
        .total;
    const before = await statsTotal(first.port, token);

    // 2. A staged save: the rows in parts, then confirmar — SIGKILL while its transaction runs.
    const { processedData: _rows, ...meta } = body('kill.xlsx');
    const opened = await call(first.port, 'POST', '/api/cargas/save_carga/lotes', meta, token);
    expect(opened.status).toBe(201);
    const lote = (opened.json as { id: string }).id;
    for (let n = 0; n * SAVE_PART_ROWS < ROWS; n++) {
      const part = processedData.slice(n * SAVE_PART_ROWS, (n + 1) * SAVE_PART_ROWS);
      const res = await call(
        first.port,
        'PUT',
        `/api/cargas/save_carga/lotes/${lote}/partes/${n}`,
        { processedData: part },
        token,
      );
      expect(res.status).toBe(200);
    }
    const saving = call(
      first.port,
      'POST',
      `/api/cargas/save_carga/lotes/${lote}/confirmar`,
      undefined,
      token,
    ).catch((err: Error) => err);
    // Killed while held before its commit with every row written (an explicit hook, not a guessed delay).
    await first.waitFor(HOLD_SAVE_LINE);
    const committedBeforeKill = first.output.some((l) => l.includes('carga: transacción confirmada'));
    killGroup(first, 'SIGKILL');
    await first.exited;
    const response = await saving;
    expect(response).toBeInstanceOf(Error); // the connection died with the server
    expect(committedBeforeKill, 'el guardado terminó antes de matar el servidor').toBe(false);

    // 3. Restart on the same data: nothing of the carga was saved (never partial). The lote is confirmed again
    // (PostgreSQL keeps its staged rows) or, when the embedded database lost its unlogged staging in the crash,
    // it is gone (404) and the file is saved again with save_carga — completely either way.
    const second = startServer(env, await freePort());
    servers.push(second);
    await waitHealthy(second);
    token = await login(second.port);
    expect(await statsTotal(second.port, token)).toBe(before);
    const again = await call(
      second.port,
      'POST',
      `/api/cargas/save_carga/lotes/${lote}/confirmar`,
      undefined,
      token,
    );
    const retry =
      again.status === 404
        ? await call(second.port, 'POST', '/api/cargas/save_carga', body('kill.xlsx'), token)
        : again;
    expect(retry.status).toBe(200);
    expect(retry.json).toMatchObject({ success: true, recordsProcessed: ROWS, recordsFailed: 0 });
    expect(await statsTotal(second.port, token)).toBe(before + ROWS);

    // 4. Look inside the database.
    let handle: DatabaseHandle;
    if (kind === 'pglite') {
      killGroup(second, 'SIGTERM');
      expect(await second.exited).toBe(0);
      handle = await createDatabase({ databaseUrl: null, dataDir });
    } else {
      handle = await createDatabase({ databaseUrl, dataDir: '', poolSize: 1 });
    }
    try {
      const saved = await handle.db
        .selectFrom('cargas')
        .select('registros_procesados')
        .where('file_name', '=', 'kill.xlsx')
        .execute();
      expect(saved).toEqual([{ registros_procesados: ROWS }]);
      const staged = await sql<{ n: number }>`SELECT count(*)::int AS n FROM carga_lotes`.execute(handle.db);
      expect(staged.rows[0]?.n).toBe(0);
      const folios = await handle.db
        .selectFrom('asignaciones')
        .select(sql<number>`count(*)::int`.as('n'))
        .where('folio', 'like', 'KILL-%')
        .executeTakeFirstOrThrow();
      expect(folios.n).toBe(ROWS);
      const audits = await handle.db
        .selectFrom('audit_log')
        .select(sql<number>`count(*)::int`.as('n'))
        .where('action', '=', 'carga.save')
        .executeTakeFirstOrThrow();
      expect(audits.n).toBe(1);
      await expectConsistent(handle.db);
    } finally {
      await handle.close();
      if (kind === 'postgres') {
        killGroup(second, 'SIGTERM');
        await second.exited;
      }
    }
    if (kind !== 'postgres') return;

    // 5. PostgreSQL moves save_carga's one body into the tables while it arrives (`confirmWhileStaged`):
    // SIGKILL before that transaction commits leaves nothing of it either.
    const third = startServer(env, await freePort(), true);
    servers.push(third);
    await waitHealthy(third);
    token = await login(third.port);
    const oneBody = {
      ...body('kill-body.xlsx'),
      processedData: processedData.map((row) => ({ ...row, Folio: `KILLB-${row.row_index}` })),
    };
    const savingBody = call(third.port, 'POST', '/api/cargas/save_carga', oneBody, token).catch(
      (err: Error) => err,
    );
    await third.waitFor(HOLD_SAVE_LINE);
    killGroup(third, 'SIGKILL');
    await third.exited;
    expect(await savingBody).toBeInstanceOf(Error);
    const after = await createDatabase({ databaseUrl, dataDir: '', poolSize: 1 });
    try {
      const cargas = await after.db
        .selectFrom('cargas')
        .select('id_carga')
        .where('file_name', 'in', ['kill-body.xlsx', ''])
        .execute();
      expect(cargas).toEqual([]);
      const moved = await sql<{ n: number }>`
        SELECT (SELECT count(*) FROM asignaciones WHERE folio LIKE 'KILLB-%')
          + (SELECT count(*) FROM folios WHERE folio LIKE 'KILLB-%') AS n`.execute(after.db);
      expect(Number(moved.rows[0]?.n)).toBe(0);
      await expectConsistent(after.db);
    } finally {
      await after.close();
    }
  });
});
