import type { Ports } from '@socio/features';
import { createWorkerSpreadsheetParser } from '../spreadsheet/worker-parser';
import { createHttpAuthPort } from './auth';
import { createHttpCargasPort } from './cargas';
import type { HttpClient } from './client';
import { createHttpClientesPort } from './clientes';
import { createHttpDashboardPort } from './dashboard';
import { createHttpReportesPort } from './reportes';
import { createHttpUsersPort } from './users';

export { createHttpClient, DEFAULT_API_URL, type HttpClient, type HttpClientOptions } from './client';

/** Every port of the app, implemented over the API. */
export function createHttpPorts(http: HttpClient): Ports {
  return {
    auth: createHttpAuthPort(http),
    cargas: createHttpCargasPort(http),
    clientes: createHttpClientesPort(http),
    dashboard: createHttpDashboardPort(http),
    reportes: createHttpReportesPort(http),
    spreadsheet: createWorkerSpreadsheetParser(),
    users: createHttpUsersPort(http),
  };
}
