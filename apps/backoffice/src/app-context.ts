import type { Ports } from '@socio/features';
import { createSessionController, type SessionController, type SessionStore } from '@socio/features/auth';
import { isApiError, isInvalidResponseError } from '@socio/features/errors';
import { QueryClient } from '@tanstack/react-query';
import { createHttpClient, createHttpPorts, DEFAULT_API_URL, type HttpClient } from './adapters/http';
import { createBrowserSessionStore } from './adapters/storage/session-store';

/** Everything the app wires once: session, HTTP, ports and the query cache. */
export interface AppContext {
  session: SessionController;
  http: HttpClient;
  ports: Ports;
  queryClient: QueryClient;
}

export interface AppContextOptions {
  store?: SessionStore;
  baseUrl?: string;
  fetch?: typeof fetch;
  /** Injected by tests to use fake ports instead of HTTP. */
  ports?: (http: HttpClient) => Ports;
}

/**
 * No retries for answers the server meant (4xx) nor for answers that break the contract (asking
 * again gets the same body); one quick retry for a transient failure (network, 5xx), so a failing
 * list shows its error and 'Intentar de nuevo' within about two seconds, not after seconds of
 * backoff. A query that needs another policy sets its own `retry`.
 */
function shouldRetry(failureCount: number, error: unknown): boolean {
  if (isApiError(error) && error.status < 500) return false;
  if (isInvalidResponseError(error)) return false;
  return failureCount < 1;
}

/** The wait before that one retry. */
const RETRY_DELAY_MS = 400;

export function createAppContext(options: AppContextOptions = {}): AppContext {
  const session = createSessionController(options.store ?? createBrowserSessionStore());
  const http = createHttpClient({
    baseUrl: options.baseUrl ?? DEFAULT_API_URL,
    fetch: options.fetch,
    getToken: () => session.getSnapshot().session?.token ?? null,
    // A 401 after login: the token expired, was tampered with, or the user was deactivated.
    onUnauthorized: () => session.expire(),
  });
  const queryClient = new QueryClient({
    defaultOptions: {
      queries: {
        retry: shouldRetry,
        retryDelay: RETRY_DELAY_MS,
        staleTime: 30_000,
        refetchOnWindowFocus: false,
      },
      mutations: { retry: false },
    },
  });
  // Nothing cached for one user may leak to the next one.
  let signedIn = session.getSnapshot().session !== null;
  session.subscribe(() => {
    const now = session.getSnapshot().session !== null;
    if (signedIn && !now) queryClient.clear();
    signedIn = now;
  });
  const ports = (options.ports ?? createHttpPorts)(http);
  return { session, http, ports, queryClient };
}
