/**
 * (g) Issue 20 at 5,000,000 assignments on PostgreSQL: the Cargas filters (each one and every pair; first page,
 * page 1,000 and the filtered statistics, whose count is the 'de Z resultados'), the top-bar folio suggestions
 * and the ficha del folio. Goals: p95 ≤ 30 ms for the lists and statistics, ≤ 20 ms for suggestions and ficha.
 * Then EXPLAIN ANALYZE of every statement of the slowest case.
 *
 * The assignments are spread over the demo visitors (each in their own state), four statuses and 694 days;
 * folios are 'TEC-2026-0000001'… of the TEC client. Env: BENCH_FOLIOS_ASSIGNMENTS (5000000).
 */
import { performance } from 'node:perf_hooks';
import { type ActiveAssignmentsQuery, activeAssignmentsQuerySchema, apiRoutes } from '@socio/contracts';
import type { FastifyInstance } from 'fastify';
import { CompiledQuery, type Kysely, type QueryResult, type RootOperationNode, sql } from 'kysely';
import type { Database } from '../src/db/schema';
import { apiUrl } from '../src/http/route';
import { listFilteredAssignments } from '../src/modules/cargas/filters-repo';

export const FOLIO_ASSIGNMENTS = Number(process.env.BENCH_FOLIOS_ASSIGNMENTS ?? 5_000_000);

export interface BenchLine {
  test: string;
  value: string;
  goal: string;
  ok: boolean | null;
}

const ms = (t: number) => `${t.toFixed(t < 10 ? 2 : 0)} ms`;
const qsOf = (f: Record<string, string | number>) =>
  new URLSearchParams(Object.entries(f).map(([k, v]): [string, string] => [k, String(v)])).toString();
const folioName = (n: number) => `TEC-2026-${String(n).padStart(7, '0')}`;

/** Inserts the folios and assignments in batches of 500,000 (the triggers keep every counter). */
async function seedFolios(db: Kysely<Database>, count: number): Promise<void> {
  const visitors = await db
    .selectFrom('usuarios as u')
    .innerJoin('estados as e', 'e.id_estado', 'u.id_estado')
    .select(['u.id_usuario', 'u.id_estado', 'e.estado'])
    .where('u.rol', '=', 'visitador')
    .orderBy('u.id_usuario')
    .execute();
  const cliente = await db
    .selectFrom('clientes')
    .select('id_cliente')
    .orderBy('id_cliente')
    .executeTakeFirst();
  const nv = visitors.length;
  const ids = sql.lit(`{${visitors.map((v) => v.id_usuario).join(',')}}`);
  const estadoIds = sql.lit(`{${visitors.map((v) => v.id_estado).join(',')}}`);
  const estados = sql.lit(`{${visitors.map((v) => `"${v.estado}"`).join(',')}}`);
  const BATCH = 500_000;
  for (let start = 1; start <= count; start += BATCH) {
    const end = Math.min(count, start + BATCH - 1);
    await sql`INSERT INTO folios (folio, id_cliente, estado, id_estado, direccion, nombre_alumno)
      SELECT 'TEC-2026-' || lpad(g::text, 7, '0'), ${cliente?.id_cliente ?? null},
        (${estados}::text[])[1 + (g % ${nv})], (${estadoIds}::int[])[1 + (g % ${nv})],
        'Av. Juárez ' || g || ', Centro', 'Alumno ' || g
      FROM generate_series(${start}::int, ${end}::int) g`.execute(db);
    await sql`INSERT INTO asignaciones (folio, id_folio, id_usuario, id_estado, estado, direccion, estatus,
        fecha_asignacion)
      SELECT f.folio, f.id_folio, (${ids}::int[])[1 + (f.id_folio % ${nv})], f.id_estado, f.estado, f.direccion,
        (ARRAY['asignada','agendada','completada','cancelada'])[1 + (f.id_folio * 7 % 4)],
        timestamptz '2025-01-01 00:00:00+00' + (f.id_folio * interval '12 seconds')
      FROM folios f WHERE f.id_folio BETWEEN ${start} AND ${end}`.execute(db);
  }
  await sql`VACUUM ANALYZE folios`.execute(db);
  await sql`VACUUM ANALYZE asignaciones`.execute(db);
  await sql`VACUUM ANALYZE asignacion_estado_dias`.execute(db);
}

