import type { SessionUser } from '@socio/contracts';

/** The signed-in user (`GET /auth/me`, login body without the token): the wire type of @socio/contracts. */
export type { SessionUser };

export interface LoginInput {
  email: string;
  password: string;
}

export interface ChangePasswordInput {
  current_password: string;
  new_password: string;
}

/** What the auth feature needs from the outside world. */
export interface AuthPort {
  /** Exchanges credentials for a session. Throws `ApiError` (401/403/422/429) or `NetworkError`. */
  login(input: LoginInput): Promise<SessionUser & { token: string }>;
  /** The user behind the current token (validates a stored session). */
  me(options?: { signal?: AbortSignal }): Promise<SessionUser>;
  /** Changes the signed-in user's password; resolves with the server's confirmation text. */
  changePassword(input: ChangePasswordInput): Promise<{ detail: string }>;
  /**
   * Optional server-side sign-out: revokes `token`, the session's token read before the session is
   * cleared locally (which happens either way, without waiting for this).
   */
  logout?(token: string): Promise<void>;
}
