import { apiRoutes } from '@socio/contracts';
import type { DashboardPort } from '@socio/features/dashboard';
import type { HttpClient } from './client';

/** DashboardPort over the API (`apiRoutes.dashboard`). */
export function createHttpDashboardPort(http: HttpClient): DashboardPort {
  return {
    resumen: (o) => http.call(apiRoutes.dashboard.resumen, { signal: o?.signal }),
  };
}
