import { apiRoutes } from '@socio/contracts';
import type { FastifyInstance } from 'fastify';
import { currentUser } from '../../http/auth';
import { registerRoute } from '../../http/route';
import { dashboardFor } from './service';

/** The dashboard summary; a Visitador's numbers are only theirs. */
export async function dashboardRoutes(app: FastifyInstance): Promise<void> {
  registerRoute(app, apiRoutes.dashboard.resumen, async (request) =>
    dashboardFor(app.db, currentUser(request)),
  );
}
