import type { DashboardResumen } from './dashboard.wire';

export type { DashboardResumen, ResumenAnual, SemanaPunto } from './dashboard.wire';

/** What the dashboard needs: one summary computed by the server (for a Visitador, over their own assignments). */
export interface DashboardPort {
  /** `GET /dashboard/resumen`. */
  resumen(o?: { signal?: AbortSignal }): Promise<DashboardResumen>;
}
