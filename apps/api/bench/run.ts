/**
 * `pnpm bench:api` — performance goals of the API, on PGlite (temp dir, always) and PostgreSQL (a fresh
 * database on BENCH_PG_URL, or on 127.0.0.1:5432 when a server answers there).
 *
 *   (a) process_carga + save_carga of 100,000 generated rows through the API server (compiled, its own
 *       process) vs PostgreSQL's fastest path for the same rows into the same tables: one INSERT … SELECT
 *       FROM unnest(one array per column) (ratio, goal ≤ 2.0); on PostgreSQL also vs `COPY` of the same
 *       rows with the same triggers (save_carga ≤ 1.3×, issue 21: each save to that COPY measured again just
 *       before its clock, `copyJustBefore`) and without the user triggers (./copy.ts);
 *       /api/health p50/p99/max during the save (goal p99 ≤ 200 ms on PostgreSQL, issue 22.7); the server's
 *       peak RSS during the save, read from /proc (goal ≤ 400 MB on PostgreSQL; PGlite's figure, printed
 *       too, includes the database). Then a second carga of as many new rows on the same server: the same
 *       figures for a server that has already saved one (memory it keeps). Both save paths, each on a server
 *       of its own: save_carga's one body, and the wizard's (process_carga in batches, a lote in parts).
 *   (b) active_assignments p50/p95 with 1,000,000 assignments: first and deep page, both sorts
 *       (goal p95 ≤ 20 ms on PostgreSQL)
 *   (c) an authenticated read's throughput vs a bare Fastify route, same run (goal ≥ 0.5): the app's real
 *       authentication in front of a handler that reads nothing (the cost of being signed in); two routes
 *       that also query the database are printed for reference (a database round trip is not auth overhead)
 *
 *   (d) dashboard/resumen p50/p95 with the same 1,000,000 assignments, staff and Visitador (goal p95 ≤ 50 ms,
 *       both databases)
 *   (e) all_users (answered from memory while unchanged, and with a change before every call) and
 *       competitiviness_stats with 2,000 users (goal p95 ≤ 25 ms on PostgreSQL)
 *   (f) /api/health while one and four pending-report zips stream, and the server's extra memory (./zip.ts)
 *   (g) PostgreSQL only, its own fresh database: Cargas filters, folio suggestions and the ficha del folio at
 *       5,000,000 assignments (./folios.ts; goals p95 ≤ 30 ms lists, ≤ 20 ms suggestions and ficha)
 *
 * Env: BENCH_PG_URL (server URL; a fresh database is created on it and dropped; BENCH_DB_PREFIX goes before
 * its name), BENCH_PORTS (first-last: the API servers listen there, not on a free port), BENCH_ROWS (100000),
 * BENCH_ASSIGNMENTS (1000000), BENCH_SECONDS (throughput time per route, 5), BENCH_ONLY=pglite|postgres,
 * BENCH_PARTS (a,b,c,d,e,f,g), BENCH_FOLIOS_ASSIGNMENTS (5000000, part g), BENCH_SERVER_NODE_ARGS (node flags for
 * the API's process only, e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof": NODE_OPTIONS refuses --cpu-prof).
 * For (a) at Excel's limit (BENCH_ROWS=1048575), where each carga takes minutes: BENCH_A_PATHS (cuerpo,lote:
 * the save paths run), BENCH_A_RUNS (2: the second carga on the same server; 1 skips it), BENCH_A_UNNEST=0 (skips
 * the unnest baseline, whose one statement holds every row in memory; the COPY baselines stay), BENCH_PROBE_MS
 * (50: the pause between /api/health probes during a save; 5 before).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import {
  apiRoutes,
  MAX_ROWS_PER_REQUEST,
  PROCESS_BATCH_ROWS,
  PRODUCTO_TEC_MTY,
  processedRowAddress,
  REQUESTS_IN_FLIGHT,
} from '@socio/contracts';
import Fastify, { type FastifyInstance } from 'fastify';
import { type Kysely, sql } from 'kysely';
import pg from 'pg';
import { buildApp } from '../src/app';
import { type AppConfig, loadConfig } from '../src/config';
import { createDatabase, type DatabaseHandle } from '../src/db/index';
import { migrate } from '../src/db/migrate';
import type { Database } from '../src/db/schema';
import { currentUser, requireRole } from '../src/http/auth';
import { apiUrl } from '../src/http/route';
import { estadoIds, visitorLoads } from '../src/modules/cargas/repo';
import { processRows } from '../src/modules/cargas/rows';
import { clienteOfLoadType } from '../src/modules/catalogos/service';
import { seed } from '../src/seed/index';
import { type CopyRow, copyBaseline } from './copy';
import { benchFolios } from './folios';
import {
  type ApiServer,
  adminIdOf,
  checkpoint,
  cpuMsOf,
  healthProbe,
  mb,
  memoryOf,
  percentile,
  sampleRss,
  startApiServer,
  withFreshPgDatabase,
} from './server';
import { benchZip } from './zip';

const ROWS = Number(process.env.BENCH_ROWS ?? 100_000);
const ASSIGNMENTS = Number(process.env.BENCH_ASSIGNMENTS ?? 1_000_000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const ONLY = process.env.BENCH_ONLY;
const PARTS = (process.env.BENCH_PARTS ?? 'a,b,c,d,e,f,g').split(',');
const A_PATHS = (process.env.BENCH_A_PATHS ?? 'cuerpo,lote').split(',');
const A_RUNS = Number(process.env.BENCH_A_RUNS ?? 2);
const A_UNNEST = process.env.BENCH_A_UNNEST !== '0';
const ADMIN = { email: 'admin@socioeconomico.mx', password: 'Admin2026!' };
/** The (a) server's settings besides its database (the bench seeds the database before starting it). */
const SERVER_ENV = { JWT_SECRET: 'bench-secret-bench-secret-bench-secret', DEMO_DATA: '0' };

interface Line {
  db: string;
  test: string;
  value: string;
  goal: string;
  ok: boolean | null;
}
const lines: Line[] = [];
function report(line: Line) {
  lines.push(line);
  const mark = line.ok === null ? ' ' : line.ok ? '✓' : '✗';
  console.info(
    `  ${mark} [${line.db}] ${line.test}: ${line.value}${line.goal ? `  (meta ${line.goal})` : ''}`,
  );
}

const ms = (t: number) => `${t.toFixed(t < 10 ? 2 : 0)} ms`;
/* ------------------------------------------------------------------------------------------------ */

