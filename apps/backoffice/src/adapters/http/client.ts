import {
  API_BASE,
  type ApiRoute,
  buildApiPath,
  type ErrorCode,
  hasLongList,
  isErrorCode,
  jsonPieces,
  type RouteParams,
  type RouteQuery,
  type RouteRequestBody,
  type RouteResponse,
} from '@socio/contracts';
import { ApiError, InvalidResponseError, NetworkError, type ValidationIssue } from '@socio/features/errors';

/** Query-string values; `undefined` and `null` entries are left out. */
export type QueryValue = string | number | boolean | null | undefined;

export interface RequestOptions {
  /** Cancels the request (TanStack Query passes one). An abort is re-thrown as is, never as NetworkError. */
  signal?: AbortSignal;
  /** Extra headers, merged over the defaults. */
  headers?: Record<string, string>;
  /** Appended as `?a=1&b=2`. */
  query?: Record<string, QueryValue>;
  /**
   * `false` for the login call: no bearer token is sent and a 401 does NOT trigger
   * `onUnauthorized` (a 401 there means wrong credentials, not an expired session).
   * Default `true`.
   */
  auth?: boolean;
  /** Sends this request instead of `fetch` (e.g. an XMLHttpRequest-backed one reporting upload progress). */
  transport?: typeof fetch;
  /**
   * Send a big JSON body gzip-compressed (`Content-Encoding: gzip`, CompressionStream) when the browser
   * can: for the carga process/save payloads (tens of MB of rows that compress ~10×). Bodies under
   * `GZIP_MIN_BYTES` go as they are.
   */
  compressBody?: boolean;
  /**
   * The call's body as `prepareJson` wrote it ahead (of this same `body`, with this `compressBody`): sent as it
   * is, nothing written now.
   */
  prepared?: PreparedJson;
  /**
   * `callFile` only: called once the server answered with success and the file starts arriving (its
   * headers are in), before the body is read. What lets a screen say a download started only when it has.
   */
  onStarted?: () => void;
}

/** JSON bodies smaller than this are not worth compressing. */
export const GZIP_MIN_BYTES = 32 * 1024;

/**
 * A compressed body carrying a list longer than this (a carga's rows) is written piece by piece: writing
 * 100,000 rows as one string blocked the page for ~0.4 s.
 */
export const PIECEWISE_FROM_ITEMS = 1_000;

/** While writing a body piece by piece, the page gets a turn after about this much work (ms). */
const SLICE_MS = 8;

/**
 * A turn for the page: `scheduler.yield()` where the browser has it (the rest of the work resumes first, with no
 * timer clamping), else a zero timeout.
 */
export function yieldToPage(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler;
  if (typeof scheduler?.yield === 'function') return scheduler.yield();
  return new Promise<void>((resolve) => setTimeout(resolve, 0));
}

/** Text pieces as UTF-8 bytes, pulled as the compressor reads them, with a turn for the page every `SLICE_MS`. */
function piecesStream(pieces: Iterator<string>): ReadableStream<Uint8Array<ArrayBuffer>> {
  const encoder = new TextEncoder();
  let sliceStart = performance.now();
  return new ReadableStream<Uint8Array<ArrayBuffer>>({
    async pull(controller) {
      if (performance.now() - sliceStart >= SLICE_MS) {
        await yieldToPage();
        sliceStart = performance.now();
      }
      const next = pieces.next();
      if (next.done) controller.close();
      else controller.enqueue(encoder.encode(next.value));
    },
  });
}

function gzip(source: ReadableStream<Uint8Array<ArrayBuffer>>): Promise<Blob> {
  return new Response(source.pipeThrough(new CompressionStream('gzip'))).blob();
}

/**
 * The JSON body of a request: its text, or with `compress` (and a browser that has CompressionStream) the
 * text gzip-compressed when it is worth it; a body with a long list is written and compressed piece by piece.
 */
async function jsonBody(body: unknown, compress: boolean): Promise<{ payload: BodyInit; gzipped: boolean }> {
  const canGzip = compress && typeof CompressionStream !== 'undefined';
  if (canGzip && hasLongList(body, PIECEWISE_FROM_ITEMS)) {
    return { payload: await gzip(piecesStream(jsonPieces(body))), gzipped: true };
  }
  const json = JSON.stringify(body);
  const source = canGzip && json.length >= GZIP_MIN_BYTES ? new Response(json).body : null;
  return source ? { payload: await gzip(source), gzipped: true } : { payload: json, gzipped: false };
}

