import { isApiError, isNetworkError } from '../errors';
import { authMessages } from './messages.es';

/** Spec §8, login: the message shown for a failed sign-in. */
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

/** Spec §8, password change: the server detail, else a generic failure; offline gets the connection text. */
export function changePasswordErrorMessage(error: unknown, messages = authMessages.changePassword): string {
  if (isNetworkError(error)) return messages.network;
  if (isApiError(error)) {
    const text = error.detailText?.trim();
    if (text) return text;
  }
  return messages.failed;
}

export interface LoginFormValues {
  email: string;
  password: string;
}

/** Spec §5, login: e-mail trimmed, non-empty, with '@'; password at least 3 characters. */
export function validateLogin(
  values: LoginFormValues,
  messages = authMessages.login,
): Partial<Record<keyof LoginFormValues, string>> {
  const errors: Partial<Record<keyof LoginFormValues, string>> = {};
  const email = values.email.trim();
  if (email === '' || !email.includes('@')) errors.email = messages.invalidEmail;
  if (values.password.length < 3) errors.password = messages.invalidPassword;
  return errors;
}

export interface ChangePasswordValues {
  current: string;
  next: string;
  confirm: string;
}

/**
 * Spec §5, password change, in the spec's order; the first broken rule wins.
 * Returns null when the request may be sent.
 */
export function validateChangePassword(
  values: ChangePasswordValues,
  hasToken: boolean,
  messages = authMessages.changePassword,
): string | null {
  if (!values.current || !values.next || !values.confirm) return messages.required;
  if (values.next.length < 8) return messages.tooShort;
  if (values.next !== values.confirm) return messages.mismatch;
  if (values.next === values.current) return messages.sameAsCurrent;
  if (!hasToken) return messages.notAuthenticated;
  return null;
}