const STATE_SPELLINGS: Record<string, string[]> = {
  'Nuevo León': ['Nuevo León', 'NL', 'N.L.', 'nuevo leon'],
  'Ciudad de México': ['Ciudad de México', 'CDMX', 'Distrito Federal'],
  Jalisco: ['Jalisco', 'JAL'],
  México: ['Estado de México', 'Edomex', 'México'],
  Guanajuato: ['Guanajuato'],
  Puebla: ['Puebla'],
  Coahuila: ['Coahuila de Zaragoza', 'Coahuila'],
  Chihuahua: ['Chihuahua'],
  Yucatán: ['Yucatán', 'Yucatan'],
  Querétaro: ['Querétaro', 'Qro.'],
};

/** 100,000 spreadsheet rows as the browser sends them (header names as read, row_index from 2). */
function generateRows(n: number, runId: string): Array<Record<string, unknown>> {
  const spellings = Object.values(STATE_SPELLINGS);
  const rows: Array<Record<string, unknown>> = new Array(n);
  for (let i = 0; i < n; i++) {
    const variants = spellings[i % spellings.length]!;
    rows[i] = {
      row_index: i + 2,
      Folio: `B${runId}-${String(i + 1).padStart(6, '0')}`,
      'Nombre Alumno': `Alumno ${i + 1} Pérez García`,
      'Campus Ingreso': 'Monterrey',
      'Correo Alumno': `alumno${i + 1}@example.mx`,
      Calle: `Av. Juárez ${(i % 3000) + 1}`,
      Colonia: 'Centro',
      Ciudad: 'Monterrey',
      Estado: variants[i % variants.length],
      'Codigo Postal': `6${String(i % 10000).padStart(4, '0')}`,
      Tel1: `+52 81 ${String(10_000_000 + i).slice(0, 8)}`,
      Tel2: i % 3 === 0 ? `81,${String(20_000_000 + i)}` : null,
      Tel3: null,
      Tel4: null,
    };
  }
  return rows;
}

/* ------------------------------------------------------------------------------------------------ */

async function login(app: FastifyInstance, email: string, password: string): Promise<string> {
  const res = await app.inject({
    method: 'POST',
    url: apiUrl(apiRoutes.auth.login),
    payload: { email, password },
  });
  if (res.statusCode !== 200) throw new Error(`login ${email}: ${res.statusCode} ${res.body}`);
  return (res.json() as { token: string }).token;
}

const TRUNCATE_OPERATIONS = 'TRUNCATE reportes, asignaciones, folios, cargas RESTART IDENTITY CASCADE';

async function truncateOperations(db: Kysely<Database>) {
  await sql.raw(TRUNCATE_OPERATIONS).execute(db);
}

/**
 * (a) baseline: PostgreSQL's fastest path for these rows short of COPY — one statement inserting the carga
 * record, the folios and their assignments from column arrays (`unnest($1::text[], …)`: one parameter per
 * column, nothing parsed per row), the rows already processed (same visitors, states and addresses as the API
 * gives them). Runs in this process, on the database itself; returns its time in ms.
 */
async function bulkBaseline(
  db: Kysely<Database>,
  rows: Array<Record<string, unknown>>,
): Promise<{ baseMs: number; copyRows: CopyRow[]; ctx: { adminId: number; idCliente: number | null } }> {
  const adminId = await adminIdOf(db);
  // processRows takes over the objects it is given: a copy, the API gets the rows as generated.
  const processed = processRows(
    rows.map((r) => ({ ...r })),
    {
      visitors: await visitorLoads(db),
      openFolios: new Set(),
    },
  ).processedData;
  const estados = await estadoIds(db);
  const idCliente = await clienteOfLoadType(db);
  const text = (key: string) =>
    processed.map((r) => (r[key] === null || r[key] === undefined ? null : String(r[key])));
  const estado = processed.map((r) => r.state_of_folio);
  const idEstado = estado.map((e) => estados.get(e) ?? null);
  await truncateOperations(db);
  const copyRows = processed.map((r, i) => ({
    folio: String(r.id_folio),
    nombre_alumno: r['Nombre Alumno'],
    campus_ingreso: r['Campus Ingreso'],
    correo_alumno: r['Correo Alumno'],
    calle: r.Calle,
    colonia: r.Colonia,
    ciudad: r.Ciudad,
    estado: r.state_of_folio,
    id_estado: idEstado[i] ?? null,
    codigo_postal: r['Codigo Postal'],
    tel1: r.Tel1,
    tel2: r.Tel2,
    direccion: processedRowAddress(r),
    id_usuario: r.visitor_id as number,
  }));
  if (!A_UNNEST) return { baseMs: Number.NaN, copyRows, ctx: { adminId, idCliente } };
  const t0 = performance.now();
  await sql`
    WITH c AS (
      INSERT INTO cargas (file_name, load_type, id_usuario, total_filas)
      VALUES ('bench-base.xlsx', 'TEC_MTY', ${adminId}, ${processed.length}) RETURNING id_carga),
    v AS (
      SELECT * FROM unnest(${text('id_folio')}::text[], ${text('Nombre Alumno')}::text[],
        ${text('Campus Ingreso')}::text[], ${text('Correo Alumno')}::text[], ${text('Calle')}::text[],
        ${text('Colonia')}::text[], ${text('Ciudad')}::text[], ${estado}::text[], ${idEstado}::int[],
        ${text('Codigo Postal')}::text[], ${text('Tel1')}::text[], ${text('Tel2')}::text[],
        ${text('address_complete_folio')}::text[], ${processed.map((r) => r.visitor_id)}::int[])
        WITH ORDINALITY AS v(folio, nombre_alumno, campus_ingreso, correo_alumno, calle, colonia, ciudad, estado,
          id_estado, codigo_postal, tel1, tel2, direccion, id_usuario, ord)),
    f AS (
      INSERT INTO folios (folio, load_type, producto, id_cliente, nombre_alumno, campus_ingreso, correo_alumno, calle,
        colonia, ciudad, estado, id_estado, codigo_postal, tel1, tel2, direccion, id_carga)
      SELECT folio, 'TEC_MTY', ${PRODUCTO_TEC_MTY}, ${idCliente}::int, nombre_alumno, campus_ingreso, correo_alumno,
        calle, colonia, ciudad, estado, id_estado, codigo_postal, tel1, tel2, direccion, (SELECT id_carga FROM c)
      FROM v
      RETURNING id_folio, folio)
    INSERT INTO asignaciones (folio, id_folio, id_usuario, id_estado, estado, direccion, id_carga, asignado_por)
    SELECT v.folio, f.id_folio, v.id_usuario, v.id_estado, v.estado, v.direccion, (SELECT id_carga FROM c),
      ${adminId}::int
    FROM v JOIN f USING (folio) ORDER BY v.ord`.execute(db);
  const baseMs = performance.now() - t0;
  const written = await db
    .selectFrom('asignaciones')
    .select(sql<number>`count(*)::int`.as('n'))
    .executeTakeFirstOrThrow();
  if (Number(written.n) !== processed.length)
    throw new Error(`línea base: ${written.n} de ${processed.length} filas`);
  await truncateOperations(db);
  return { baseMs, copyRows, ctx: { adminId, idCliente } };
}

