/**
 * The behaviour every `AuthPort` shows, written once and run against both implementations: the in-memory
 * fake (`auth.fake.test.ts`) and the HTTP adapter on the real API (`apps/backoffice/src/adapters/http/
 * auth.http.test.ts`, where the token of the last login is the one the client sends, as the app's session
 * does). When they disagree the server is right and the fake is fixed.
 *
 * The two accounts are given by the caller (the fake's and the seed's demo accounts); the scenario that
 * changes a password puts it back.
 */
import { AUTH_MESSAGES, newPasswordError } from '@socio/contracts';
import { describe, expect, it } from 'vitest';
import { refusal } from '../testing/port-scenarios';
import type { AuthPort } from './auth.port';

export interface ScenarioAccount {
  email: string;
  password: string;
}

/** Registers the scenarios; `port()` gives the implementation under test, signed out at first. */
export function authPortScenarios(
  port: () => AuthPort,
  accounts: { visitador: ScenarioAccount; supervisor: ScenarioAccount },
): void {
  describe('AuthPort scenarios', () => {
    it('signs in with the e-mail in any case and spaces; me() is the same user', async () => {
      const { visitador } = accounts;
      const session = await port().login({
        email: ` ${visitador.email.toUpperCase()} `,
        password: visitador.password,
      });
      expect(session).toMatchObject({ email: visitador.email, rol: 'Visitador' });
      expect(session.token).toEqual(expect.any(String));
      const { token: _token, ...user } = session;
      expect(await port().me()).toEqual(user);
    });

    it('answers a wrong password and an unknown e-mail alike (401)', async () => {
      const wrong = { status: 401, code: 'invalid_credentials', detail: AUTH_MESSAGES.wrongCredentials };
      expect(
        await refusal(port().login({ email: accounts.visitador.email, password: 'NoEsLaClave1' })),
      ).toEqual(wrong);
      expect(
        await refusal(port().login({ email: 'nadie@socioeconomico.mx', password: 'NoEsLaClave1' })),
      ).toEqual(wrong);
    });

    it('refuses an e-mail that is not one (422)', async () => {
      expect(await refusal(port().login({ email: 'sin-arroba', password: 'Algo2026!' }))).toEqual({
        status: 422,
        code: 'validation',
        detail: AUTH_MESSAGES.invalidEmail,
      });
    });

    it('changes the password: the current one checked (400), the new one ruled (422), then it signs in', async () => {
      const { supervisor } = accounts;
      await port().login(supervisor);
      expect(
        await refusal(port().changePassword({ current_password: 'Otra2026!', new_password: 'Nueva2026!' })),
      ).toEqual({ status: 400, code: 'current_password_wrong', detail: AUTH_MESSAGES.currentPasswordWrong });
      const same = { current_password: supervisor.password, new_password: supervisor.password };
      expect(await refusal(port().changePassword(same))).toEqual({
        status: 422,
        code: 'invalid_new_password',
        detail: newPasswordError(same.current_password, same.new_password),
      });
      const next = 'Nueva2026!x';
      expect(
        await port().changePassword({ current_password: supervisor.password, new_password: next }),
      ).toEqual({
        detail: AUTH_MESSAGES.passwordChanged,
      });
      try {
        expect(await refusal(port().login(supervisor))).toMatchObject({ status: 401 });
        await port().login({ email: supervisor.email, password: next });
      } finally {
        await port().changePassword({ current_password: next, new_password: supervisor.password });
      }
    });

    it('after signing out, the session is gone (401)', async () => {
      const session = await port().login(accounts.visitador);
      await port().logout?.(session.token);
      expect(await refusal(port().me())).toEqual({
        status: 401,
        code: 'not_authenticated',
        detail: AUTH_MESSAGES.notAuthenticated,
      });
    });
  });
}
