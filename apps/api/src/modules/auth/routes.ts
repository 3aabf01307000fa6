import {
  apiErrorSchema,
  changePasswordRequestSchema,
  changePasswordResponseSchema,
  loginRequestSchema,
  loginResponseSchema,
  meResponseSchema,
} from '@socio/contracts';
import type { FastifyInstance } from 'fastify';
import { currentUser, requireRole } from '../../http/auth';
import type { ZodTypeProvider } from '../../http/zod';
import { changePassword, login, me } from './service';

const tags = ['auth'];

/** /api/auth: login, session user, change own password. */
export async function authRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    '/login',
    {
      schema: {
        tags,
        summary: 'Iniciar sesión con correo y contraseña',
        security: [],
        body: loginRequestSchema,
        response: {
          200: loginResponseSchema,
          401: apiErrorSchema,
          403: apiErrorSchema,
          422: apiErrorSchema,
          429: apiErrorSchema,
        },
      },
    },
    async (request) => login(app, request.body, request.ip),
  );

  r.get(
    '/me',
    {
      onRequest: requireRole(),
      schema: {
        tags,
        summary: 'Usuario de la sesión actual',
        response: { 200: meResponseSchema, 401: apiErrorSchema },
      },
    },
    async (request) => me(app, currentUser(request)),
  );

  r.put(
    '/me/change-password',
    {
      onRequest: requireRole(),
      schema: {
        tags,
        summary: 'Cambiar la contraseña propia',
        body: changePasswordRequestSchema,
        response: {
          200: changePasswordResponseSchema,
          400: apiErrorSchema,
          401: apiErrorSchema,
          422: apiErrorSchema,
        },
      },
    },
    async (request) => changePassword(app, currentUser(request), request.body, request.id),
  );
}
