import type { HttpClient, RequestOptions } from './client';

export interface RecordedCall {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE' | 'BLOB';
  path: string;
  body?: unknown;
  init?: RequestOptions;
}

/**
 * An HttpClient that records every call and answers from `respond(call)`; a thrown or rejected
 * answer propagates like a failed request.
 */
export function createFakeHttp(respond: (call: RecordedCall) => unknown) {
  const calls: RecordedCall[] = [];
  const handle = async (call: RecordedCall) => {
    calls.push(call);
    return respond(call);
  };
  const http: HttpClient = {
    get: (path, init) => handle({ method: 'GET', path, init }) as never,
    post: (path, body, init) => handle({ method: 'POST', path, body, init }) as never,
    put: (path, body, init) => handle({ method: 'PUT', path, body, init }) as never,
    patch: (path, body, init) => handle({ method: 'PATCH', path, body, init }) as never,
    delete: (path, init) => handle({ method: 'DELETE', path, init }) as never,
    blob: (path, init) => handle({ method: 'BLOB', path, init }) as Promise<Blob>,
  };
  return { http, calls };
}
