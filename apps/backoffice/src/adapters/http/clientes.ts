import { apiRoutes } from '@socio/contracts';
import type { ClientesPort } from '@socio/features/clientes';
import type { HttpClient } from './client';

const { entregas } = apiRoutes;

/** ClientesPort over the API (`apiRoutes.entregas.clientes` / `updateDestinatarios`). */
export function createHttpClientesPort(http: HttpClient): ClientesPort {
  return {
    list: async (o) => (await http.call(entregas.clientes, { signal: o?.signal })).clientes,
    updateDestinatarios: async (id, destinatarios) =>
      (await http.call(entregas.updateDestinatarios, { params: { id }, body: { destinatarios } })).cliente,
  };
}
