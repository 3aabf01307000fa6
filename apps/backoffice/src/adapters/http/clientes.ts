import { apiRoutes } from '@socio/contracts';
import type { ClientesPort } from '@socio/features/clientes';
import type { HttpClient } from './client';

const { clientes } = apiRoutes;

/** ClientesPort over the API (`apiRoutes.clientes.destinatarios` / `updateDestinatarios`). */
export function createHttpClientesPort(http: HttpClient): ClientesPort {
  return {
    list: async (o) => (await http.call(clientes.destinatarios, { signal: o?.signal })).clientes,
    updateDestinatarios: async (id, destinatarios) =>
      (await http.call(clientes.updateDestinatarios, { params: { id }, body: { destinatarios } })).cliente,
  };
}
