/** Maps what the reportes port threw to the text after 'Error al …: '. */
import { ApiError, InvalidResponseError, NetworkError } from '../errors';
import { reportesMessages as m } from './messages.es';

/** The server's own words when it sent some; otherwise a short Spanish reason. */
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

/** A 404 of the zip: nothing pending on the server (another person sent them meanwhile). */
export function isNothingPending(error: unknown): boolean {
  return error instanceof ApiError && error.status === 404;
}