async function p95(app: FastifyInstance, url: string, token: string, iter = 100): Promise<number> {
  const headers = { authorization: `Bearer ${token}` };
  for (let i = 0; i < 5; i++) await app.inject({ method: 'GET', url, headers });
  const times: number[] = [];
  for (let i = 0; i < iter; i++) {
    const s = performance.now();
    const res = await app.inject({ method: 'GET', url, headers });
    times.push(performance.now() - s);
    if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode} ${res.body}`);
  }
  times.sort((a, b) => a - b);
  return times[Math.ceil(0.95 * times.length) - 1]!;
}

/** EXPLAIN ANALYZE of each statement `listFilteredAssignments` runs for `query`. */
async function explain(db: Kysely<Database>, query: ActiveAssignmentsQuery): Promise<string> {
  const nodes: RootOperationNode[] = [];
  const capturing = db.withPlugin({
    transformQuery: (args) => {
      nodes.push(args.node);
      return args.node;
    },
    transformResult: async (args) => args.result as QueryResult<never>,
  });
  await listFilteredAssignments(capturing, query, undefined);
  const out: string[] = [];
  for (const node of nodes) {
    const compiled = db.getExecutor().compileQuery(node, { queryId: 'bench' } as never);
    const plan = await db.executeQuery<{ 'QUERY PLAN': string }>(
      CompiledQuery.raw(`EXPLAIN (ANALYZE, BUFFERS) ${compiled.sql}`, [...compiled.parameters]),
    );
    out.push(
      `-- ${compiled.sql.replace(/\s+/g, ' ').trim()}\n-- ${JSON.stringify(compiled.parameters)}`,
      ...plan.rows.map((r) => r['QUERY PLAN']),
    );
  }
  return out.join('\n');
}

export async function benchFolios(
  db: Kysely<Database>,
  app: FastifyInstance,
  adminToken: string,
): Promise<BenchLine[]> {
  const lines: BenchLine[] = [];
  const t0 = performance.now();
  await seedFolios(db, FOLIO_ASSIGNMENTS);
  lines.push({
    test: `(g) ${FOLIO_ASSIGNMENTS.toLocaleString('es-MX')} asignaciones con folio, estado y visitador insertadas + VACUUM ANALYZE`,
    value: ms(performance.now() - t0),
    goal: '',
    ok: null,
  });
  const busiest = await sql<{ id_usuario: number; estado: string }>`
    SELECT a.id_usuario, a.estado FROM asignaciones a WHERE a.id_asignacion = 1`.execute(db);
  const { id_usuario: visitor, estado } = busiest.rows[0]!;
  const middle = Math.floor(FOLIO_ASSIGNMENTS / 2);
  const filters: Record<string, Record<string, string | number>> = {
    folio: { folio: folioName(middle).slice(0, -3) },
    estatus: { estatus: 'agendada' },
    estado: { estado },
    visitador: { visitador: visitor },
    fechas: { fecha_desde: '2025-06-01', fecha_hasta: '2025-06-30' },
  };
  const names = Object.keys(filters);
  const combos: Array<[string, Record<string, string | number>]> = names.map((n) => [n, filters[n]!]);
  for (let i = 0; i < names.length; i++)
    for (let j = i + 1; j < names.length; j++)
      combos.push([`${names[i]} + ${names[j]}`, { ...filters[names[i]!], ...filters[names[j]!] }]);
  let slowest = { p95: 0, name: '', query: {} as Record<string, string | number> };
  for (const [name, f] of combos) {
    const qs = qsOf(f);
    const cases = [
      ['página 1', `${apiUrl(apiRoutes.cargas.activeAssignments)}?page=1&${qs}`, { page: 1 }],
      ['página 1,000', `${apiUrl(apiRoutes.cargas.activeAssignments)}?page=1000&${qs}`, { page: 1000 }],
      ['estadísticas', `${apiUrl(apiRoutes.cargas.stats)}?${qs}`, null],
    ] as const;
    const values: string[] = [];
    let worst = 0;
    for (const [label, url, page] of cases) {
      const t = await p95(app, url, adminToken);
      values.push(`${label} ${ms(t)}`);
      worst = Math.max(worst, t);
      if (page && t > slowest.p95) slowest = { p95: t, name: `${name}, ${label}`, query: { ...f, ...page } };
    }
    lines.push({
      test: `(g) filtro ${name}: p95 ${values.join(', ')}; peor`,
      value: ms(worst),
      goal: '≤ 30 ms',
      ok: worst <= 30,
    });
  }
  for (const [label, q] of [
    ['folio completo', folioName(middle)],
    ['3 caracteres', 'TEC'],
    ['sin coincidencias', 'ZZZ-1'],
  ] as const) {
    const t = await p95(app, `${apiUrl(apiRoutes.folios.suggest)}?q=${encodeURIComponent(q)}`, adminToken);
    lines.push({
      test: `(g) sugerencias de folio (${label}): p95`,
      value: ms(t),
      goal: '≤ 20 ms',
      ok: t <= 20,
    });
  }
  const ficha = await p95(app, `/api/folios/${encodeURIComponent(folioName(middle))}`, adminToken);
  lines.push({ test: '(g) ficha del folio: p95', value: ms(ficha), goal: '≤ 20 ms', ok: ficha <= 20 });
  console.info(`\n  EXPLAIN ANALYZE del caso más lento (${slowest.name}, p95 ${ms(slowest.p95)}):`);
  console.info(await explain(db, activeAssignmentsQuerySchema.parse(slowest.query)));
  return lines;
}
