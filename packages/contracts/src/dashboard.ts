import { z } from 'zod';

/** Weekly series point: the Monday a week starts on ('YYYY-MM-DD') and a count. */
export const semanaPuntoSchema = z.object({
  semana_inicio: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
  total: z.number().int(),
});
export type SemanaPunto = z.infer<typeof semanaPuntoSchema>;

export const resumenAnualSchema = z.object({
  anio: z.number().int(),
  recibidos: z.number().int(),
  asignados: z.number().int(),
  completados: z.number().int(),
  cancelados: z.number().int(),
});
export type ResumenAnual = z.infer<typeof resumenAnualSchema>;

/**
 * `GET /api/dashboard/resumen`, computed from the database (a Visitador gets their own assignments only).
 * - indicadores: open studies, completed this week (since Monday), new this week, completion % of the last 30 days.
 * - por_cliente: open studies per client.
 * - semanal_completados / semanal_nuevas: 8 weeks, oldest first, the last one is the current week.
 * - anual: current year then the previous one.
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
 * The one definition of the 30-day completion shown on Inicio ('% completado (30 días)') and Usuarios
 * ('Completado (últimos 30 días)'): both read the same query (completionSince in the API). The label's
 * tooltip on both screens says this sentence.
 */
export const COMPLETION_30D_DEFINITION =
  'Porcentaje de las asignaciones hechas en los últimos 30 días, sin contar las canceladas, que ya están completadas.';
