import { apiRoutes } from '@socio/contracts';
import type { FastifyInstance } from 'fastify';
import { registerRoute } from '../../http/route';
import { clientes, estados } from './service';

/** Read-only catalogues for any signed-in user. */
export async function catalogosRoutes(app: FastifyInstance): Promise<void> {
  registerRoute(app, apiRoutes.catalogos.estados, async () => estados(app.db));
  registerRoute(app, apiRoutes.catalogos.clientes, async () => clientes(app.db));
}