/** POSTs `body` as JSON to the server and answers the parsed JSON; throws on a non-200 answer. */
async function postJson(server: ApiServer, url: string, token: string, body: unknown): Promise<unknown> {
  return postText(server, url, token, JSON.stringify(body));
}

/**
 * POSTs (or PUTs) a JSON body (text, or its UTF-8 bytes) to the server over node:http and answers the parsed JSON;
 * throws on an answer other than 2xx. The bytes go to the socket as they are: `fetch` encoded a 50 MB text body
 * and copied it again on the caller's thread, ~0.5 s of the bench's CPU inside the save's clock, beside the server
 * on a two-core machine.
 */
async function postText(
  server: ApiServer,
  url: string,
  token: string,
  body: string | Buffer,
  method: 'POST' | 'PUT' = 'POST',
): Promise<unknown> {
  const bytes = typeof body === 'string' ? Buffer.from(body) : body;
  const { status, answer } = await new Promise<{ status: number; answer: string }>((resolve, reject) => {
    const req = http.request(
      `${server.baseUrl}${url}`,
      {
        method,
        headers: {
          authorization: `Bearer ${token}`,
          'content-type': 'application/json',
          'content-length': bytes.length,
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, answer: Buffer.concat(chunks).toString() }),
        );
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(bytes);
  });
  if (status < 200 || status > 299) throw new Error(`${url}: ${status} ${answer.slice(0, 300)}`);
  return JSON.parse(answer);
}

/**
 * Pause between /api/health probes during an (a) save (BENCH_PROBE_MS, default 50: ~20 a second, a busy office's
 * worth). At 5 ms the probe was a load of its own — ~130 requests a second, each pinging the database — that the
 * COPY baselines it is compared with never carried: the server's CPU during a 100,000-row confirmar was 1.0–1.1 s
 * with it, 0.16–0.22 s at 50 ms (PostgreSQL, A/B on one build), the database's pings beside it (issue 21 item 2).
 */
const PROBE_PAUSE_MS = Number(process.env.BENCH_PROBE_MS ?? 50);

/** Goal of /api/health's p99 while a carga is saved on the same server (issue 22.7). */
const SAVE_HEALTH_GOAL_MS = 200;

/** The (a) baselines measured beside the API, in ms (the COPY ones on PostgreSQL only). */
interface Baselines {
  unnestMs: number;
  copyMs: number | null;
  copyWithoutTriggersMs: number | null;
  /**
   * The COPY with triggers again, just before a save's clock (PostgreSQL): the database server and the rows of
   * the measured `COPY` baseline, with what `copyBaseline` needs. The save's ratio is to this one, measured
   * seconds before it on the tables as the save finds them; the first one ran tens of seconds earlier, and this
   * machine's speed drifted meanwhile (the same COPY read 4.3-4.6 s in some runs, 6.8-7.9 s in others).
   */
  again: { url: string; rows: CopyRow[]; ctx: { adminId: number; idCliente: number | null } } | null;
}

/** What a save's clock waits for on PostgreSQL (both settle at once on PGlite). */
interface BeforeTimedWrites {
  /** A checkpoint (`checkpoint`): before each timed write, so that none starts mid-checkpoint. */
  checkpoint: () => Promise<void>;
  /** The COPY measured just before the save (`copyJustBefore`), the checkpoint after it; null on PGlite. */
  copyBefore: () => Promise<number | null>;
}

/**
 * The COPY with triggers of `base.again`, just before save `run` (0: a server's first carga, on empty tables — the
 * previous path's cargas are emptied first; 1: the second, on the first one's rows, COPYed with folios of their
 * own): rolled back, then the tables as the save is to find them — emptied again before a first carga, vacuumed
 * before the second — and a checkpoint for the save. Each write after a checkpoint (`checkpoint`'s reason), on
 * one connection. Null on PGlite.
 */
async function copyJustBefore(base: Baselines, run: number): Promise<number | null> {
  if (base.again === null) return null;
  const { url, rows, ctx } = base.again;
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    if (run === 0) await client.query(TRUNCATE_OPERATIONS);
    await client.query('CHECKPOINT');
    const copyRows = run === 0 ? rows : rows.map((r) => ({ ...r, folio: `${r.folio}-c` }));
    const ms = await copyBaseline(url, copyRows, ctx, true);
    await client.query(run === 0 ? TRUNCATE_OPERATIONS : 'VACUUM folios, asignaciones, cargas');
    await client.query('CHECKPOINT');
    return ms;
  } finally {
    await client.end();
  }
}

/**
 * One process_carga + save_carga of `rows` through `server`, the bodies serialised in the timing as the
 * browser does; the server's peak RSS sampled from /proc during each call, /api/health probed (one request
 * after the other) during the save.
 */
