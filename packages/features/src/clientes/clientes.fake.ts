/**
 * In-memory Clientes port for stories and tests (exported only from `@socio/features/testing`).
 * It checks with the server's own request schema (valid, unique addresses, at most MAX_DESTINATARIOS) and
 * refuses with the same issues; `stubClientesPort` throws where not overridden.
 */
import {
  type ClienteDestinatarios,
  ENTREGAS_MESSAGES,
  updateDestinatariosRequestSchema,
} from '@socio/contracts';
import { ApiError } from '../errors';
import { fakeDelay as wait } from '../testing/fake-delay';
import { parseLikeServer } from '../testing/fake-validation';
import type { ClientesPort } from './clientes.port';

export const demoClientesDestinatarios: ClienteDestinatarios[] = [
  {
    id_cliente: 1,
    nombre: 'Tec de Monterrey',
    destinatarios: ['admisiones@tec.example', 'becas@tec.example'],
  },
  { id_cliente: 2, nombre: 'UANL', destinatarios: [] },
  { id_cliente: 3, nombre: 'UDEM', destinatarios: ['reportes@udem.example'] },
];

export function createFakeClientesPort(
  seed: ClienteDestinatarios[] = demoClientesDestinatarios,
  { delay = 0 }: { delay?: number } = {},
): ClientesPort {
  const clientes = structuredClone(seed);
  return {
    async list(o) {
      await wait(delay, o?.signal);
      return structuredClone(clientes);
    },
    async updateDestinatarios(idCliente, destinatarios) {
      await wait(delay);
      const cliente = clientes.find((c) => c.id_cliente === idCliente);
      if (!cliente) throw new ApiError(404, ENTREGAS_MESSAGES.clienteNotFound, 'cliente_not_found');
      cliente.destinatarios = parseLikeServer(updateDestinatariosRequestSchema, {
        destinatarios,
      }).destinatarios;
      return structuredClone(cliente);
    },
  };
}

export function stubClientesPort(overrides: Partial<ClientesPort> = {}): ClientesPort {
  const missing = (name: string) => () => Promise.reject(new Error(`no implementado: clientes.${name}`));
  return { list: missing('list'), updateDestinatarios: missing('updateDestinatarios'), ...overrides };
}
