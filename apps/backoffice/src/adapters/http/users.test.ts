import type { UsuarioDTO } from '@socio/contracts';
import { ApiError } from '@socio/features/errors';
import type { NewUserRequest } from '@socio/features/users';
import { describe, expect, it } from 'vitest';
import { createFakeHttp } from './fake-http.test-util';
import { createHttpUsersPort } from './users';

const usuario: UsuarioDTO = {
  id_usuario: 7,
  username: 'jperez',
  nombres: 'Juan',
  apellido_paterno: 'Pérez',
  apellido_materno: 'López',
  name: 'Juan Pérez López',
  email: 'jperez@socioeconomico.mx',
  rol: 'Visitador',
  supervisor: 2,
  supervisor_nombre: 'Laura Méndez Ríos',
  estatus: 'Activo',
  foto_path: null,
  estado: 19,
  region: 'Nuevo León',
};

describe('createHttpUsersPort', () => {
  it('allUsers reads GET /users/all_users and unwraps usuarios, passing the abort signal', async () => {
    const { http, calls } = createFakeHttp(() => ({ usuarios: [usuario] }));
    const signal = new AbortController().signal;
    await expect(createHttpUsersPort(http).allUsers({ signal })).resolves.toEqual([usuario]);
    expect(calls).toEqual([{ method: 'GET', path: '/users/all_users', init: { signal } }]);
  });

  it('createUser posts the body to /users/new_user and returns the answer as is', async () => {
    const { http, calls } = createFakeHttp(() => ({ usuario }));
    const body: NewUserRequest = {
      nombres: 'Juan',
      apellido_paterno: 'Pérez',
      apellido_materno: 'López',
      username: 'jperez',
      email: 'jperez@socioeconomico.mx',
      password: 'secreto123',
      role: 'Visitador',
      supervisor: 2,
      estado: 19,
      status: 'Activo',
      avatar: '/avatars/default.png',
    };
    await expect(createHttpUsersPort(http).createUser(body)).resolves.toEqual({ usuario });
    expect(calls[0]).toMatchObject({ method: 'POST', path: '/users/new_user', body });
  });

  it('editUser puts to /users/edit_user/{id_usuario}', async () => {
    const { http, calls } = createFakeHttp(() => ({ usuario }));
    const body = {
      nombres: 'Juan',
      apellido_paterno: 'Pérez',
      apellido_materno: 'López',
      email: 'jperez@socioeconomico.mx',
      role: 'Visitador' as const,
      supervisor: null,
      status: 'Inactivo' as const,
    };
    await createHttpUsersPort(http).editUser(7, body);
    expect(calls[0]).toMatchObject({ method: 'PUT', path: '/users/edit_user/7', body });
  });

  it('checkUsername encodes the username in the path', async () => {
    const { http, calls } = createFakeHttp(() => ({ username: 'ana.lopez', available: true }));
    await expect(createHttpUsersPort(http).checkUsername('ana.lopez/x')).resolves.toEqual({
      username: 'ana.lopez',
      available: true,
    });
    expect(calls[0]?.path).toBe('/users/check_username/ana.lopez%2Fx');
  });

  it('supervisors, competitiveness and completion read their endpoints', async () => {
    const answers: Record<string, unknown> = {
      '/users/supervisors_list': { supervisors: [{ id: 2, name: 'Laura Méndez Ríos' }] },
      '/users/competitiviness_stats': [
        {
          id: 7,
          name: 'Juan Pérez López',
          avatar: null,
          assignments: 4,
          studiesCompleted: 3,
          averageResponseDays: 2.5,
          completionPercentage: 75,
        },
      ],
      '/users/percentage_completion_last_30_days': { percentage_completion: 62.5 },
    };
    const { http, calls } = createFakeHttp((call) => answers[call.path]);
    const port = createHttpUsersPort(http);
    await expect(port.supervisors()).resolves.toEqual([{ id: 2, name: 'Laura Méndez Ríos' }]);
    await expect(port.competitiveness()).resolves.toHaveLength(1);
    await expect(port.completionLast30Days()).resolves.toBe(62.5);
    expect(calls.map((c) => `${c.method} ${c.path}`)).toEqual([
      'GET /users/supervisors_list',
      'GET /users/competitiviness_stats',
      'GET /users/percentage_completion_last_30_days',
    ]);
  });

  it('lets ApiError through untouched (the feature maps it to the spec texts)', async () => {
    const { http } = createFakeHttp(() => {
      throw new ApiError(409, 'El usuario ya existe');
    });
    await expect(createHttpUsersPort(http).createUser({} as NewUserRequest)).rejects.toMatchObject({
      status: 409,
      detail: 'El usuario ya existe',
    });
  });
});
