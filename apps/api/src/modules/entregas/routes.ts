import { apiRoutes } from '@socio/contracts';
import type { FastifyInstance } from 'fastify';
import { actorOf } from '../../http/auth';
import { registerRoute } from '../../http/route';
import { mailSettings } from './mail';
import {
  clientesConDestinatarios,
  entregasDeReporte,
  retryEntrega,
  transporte,
  updateDestinatarios,
} from './service';

/** E-mail delivery of reports: the clients' recipients, a report's deliveries, 'Reintentar', the transport. */
export async function entregasRoutes(app: FastifyInstance): Promise<void> {
  const { clientes, entregas, reportes } = apiRoutes;
  const settings = mailSettings(app.config);

  registerRoute(app, clientes.destinatarios, async () => ({
    clientes: await clientesConDestinatarios(app.db),
  }));

  registerRoute(app, clientes.updateDestinatarios, async (request) =>
    updateDestinatarios(app.db, actorOf(request), request.params.id, request.body.destinatarios),
  );

  registerRoute(app, reportes.entregas, async (request) => ({
    entregas: await entregasDeReporte(app.db, request.params.id),
    transporte: settings.transporte,
  }));

  registerRoute(app, reportes.retryEntrega, async (request) =>
    retryEntrega(app.db, settings, actorOf(request), request.params.id),
  );

  registerRoute(app, entregas.transporte, async () => transporte(settings));
}
