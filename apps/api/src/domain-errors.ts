/**
 * The one error type of the API's rules. Services (and the few HTTP-only checks) throw a `DomainError` with a
 * kind, a stable `code` (one of `ERROR_CODES` in @socio/contracts) and a Spanish `detail`; the app's error
 * handler maps the kind to a status (see `http/errors.ts`) and answers `{ detail, code }`.
 * Nothing here knows HTTP: a service says "not found" or "conflict", never "404" or "409".
 */
import type { ErrorCode, ValidationIssue } from '@socio/contracts';

export type DomainErrorKind =
  /** The input breaks a rule (its fields are well-formed, its meaning is not). */
  | 'invalid'
  /** The request cannot be honoured as sent (e.g. the current password does not match). */
  | 'rejected'
  /** No valid session. */
  | 'unauthorized'
  /** The session's user may not do this. */
  | 'forbidden'
  | 'not_found'
  /** The current state forbids it (duplicate, transition not allowed, lost race). */
  | 'conflict'
  | 'payload_too_large'
  | 'unsupported_media_type'
  /** Too many attempts in the window. */
  | 'too_many';

export interface DomainErrorOptions {
  /** Headers the answer carries (`retry-after`, `www-authenticate`). */
  headers?: Record<string, string>;
  /** The field at fault (`['body', 'supervisor']`): the detail becomes one FastAPI-style issue. */
  loc?: Array<string | number>;
}

export class DomainError extends Error {
  override name = 'DomainError';
  readonly kind: DomainErrorKind;
  /** What went wrong, for programs: clients switch on it, never on the wording. */
  readonly code: ErrorCode;
  /** Spanish text for the person, or the FastAPI issues of the field at fault. */
  readonly detail: string | ValidationIssue[];
  readonly headers: Record<string, string>;

  constructor(kind: DomainErrorKind, code: ErrorCode, detail: string, options: DomainErrorOptions = {}) {
    super(detail);
    this.kind = kind;
    this.code = code;
    this.detail = options.loc ? [{ loc: options.loc, msg: detail, type: 'value_error' }] : detail;
    this.headers = options.headers ?? {};
  }
}

/** Throws a `DomainError` (a statement-level `never`, so TypeScript narrows after it). */
export function fail(
  kind: DomainErrorKind,
  code: ErrorCode,
  detail: string,
  options?: DomainErrorOptions,
): never {
  throw new DomainError(kind, code, detail, options);
}
