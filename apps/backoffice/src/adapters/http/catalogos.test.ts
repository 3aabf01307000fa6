import { describe, expect, it } from 'vitest';
import { createHttpCatalogosPort } from './catalogos';
import { createFakeHttp } from './fake-http.test-util';

describe('createHttpCatalogosPort', () => {
  it('estados reads GET /catalogos/estados', async () => {
    const { http, calls } = createFakeHttp(() => [{ id_estado: 19, estado: 'Nuevo León' }]);
    await expect(createHttpCatalogosPort(http).estados()).resolves.toEqual([
      { id_estado: 19, estado: 'Nuevo León' },
    ]);
    expect(calls.map((c) => `${c.method} ${c.path}`)).toEqual(['GET /catalogos/estados']);
  });

  it('clientes reads GET /catalogos/clientes', async () => {
    const clientes = [{ id_cliente: 1, nombre: 'Tec de Monterrey' }];
    const { http, calls } = createFakeHttp(() => clientes);
    await expect(createHttpCatalogosPort(http).clientes()).resolves.toEqual(clientes);
    expect(calls.map((c) => `${c.method} ${c.path}`)).toEqual(['GET /catalogos/clientes']);
  });
});
