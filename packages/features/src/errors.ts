/**
 * Errors every port may throw. Adapters translate their transport into these, so the
 * features can show the spec's Spanish messages without knowing about HTTP.
 */
import type { ErrorCode } from '@socio/contracts';
import { errorMessages as m } from './messages.es';

export interface ValidationIssue {
  loc: (string | number)[];
  msg: string;
  type: string;
}

/**
 * The server answered with an error status, a FastAPI-style `detail` and a stable `code`
 * (`ERROR_CODES` in @socio/contracts). Features decide by the code, never by the wording.
 */
export class ApiError extends Error {
  readonly status: number;
  readonly detail: string | ValidationIssue[] | undefined;
  /** What went wrong, for programs; undefined when the answer carried none (a proxy's error page). */
  readonly code: ErrorCode | undefined;

  constructor(status: number, detail: string | ValidationIssue[] | undefined, code?: ErrorCode) {
    super(typeof detail === 'string' ? detail : `Error ${status}`);
    this.name = 'ApiError';
    this.status = status;
    this.detail = detail;
    this.code = code;
  }

  /** The detail when it is a plain string, else undefined. */
  get detailText(): string | undefined {
    return typeof this.detail === 'string' ? this.detail : undefined;
  }
}

/** The server could not be reached (offline, DNS, refused, CORS…). */
export class NetworkError extends Error {
  constructor(cause?: unknown) {
    super('Error de conexión', { cause });
    this.name = 'NetworkError';
  }
}

/** The server answered 2xx with a body that does not match the contract (a broken or mismatched server). */
export class InvalidResponseError extends Error {
  /** `METHOD /path` of the call. */
  readonly call: string;
  constructor(call: string, cause?: unknown) {
    super(`Respuesta inválida del servidor (${call})`, { cause });
    this.name = 'InvalidResponseError';
    this.call = call;
  }
}

export function isInvalidResponseError(error: unknown): error is InvalidResponseError {
  return error instanceof InvalidResponseError;
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

export function isNetworkError(error: unknown): error is NetworkError {
  return error instanceof NetworkError;
}

/**
 * The text after 'Error al …: ' for what a port threw: the server's own words when it sent some,
 * otherwise a short Spanish reason.
 */
export function errorDetail(error: unknown): string {
  if (error instanceof ApiError) {
    if (typeof error.detail === 'string' && error.detail.trim()) return error.detail.trim();
    if (Array.isArray(error.detail) && error.detail.length > 0) {
      return error.detail.map((issue) => issue.msg).join('; ');
    }
    return `Error ${error.status}`;
  }
  if (error instanceof NetworkError) return m.networkDetail;
  if (error instanceof InvalidResponseError) return m.invalidResponseDetail;
  return m.unknownDetail;
}
