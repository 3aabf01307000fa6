import type { AuthPort, ChangePasswordInput, LoginInput, SessionUser } from '@socio/features/auth';
import type { HttpClient } from './client';

/** AuthPort over the API (`/auth/*`). */
export function createHttpAuthPort(http: HttpClient): AuthPort {
  return {
    async login(input: LoginInput) {
      const body = await http.post<SessionUser & { token: string; token_type?: string }>(
        '/auth/login',
        input,
        {
          auth: false,
        },
      );
      const { token_type: _type, ...session } = body;
      return session;
    },
    me: (options) => http.get<SessionUser>('/auth/me', { signal: options?.signal }),
    changePassword: (input: ChangePasswordInput) =>
      http.put<{ detail: string }>('/auth/me/change-password', input),
  };
}
