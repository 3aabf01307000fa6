import { apiErrorSchema, clientesResponseSchema, estadosResponseSchema } from '@socio/contracts';
import type { FastifyInstance } from 'fastify';
import { requireRole } from '../../http/auth';
import type { ZodTypeProvider } from '../../http/zod';

const tags = ['catálogos'];
const errors = { 401: apiErrorSchema };

/** /api/catalogos: read-only catalogs for any signed-in user. */
export async function catalogosRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/estados',
    {
      onRequest: requireRole(),
      schema: {
        tags,
        summary: 'Los 32 estados de México',
        response: { 200: estadosResponseSchema, ...errors },
      },
    },
    async () => app.db.selectFrom('estados').select(['id_estado', 'estado']).orderBy('id_estado').execute(),
  );

  r.get(
    '/clientes',
    {
      onRequest: requireRole(),
      schema: { tags, summary: 'Clientes', response: { 200: clientesResponseSchema, ...errors } },
    },
    async () =>
      app.db.selectFrom('clientes').select(['id_cliente', 'nombre']).orderBy('id_cliente').execute(),
  );
}
