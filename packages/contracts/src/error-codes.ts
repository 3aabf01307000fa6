/**
 * Stable codes of the API's error answers: every error body is `{ detail, code }`, the Spanish `detail`
 * for the person and the `code` for programs. Clients (screens, fakes) switch on the code, never on
 * the wording, so a text can be reworded without breaking them. Declared once here for both sides.
 */
export const ERROR_CODES = [
  // Request shape and transport (any route).
  /** A field of the request fails its schema (the detail is the FastAPI issue list). */
  'validation',
  'invalid_json',
  'bad_request',
  'bad_url',
  'uri_too_long',
  'bad_multipart',
  'body_too_large',
  'unsupported_media_type',
  'method_not_allowed',
  /** No such route or resource path. */
  'not_found',
  /** A database integrity error the route's own checks did not catch. */
  'duplicate',
  'invalid_data',
  'internal',
  // Session and roles.
  'not_authenticated',
  'invalid_token',
  'forbidden',
  'invalid_credentials',
  'account_inactive',
  'too_many_attempts',
  'invalid_new_password',
  'current_password_wrong',
  // Users.
  'user_not_found',
  'username_taken',
  'email_taken',
  'invalid_supervisor',
  'self_supervisor',
  'invalid_estado',
  'cannot_deactivate_self',
  'cannot_demote_self',
  // Cargas and assignments.
  'too_many_rows',
  'invalid_visitor',
  'unknown_state',
  'folio_open_assignment',
  'assignment_not_found',
  'folio_not_found',
  'not_your_assignment',
  'visitor_transition',
  'transition_not_allowed',
  'assignment_closed',
  'same_visitor',
  'visitor_other_state',
  /** A staged save (lote) that does not exist, expired, or belongs to another user. */
  'lote_not_found',
  /** A lote confirmed with a row count other than the rows its parts hold. */
  'lote_rows_mismatch',
  // Reportes and their e-mail deliveries.
  'reporte_not_found',
  'cliente_not_found',
  'no_pending_reports',
  'pdf_missing',
  'invalid_pdf',
  'pdf_too_large',
  'no_recipients',
  'all_received',
  'entrega_not_found',
  'entrega_not_retryable',
] as const;

export type ErrorCode = (typeof ERROR_CODES)[number];

const CODES: ReadonlySet<string> = new Set(ERROR_CODES);

/** Whether `value` is one of the declared error codes. */
export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === 'string' && CODES.has(value);
}
