import type { ErrorCode, ValidationIssue } from '@socio/contracts';
import type { DomainErrorKind } from '../domain-errors';

/** The one mapping from a domain error's kind to its HTTP status (the body is always `{ detail, code }`). */
export const DOMAIN_ERROR_STATUS: Record<DomainErrorKind, number> = {
  rejected: 400,
  unauthorized: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  payload_too_large: 413,
  unsupported_media_type: 415,
  invalid: 422,
  too_many: 429,
};

/** An error answer's body: the FastAPI `detail` and the stable `code`. */
export interface ErrorBody {
  detail: string | ValidationIssue[];
  code: ErrorCode;
}

/** The answer of a domain error: status, headers and the `{ detail, code }` body. */
export function domainErrorReply(error: {
  kind: DomainErrorKind;
  code: ErrorCode;
  detail: string | ValidationIssue[];
  headers: Record<string, string>;
}): { status: number; headers: Record<string, string>; body: ErrorBody } {
  return {
    status: DOMAIN_ERROR_STATUS[error.kind],
    headers: error.headers,
    body: { detail: error.detail, code: error.code },
  };
}

export const ERROR_MESSAGES = {
  internal: 'Error interno del servidor',
  notFound: 'Recurso no encontrado',
  invalidJson: 'JSON inválido',
  bodyTooLarge: 'El cuerpo de la petición es demasiado grande',
  unsupportedMediaType: 'Tipo de contenido no soportado',
  badRequest: 'Petición inválida',
  methodNotAllowed: 'Método no permitido',
  badUrl: 'URL inválida',
  badMultipart: 'Formulario multipart inválido',
  duplicate: 'El registro ya existe',
  invalidData: 'Datos inválidos',
  uriTooLong: 'La URL es demasiado larga',
} as const;

/** Starts of busboy's errors for a malformed or cut multipart body (they carry no code). */
const BUSBOY_MESSAGES = [
  'Multipart:',
  'Malformed part header',
  'Unexpected end of form',
  'Unexpected end of multipart',
  // A body that ends inside a file part (its Content-Length matching what was sent).
  'Part terminated early',
];

/** Whether `error` says the multipart body was malformed or ended early: the request's fault, never a 500. */
export function isCutMultipart(error: unknown): boolean {
  const e = error as { message?: unknown; code?: unknown };
  const message = typeof e?.message === 'string' ? e.message : '';
  const code = typeof e?.code === 'string' ? e.code : '';
  return (
    BUSBOY_MESSAGES.some((m) => message.startsWith(m)) ||
    message === 'aborted' ||
    code === 'ECONNRESET' ||
    code === 'ERR_STREAM_PREMATURE_CLOSE' ||
    code === 'FST_MP_PREMATURE_CLOSE'
  );
}
