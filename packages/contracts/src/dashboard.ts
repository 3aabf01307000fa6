import { z } from 'zod';

/** Weekly series point: the Monday a week starts on ('YYYY-MM-DD') and a count. */
export const semanaPuntoSchema = z.object({
  semana_inicio: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
  total: z.number().int(),
});
export type SemanaPunto = z.infer<typeof semanaPuntoSchema>;

/** One year of the yearly summary: the folios received (created) in `anio` and how far they got. */
export const resumenAnualSchema = z.object({
  anio: z.number().int(),
  /** Folios received in the year (a Visitador: those assigned to them, so equal to `asignados`). */
  recibidos: z.number().int(),
  /** Of those, folios with at least one assignment (each folio once, however often reassigned). */
  asignados: z.number().int(),
  /** Of those, folios with a completed assignment. */
  completados: z.number().int(),
  /** Of those, folios whose every assignment was cancelled (none completed, none open). */
  cancelados: z.number().int(),
});
export type ResumenAnual = z.infer<typeof resumenAnualSchema>;

/**
 * `GET /api/dashboard/resumen`, computed from the database (a Visitador gets their own assignments only).
 * - indicadores: open studies, completed this week (since Monday), new this week, completion % of the last 30 days.
 * - por_cliente: open studies per client.
 * - semanal_completados / semanal_nuevas: 8 weeks, oldest first, the last one is the current week.
 * - anual: current year then the previous one; each year follows the folios received in it (a funnel:
 *   recibidos ≥ asignados ≥ completados + cancelados, a reassigned folio counted once).
 */
export const dashboardResumenSchema = z.object({
  indicadores: z.object({
    estudios_activos: z.number().int(),
    completados_semana: z.number().int(),
    nuevas_semana: z.number().int(),
    porcentaje_completado_30d: z.number(),
  }),
  por_cliente: z.array(z.object({ cliente: z.string(), activos: z.number().int() })),
  semanal_completados: z.array(semanaPuntoSchema),
  semanal_nuevas: z.array(semanaPuntoSchema),
  anual: z.array(resumenAnualSchema),
});
export type DashboardResumen = z.infer<typeof dashboardResumenSchema>;

/** Number of weeks in the weekly series. */
export const DASHBOARD_WEEKS = 8;

/**
 * The label of the 30-day completion, the same on Inicio (its indicator card) and Usuarios (above the
 * competitiveness table), issue 14 item 2.
 */
export const COMPLETION_30D_LABEL = 'Completado (últimos 30 días)';

/**
 * The one definition of the 30-day completion shown on Inicio and Usuarios ({@link COMPLETION_30D_LABEL}):
 * both read the same query (completionSince in the API). The label's tooltip on both screens says this
 * sentence.
 */
export const COMPLETION_30D_DEFINITION =
  'Porcentaje de las asignaciones hechas en los últimos 30 días, sin contar las canceladas, que ya están completadas.';
