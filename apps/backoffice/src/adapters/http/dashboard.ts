import type { DashboardResumen } from '@socio/contracts';
import type { DashboardPort } from '@socio/features/dashboard';
import type { HttpClient } from './client';

/** DashboardPort over the API (`/dashboard/resumen`). */
export function createHttpDashboardPort(http: HttpClient): DashboardPort {
  return {
    resumen: (o) => http.get<DashboardResumen>('/dashboard/resumen', { signal: o?.signal }),
  };
}
