import { apiRoutes } from '@socio/contracts';
import type { AuthPort, ChangePasswordInput, LoginInput } from '@socio/features/auth';
import type { HttpClient } from './client';

/** AuthPort over the API (`apiRoutes.auth`). */
export function createHttpAuthPort(http: HttpClient): AuthPort {
  return {
    async login(input: LoginInput) {
      const { token_type: _type, ...session } = await http.call(apiRoutes.auth.login, {
        body: input,
        auth: false,
      });
      return session;
    },
    me: (options) => http.call(apiRoutes.auth.me, { signal: options?.signal }),
    changePassword: (input: ChangePasswordInput) => http.call(apiRoutes.auth.changePassword, { body: input }),
    // Revokes the token on the server (it stops working on every server at once). The token comes as an
    // argument, not from the session: the shell clears the local session right after calling this, and
    // this adapter may still be loading then.
    async logout(token: string) {
      await http.call(apiRoutes.auth.logout, { headers: { Authorization: `Bearer ${token}` } });
    },
  };
}