/** A JSON body written (and compressed) ahead of its request by `prepareJson`; a call sends it as `prepared`. */
export class PreparedJson {
  constructor(
    readonly payload: BodyInit,
    readonly gzipped: boolean,
  ) {}
}

/**
 * `body` written now as a call with `compressBody: compress` would write it, for a call made later (`prepared`):
 * what lets the next request's body be made while the ones before are still out.
 */
export async function prepareJson(body: unknown, compress: boolean): Promise<PreparedJson> {
  const { payload, gzipped } = await jsonBody(body, compress);
  return new PreparedJson(payload, gzipped);
}

/** `{ K: T }` when the call needs it, `{ K?: T }` when it is optional, and no `K` when the call has none. */
type Field<K extends string, T> = [T] extends [undefined]
  ? { [P in K]?: never }
  : undefined extends T
    ? { [P in K]?: T }
    : { [P in K]: T };

/**
 * Input of a call of the route table, typed by the route: its path params, query and body as the contract
 * declares them (a wrong or missing field is a compile error), plus the usual options.
 */
export type CallInput<R extends ApiRoute> = Omit<RequestOptions, 'query'> &
  Field<'params', RouteParams<R>> &
  Field<'query', RouteQuery<R>> &
  Field<'body', RouteRequestBody<R>>;

/** The input argument: required when the route needs params or a body, optional otherwise. */
type CallArgs<R extends ApiRoute> =
  object extends CallInput<R> ? [input?: CallInput<R>] : [input: CallInput<R>];

/** What the implementation reads of any call's input. */
interface LooseCallInput extends Omit<RequestOptions, 'query'> {
  params?: Record<string, string | number>;
  query?: Record<string, QueryValue>;
  body?: unknown;
}

/** A file answer (PDF, zip) with the name the server gave it (Content-Disposition), if any. */
export interface FileAnswer {
  blob: Blob;
  fileName: string | null;
}

export interface HttpClient {
  /**
   * Calls one route of `apiRoutes` (its method and path, params filled in) and validates the answer
   * with the route's response schema: a body that does not match throws `InvalidResponseError`.
   */
  call<R extends ApiRoute>(route: R, ...input: CallArgs<R>): Promise<RouteResponse<R>>;
  /** Calls a route that answers a file (`binary`), e.g. a report's PDF or the pending zip. */
  callFile<R extends ApiRoute>(route: R, ...input: CallArgs<R>): Promise<FileAnswer>;
}

export interface HttpClientOptions {
  /** API base, e.g. `/api` or `https://host/api` (no trailing slash needed). */
  baseUrl: string;
  /** The current bearer token, or null when signed out. */
  getToken: () => string | null;
  /** Called once per 401 answer to an authenticated call (session expired, token tampered, user deactivated). */
  onUnauthorized?: () => void;
  /** Injected for tests; defaults to the global fetch. */
  fetch?: typeof fetch;
}

/** The API base configured at build time (`VITE_API_URL`), `/api` by default. */
export const DEFAULT_API_URL: string = import.meta.env.VITE_API_URL ?? API_BASE;

function joinUrl(baseUrl: string, path: string, query?: Record<string, QueryValue>): string {
  const base = baseUrl.endsWith('/') ? baseUrl.slice(0, -1) : baseUrl;
  const rel = path.startsWith('/') ? path : `/${path}`;
  let url = `${base}${rel}`;
  if (query) {
    const params = new URLSearchParams();
    for (const [key, value] of Object.entries(query)) {
      if (value !== undefined && value !== null) params.append(key, String(value));
    }
    const qs = params.toString();
    if (qs) url += `${url.includes('?') ? '&' : '?'}${qs}`;
  }
  return url;
}

function isAbort(error: unknown): boolean {
  // Checked by name: DOMException may come from another realm (tests, workers).
  return typeof error === 'object' && error !== null && (error as { name?: unknown }).name === 'AbortError';
}

function toDetail(body: unknown): string | ValidationIssue[] | undefined {
  if (body && typeof body === 'object' && 'detail' in body) {
    const detail = (body as { detail: unknown }).detail;
    if (typeof detail === 'string') return detail;
    if (Array.isArray(detail)) return detail as ValidationIssue[];
  }
  return undefined;
}

/** The error body's stable `code`, when it is one of the contract's codes. */
function toCode(body: unknown): ErrorCode | undefined {
  const code =
    body && typeof body === 'object' && 'code' in body ? (body as { code: unknown }).code : undefined;
  return isErrorCode(code) ? code : undefined;
}