async function apiCarga(
  server: ApiServer,
  token: string,
  rows: Array<Record<string, unknown>>,
  before: BeforeTimedWrites,
) {
  const t1 = performance.now();
  const cpu1 = cpuMsOf(server.pid);
  const procSampler = sampleRss(server.pid);
  const proc = (await postJson(server, apiUrl(apiRoutes.cargas.process), token, {
    rows,
    loadType: 'TEC_MTY',
  })) as { processedData: unknown[]; invalidCount: number; validCount: number };
  const procPeak = procSampler.stop();
  const t2 = performance.now();
  const cpu2 = cpuMsOf(server.pid);
  // Serialised as the browser does before it sends, to UTF-8 bytes too: like the COPY baselines' text, made
  // before the save's clock (its time is printed apart).
  const body = Buffer.from(
    JSON.stringify({
      fileName: 'bench.xlsx',
      validCount: proc.validCount,
      invalidCount: proc.invalidCount,
      processedData: proc.processedData,
      loadType: 'TEC_MTY',
      date: new Date().toLocaleDateString('es-MX'),
    }),
  );
  const bodyMs = performance.now() - t2;
  const copyMs = await before.copyBefore();
  // The probe (a thread of its own) started once the body is made, and before the save's clock.
  const probe = await healthProbe(server.baseUrl, PROBE_PAUSE_MS);
  const t2b = performance.now();
  const atSave = memoryOf(server.pid).rss;
  const saveSampler = sampleRss(server.pid);
  const saved = (await postText(server, apiUrl(apiRoutes.cargas.save), token, body)) as {
    recordsProcessed: number;
    recordsFailed: number;
  };
  const t3 = performance.now();
  const cpu3 = cpuMsOf(server.pid);
  const health = (await probe.stop()).sort((x, y) => x - y);
  const savePeak = saveSampler.stop();
  return {
    /** Processing alone (apiCargaStaged's): none here. */
    plain: null,
    processCpu: cpu2 - cpu1,
    saveCpu: cpu3 - cpu2,
    processMs: t2 - t1,
    saveMs: t3 - t2b,
    copyMs,
    bodyMs,
    procPeak,
    atSave,
    savePeak,
    health,
    saved,
  };
}

/**
 * `send(0)` … `send(count - 1)`, started in order with `REQUESTS_IN_FLIGHT` running at once, as the wizard sends
 * its process_carga batches; their answers in order.
 */
async function inFlight<T>(count: number, send: (n: number) => Promise<T>): Promise<T[]> {
  const answers: T[] = new Array(count);
  let next = 0;
  const worker = async () => {
    while (next < count) {
      const n = next++;
      answers[n] = await send(n);
    }
  };
  await Promise.all(Array.from({ length: Math.min(REQUESTS_IN_FLIGHT, count) }, worker));
  return answers;
}

/**
 * The wizard's path for the same rows: a lote opened first, process_carga in batches of `PROCESS_BATCH_ROWS`
 * (`REQUESTS_IN_FLIGHT` at once, as the wizard sends them: the server stages one batch while the next is on its
 * way, so what staging adds is what the wizard's user waits for) each storing its valid rows as a part of the
 * lote (`lote` in the body), then confirmar (any part a batch did not store is sent first), with the same probes
 * as `apiCarga`. The staging is inside processMs: the save is what
 * follows the last batch, as after 'Confirmar Carga'; both are printed.
 */
async function apiCargaStaged(
  server: ApiServer,
  token: string,
  rows: Array<Record<string, unknown>>,
  before: BeforeTimedWrites,
) {
  // The same batches without a lote first (process_carga writes nothing then): what processing costs without
  // staging, so that the staging it now carries is counted with the save (below, in benchCarga).
  const batches = Math.ceil(rows.length / PROCESS_BATCH_ROWS);
  await before.checkpoint();
  const t0 = performance.now();
  const cpu0 = cpuMsOf(server.pid);
  await inFlight(batches, (n) =>
    postJson(server, apiUrl(apiRoutes.cargas.process), token, {
      rows: rows.slice(n * PROCESS_BATCH_ROWS, (n + 1) * PROCESS_BATCH_ROWS),
      loadType: 'TEC_MTY',
    }),
  );
  const plain = { ms: performance.now() - t0, cpu: cpuMsOf(server.pid) - cpu0 };
  await before.checkpoint();
  const t1 = performance.now();
  const cpu1 = cpuMsOf(server.pid);
  const procSampler = sampleRss(server.pid);
  const lotes = apiUrl(apiRoutes.cargas.openSave);
  const { id } = (await postJson(server, lotes, token, {
    fileName: 'bench.xlsx',
    loadType: 'TEC_MTY',
    date: new Date().toLocaleDateString('es-MX'),
  })) as { id: string };
  const answers = (await inFlight(batches, (n) =>
    postJson(server, apiUrl(apiRoutes.cargas.process), token, {
      rows: rows.slice(n * PROCESS_BATCH_ROWS, (n + 1) * PROCESS_BATCH_ROWS),
      loadType: 'TEC_MTY',
      lote: { id, parte: n },
    }),
  )) as Array<{ processedData: unknown[]; invalidCount: number; staged?: boolean }>;
  const processMs = performance.now() - t1;
  const processCpu = cpuMsOf(server.pid) - cpu1;
  const processed = answers.map((a) => a.processedData);
  const unstaged = answers.flatMap((a, n) => (a.staged === true ? [] : [n]));
  const validCount = answers.reduce((sum, a) => sum + a.processedData.length, 0);
  const invalidCount = answers.reduce((sum, a) => sum + a.invalidCount, 0);
  const procPeak = procSampler.stop();
  const copyMs = await before.copyBefore();
  // The probe (a thread of its own) started before the save's clock.
  const probe = await healthProbe(server.baseUrl, PROBE_PAUSE_MS);
  const t2 = performance.now();
  const cpu2 = cpuMsOf(server.pid);
  const atSave = memoryOf(server.pid).rss;
  const saveSampler = sampleRss(server.pid);
  for (const n of unstaged) {
    const part = JSON.stringify({ processedData: processed[n] });
    await postText(server, `${lotes}/${id}/partes/${n}`, token, part, 'PUT');
  }
  const saved = (await postJson(server, `${lotes}/${id}/confirmar`, token, { validCount, invalidCount })) as {
    recordsProcessed: number;
    recordsFailed: number;
  };
  const t3 = performance.now();
  const cpu3 = cpuMsOf(server.pid);
  const health = (await probe.stop()).sort((x, y) => x - y);
  const savePeak = saveSampler.stop();
  return {
    plain,
    processCpu,
    saveCpu: cpu3 - cpu2,
    processMs,
    saveMs: t3 - t2,
    copyMs,
    bodyMs: 0,
    procPeak,
    atSave,
    savePeak,
    health,
    saved,
  };
}

/**
 * (a) process_carga + save_carga of the same rows through the API server as production runs it (its own
 * process), then a second carga of as many new rows on the same server (memory a long-running server keeps).
 */
