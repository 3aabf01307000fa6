/** Reportes-only reading of what the port threw (the generic text is `errorDetail` in ../errors). */
import { ApiError } from '../errors';

/** A 404 of the zip: nothing pending on the server (another person sent them meanwhile). */
export function isNothingPending(error: unknown): boolean {
  return error instanceof ApiError && error.status === 404;
}
