import { InvalidResponseError } from '@socio/features/errors';
import { describe, expect, it } from 'vitest';
import { createHttpAuthPort } from './auth';
import { createHttpDashboardPort } from './dashboard';
import { createFakeHttp } from './fake-http.test-util';
import { createHttpUsersPort } from './users';

/**
 * A 2xx answer whose body breaks the route's response schema becomes InvalidResponseError (named
 * after the call), which each screen shows as its error state instead of crashing on a missing field.
 * One case per port of the screens that exist: auth, users, dashboard.
 */
describe('a malformed answer becomes InvalidResponseError', () => {
  it('auth: a login answer without token', async () => {
    const { http } = createFakeHttp(() => ({ id_usuario: 1, email: 'ana@socioeconomico.mx' }));
    const error = await createHttpAuthPort(http)
      .login({ email: 'ana@socioeconomico.mx', password: 'x' })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(InvalidResponseError);
    expect((error as InvalidResponseError).call).toBe('POST /auth/login');
  });

  it('auth: /auth/me with an unknown role', async () => {
    const { http } = createFakeHttp(() => ({
      id_usuario: 1,
      nombres: 'Ana',
      apellido_paterno: 'Martínez',
      apellido_materno: 'Ruiz',
      email: 'ana@socioeconomico.mx',
      rol: 'Gestor',
      foto_path: null,
    }));
    await expect(createHttpAuthPort(http).me()).rejects.toBeInstanceOf(InvalidResponseError);
  });

  it('users: all_users answering a bare array instead of { usuarios }', async () => {
    const { http } = createFakeHttp(() => [{ id_usuario: 1 }]);
    const error = await createHttpUsersPort(http)
      .allUsers()
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(InvalidResponseError);
    expect((error as InvalidResponseError).call).toBe('GET /users/all_users');
  });

  it('users: the completion percentage as text', async () => {
    const { http } = createFakeHttp(() => ({ percentage_completion: 'mucho' }));
    await expect(createHttpUsersPort(http).completionLast30Days()).rejects.toBeInstanceOf(
      InvalidResponseError,
    );
  });

  it('dashboard: a resumen without its weekly series', async () => {
    const { http } = createFakeHttp(() => ({ estudios_activos: 3 }));
    const error = await createHttpDashboardPort(http)
      .resumen()
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(InvalidResponseError);
    expect((error as InvalidResponseError).call).toBe('GET /dashboard/resumen');
  });

  it('an empty body where JSON was expected', async () => {
    const { http } = createFakeHttp(() => null);
    await expect(createHttpDashboardPort(http).resumen()).rejects.toBeInstanceOf(InvalidResponseError);
  });
});