/** `attachment; filename="a.zip"; filename*=UTF-8''a%C3%B1.zip` → the (decoded) file name. */
function fileNameOf(disposition: string | null): string | null {
  if (!disposition) return null;
  const star = /filename\*\s*=\s*(?:UTF-8|utf-8)''([^;]+)/.exec(disposition);
  if (star?.[1]) {
    try {
      return decodeURIComponent(star[1].trim());
    } catch {
      // fall back to the plain parameter
    }
  }
  const plain = /filename\s*=\s*"?([^";]+)"?/.exec(disposition);
  return plain?.[1]?.trim() || null;
}

/**
 * A JSON answer this long (characters) is parsed after a turn of the page, and handed on (to its check, `call`)
 * after another: a process_carga batch's answer (~0.8 MB) decoded, parsed and checked in one task, with the
 * scavenges its objects set off, ran 58-70 ms on a 2-core machine (traced, 100,000 rows).
 */
export const BIG_BODY_CHARS = 256 * 1024;

/** A response's body: parsed JSON, else its text (undefined when empty). */
async function readBody(response: Response): Promise<unknown> {
  if (response.status === 204) return undefined;
  const text = await response.text();
  if (text === '') return undefined;
  const type = response.headers.get('content-type') ?? '';
  if (!type.includes('json')) return text;
  const big = text.length >= BIG_BODY_CHARS;
  if (big) await yieldToPage();
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return text;
  }
  if (big) await yieldToPage();
  return value;
}

/**
 * The one place the app talks HTTP. Sends JSON, adds `Authorization: Bearer <token>`,
 * turns error statuses into `ApiError(status, detail, code)` and transport failures into `NetworkError`.
 */
export function createHttpClient(options: HttpClientOptions): HttpClient {
  const doFetch = options.fetch ?? ((input, init) => globalThis.fetch(input, init));

  async function send(
    method: string,
    path: string,
    body: unknown,
    init: RequestOptions = {},
  ): Promise<Response> {
    const useAuth = init.auth !== false;
    const headers: Record<string, string> = { Accept: 'application/json' };
    let payload: BodyInit | undefined;
    if (body instanceof FormData || body instanceof Blob) {
      payload = body;
    } else if (body !== undefined) {
      headers['Content-Type'] = 'application/json';
      const { payload: text, gzipped } = init.prepared ?? (await jsonBody(body, init.compressBody === true));
      if (gzipped) headers['Content-Encoding'] = 'gzip';
      payload = text;
    }
    if (useAuth) {
      const token = options.getToken();
      if (token) headers.Authorization = `Bearer ${token}`;
    }
    Object.assign(headers, init.headers);

    let response: Response;
    try {
      response = await (init.transport ?? doFetch)(joinUrl(options.baseUrl, path, init.query), {
        method,
        headers,
        body: payload,
        signal: init.signal,
      });
    } catch (error) {
      if (isAbort(error) || init.signal?.aborted) throw error;
      throw new NetworkError(error);
    }

    if (!response.ok) {
      let parsed: unknown;
      try {
        parsed = await readBody(response);
      } catch {
        parsed = undefined;
      }
      if (response.status === 401 && useAuth) options.onUnauthorized?.();
      throw new ApiError(response.status, toDetail(parsed), toCode(parsed));
    }
    return response;
  }

  async function json<T>(method: string, path: string, body: unknown, init?: RequestOptions): Promise<T> {
    const response = await send(method, path, body, init);
    try {
      return (await readBody(response)) as T;
    } catch (error) {
      if (isAbort(error)) throw error;
      throw new NetworkError(error);
    }
  }

  async function call<R extends ApiRoute>(route: R, ...args: CallArgs<R>): Promise<RouteResponse<R>> {
    const { params, body, ...init } = (args[0] ?? {}) as LooseCallInput;
    const body_ = await json<unknown>(route.method, buildApiPath(route.path, params), body, init);
    if (!route.response) return body_ as RouteResponse<R>;
    const parsed = route.response.safeParse(body_);
    if (!parsed.success) throw new InvalidResponseError(`${route.method} ${route.path}`, parsed.error);
    return parsed.data as RouteResponse<R>;
  }

  async function callFile<R extends ApiRoute>(route: R, ...args: CallArgs<R>): Promise<FileAnswer> {
    const { params, body, ...init } = (args[0] ?? {}) as LooseCallInput;
    const response = await send(route.method, buildApiPath(route.path, params), body, {
      ...init,
      headers: { Accept: route.binary ?? '*/*', ...init.headers },
    });
    init.onStarted?.();
    return { blob: await response.blob(), fileName: fileNameOf(response.headers.get('content-disposition')) };
  }

  return { call, callFile };
}
