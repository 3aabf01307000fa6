import type { ReportItem } from '@socio/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, dbKinds, type TestContext } from './helpers';

/** DEMO_DATA: the demo can deliver what it sends (issue 15), to addresses nobody owns. */
describe.each(dbKinds())('demo seed (%s)', (kind) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext(kind);
  });
  afterAll(async () => {
    await ctx?.close();
  });

  it('gives every client one recipient on the reserved .example domain', async () => {
    const res = await ctx.request({ method: 'GET', url: '/api/clientes/destinatarios' }, 'Administrador');
    expect(res.statusCode, res.body).toBe(200);
    const { clientes } = res.json() as { clientes: Array<{ nombre: string; destinatarios: string[] }> };
    expect(clientes.map((c) => [c.nombre, c.destinatarios])).toEqual([
      ['Tec de Monterrey', ['reportes@tec.example']],
      ['UANL', ['reportes@uanl.example']],
      ['UDEM', ['reportes@udem.example']],
    ]);
  });

  it("queues a report sent with 'Enviar reportes' instead of failing it for want of recipients", async () => {
    const list = await ctx.request({ method: 'GET', url: '/api/reportes' }, 'Supervisor');
    const pending = (list.json() as { reportes: ReportItem[] }).reportes.find(
      (r) => r.estatus === 'Pendiente',
    );
    expect(pending, 'a pending demo report').toBeDefined();
    const res = await ctx.request(
      { method: 'POST', url: `/api/reportes/${pending?.id_reporte}/enviar` },
      'Supervisor',
    );
    expect(res.statusCode, res.body).toBe(200);
    expect((res.json() as { reporte: ReportItem }).reporte.entrega).toEqual({
      estado: 'en_cola',
      motivo: null,
      total: 1,
      rechazados: [],
    });
  });
});
