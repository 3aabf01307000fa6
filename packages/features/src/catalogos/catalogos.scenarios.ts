/**
 * The behaviour every `CatalogosPort` shows, written once and run against both implementations: the in-memory
 * fake (`catalogos.fake.test.ts`) and the HTTP adapter on the real API (`apps/backoffice/src/adapters/http/
 * catalogos.http.test.ts`). When they disagree the server is right and the fake is fixed.
 */
import { describe, expect, it } from 'vitest';
import type { CatalogosPort } from './catalogos.port';

/** Registers the scenarios; `port()` gives the implementation under test (called inside each test). */
export function catalogosPortScenarios(port: () => CatalogosPort): void {
  describe('CatalogosPort scenarios', () => {
    it('serves the 32 states with their INEGI keys, in key order', async () => {
      const estados = await port().estados();
      expect(estados).toHaveLength(32);
      expect(estados).toContainEqual({ id_estado: 14, estado: 'Jalisco' });
      expect(estados).toContainEqual({ id_estado: 19, estado: 'Nuevo León' });
      expect(estados.map((e) => e.id_estado)).toEqual(Array.from({ length: 32 }, (_, i) => i + 1));
    });

    it('serves the clients by id', async () => {
      const clientes = await port().clientes();
      expect(clientes.slice(0, 3)).toEqual([
        { id_cliente: 1, nombre: 'Tec de Monterrey' },
        { id_cliente: 2, nombre: 'UANL' },
        { id_cliente: 3, nombre: 'UDEM' },
      ]);
      const ids = clientes.map((c) => c.id_cliente);
      expect(ids).toEqual([...ids].sort((a, b) => a - b));
    });

    it('an aborted read rejects', async () => {
      const controller = new AbortController();
      controller.abort();
      await expect(port().estados({ signal: controller.signal })).rejects.toBeDefined();
    });
  });
}
