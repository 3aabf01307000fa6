/**
 * SQL of the dashboard. It reads the counters kept by triggers (migrations 0005_tablero and
 * 0006_embudo_anual), never the assignments themselves: a few thousand counter rows whatever the number
 * of assignments.
 */
import { OPEN_ESTATUS } from '@socio/contracts';
import { sql } from 'kysely';
import { CAMPO, HOUR_MS, hourCounters, hourOf } from '../../db/counters';
import type { Db } from '../../db/schema';
import type { lastWeeks } from './time';

const DAY_MS = 86_400_000;
/** Midnight in Mexico City on 1 January (standard time, UTC-6) is 06:00 UTC: the start of a day of 0006. */
const DAY_START_MS = 6 * HOUR_MS;

/**
 * Day number of a boundary in the day counters of migration 0006 (days since 1970-01-01 06:00 UTC). Every
 * local year boundary of the dashboard is a whole day; one that is not would be rounded up.
 */
export function dayOf(instant: Date): number {
  return Math.ceil((instant.getTime() - DAY_START_MS) / DAY_MS);
}

/** Counts per week of `column` falling in the weeks given (oldest first). */
export async function weekly(
  db: Db,
  column: 'fecha_asignacion' | 'fecha_completada',
  weeks: ReturnType<typeof lastWeeks>,
  visitorId?: number,
): Promise<Array<{ semana_inicio: string; total: number }>> {
  const first = weeks[0];
  const last = weeks.at(-1);
  if (!first || !last) return [];
  const { table, owner } = hourCounters(visitorId);
  const { rows } = await sql<{ hora: number; n: number }>`
    SELECT hora, sum(total)::int AS n FROM ${table}
    WHERE campo = ${CAMPO[column]} AND hora >= ${hourOf(first.start)} AND hora < ${hourOf(last.end)} ${owner}
    GROUP BY hora`.execute(db);
  const totals = weeks.map(() => 0);
  for (const r of rows) {
    const at = Number(r.hora);
    const i = weeks.findIndex((w) => at >= hourOf(w.start) && at < hourOf(w.end));
    if (i >= 0) totals[i] = (totals[i] ?? 0) + Number(r.n);
  }
  return weeks.map((w, i) => ({ semana_inicio: w.semana_inicio, total: totals[i] ?? 0 }));
}

/** Stages of a folio in `folio_embudo_dias` (migration 0006_embudo_anual). */
const ETAPA = { enCurso: 1, cancelado: 2, completado: 3 } as const;

/**
 * The funnel of the folios received (created) in [start, end), from the counters of migration
 * 0006_embudo_anual: `asignados` have at least one assignment, `completados` at least one completed,
 * `cancelados` only cancelled ones (so asignados ≥ completados + cancelados, each folio counted once
 * however many times it was reassigned). With `visitorId`, only that visitor's assignments count.
 */
export async function yearFunnel(
  db: Db,
  start: Date,
  end: Date,
  visitorId?: number,
): Promise<{ asignados: number; completados: number; cancelados: number }> {
  const { rows } = await sql<{ etapa: number; n: number }>`
    SELECT etapa, sum(total)::int AS n FROM folio_embudo_dias
    WHERE id_usuario = ${visitorId ?? 0} AND dia >= ${dayOf(start)} AND dia < ${dayOf(end)}
    GROUP BY etapa`.execute(db);
  const by = new Map(rows.map((r) => [Number(r.etapa), Number(r.n)]));
  const completados = by.get(ETAPA.completado) ?? 0;
  const cancelados = by.get(ETAPA.cancelado) ?? 0;
  return { asignados: completados + cancelados + (by.get(ETAPA.enCurso) ?? 0), completados, cancelados };
}

/** Folios received (created) in [start, end). */
export async function foliosReceived(db: Db, start: Date, end: Date): Promise<number> {
  const { rows } = await sql<{ n: number }>`
    SELECT coalesce(sum(total), 0)::int AS n FROM folio_horas
    WHERE hora >= ${hourOf(start)} AND hora < ${hourOf(end)}`.execute(db);
  return Number(rows[0]?.n ?? 0);
}

/** Open studies per client (every client listed, 0 included); the client is the folio's at assignment. */
export async function openByClient(
  db: Db,
  visitorId?: number,
): Promise<Array<{ cliente: string; activos: number }>> {
  const owner = visitorId === undefined ? sql`` : sql`AND x.id_usuario = ${visitorId}`;
  const { rows } = await sql<{ cliente: string; activos: number }>`
    SELECT c.nombre AS cliente, coalesce(sum(x.total), 0)::int AS activos
    FROM clientes c
    LEFT JOIN asignacion_clientes x ON x.id_cliente = c.id_cliente
      AND x.estatus IN (${sql.join(OPEN_ESTATUS.map((e) => sql.lit(e)))}) ${owner}
    GROUP BY c.id_cliente, c.nombre
    ORDER BY c.id_cliente`.execute(db);
  return rows.map((r) => ({ cliente: r.cliente, activos: Number(r.activos) }));
}
