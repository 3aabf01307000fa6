/** Wire shape of GET /api/dashboard/resumen, from `@socio/contracts`. */
export type { DashboardResumen, ResumenAnual, SemanaPunto } from '@socio/contracts';
