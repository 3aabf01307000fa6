export type { AuthPort, ChangePasswordInput, LoginInput, SessionUser } from './auth.port';
export { changePasswordErrorMessage, loginErrorMessage } from './auth-errors';
export {
  CHANGE_PASSWORD_AUTO_CLOSE_MS,
  ChangePasswordDialog,
  type ChangePasswordDialogProps,
} from './change-password-dialog';
export { LoginScreen, type LoginScreenProps } from './login-screen';
export { type AuthMessages, authMessages } from './messages.es';
export {
  createSessionController,
  type SessionController,
  type SessionEnd,
  type SessionSnapshot,
  type SessionStore,
  type StoredSession,
} from './session';
export {
  type SessionContextValue,
  SessionProvider,
  type SessionProviderProps,
  useSession,
} from './session-provider';
export { authKeys, useChangePassword, useLogin, useSessionRefresh } from './use-auth';
