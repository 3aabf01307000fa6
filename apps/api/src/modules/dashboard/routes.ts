import { dashboardResumenSchema } from '@socio/contracts';
import type { FastifyInstance } from 'fastify';
import { currentUser, requireRole } from '../../http/auth';
import type { ZodTypeProvider } from '../../http/zod';
import { dashboardResumen } from './service';

const anyRole = requireRole();

export async function dashboardRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.get(
    '/resumen',
    { onRequest: anyRole, schema: { tags: ['dashboard'], response: { 200: dashboardResumenSchema } } },
    async (request) => {
      const user = currentUser(request);
      return dashboardResumen(
        request.server.db,
        new Date(),
        user.rol === 'Visitador' ? user.id_usuario : undefined,
      );
    },
  );
}