async function benchCarga(
  label: string,
  rows: Array<Record<string, unknown>>,
  base: Baselines,
  serverEnv: Record<string, string>,
) {
  // The memory goal is the API server's own (PostgreSQL); PGlite's figure also holds the database engine.
  const postgres = Boolean(serverEnv.DATABASE_URL);
  const n = rows.length.toLocaleString('es-MX');
  if (!Number.isNaN(base.unnestMs))
    report({
      db: label,
      test: `(a) línea base: INSERT … SELECT FROM unnest(arreglos por columna) de ${n} filas (carga + folios + asignaciones, 1 sentencia)`,
      value: ms(base.unnestMs),
      goal: '',
      ok: null,
    });
  if (base.copyMs !== null && base.copyWithoutTriggersMs !== null) {
    report({
      db: label,
      test: `(a) línea base: COPY de ${n} folios + asignaciones, mismas tablas, índices, FK y disparadores`,
      value: ms(base.copyMs),
      goal: '',
      ok: null,
    });
    report({
      db: label,
      test: `(a) línea base: el mismo COPY sin los disparadores de usuario (FK sí); disparadores ${(base.copyMs / base.copyWithoutTriggersMs).toFixed(2)}×`,
      value: ms(base.copyWithoutTriggersMs),
      goal: '',
      ok: null,
    });
  }
  // Each save path on its own server: a fresh one, then the same server again (memory a long-running one keeps).
  for (const staged of [false, true].filter((lote) => A_PATHS.includes(lote ? 'lote' : 'cuerpo'))) {
    // One body holds at most MAX_ROWS_PER_REQUEST rows (the API refuses more; the wizard saves by lote).
    if (!staged && rows.length > MAX_ROWS_PER_REQUEST) {
      console.info(
        `    [${label}] (a) en un cuerpo: omitido, ${rows.length.toLocaleString('es-MX')} filas pasan del máximo de una petición (${MAX_ROWS_PER_REQUEST.toLocaleString('es-MX')}); el asistente guarda por lote`,
      );
      continue;
    }
    const server = await startApiServer(serverEnv);
    try {
      const login = (await postJson(server, apiUrl(apiRoutes.auth.login), '', {
        email: ADMIN.email,
        password: ADMIN.password,
      })) as { token: string };
      const idle = memoryOf(server.pid).rss;
      const how = staged
        ? 'por lote (como el asistente: process_carga guarda cada lote de filas, luego confirmar)'
        : 'en un cuerpo';
      // Each carga's rows made when it starts (at 1,048,575 rows, two sets at once cost ~1 GB of the bench's heap).
      const runs = [
        [
          `1.ª carga ${how}, servidor nuevo`,
          () => (staged ? generateRows(rows.length, `${label.charAt(0)}3`) : rows),
        ],
        [
          `2.ª carga ${how}, mismo servidor`,
          () => generateRows(rows.length, `${label.charAt(0)}${staged ? 4 : 2}`),
        ],
      ] as const;
      for (const [run, [which, make]] of runs.slice(0, A_RUNS).entries()) {
        const data = make();
        const input = data as Array<Record<string, unknown>>;
        const before: BeforeTimedWrites = {
          checkpoint: () => checkpoint(serverEnv.DATABASE_URL),
          copyBefore: () => copyJustBefore(base, run),
        };
        const r = staged
          ? await apiCargaStaged(server, login.token, input, before)
          : await apiCarga(server, login.token, input, before);
        const apiMs = r.processMs + r.bodyMs + r.saveMs;
        report({
          db: label,
          test: `(a) ${which}: process_carga ${ms(r.processMs)} + JSON del cuerpo ${ms(r.bodyMs)} + save_carga ${ms(r.saveMs)} por HTTP (${r.saved.recordsProcessed.toLocaleString('es-MX')} guardadas, ${r.saved.recordsFailed} fallidas; CPU del servidor: process_carga ${ms(r.processCpu)}, guardado ${ms(r.saveCpu)})`,
          value: ms(apiMs),
          goal: '',
          ok: r.saved.recordsProcessed === data.length,
        });
        if (!Number.isNaN(base.unnestMs))
          report({
            db: label,
            test: `(a) ${which}: razón API / línea base unnest`,
            value: (apiMs / base.unnestMs).toFixed(2),
            goal: '≤ 2.0',
            ok: apiMs / base.unnestMs <= 2,
          });
        if (r.plain !== null && r.copyMs !== null) {
          // The staging moved into processing counted with the save: nothing the user waits for is hidden.
          const counted = r.saveMs + r.processMs - r.plain.ms;
          report({
            db: label,
            test: `(a) ${which}: guardado contado con el almacenamiento en process_carga: confirmar ${ms(r.saveMs)} + (process_carga con lote ${ms(r.processMs)} − sin lote ${ms(r.plain.ms)}; CPU del servidor ${ms(r.processCpu)} − ${ms(r.plain.cpu)}) = ${ms(counted)}; razón / COPY con disparadores justo antes (${ms(r.copyMs)})`,
            value: (counted / r.copyMs).toFixed(2),
            goal: '≤ 1.3',
            ok: counted / r.copyMs <= 1.3,
          });
        }
        if (r.copyMs !== null) {
          report({
            db: label,
            test: `(a) ${which}: razón ${staged ? 'confirmar' : 'save_carga'} / COPY con disparadores justo antes (${ms(r.copyMs)}, mismas tablas)`,
            value: (r.saveMs / r.copyMs).toFixed(2),
            goal: '≤ 1.3',
            ok: r.saveMs / r.copyMs <= 1.3,
          });
        }
        const p99 = percentile(r.health, 99);
        report({
          db: label,
          test: `(a) ${which}: /api/health durante save_carga (${r.health.length} consultas): p50 ${ms(percentile(r.health, 50))}, máx ${ms(r.health.at(-1) ?? Number.NaN)}, p99`,
          value: ms(p99),
          goal: postgres ? `≤ ${SAVE_HEALTH_GOAL_MS} ms` : '',
          ok: postgres ? p99 <= SAVE_HEALTH_GOAL_MS : null,
        });
        report({
          db: label,
          test: `(a) ${which}: RSS del servidor${postgres ? '' : ' (incluye la base: PGlite corre en su proceso)'}: en reposo ${mb(idle)}, máximo en process_carga ${mb(r.procPeak)}, al empezar save_carga ${mb(r.atSave)}; máximo en save_carga`,
          value: mb(r.savePeak),
          goal: postgres ? '≤ 400 MB (issue 21: ≤ 300 MB)' : '',
          ok: postgres ? r.savePeak <= 400 * 1024 * 1024 : null,
        });
      }
    } finally {
      await server.stop();
    }
  }
}

