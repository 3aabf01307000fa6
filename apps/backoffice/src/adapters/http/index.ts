import type { Ports } from '@socio/features';
import { createHttpAuthPort } from './auth';
import type { HttpClient } from './client';
import { createHttpDashboardPort } from './dashboard';
import { createHttpUsersPort } from './users';

export { createHttpClient, DEFAULT_API_URL, type HttpClient, type HttpClientOptions } from './client';

/** Every port of the app, implemented over the API. */
export function createHttpPorts(http: HttpClient): Ports {
  return {
    auth: createHttpAuthPort(http),
    dashboard: createHttpDashboardPort(http),
    users: createHttpUsersPort(http),
  };
}
