/** GET /api/dashboard/resumen, computed from asignaciones, folios and clientes. */
import { DASHBOARD_WEEKS, type DashboardResumen, OPEN_ESTATUS } from '@socio/contracts';
import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/schema';
import { assignmentStats } from '../cargas/repo';
import { lastWeeks, localDate, yearRange } from './time';

type Db = Kysely<Database>;

/** Counts per week of `column` falling in the weeks given (oldest first). */
async function weekly(
  db: Db,
  column: 'fecha_asignacion' | 'fecha_completada',
  weeks: ReturnType<typeof lastWeeks>,
  visitorId?: number,
): Promise<Array<{ semana_inicio: string; total: number }>> {
  const first = weeks[0];
  const last = weeks.at(-1);
  if (!first || !last) return [];
  const col = sql.ref(`a.${column}`);
  const owner = visitorId === undefined ? sql`` : sql`AND a.id_usuario = ${visitorId}`;
  const { rows } = await sql<{ w: number; n: number }>`
    SELECT floor(extract(epoch FROM (${col} - ${first.start}::timestamptz)) / 604800)::int AS w, count(*)::int AS n
    FROM asignaciones a
    WHERE ${col} >= ${first.start}::timestamptz AND ${col} < ${last.end}::timestamptz ${owner}
    GROUP BY 1`.execute(db);
  const byWeek = new Map(rows.map((r) => [Number(r.w), Number(r.n)]));
  return weeks.map((w, i) => ({ semana_inicio: w.semana_inicio, total: byWeek.get(i) ?? 0 }));
}

async function countBetween(
  db: Db,
  column: 'fecha_asignacion' | 'fecha_completada' | 'fecha_cancelada',
  start: Date,
  end: Date,
  visitorId?: number,
): Promise<number> {
  let q = db
    .selectFrom('asignaciones')
    .select(sql<number>`count(*)::int`.as('n'))
    .where(column, '>=', start)
    .where(column, '<', end);
  if (visitorId !== undefined) q = q.where('id_usuario', '=', visitorId);
  const row = await q.executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** Folios received (created) in [start, end). */
async function foliosReceived(db: Db, start: Date, end: Date): Promise<number> {
  const row = await db
    .selectFrom('folios')
    .select(sql<number>`count(*)::int`.as('n'))
    .where('created_at', '>=', start)
    .where('created_at', '<', end)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** Share (0–100, one decimal) of the assignments made in the last 30 days that are completed. */
async function completion30d(db: Db, now: Date, visitorId?: number): Promise<number> {
  let q = db
    .selectFrom('asignaciones')
    .select([
      sql<number>`count(*)::int`.as('total'),
      sql<number>`count(*) FILTER (WHERE estatus = 'completada')::int`.as('done'),
    ])
    .where('fecha_asignacion', '>=', new Date(now.getTime() - 30 * 86_400_000));
  if (visitorId !== undefined) q = q.where('id_usuario', '=', visitorId);
  const row = await q.executeTakeFirst();
  const total = Number(row?.total ?? 0);
  return total === 0 ? 0 : Math.round((Number(row?.done ?? 0) / total) * 1000) / 10;
}

/** Open studies per client (every client listed, 0 included). */
async function openByClient(
  db: Db,
  visitorId?: number,
): Promise<Array<{ cliente: string; activos: number }>> {
  const owner = visitorId === undefined ? sql`` : sql`AND a.id_usuario = ${visitorId}`;
  const { rows } = await sql<{ cliente: string; activos: number }>`
    SELECT c.nombre AS cliente, count(a.id_asignacion)::int AS activos
    FROM clientes c
    LEFT JOIN folios f ON f.id_cliente = c.id_cliente
    LEFT JOIN asignaciones a ON a.id_folio = f.id_folio
      AND a.estatus IN (${sql.join(OPEN_ESTATUS.map((e) => sql.lit(e)))}) ${owner}
    GROUP BY c.id_cliente, c.nombre
    ORDER BY c.id_cliente`.execute(db);
  return rows.map((r) => ({ cliente: r.cliente, activos: Number(r.activos) }));
}

/** The dashboard summary; `visitorId` limits every number to that visitor's assignments. */
export async function dashboardResumen(
  db: Db,
  now = new Date(),
  visitorId?: number,
): Promise<DashboardResumen> {
  const weeks = lastWeeks(now, DASHBOARD_WEEKS);
  const thisWeek = weeks.at(-1);
  if (!thisWeek) throw new Error('sin semanas');
  const stats = await assignmentStats(db, visitorId);
  const semanal_completados = await weekly(db, 'fecha_completada', weeks, visitorId);
  const semanal_nuevas = await weekly(db, 'fecha_asignacion', weeks, visitorId);
  const porcentaje = await completion30d(db, now, visitorId);
  const por_cliente = await openByClient(db, visitorId);
  const year = localDate(now).y;
  const anual: DashboardResumen['anual'] = [];
  for (const anio of [year, year - 1]) {
    const { start, end } = yearRange(anio);
    const asignados = await countBetween(db, 'fecha_asignacion', start, end, visitorId);
    anual.push({
      anio,
      recibidos: visitorId === undefined ? await foliosReceived(db, start, end) : asignados,
      asignados,
      completados: await countBetween(db, 'fecha_completada', start, end, visitorId),
      cancelados: await countBetween(db, 'fecha_cancelada', start, end, visitorId),
    });
  }
  return {
    indicadores: {
      estudios_activos: stats.asignada + stats.agendada,
      completados_semana: semanal_completados.at(-1)?.total ?? 0,
      nuevas_semana: semanal_nuevas.at(-1)?.total ?? 0,
      porcentaje_completado_30d: porcentaje,
    },
    por_cliente,
    semanal_completados,
    semanal_nuevas,
    anual,
  };
}
