import { ApiError } from '@socio/features/errors';
import { describe, expect, it } from 'vitest';
import { createHttpAuthPort } from './auth';
import { createFakeHttp } from './fake-http.test-util';

describe('createHttpAuthPort', () => {
  it('logout posts to /auth/logout with the bearer token (the server revokes it)', async () => {
    const { http, calls } = createFakeHttp(() => ({ detail: 'Sesión cerrada' }));
    await expect(createHttpAuthPort(http).logout?.('tok-1')).resolves.toBeUndefined();
    expect(calls).toEqual([{ method: 'POST', path: '/auth/logout' }]);
  });

  it('logout rejects when the server refuses (the shell clears the session anyway)', async () => {
    const { http } = createFakeHttp(() => {
      throw new ApiError(401, 'Token inválido o expirado');
    });
    await expect(createHttpAuthPort(http).logout?.('tok-1')).rejects.toBeInstanceOf(ApiError);
  });
});