/**
 * Inserts `count` assignments (and their folios) of the demo visitors with generate_series, in
 * batches of 250,000. Also used by `BENCH_SEED_URL` (the browser bench of the Cargas screen).
 */
export async function insertAssignments(db: Kysely<Database>, count = ASSIGNMENTS) {
  const visitors = (
    await db.selectFrom('usuarios').select('id_usuario').where('rol', '=', 'visitador').execute()
  ).map((v) => v.id_usuario);
  const nv = visitors.length;
  const BATCH = 250_000;
  for (let start = 1; start <= count; start += BATCH) {
    const end = Math.min(count, start + BATCH - 1);
    await sql`INSERT INTO folios (folio, estado, id_estado, direccion)
      SELECT 'M-' || g, 'Nuevo León', 19, 'Av. Juárez ' || g || ', Centro, Monterrey, Nuevo León, CP 64000'
      FROM generate_series(${start}::int, ${end}::int) g`.execute(db);
    await sql`INSERT INTO asignaciones (folio, id_folio, id_usuario, id_estado, estado, direccion, estatus,
        fecha_asignacion, fecha_completada)
      SELECT f.folio, f.id_folio, (${sql.lit(`{${visitors.join(',')}}`)}::int[])[1 + (f.id_folio % ${nv})], 19,
        'Nuevo León', f.direccion,
        (ARRAY['asignada','agendada','completada','cancelada'])[1 + (f.id_folio * 7 % 4)],
        timestamptz '2025-01-01' + ((f.id_folio / 3) * interval '30 seconds'),
        CASE WHEN f.id_folio * 7 % 4 = 2 THEN timestamptz '2025-01-05' + ((f.id_folio / 3) * interval '30 seconds') END
      FROM folios f WHERE f.id_folio BETWEEN ${start} AND ${end}`.execute(db);
  }
}

/** (b) active_assignments latency with a million assignments. */
async function benchList(
  label: string,
  db: Kysely<Database>,
  app: FastifyInstance,
  adminToken: string,
  visitorToken: string,
  postgres: boolean,
) {
  const t0 = performance.now();
  await insertAssignments(db);
  const insertMs = performance.now() - t0;
  const t1 = performance.now();
  await sql`VACUUM ANALYZE folios`.execute(db);
  await sql`VACUUM ANALYZE asignaciones`.execute(db);
  report({
    db: label,
    test: `(b) ${ASSIGNMENTS.toLocaleString('es-MX')} asignaciones insertadas (generate_series) + VACUUM ANALYZE ${ms(performance.now() - t1)}`,
    value: ms(insertMs),
    goal: '',
    ok: null,
  });

  const total = ASSIGNMENTS;
  const size = 10;
  const middle = Math.floor(total / size / 2);
  const cases: Array<{ name: string; url: string; token: string }> = [];
  for (const sortBy of ['fecha_asignacion', 'estatus']) {
    cases.push({
      name: `${sortBy} desc, página 1`,
      url: `page=1&sort_by=${sortBy}&sort_order=desc`,
      token: adminToken,
    });
    cases.push({
      name: `${sortBy} asc, página ${middle.toLocaleString('es-MX')} (la más profunda: mitad)`,
      url: `page=${middle}&sort_by=${sortBy}&sort_order=asc`,
      token: adminToken,
    });
    cases.push({
      name: `${sortBy} desc, página 10,000`,
      url: `page=10000&sort_by=${sortBy}&sort_order=desc`,
      token: adminToken,
    });
  }
  cases.push({
    name: 'Visitador (sólo las suyas), fecha desc, página de en medio',
    url: `page=${Math.max(1, Math.floor(ASSIGNMENTS / 20 / size / 2))}&sort_by=fecha_asignacion&sort_order=desc`,
    token: visitorToken,
  });
  const ITER = 200;
  for (const c of PARTS.includes('b') ? cases : []) {
    const url = `${apiUrl(apiRoutes.cargas.activeAssignments)}?page_size=${size}&${c.url}`;
    const first = await app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${c.token}` } });
    if (
      first.statusCode !== 200 ||
      (first.json() as { assignments: unknown[] }).assignments.length !== size
    ) {
      throw new Error(`${url}: página incompleta (${first.statusCode})`);
    }
    const { p50, p95 } = await latency(app, url, c.token, ITER);
    report({
      db: label,
      test: `(b) active_assignments ${c.name}: p50 ${ms(p50)}, p95`,
      value: ms(p95),
      goal: postgres ? '≤ 20 ms' : '',
      ok: postgres ? p95 <= 20 : null,
    });
  }
  if (PARTS.includes('d')) await benchDashboard(label, app, adminToken, visitorToken);
  if (PARTS.includes('e')) await benchUsers(label, db, app, adminToken, postgres);
  await truncateOperations(db);
}

/**
 * p50/p95 of `ITER` sequential GETs of `url` (after 5 warm-up calls); throws on a non-200 answer.
 * `before` runs ahead of each timed call, outside its time.
 */
async function latency(
  app: FastifyInstance,
  url: string,
  token: string,
  iter = 200,
  before?: () => Promise<unknown>,
) {
  const headers = { authorization: `Bearer ${token}` };
  for (let i = 0; i < 5; i++) await app.inject({ method: 'GET', url, headers });
  const times: number[] = [];
  for (let i = 0; i < iter; i++) {
    await before?.();
    const s = performance.now();
    const res = await app.inject({ method: 'GET', url, headers });
    times.push(performance.now() - s);
    if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode} ${res.body}`);
  }
  times.sort((a, b) => a - b);
  return { p50: percentile(times, 50), p95: percentile(times, 95) };
}

/** (d) GET /api/dashboard/resumen with the million assignments: staff and a Visitador. */
async function benchDashboard(label: string, app: FastifyInstance, adminToken: string, visitorToken: string) {
  const url = apiUrl(apiRoutes.dashboard.resumen);
  for (const [who, token] of [
    ['Administrador', adminToken],
    ['Visitador', visitorToken],
  ] as const) {
    const { p50, p95 } = await latency(app, url, token);
    report({
      db: label,
      test: `(d) dashboard/resumen con ${ASSIGNMENTS.toLocaleString('es-MX')} asignaciones, ${who}: p50 ${ms(p50)}, p95`,
      value: ms(p95),
      goal: '≤ 50 ms',
      ok: p95 <= 50,
    });
  }
}

