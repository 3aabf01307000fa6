import type { DashboardResumen } from '@socio/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dashboardResumen } from '../src/modules/dashboard/service';
import { lastWeeks, localDate, yearRange, zoneOffsetMinutes } from '../src/modules/dashboard/time';
import { createTestContext, dbKinds, type TestContext, userIdByEmail } from './helpers';

describe('dashboard time helpers (America/Mexico_City)', () => {
  it('uses UTC-6', () => {
    expect(zoneOffsetMinutes(new Date('2026-07-01T12:00:00Z'))).toBe(-360);
    expect(localDate(new Date('2026-01-01T05:59:00Z'))).toEqual({ y: 2025, m: 12, d: 31 });
  });

  it('gives 8 Monday-to-Monday weeks, oldest first, the last one holding now', () => {
    const weeks = lastWeeks(new Date('2026-03-11T18:00:00Z'), 8);
    expect(weeks.map((w) => w.semana_inicio)).toEqual([
      '2026-01-19',
      '2026-01-26',
      '2026-02-02',
      '2026-02-09',
      '2026-02-16',
      '2026-02-23',
      '2026-03-02',
      '2026-03-09',
    ]);
    expect(weeks.at(-1)?.start.toISOString()).toBe('2026-03-09T06:00:00.000Z');
    expect(weeks.at(-1)?.end.toISOString()).toBe('2026-03-16T06:00:00.000Z');
    // Sunday night in Mexico is still the previous week.
    expect(lastWeeks(new Date('2026-03-09T05:00:00Z'), 1)[0]?.semana_inicio).toBe('2026-03-02');
  });

  it('gives local calendar years', () => {
    const { start, end } = yearRange(2026);
    expect(start.toISOString()).toBe('2026-01-01T06:00:00.000Z');
    expect(end.toISOString()).toBe('2027-01-01T06:00:00.000Z');
  });
});

