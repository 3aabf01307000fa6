import { apiRoutes } from '@socio/contracts';
import type { FastifyInstance } from 'fastify';
import { actorOf } from '../../http/auth';
import { registerRoute } from '../../http/route';
import { folioFicha, folioSuggestions } from './service';

/** Folio lookups for every signed-in user (a Visitador: only their folios). */
export async function foliosRoutes(app: FastifyInstance): Promise<void> {
  registerRoute(app, apiRoutes.folios.suggest, async (request) => ({
    folios: await folioSuggestions(app.db, actorOf(request), request.query.q),
  }));
  registerRoute(app, apiRoutes.folios.ficha, async (request) =>
    folioFicha(app.db, actorOf(request), request.params.folio),
  );
}