/** (e) all_users and competitiviness_stats with 2,000 users (extra visitors added, then removed). */
async function benchUsers(
  label: string,
  db: Kysely<Database>,
  app: FastifyInstance,
  adminToken: string,
  postgres: boolean,
) {
  const USERS = 2_000;
  const existing = Number(
    (await sql<{ n: number }>`SELECT count(*)::int AS n FROM usuarios`.execute(db)).rows[0]?.n ?? 0,
  );
  await sql`INSERT INTO usuarios (username, email, password_hash, nombres, apellido_paterno, apellido_materno, rol)
    SELECT 'bench' || g, 'bench' || g || '@bench.mx', 'x', 'Bench', 'Visitador ' || g, 'Prueba', 'visitador'
    FROM generate_series(1, ${Math.max(0, USERS - existing)}::int) g`.execute(db);
  await sql`ANALYZE usuarios`.execute(db);
  // all_users answers from memory while the list is unchanged (0007); the second line changes a user before
  // every call, so each one reads and serialises the 2,000 users again.
  const touch = () => sql`UPDATE usuarios SET updated_at = now() WHERE username = 'bench1'`.execute(db);
  try {
    for (const [name, route, before] of [
      ['all_users', apiRoutes.users.all, undefined],
      ['all_users (con un cambio antes de cada llamada)', apiRoutes.users.all, touch],
      ['competitiviness_stats', apiRoutes.users.competitiveness, undefined],
    ] as const) {
      const { p50, p95 } = await latency(app, apiUrl(route), adminToken, 100, before);
      report({
        db: label,
        test: `(e) ${name} con ${USERS.toLocaleString('es-MX')} usuarios: p50 ${ms(p50)}, p95`,
        value: ms(p95),
        goal: postgres ? '≤ 25 ms' : '',
        ok: postgres ? p95 <= 25 : null,
      });
    }
  } finally {
    await sql`DELETE FROM usuarios WHERE username LIKE 'bench%'`.execute(db);
  }
}

/** Requests per second of GET `url` over keep-alive HTTP with `concurrency` clients, for `seconds`. */
async function throughput(
  port: number,
  url: string,
  headers: Record<string, string>,
  seconds: number,
  concurrency = 16,
) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: concurrency });
  const deadline = performance.now() + seconds * 1000;
  let done = 0;
  let failed = 0;
  const one = () =>
    new Promise<void>((resolve) => {
      const req = http.request({ host: '127.0.0.1', port, path: url, headers, agent }, (res) => {
        if (res.statusCode !== 200) failed++;
        res.resume();
        res.on('end', () => resolve());
      });
      req.on('error', () => {
        failed++;
        resolve();
      });
      req.end();
    });
  // warm-up
  await Promise.all(Array.from({ length: concurrency }, () => one()));
  const start = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (performance.now() < deadline) {
        await one();
        done++;
      }
    }),
  );
  agent.destroy();
  if (failed > 0) throw new Error(`${url}: ${failed} peticiones fallidas`);
  return done / ((performance.now() - start) / 1000);
}

/** (c) authenticated reads vs a bare Fastify route, both over HTTP in this process. */
async function benchThroughput(label: string, app: FastifyInstance, token: string) {
  const bare = Fastify({ logger: false });
  bare.get('/bare', async () => ({ total: 0, asignada: 0, agendada: 0, completada: 0, cancelada: 0 }));
  await bare.listen({ port: 0, host: '127.0.0.1' });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const barePort = (bare.server.address() as AddressInfo).port;
  const appPort = (app.server.address() as AddressInfo).port;
  const auth = { authorization: `Bearer ${token}` };
  // Short windows taken in turns, median of each: a busy machine slows every route alike.
  const targets = [
    { port: barePort, url: '/bare', headers: {} },
    { port: appPort, url: '/api/bench/autenticado', headers: auth },
    { port: appPort, url: apiUrl(apiRoutes.auth.me), headers: auth },
    { port: appPort, url: apiUrl(apiRoutes.cargas.stats), headers: auth },
  ];
  const samples: number[][] = targets.map(() => []);
  const ROUNDS = 5;
  for (let round = 0; round < ROUNDS; round++) {
    for (const [i, t] of targets.entries())
      samples[i]!.push(await throughput(t.port, t.url, t.headers, SECONDS / ROUNDS));
  }
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
  const [bareRps, authRps, meRps, statsRps] = samples.map(median) as [number, number, number, number];
  await bare.close();
  const f = (n: number) => `${Math.round(n).toLocaleString('es-MX')} req/s`;
  report({
    db: label,
    test: '(c) ruta Fastify sin autenticación ni BD (/bare)',
    value: f(bareRps),
    goal: '',
    ok: null,
  });
  report({
    db: label,
    test: `(c) GET autenticado sin BD (middleware real de la app): ${f(authRps)}, razón`,
    value: (authRps / bareRps).toFixed(2),
    goal: '≥ 0.5',
    ok: authRps / bareRps >= 0.5,
  });
  report({
    db: label,
    test: `(c) referencia, GET /api/auth/me (autenticación + 1 consulta a la BD): ${f(meRps)}, razón`,
    value: (meRps / bareRps).toFixed(2),
    goal: '',
    ok: null,
  });
  report({
    db: label,
    test: `(c) referencia, GET /api/cargas/assignment_stats (autenticación + 1 consulta): ${f(statsRps)}, razón`,
    value: (statsRps / bareRps).toFixed(2),
    goal: '',
    ok: null,
  });
}

/* ------------------------------------------------------------------------------------------------ */

/** Migrations, the administrator and the demo people (no operations). */
async function prepare(db: Kysely<Database>) {
  await migrate(db);
  await seed(db, {
    ...ADMIN,
    adminEmail: ADMIN.email,
    adminPassword: ADMIN.password,
    demo: true,
    demoOperations: false,
  });
}

