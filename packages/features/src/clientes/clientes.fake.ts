/**
 * In-memory Clientes port for stories and tests (exported only from `@socio/features/testing`).
 * It checks like the server: valid, unique addresses; `stubClientesPort` throws where not overridden.
 */
import { type ClienteDestinatarios, ENTREGAS_MESSAGES, isValidDestinatario } from '@socio/contracts';
import { ApiError } from '../errors';
import { fakeDelay as wait } from '../testing/fake-delay';
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
      const list = destinatarios.map((d) => d.trim().toLowerCase());
      if (!list.every(isValidDestinatario))
        throw new ApiError(422, ENTREGAS_MESSAGES.invalidEmail, 'validation');
      if (new Set(list).size !== list.length)
        throw new ApiError(422, ENTREGAS_MESSAGES.duplicateEmail, 'validation');
      cliente.destinatarios = list;
      return structuredClone(cliente);
    },
  };
}

export function stubClientesPort(overrides: Partial<ClientesPort> = {}): ClientesPort {
  const missing = (name: string) => () => Promise.reject(new Error(`no implementado: clientes.${name}`));
  return { list: missing('list'), updateDestinatarios: missing('updateDestinatarios'), ...overrides };
}
