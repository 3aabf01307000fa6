/**
 * The behaviour every `ClientesPort` shows, written once and run against both implementations: the in-memory
 * fake (`clientes.fake.test.ts`) and the HTTP adapter on the real API (`apps/backoffice/src/adapters/http/
 * clientes.http.test.ts`), signed in as an Administrador. When they disagree the server is right and the fake
 * is fixed.
 *
 * Scenarios only use what they read through the ports (the catalogue's clients, the recipients listed) and
 * put every client's recipients back as they found them.
 */
import { ENTREGAS_MESSAGES, MAX_DESTINATARIOS } from '@socio/contracts';
import { describe, expect, it } from 'vitest';
import type { CatalogosPort } from '../catalogos/catalogos.port';
import { refusal } from '../testing/port-scenarios';
import type { ClientesPort } from './clientes.port';

/**
 * Registers the scenarios; `port()` gives the implementation under test (called inside each test) and
 * `catalogos()` the catalogue of the same world.
 */
export function clientesPortScenarios(port: () => ClientesPort, catalogos: () => CatalogosPort): void {
  async function someCliente() {
    const [first] = await port().list();
    if (!first) throw new Error('sin clientes');
    return first;
  }

  describe('ClientesPort scenarios', () => {
    it('lists every client of the catalogue, by id, with valid recipients', async () => {
      const listed = await port().list();
      expect(listed.map(({ id_cliente, nombre }) => ({ id_cliente, nombre }))).toEqual(
        await catalogos().clientes(),
      );
      for (const c of listed) for (const d of c.destinatarios) expect(d).toBe(d.trim().toLowerCase());
    });

    it('replaces the recipients, trimmed and lowercased; an empty list is allowed', async () => {
      const cliente = await someCliente();
      try {
        const saved = await port().updateDestinatarios(cliente.id_cliente, [
          ' Reportes@Escenario.Example ',
          'becas@escenario.example',
        ]);
        expect(saved).toEqual({
          id_cliente: cliente.id_cliente,
          nombre: cliente.nombre,
          destinatarios: ['reportes@escenario.example', 'becas@escenario.example'],
        });
        expect((await port().list()).find((c) => c.id_cliente === cliente.id_cliente)).toEqual(saved);
        expect(await port().updateDestinatarios(cliente.id_cliente, [])).toMatchObject({ destinatarios: [] });
      } finally {
        await port().updateDestinatarios(cliente.id_cliente, cliente.destinatarios);
      }
    });

    it('refuses an invalid address, each one named, and a repeated one (422), changing nothing', async () => {
      const cliente = await someCliente();
      const invalid = { status: 422, code: 'validation' };
      expect(await refusal(port().updateDestinatarios(cliente.id_cliente, ['no-es-correo']))).toEqual({
        ...invalid,
        detail: ENTREGAS_MESSAGES.invalidEmail,
      });
      expect(
        await refusal(
          port().updateDestinatarios(cliente.id_cliente, ['malo', 'ok@escenario.example', 'peor']),
        ),
      ).toEqual({
        ...invalid,
        detail: `${ENTREGAS_MESSAGES.invalidEmail}; ${ENTREGAS_MESSAGES.invalidEmail}`,
      });
      expect(
        await refusal(
          port().updateDestinatarios(cliente.id_cliente, ['uno@escenario.example', ' UNO@escenario.example']),
        ),
      ).toEqual({ ...invalid, detail: ENTREGAS_MESSAGES.duplicateEmail });
      expect((await port().list()).find((c) => c.id_cliente === cliente.id_cliente)).toEqual(cliente);
    });

    it(`refuses more than ${MAX_DESTINATARIOS} recipients (422)`, async () => {
      const cliente = await someCliente();
      const many = Array.from({ length: MAX_DESTINATARIOS + 1 }, (_, i) => `d${i}@escenario.example`);
      expect(await refusal(port().updateDestinatarios(cliente.id_cliente, many))).toEqual({
        status: 422,
        code: 'validation',
        detail: ENTREGAS_MESSAGES.tooMany,
      });
    });

    it('refuses a client that does not exist (404)', async () => {
      expect(await refusal(port().updateDestinatarios(987_654, ['a@escenario.example']))).toEqual({
        status: 404,
        code: 'cliente_not_found',
        detail: ENTREGAS_MESSAGES.clienteNotFound,
      });
    });
  });
}
