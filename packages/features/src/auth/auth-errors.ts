import { isApiError, isNetworkError } from '../errors';
import { authMessages } from './messages.es';

/**
 * The message shown for a failed sign-in: 422 names the field ('Error: Formato de email invalido'),
 * a string detail shows as is (401, 403, 429), offline and anything else get fixed texts.
 */
export function loginErrorMessage(error: unknown, messages = authMessages.loginErrors): string {
  if (isNetworkError(error)) return messages.network;
  if (isApiError(error)) {
    if (error.status === 422) {
      if (Array.isArray(error.detail) && error.detail.length > 0) {
        const loc = error.detail[0]?.loc ?? [];
        const field = loc[loc.length - 1];
        if (field !== undefined) return messages.invalidFormat(String(field));
      }
      return messages.checkEmail;
    }
    const text = error.detailText?.trim();
    if (text) return text;
  }
  return messages.generic;
}

/** A failed password change: the server detail, else a generic failure; offline gets the connection text. */
export function changePasswordErrorMessage(error: unknown, messages = authMessages.changePassword): string {
  if (isNetworkError(error)) return messages.network;
  if (isApiError(error)) {
    const text = error.detailText?.trim();
    if (text) return text;
  }
  return messages.failed;
}
