import type { ValidationIssue } from '@socio/contracts';

/** An error answered as `{ detail }` with its status (FastAPI shape). Throw it from any handler or service. */
export class HttpError extends Error {
  override name = 'HttpError';
  readonly statusCode: number;
  readonly detail: string | ValidationIssue[];
  readonly headers: Record<string, string>;

  constructor(statusCode: number, detail: string | ValidationIssue[], headers: Record<string, string> = {}) {
    super(typeof detail === 'string' ? detail : 'Error de validación');
    this.statusCode = statusCode;
    this.detail = detail;
    this.headers = headers;
  }
}

/** Throws `{ detail }` with `status`. */
export function httpError(status: number, detail: string, headers?: Record<string, string>): never {
  throw new HttpError(status, detail, headers);
}

/** Throws a 422 with one FastAPI-style issue, e.g. `validationError(['body','supervisor'], 'msg')`. */
export function validationError(loc: Array<string | number>, msg: string, type = 'value_error'): never {
  throw new HttpError(422, [{ loc, msg, type }]);
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
