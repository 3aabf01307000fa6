/** GET /api/dashboard/resumen, computed from asignaciones, folios and clientes. */
import { can, DASHBOARD_WEEKS, type DashboardResumen, type ResumenAnual } from '@socio/contracts';
import type { Db } from '../../db/schema';
import type { AuthUser } from '../../session';
import { assignmentStats, completionLast30Days } from '../cargas/service';
import { foliosReceived, openByClient, weekly, yearFunnel } from './repo';
import { lastWeeks, localDate, yearRange } from './time';

/** The dashboard summary; `visitorId` limits every number to that visitor's assignments. */
export async function dashboardResumen(
  db: Db,
  now = new Date(),
  visitorId?: number,
): Promise<DashboardResumen> {
  const weeks = lastWeeks(now, DASHBOARD_WEEKS);
  const thisWeek = weeks.at(-1);
  if (!thisWeek) throw new Error('sin semanas');
  const year = localDate(now).y;
  const yearly = (anio: number) => yearSummary(db, anio, visitorId);
  // Every query reads counters (a few thousand rows at most); on PostgreSQL they run side by side on the
  // pool, on PGlite one after the other on its single connection.
  const [stats, semanal_completados, semanal_nuevas, porcentaje, por_cliente, ...anual] = await Promise.all([
    assignmentStats(db, visitorId),
    weekly(db, 'fecha_completada', weeks, visitorId),
    weekly(db, 'fecha_asignacion', weeks, visitorId),
    completionLast30Days(db, now, visitorId),
    openByClient(db, visitorId),
    yearly(year),
    yearly(year - 1),
  ]);
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

/**
 * One column of 'Resumen anual por estatus': the folios received in the local year `anio` and how far
 * they got (see yearFunnel), so recibidos ≥ asignados ≥ completados + cancelados. A Visitador's
 * "received" folios are those assigned to them, so their recibidos equals their asignados.
 */
export async function yearSummary(db: Db, anio: number, visitorId?: number): Promise<ResumenAnual> {
  const { start, end } = yearRange(anio);
  const [funnel, recibidos] = await Promise.all([
    yearFunnel(db, start, end, visitorId),
    visitorId === undefined ? foliosReceived(db, start, end) : null,
  ]);
  return { anio, recibidos: recibidos ?? funnel.asignados, ...funnel };
}

/** The summary a signed-in user sees: a Visitador's numbers are only theirs. */
export async function dashboardFor(db: Db, user: Pick<AuthUser, 'id_usuario' | 'rol'>, now = new Date()) {
  return dashboardResumen(db, now, can(user.rol, 'tablero.ver_todo') ? undefined : user.id_usuario);
}
