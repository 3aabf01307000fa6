import { apiRoutes } from '@socio/contracts';
import type { FastifyInstance } from 'fastify';
import { currentUser } from '../../http/auth';
import { registerRoute } from '../../http/route';
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

/** User administration and visitor statistics. */
export async function usersRoutes(app: FastifyInstance): Promise<void> {
  const { users } = apiRoutes;

  registerRoute(app, users.all, async () => ({ usuarios: await allUsers(app.db) }));

  registerRoute(app, users.create, async (request) => ({
    usuario: await createUser(app.db, currentUser(request), request.body, request.id),
  }));

  registerRoute(app, users.edit, async (request) => {
    const usuario = await editUser(app.db, currentUser(request), request.params.id, request.body, request.id);
    // Deactivation and role changes take effect at once on this server.
    app.authCache.invalidate(usuario.id_usuario);
    return { usuario };
  });

  registerRoute(app, users.checkUsername, async (request) => checkUsername(app.db, request.params.username));

  registerRoute(app, users.supervisors, async () => ({ supervisors: await supervisorsList(app.db) }));

  registerRoute(app, users.regions, async () => ({ regions: await regionsAvailable(app.db) }));

  registerRoute(app, users.competitiveness, async () => competitivenessStats(app.db));

  registerRoute(app, users.completion30d, async () => ({
    percentage_completion: await percentageCompletionLast30Days(app.db),
  }));
}