describe.each(dbKinds())('GET /api/dashboard/resumen (%s)', (kind) => {
  let ctx: TestContext;
  let visitorA: number;
  let visitorB: number;
  const NOW = new Date('2026-03-11T18:00:00Z');

  beforeAll(async () => {
    ctx = await createTestContext(kind, { demoOperations: false });
    visitorA = await userIdByEmail(ctx.db, 'visitador1@socioeconomico.mx');
    visitorB = await userIdByEmail(ctx.db, 'visitador7@socioeconomico.mx');
    const clientes = new Map(
      (await ctx.db.selectFrom('clientes').select(['id_cliente', 'nombre']).execute()).map((c) => [
        c.nombre,
        c.id_cliente,
      ]),
    );
    const data: Array<{
      folio: string;
      cliente: string;
      visitor: number;
      estatus: string;
      asignada: string;
      completada?: string;
      cancelada?: string;
    }> = [
      {
        folio: 'A1',
        cliente: 'Tec de Monterrey',
        visitor: visitorA,
        estatus: 'asignada',
        asignada: '2026-03-10T15:00:00Z',
      },
      {
        folio: 'A2',
        cliente: 'UANL',
        visitor: visitorA,
        estatus: 'agendada',
        asignada: '2026-03-02T15:00:00Z',
      },
      {
        folio: 'A3',
        cliente: 'Tec de Monterrey',
        visitor: visitorA,
        estatus: 'completada',
        asignada: '2026-02-20T15:00:00Z',
        completada: '2026-03-09T07:00:00Z',
      },
      {
        folio: 'A4',
        cliente: 'Tec de Monterrey',
        visitor: visitorA,
        estatus: 'completada',
        asignada: '2026-02-10T15:00:00Z',
        completada: '2026-03-09T05:00:00Z',
      },
      {
        folio: 'B1',
        cliente: 'UDEM',
        visitor: visitorB,
        estatus: 'cancelada',
        asignada: '2025-06-01T15:00:00Z',
        cancelada: '2025-06-05T15:00:00Z',
      },
      {
        folio: 'B2',
        cliente: 'UDEM',
        visitor: visitorB,
        estatus: 'asignada',
        asignada: '2026-03-11T17:00:00Z',
      },
      {
        folio: 'B3',
        cliente: 'UANL',
        visitor: visitorB,
        estatus: 'completada',
        asignada: '2026-01-01T05:00:00Z',
        completada: '2026-01-02T12:00:00Z',
      },
    ];
    for (const d of data) {
      const folio = await ctx.db
        .insertInto('folios')
        .values({
          folio: d.folio,
          id_cliente: clientes.get(d.cliente)!,
          created_at: d.asignada,
          updated_at: d.asignada,
        })
        .returning('id_folio')
        .executeTakeFirstOrThrow();
      await ctx.db
        .insertInto('asignaciones')
        .values({
          folio: d.folio,
          id_folio: folio.id_folio,
          id_usuario: d.visitor,
          estatus: d.estatus,
          fecha_asignacion: d.asignada,
          fecha_completada: d.completada ?? null,
          fecha_cancelada: d.cancelada ?? null,
        })
        .execute();
    }
  });
  afterAll(async () => {
    await ctx?.close();
  });

  it('computes every number from the assignments (all of them for staff)', async () => {
    const r = await dashboardResumen(ctx.db, NOW);
    expect(r.indicadores).toEqual({
      estudios_activos: 3,
      completados_semana: 1,
      nuevas_semana: 2,
      porcentaje_completado_30d: 40,
    });
    expect(r.por_cliente).toEqual([
      { cliente: 'Tec de Monterrey', activos: 1 },
      { cliente: 'UANL', activos: 1 },
      { cliente: 'UDEM', activos: 1 },
    ]);
    expect(r.semanal_completados.map((w) => w.total)).toEqual([0, 0, 0, 0, 0, 0, 1, 1]);
    expect(r.semanal_nuevas.map((w) => [w.semana_inicio, w.total])).toEqual([
      ['2026-01-19', 0],
      ['2026-01-26', 0],
      ['2026-02-02', 0],
      ['2026-02-09', 1],
      ['2026-02-16', 1],
      ['2026-02-23', 0],
      ['2026-03-02', 1],
      ['2026-03-09', 2],
    ]);
    // Each year follows the folios received in it (issue 14 item 4): B3, received 2025-12-31 23:00 in
    // Mexico City and completed in January 2026, is a completion of 2025's folios, not of 2026's.
    expect(r.anual).toEqual([
      { anio: 2026, recibidos: 5, asignados: 5, completados: 2, cancelados: 0 },
      { anio: 2025, recibidos: 2, asignados: 2, completados: 1, cancelados: 1 },
    ]);
  });

  it("limits a Visitador's numbers to their own assignments", async () => {
    const r = await dashboardResumen(ctx.db, NOW, visitorA);
    expect(r.indicadores).toEqual({
      estudios_activos: 2,
      completados_semana: 1,
      nuevas_semana: 1,
      porcentaje_completado_30d: 50,
    });
    expect(r.por_cliente).toEqual([
      { cliente: 'Tec de Monterrey', activos: 1 },
      { cliente: 'UANL', activos: 1 },
      { cliente: 'UDEM', activos: 0 },
    ]);
    expect(r.anual).toEqual([
      { anio: 2026, recibidos: 4, asignados: 4, completados: 2, cancelados: 0 },
      { anio: 2025, recibidos: 0, asignados: 0, completados: 0, cancelados: 0 },
    ]);
  });

  it('answers the summary of today on the wire, per role', async () => {
    for (const who of ['Administrador', 'Supervisor'] as const) {
      const res = await ctx.request({ method: 'GET', url: '/api/dashboard/resumen' }, who);
      expect(res.statusCode, res.body).toBe(200);
      const body = res.json() as DashboardResumen;
      expect(body).toEqual(await dashboardResumen(ctx.db, new Date()));
      expect(body.semanal_completados).toHaveLength(8);
      expect(body.semanal_nuevas).toHaveLength(8);
      expect(body.anual.map((a) => a.anio)).toEqual([localDate(new Date()).y, localDate(new Date()).y - 1]);
      expect(body.indicadores.estudios_activos).toBe(3);
    }
    const own = await ctx.request(
      { method: 'GET', url: '/api/dashboard/resumen' },
      'visitador7@socioeconomico.mx',
    );
    expect(own.statusCode).toBe(200);
    expect(own.json()).toEqual(await dashboardResumen(ctx.db, new Date(), visitorB));
    expect((own.json() as DashboardResumen).indicadores.estudios_activos).toBe(1);
  });

  it('needs a token', async () => {
    const res = await ctx.request({ method: 'GET', url: '/api/dashboard/resumen' });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ detail: 'No autenticado', code: 'not_authenticated' });
  });
});
