import { ApiError } from '@socio/features/errors';
import { createHttpClient, type HttpClient, type RequestOptions } from './client';

export interface RecordedCall {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Path after the API base, with its query string. */
  path: string;
  body?: unknown;
  init?: RequestOptions;
}

const BASE = 'http://api.test/api';

/**
 * The real HttpClient over a fake `fetch` that records every request and answers with the JSON of
 * `respond(call)` (so adapters go through URL building and response validation as in the app).
 * `respond` throwing an `ApiError` answers that status and detail; any other throw is a network failure.
 */
export function createFakeHttp(respond: (call: RecordedCall) => unknown) {
  const calls: RecordedCall[] = [];
  const fetch: typeof globalThis.fetch = async (input, init) => {
    const url = String(input);
    const raw = init?.body;
    const call: RecordedCall = {
      method: (init?.method ?? 'GET') as RecordedCall['method'],
      path: url.slice(BASE.length),
      ...(typeof raw === 'string' ? { body: JSON.parse(raw) } : raw ? { body: raw } : {}),
      init: init?.signal ? { signal: init.signal } : undefined,
    };
    calls.push(call);
    let answer: unknown;
    try {
      answer = await respond(call);
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      return Response.json({ detail: error.detail }, { status: error.status });
    }
    if (answer instanceof Blob) return new Response(answer, { status: 200 });
    return Response.json(answer ?? null, { status: 200 });
  };
  const http: HttpClient = createHttpClient({ baseUrl: BASE, getToken: () => 'token', fetch });
  return { http, calls };
}
