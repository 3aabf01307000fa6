/** Reportes-only reading of what the port threw (the generic text is `errorDetail` in ../errors). */
import { ENTREGAS_MESSAGES } from '@socio/contracts';
import { ApiError } from '../errors';

/** A 404 of the zip: nothing pending on the server (another person sent them meanwhile). */
export function isNothingPending(error: unknown): boolean {
  return error instanceof ApiError && error.status === 404;
}

/** 'Enviar reportes' refused (409) because the report's client has no recipients configured. */
export function isNoRecipients(error: unknown): boolean {
  return (
    error instanceof ApiError && error.status === 409 && error.detailText === ENTREGAS_MESSAGES.noRecipients
  );
}
