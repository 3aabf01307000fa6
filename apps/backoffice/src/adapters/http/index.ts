import type { Ports } from '@socio/features';
import { createWorkerSpreadsheetParser } from '../spreadsheet/worker-parser';
import type { HttpClient } from './client';

export { createHttpClient, DEFAULT_API_URL, type HttpClient, type HttpClientOptions } from './client';

/** A port whose every member is an async method (all HTTP ports are). */
type AsyncPort<T> = { [K in keyof T]: (...args: never[]) => Promise<unknown> };

/**
 * A port whose adapter module loads on its first call. The adapters carry the route table and its
 * zod schemas; loading them on demand keeps them out of the login page's first download (the size
 * check in scripts/size.mjs). A failed load (say, the network dropped) is tried again on the next call.
 */
function lazyPort<T extends AsyncPort<T>>(load: () => Promise<T>): T {
  let loading: Promise<T> | undefined;
  const adapter = () => {
    loading ??= load().catch((error: unknown) => {
      loading = undefined;
      throw error;
    });
    return loading;
  };
  return new Proxy({} as T, {
    get: (_target, name) =>
      // Not a thenable, and nothing for symbol lookups (inspection, iteration).
      typeof name === 'symbol' || name === 'then'
        ? undefined
        : (...args: unknown[]) =>
            adapter().then((port) =>
              (port[name as keyof T] as unknown as (...a: unknown[]) => Promise<unknown>)(...args),
            ),
  });
}

/** Every port of the app, implemented over the API. */
export function createHttpPorts(http: HttpClient): Ports {
  return {
    auth: lazyPort(() => import('./auth').then((m) => m.createHttpAuthPort(http))),
    cargas: lazyPort(() => import('./cargas').then((m) => m.createHttpCargasPort(http))),
    catalogos: lazyPort(() => import('./catalogos').then((m) => m.createHttpCatalogosPort(http))),
    clientes: lazyPort(() => import('./clientes').then((m) => m.createHttpClientesPort(http))),
    dashboard: lazyPort(() => import('./dashboard').then((m) => m.createHttpDashboardPort(http))),
    folios: lazyPort(() => import('./folios').then((m) => m.createHttpFoliosPort(http))),
    reportes: lazyPort(() => import('./reportes').then((m) => m.createHttpReportesPort(http))),
    spreadsheet: createWorkerSpreadsheetParser(),
    users: lazyPort(() => import('./users').then((m) => m.createHttpUsersPort(http))),
  };
}
