import type { AuthPort } from '@socio/features/auth';
import { authPortScenarios } from '../../../../../packages/features/src/auth/auth.scenarios';
import { DEMO_PASSWORD, ROLE_EMAILS } from '../../../../api/test/helpers';
import { createHttpAuthPort } from './auth';
import { createHttpClient } from './client';
import { startRealApi } from './real-api.test-util';

// The same scenarios run on the fake in packages/features/src/auth/auth.fake.test.ts.
const api = startRealApi();
let port: AuthPort | undefined;

/** The adapter on a client that sends the token of the last login until sign-out, as the app's session does. */
function signedPort(): AuthPort {
  if (port) return port;
  let token: string | null = null;
  const http = createHttpAuthPort(createHttpClient({ baseUrl: api().baseUrl, getToken: () => token }));
  port = {
    ...http,
    async login(input) {
      const session = await http.login(input);
      token = session.token;
      return session;
    },
    // The app clears its session as it signs out: later calls carry no token.
    async logout(revoked) {
      token = null;
      await http.logout?.(revoked);
    },
  };
  return port;
}

authPortScenarios(signedPort, {
  visitador: { email: ROLE_EMAILS.Visitador, password: DEMO_PASSWORD },
  supervisor: { email: ROLE_EMAILS.Supervisor, password: DEMO_PASSWORD },
});
