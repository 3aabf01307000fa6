import {
  allUsersResponseSchema,
  apiErrorSchema,
  checkUsernameParamsSchema,
  checkUsernameResponseSchema,
  competitivenessStatsResponseSchema,
  editUserRequestSchema,
  editUserResponseSchema,
  newUserRequestSchema,
  newUserResponseSchema,
  percentageCompletionResponseSchema,
  regionsAvailableResponseSchema,
  supervisorsListResponseSchema,
  userIdParamsSchema,
} from '@socio/contracts';
import type { FastifyInstance } from 'fastify';
import { currentUser, requireRole } from '../../http/auth';
import type { ZodTypeProvider } from '../../http/zod';
import {
  allUsers,
  checkUsername,
  competitivenessStats,
  createUser,
  editUser,
  percentageCompletionLast30Days,
  regionsAvailable,
  supervisorsList,
} from './service';

const tags = ['usuarios'];
const errors = { 401: apiErrorSchema, 403: apiErrorSchema };
/** Reading users: Administrador and Supervisor. */
const readers = requireRole('Administrador', 'Supervisor');
/** Creating and editing users: Administrador only. */
const admins = requireRole('Administrador');

/** /api/users: user administration and visitor statistics. */
export async function usersRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/all_users',
    {
      onRequest: readers,
      schema: { tags, summary: 'Todos los usuarios', response: { 200: allUsersResponseSchema, ...errors } },
    },
    async () => ({ usuarios: await allUsers(app.db) }),
  );

  r.post(
    '/new_user',
    {
      onRequest: admins,
      schema: {
        tags,
        summary: 'Crear un usuario',
        body: newUserRequestSchema,
        response: { 201: newUserResponseSchema, 409: apiErrorSchema, 422: apiErrorSchema, ...errors },
      },
    },
    async (request, reply) => {
      const usuario = await createUser(app, currentUser(request), request.body, request.id);
      return reply.status(201).send({ usuario });
    },
  );

  r.put(
    '/edit_user/:id',
    {
      onRequest: admins,
      schema: {
        tags,
        summary: 'Editar un usuario (id_usuario, o username si no es numérico); el username no cambia',
        params: userIdParamsSchema,
        body: editUserRequestSchema,
        response: {
          200: editUserResponseSchema,
          404: apiErrorSchema,
          409: apiErrorSchema,
          422: apiErrorSchema,
          ...errors,
        },
      },
    },
    async (request) => ({
      usuario: await editUser(app, currentUser(request), request.params.id, request.body, request.id),
    }),
  );

  r.get(
    '/check_username/:username',
    {
      onRequest: readers,
      schema: {
        tags,
        summary: 'Disponibilidad de un nombre de usuario (normalizado)',
        params: checkUsernameParamsSchema,
        response: { 200: checkUsernameResponseSchema, 422: apiErrorSchema, ...errors },
      },
    },
    async (request) => checkUsername(app.db, request.params.username),
  );

  r.get(
    '/supervisors_list',
    {
      onRequest: readers,
      schema: {
        tags,
        summary: 'Supervisores activos',
        response: { 200: supervisorsListResponseSchema, ...errors },
      },
    },
    async () => ({ supervisors: await supervisorsList(app.db) }),
  );

  r.get(
    '/regions_available',
    {
      onRequest: readers,
      schema: {
        tags,
        summary: 'Estados con al menos un visitador activo',
        response: { 200: regionsAvailableResponseSchema, ...errors },
      },
    },
    async () => ({ regions: await regionsAvailable(app.db) }),
  );

  r.get(
    '/competitiviness_stats',
    {
      onRequest: readers,
      schema: {
        tags,
        summary: 'Competitividad por visitador activo',
        response: { 200: competitivenessStatsResponseSchema, ...errors },
      },
    },
    async () => competitivenessStats(app.db),
  );

  r.get(
    '/percentage_completion_last_30_days',
    {
      onRequest: readers,
      schema: {
        tags,
        summary: 'Porcentaje de asignaciones completadas en los últimos 30 días',
        response: { 200: percentageCompletionResponseSchema, ...errors },
      },
    },
    async () => ({ percentage_completion: await percentageCompletionLast30Days(app.db) }),
  );
}
