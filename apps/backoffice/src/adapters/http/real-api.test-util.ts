/**
 * The real API in this process, for the port scenarios that run on both a fake and the HTTP adapter
 * (`*.http.test.ts`, Vitest project `node`): a migrated, seeded in-memory PGlite app listening on a free
 * port, and an `HttpClient` on it signed in as `who`.
 */
import type { Rol } from '@socio/contracts';
import { afterAll, beforeAll } from 'vitest';
import { createTestContext, type TestContext } from '../../../../api/test/helpers';
import { createHttpClient, type HttpClient } from './client';

export interface RealApi {
  readonly ctx: TestContext;
  readonly http: HttpClient;
  /** The API's base URL, for a client of its own (the auth scenarios sign in and out). */
  readonly baseUrl: string;
}

/** Starts the API before the file's tests and stops it after; the getter throws if used before. */
export function startRealApi(who: Rol = 'Administrador'): () => RealApi {
  let api: RealApi | undefined;
  beforeAll(async () => {
    const ctx = await createTestContext('pglite');
    await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    const address = ctx.app.server.address();
    if (address === null || typeof address === 'string') throw new Error('sin puerto');
    const token = await ctx.tokenFor(who);
    const baseUrl = `http://127.0.0.1:${address.port}/api`;
    const http = createHttpClient({ baseUrl, getToken: () => token });
    api = { ctx, http, baseUrl };
  });
  afterAll(async () => {
    await api?.ctx.close();
  });
  return () => {
    if (!api) throw new Error('la API aún no arranca');
    return api;
  };
}
