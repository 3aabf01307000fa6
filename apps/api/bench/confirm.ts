/**
 * `pnpm --filter @socio/api run bench:confirm` — the wizard's confirmar alone (confirmLote, PostgreSQL only), each
 * statement timed. A database is prepared once as a template (migrations, admin and demo people, an optional
 * earlier carga, a staged lote of BENCH_ROWS rows); every round confirms the lote on a fresh copy of it
 * (CREATE DATABASE … TEMPLATE), so the rounds see the same tables and none pays for another's dead rows.
 *
 * Env: BENCH_PG_URL (server URL), BENCH_TEMPLATE (a database name: the template is kept there, made on the
 * first run, so another build confirms the same lote; each round's copy gets that build's migrations), BENCH_ROWS (100000), BENCH_ROUNDS (3), BENCH_DB_PREFIX (before the databases'
 * names), BENCH_PRIOR (0: rows of an earlier carga committed first, the bench's "2.ª carga"), BENCH_REPEAT (0: how
 * many of the lote's folios are folios of that earlier carga, their assignments completed or cancelled).
 */
import { existsSync, readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { Kysely, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import { migrate } from '../src/db/migrate';
import type { Database } from '../src/db/schema';
import { insertLote, recordPart } from '../src/modules/cargas/lotes-repo';
import { confirmLote } from '../src/modules/cargas/service';
import { seed } from '../src/seed/index';
import { adminIdOf, withFreshPgDatabase } from './server';

const ROWS = Number(process.env.BENCH_ROWS ?? 100_000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const PRIOR = Number(process.env.BENCH_PRIOR ?? 0);
const REPEAT = Math.min(PRIOR, Number(process.env.BENCH_REPEAT ?? 0));
const SERVER = process.env.BENCH_PG_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
const PREFIX = process.env.BENCH_DB_PREFIX ?? '';

interface Timed {
  sql: string;
  ms: number;
}

function open(url: string, times?: Timed[]) {
  // Connections kept open (no idle timeout): the backends' CPU is read from /proc before and after a confirmar.
  const pool = new pg.Pool({ connectionString: url, max: 2, idleTimeoutMillis: 0 });
  // The round's database is dropped WITH (FORCE): an idle client's socket may hear it first.
  pool.on('error', () => undefined);
  const db = new Kysely<Database>({
    dialect: new PostgresDialect({ pool }),
    log: (event) => {
      if (event.level === 'query')
        times?.push({ sql: event.query.sql.replace(/\s+/g, ' ').trim(), ms: event.queryDurationMillis });
    },
  });
  return db;
}

/** Stages a lote of `n` rows (folios `${tag}-…`; the first `repeat` are the earlier carga's) as process_carga would. */
async function stage(db: Kysely<Database>, adminId: number, tag: string, n: number, repeat: number) {
  const id = crypto.randomUUID();
  await insertLote(db, {
    id,
    actorId: adminId,
    fileName: 'bench.xlsx',
    loadType: 'TEC_MTY',
    clientDate: null,
    invalidInFile: 0,
  });
  await sql`
    WITH v AS (SELECT array_agg(id_usuario ORDER BY id_usuario) AS ids FROM usuarios
      WHERE rol = 'visitador' AND estatus = 'activo'),
    e AS (SELECT array_agg(id_estado ORDER BY id_estado) AS ids, array_agg(estado ORDER BY id_estado) AS nombres
      FROM estados)
    INSERT INTO carga_lote_filas (id_lote, parte, ord, row_index, folio, id_usuario, id_estado, calle, colonia,
      ciudad, estado, codigo_postal, tel1, tel2, nombre_alumno, campus_ingreso, correo_alumno, direccion)
    SELECT ${id}::uuid, g / 5000, g % 5000, g + 2,
      CASE WHEN g < ${repeat} THEN 'PRIOR-' ELSE ${`${tag}-`} END || lpad(g::text, 7, '0'),
      v.ids[1 + g % cardinality(v.ids)], e.ids[1 + g % 10], 'Av. Juárez ' || (g % 3000 + 1), 'Centro', 'Monterrey',
      e.nombres[1 + g % 10], '6' || lpad((g % 10000)::text, 4, '0'), '+52 81 ' || (10000000 + g),
      CASE WHEN g % 3 = 0 THEN '81,' || (20000000 + g) END, 'Alumno ' || g || ' Pérez García', 'Monterrey',
      'alumno' || g || '@example.mx', 'Av. Juárez ' || (g % 3000 + 1) || ', Centro, Monterrey'
    FROM generate_series(0, ${n - 1}) g, v, e`.execute(db);
  for (let parte = 0; parte * 5000 < n; parte++)
    await recordPart(db, id, parte, Math.min(5000, n - parte * 5000));
  return id;
}

/**
 * The server processes of the pool's two connections (both opened), so their CPU time can be read: on a shared
 * machine a confirmar's wall time follows the load, the CPU time its server spent much less.
 */
async function backendsOf(db: Kysely<Database>): Promise<number[]> {
  await Promise.all([0, 1].map(() => sql`SELECT pg_sleep(0.05)`.execute(db)));
  const { rows } = await sql<{ pid: number }>`
    SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()
    UNION SELECT pg_backend_pid()`.execute(db);
  return rows.map((r) => r.pid);
}

/** CPU ms (user + system) of `pids` so far, from /proc (NaN when the server runs elsewhere). */
function cpuOf(pids: number[]): number {
  let ticks = 0;
  for (const pid of pids) {
    const file = `/proc/${pid}/stat`;
    if (!existsSync(file)) return Number.NaN;
    const fields = readFileSync(file, 'utf8').split(') ')[1]!.split(' ');
    ticks += Number(fields[11]) + Number(fields[12]);
  }
  return ticks * 10;
}

/** Prepares the template: migrations, people, the earlier carga if any, the lote (left staged). */
async function prepare(url: string): Promise<void> {
  const tpl = open(url);
  try {
    await migrate(tpl);
    await seed(tpl, {
      adminEmail: 'admin@socioeconomico.mx',
      adminPassword: 'Admin2026!',
      demo: true,
      demoOperations: false,
    });
    const adminId = await adminIdOf(tpl);
    if (PRIOR > 0) {
      const prior = await stage(tpl, adminId, 'PRIOR', PRIOR, 0);
      await confirmLote(tpl, { id: adminId, rol: 'Administrador' }, prior);
      // The repeated folios' assignments closed: half completed, half cancelled (a carga may load them again).
      await sql`UPDATE asignaciones SET estatus = CASE WHEN id_asignacion % 2 = 0 THEN 'completada'
        ELSE 'cancelada' END WHERE folio < ${`PRIOR-${String(REPEAT).padStart(7, '0')}`}`.execute(tpl);
    }
    await stage(tpl, adminId, 'NEW', ROWS, REPEAT);
    await sql`VACUUM ANALYZE`.execute(tpl);
  } finally {
    await tpl.destroy();
  }
}

/** BENCH_ROUNDS confirmars of the template's lote, each on a fresh copy of it (migrated first: untimed). */
async function rounds(tplName: string): Promise<void> {
  const admin = new pg.Client({ connectionString: SERVER });
  await admin.connect();
  try {
    const totals: number[] = [];
    const cpus: number[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      const name = `${PREFIX}confirm_r${round}_${Date.now()}`;
      await admin.query(`CREATE DATABASE ${name} TEMPLATE ${tplName}`);
      const url = new URL(SERVER);
      url.pathname = `/${name}`;
      const times: Timed[] = [];
      const db = open(url.toString(), times);
      try {
        await migrate(db);
        const adminId = await adminIdOf(db);
        const { rows } = await sql<{ id: string }>`SELECT id_lote::text AS id FROM carga_lotes`.execute(db);
        const backends = await backendsOf(db);
        times.length = 0;
        const cpu0 = cpuOf(backends);
        const t0 = performance.now();
        const res = await confirmLote(db, { id: adminId, rol: 'Administrador' }, rows[0]!.id);
        const total = performance.now() - t0;
        const cpu = cpuOf(backends) - cpu0;
        totals.push(total);
        cpus.push(cpu);
        console.info(
          `ronda ${round + 1}: confirmar ${total.toFixed(0)} ms, CPU de PostgreSQL ${Number.isNaN(cpu) ? '?' : cpu.toFixed(0)} ms (${res.recordsProcessed} guardadas, ${res.recordsFailed} fallidas)`,
        );
        for (const t of times.filter((t) => t.ms >= 20))
          console.info(`  ${t.ms.toFixed(0).padStart(6)} ms  ${t.sql.slice(0, 110)}`);
      } finally {
        await db.destroy();
        await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      }
    }
    const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!.toFixed(0);
    if (totals.length > 0)
      console.info(
        `confirmar: mediana ${median(totals)} ms, CPU de PostgreSQL ${median(cpus)} ms, de ${ROUNDS}`,
      );
  } finally {
    await admin.end();
  }
}

async function main() {
  const kept = process.env.BENCH_TEMPLATE;
  if (!kept) {
    await withFreshPgDatabase(SERVER, 'confirm_tpl', async (url) => {
      await prepare(url);
      await rounds(new URL(url).pathname.slice(1));
    });
    return;
  }
  // BENCH_TEMPLATE: a template kept between runs (made on the first), so two builds confirm the same lote.
  const admin = new pg.Client({ connectionString: SERVER });
  await admin.connect();
  const { rowCount } = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [kept]);
  if (!rowCount) {
    await admin.query(`CREATE DATABASE ${kept}`);
    const url = new URL(SERVER);
    url.pathname = `/${kept}`;
    await prepare(url.toString());
  }
  await admin.end();
  await rounds(kept);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
