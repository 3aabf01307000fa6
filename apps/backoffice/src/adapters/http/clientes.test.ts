import { InvalidResponseError } from '@socio/features/errors';
import { describe, expect, it } from 'vitest';
import { createHttpClientesPort } from './clientes';
import { createFakeHttp } from './fake-http.test-util';

const udem = { id_cliente: 3, nombre: 'UDEM', destinatarios: ['reportes@udem.example'] };

describe('createHttpClientesPort', () => {
  it('list reads GET /clientes/destinatarios and unwraps clientes', async () => {
    const { http, calls } = createFakeHttp(() => ({ clientes: [udem] }));
    await expect(createHttpClientesPort(http).list()).resolves.toEqual([udem]);
    expect(calls.map((c) => `${c.method} ${c.path}`)).toEqual(['GET /clientes/destinatarios']);
  });

  it('updateDestinatarios puts { destinatarios } to /clientes/{id}/destinatarios', async () => {
    const { http, calls } = createFakeHttp(() => ({ detail: 'Destinatarios actualizados', cliente: udem }));
    await expect(
      createHttpClientesPort(http).updateDestinatarios(3, ['reportes@udem.example']),
    ).resolves.toEqual(udem);
    expect(calls[0]?.method).toBe('PUT');
    expect(calls[0]?.path).toBe('/clientes/3/destinatarios');
    expect(calls[0]?.body).toEqual({ destinatarios: ['reportes@udem.example'] });
  });

  it('an answer that breaks its schema throws InvalidResponseError', async () => {
    const { http } = createFakeHttp(() => ({ clientes: [{ id_cliente: 'x' }] }));
    await expect(createHttpClientesPort(http).list()).rejects.toBeInstanceOf(InvalidResponseError);
  });
});
