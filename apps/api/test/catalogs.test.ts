import { ESTADOS_MX } from '@socio/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, dbKinds, type TestContext } from './helpers';

describe.each(dbKinds())('catalogos (%s)', (kind) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext(kind, { demo: false });
  });
  afterAll(async () => {
    await ctx?.close();
  });

  it('GET /api/catalogos/estados lists the 32 states in INEGI order', async () => {
    const res = await ctx.request({ url: '/api/catalogos/estados' }, 'Administrador');
    expect(res.statusCode).toBe(200);
    const estados = res.json();
    expect(estados).toHaveLength(32);
    expect(estados[0]).toEqual({ id_estado: 1, estado: 'Aguascalientes' });
    expect(estados).toContainEqual({ id_estado: 19, estado: 'Nuevo León' });
    expect(estados).toContainEqual({ id_estado: 9, estado: 'Ciudad de México' });
    expect(estados.map((e: { estado: string }) => e.estado)).toEqual(ESTADOS_MX.map((e) => e.estado));
  });

  it('stores each state with its INEGI key and aliases', async () => {
    const cdmx = await ctx.db
      .selectFrom('estados')
      .selectAll()
      .where('id_estado', '=', 9)
      .executeTakeFirstOrThrow();
    expect(cdmx.clave).toBe('09');
    expect(cdmx.aliases).toEqual(expect.arrayContaining(['CDMX', 'Distrito Federal']));
  });

  it('GET /api/catalogos/clientes lists the three clients', async () => {
    const res = await ctx.request({ url: '/api/catalogos/clientes' }, 'Administrador');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([
      { id_cliente: 1, nombre: 'Tec de Monterrey' },
      { id_cliente: 2, nombre: 'UANL' },
      { id_cliente: 3, nombre: 'UDEM' },
    ]);
  });

  it('requires a token', async () => {
    for (const url of ['/api/catalogos/estados', '/api/catalogos/clientes']) {
      const res = await ctx.app.inject({ url });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ detail: 'No autenticado', code: 'not_authenticated' });
    }
  });
});
