/** Maps what a port threw to the texts the create and edit flows show (server detail, conflict, network…). */
import { ApiError, NetworkError } from '../errors';
import { usersMessages as m } from './messages.es';

function detailOf(error: unknown): string | undefined {
  if (error instanceof ApiError) {
    if (typeof error.detail === 'string') return error.detail.trim() || undefined;
    if (Array.isArray(error.detail) && error.detail.length > 0) {
      return error.detail.map((issue) => issue.msg).join('; ');
    }
    return undefined;
  }
  if (error instanceof Error && !(error instanceof NetworkError)) return error.message.trim() || undefined;
  return undefined;
}

/** Toast text of a failed POST /users/new_user. */
export function createUserErrorMessage(error: unknown): string {
  if (error instanceof NetworkError) return m.createNetwork;
  if (error instanceof ApiError && error.code === 'username_taken') return m.createUsernameTaken;
  if (error instanceof ApiError && error.code === 'email_taken') return m.createEmailTaken;
  const detail = detailOf(error);
  return detail ? m.createOther(detail) : m.createDefault;
}

/** Toast text of a failed PUT /users/edit_user/{id}: the server detail or the default. */
export function editUserErrorMessage(error: unknown): string {
  if (error instanceof ApiError) return detailOf(error) ?? m.editDefaultError;
  return m.editDefaultError;
}