async function runOn(
  label: string,
  open: () => Promise<DatabaseHandle>,
  config: AppConfig,
  serverEnv: Record<string, string>,
) {
  const tStart = performance.now();
  console.info(`\n== ${label} ==`);
  let handle = await open();
  try {
    await prepare(handle.db);
    if (PARTS.includes('a')) {
      const rows = generateRows(ROWS, label === 'PGlite' ? 'L' : 'P');
      const { baseMs, copyRows, ctx } = await bulkBaseline(handle.db, rows);
      const url = serverEnv.DATABASE_URL;
      // Each COPY is rolled back, which leaves its rows dead in the tables and their indexes until a vacuum: the
      // tables are emptied after each one, so the next COPY and the API's first carga start from the empty tables
      // the first COPY had (they ran on 100,000 and 200,000 dead rows and their index entries).
      const copyOnEmptyTables = async (triggers: boolean) => {
        if (!url) return null;
        await checkpoint(url);
        const ms = await copyBaseline(url, copyRows, ctx, triggers);
        await truncateOperations(handle.db);
        return ms;
      };
      const base: Baselines = {
        unnestMs: baseMs,
        copyMs: await copyOnEmptyTables(true),
        copyWithoutTriggersMs: await copyOnEmptyTables(false),
        again: url ? { url, rows: copyRows, ctx } : null,
      };
      // The API server gets the database to itself (PGlite: one process per data directory).
      await handle.close();
      await benchCarga(label, rows, base, serverEnv);
      handle = await open();
      await truncateOperations(handle.db);
    }
    if (!['b', 'c', 'd', 'e', 'f'].some((part) => PARTS.includes(part))) return;
    const app = await buildApp({ db: handle, config });
    // (c) The real app's authentication (bearer token → user) in front of a handler that reads nothing.
    app.get('/api/bench/autenticado', { onRequest: requireRole() }, async (request) => ({
      id_usuario: currentUser(request).id_usuario,
    }));
    await app.ready();
    try {
      const adminToken = await login(app, ADMIN.email, ADMIN.password);
      const visitorToken = await login(app, 'visitador1@socioeconomico.mx', 'Demo2026!');
      if (PARTS.includes('b') || PARTS.includes('d') || PARTS.includes('e'))
        await benchList(label, handle.db, app, adminToken, visitorToken, handle.kind === 'postgres');
      if (PARTS.includes('c')) await benchThroughput(label, app, adminToken);
      // Last: it makes the app listen on a port.
      if (PARTS.includes('f')) {
        const supervisor = await login(app, 'supervisor1@socioeconomico.mx', 'Demo2026!');
        for (const line of await benchZip(app, handle.db, supervisor, handle.kind === 'postgres'))
          report({ db: label, ...line });
      }
    } finally {
      await app.close();
    }
  } finally {
    await handle.close();
    console.info(`  (${label}: ${((performance.now() - tStart) / 1000).toFixed(0)} s)`);
  }
}

/**
 * `BENCH_SEED_URL=postgres://…/db tsx bench/run.ts`: only prepares that (existing, empty) database —
 * migrations, admin and demo people, BENCH_ASSIGNMENTS assignments, VACUUM ANALYZE — and leaves it
 * there (the Cargas screen bench then serves the app on it).
 */
async function seedOnly(url: string) {
  const handle = await createDatabase({ databaseUrl: url, dataDir: tmpdir() });
  try {
    await prepare(handle.db);
    const t0 = performance.now();
    await insertAssignments(handle.db);
    await sql`VACUUM ANALYZE folios`.execute(handle.db);
    await sql`VACUUM ANALYZE asignaciones`.execute(handle.db);
    console.info(
      `${ASSIGNMENTS.toLocaleString('es-MX')} asignaciones insertadas en ${ms(performance.now() - t0)}`,
    );
  } finally {
    await handle.close();
  }
}

async function main() {
  if (process.env.BENCH_SEED_URL) return seedOnly(process.env.BENCH_SEED_URL);
  const started = performance.now();
  console.info(
    `Bench de la API: ${ROWS.toLocaleString('es-MX')} filas por carga, ${ASSIGNMENTS.toLocaleString('es-MX')} asignaciones, Node ${process.version}`,
  );
  const base: AppConfig = {
    ...loadConfig({ ...process.env, JWT_SECRET: 'bench-secret-bench-secret-bench-secret', DATABASE_URL: '' }),
    logLevel: false,
    validateResponses: false,
    demoData: false,
  };

  if (ONLY !== 'postgres') {
    const dir = mkdtempSync(path.join(tmpdir(), 'socio-bench-'));
    try {
      await runOn(
        'PGlite',
        () => createDatabase({ databaseUrl: null, dataDir: dir }),
        { ...base, dataDir: dir },
        { ...SERVER_ENV, DATA_DIR: dir, DATABASE_URL: '' },
      );
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }

  if (ONLY !== 'pglite') {
    const serverUrl = process.env.BENCH_PG_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
    await withFreshPgDatabase(serverUrl, 'socio_bench', async (url) => {
      const dataDir = mkdtempSync(path.join(tmpdir(), 'socio-bench-pg-'));
      try {
        await runOn(
          'PostgreSQL',
          () => createDatabase({ databaseUrl: url, dataDir: base.dataDir }),
          { ...base, databaseUrl: url },
          { ...SERVER_ENV, DATA_DIR: dataDir, DATABASE_URL: url },
        );
      } finally {
        rmSync(dataDir, { recursive: true, force: true });
      }
    });
  }

  if (ONLY !== 'pglite' && PARTS.includes('g')) {
    const serverUrl = process.env.BENCH_PG_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
    await withFreshPgDatabase(serverUrl, 'socio_bench_folios', async (url) => {
      console.info('\n== PostgreSQL (g: folios) ==');
      const handle = await createDatabase({ databaseUrl: url, dataDir: base.dataDir });
      try {
        await prepare(handle.db);
        const app = await buildApp({ db: handle, config: { ...base, databaseUrl: url } });
        await app.ready();
        try {
          const token = await login(app, ADMIN.email, ADMIN.password);
          for (const line of await benchFolios(handle.db, app, token)) report({ db: 'PostgreSQL', ...line });
        } finally {
          await app.close();
        }
      } finally {
        await handle.close();
      }
    });
  }

  console.info('\nResumen');
  const width = Math.max(...lines.map((l) => l.test.length));
  console.info(`  ${'BD'.padEnd(10)} ${'prueba'.padEnd(width)}  ${'resultado'.padStart(12)}  meta`);
  for (const l of lines) {
    const mark = l.ok === null ? '' : l.ok ? ' ✓' : ' ✗';
    console.info(`  ${l.db.padEnd(10)} ${l.test.padEnd(width)}  ${l.value.padStart(12)}  ${l.goal}${mark}`);
  }
  console.info(`\nTiempo total: ${((performance.now() - started) / 1000).toFixed(0)} s`);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
