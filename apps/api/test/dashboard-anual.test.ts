import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dayOf } from '../src/modules/dashboard/repo';
import { dashboardResumen, yearSummary } from '../src/modules/dashboard/service';
import { localDate, yearRange } from '../src/modules/dashboard/time';
import { createTestContext, dbKinds, type TestContext } from './helpers';

describe('day counters of 0006', () => {
  it('every local year starts on a whole day of the counters (midnight in Mexico City is 06:00 UTC)', () => {
    for (let anio = 2000; anio <= 2040; anio++) {
      const { start } = yearRange(anio);
      expect((start.getTime() - 6 * 3_600_000) % 86_400_000, `${anio}`).toBe(0);
      expect(dayOf(start)).toBe((start.getTime() - 6 * 3_600_000) / 86_400_000);
    }
  });
});

/**
 * Issue 14 item 4: 'Resumen anual por estatus' reads as a funnel of the folios received each year, on the
 * demo data (which cancels assignments and reassigns folios).
 */
describe.each(dbKinds())('yearly summary as a funnel (%s)', (kind) => {
  let ctx: TestContext;
  let years: number[];
  let visitors: number[];

  beforeAll(async () => {
    ctx = await createTestContext(kind);
    const folios = await ctx.db.selectFrom('folios').select('created_at').execute();
    years = [...new Set(folios.map((f) => localDate(f.created_at).y))].sort();
    visitors = (
      await ctx.db.selectFrom('usuarios').select('id_usuario').where('rol', '=', 'visitador').execute()
    ).map((v) => v.id_usuario);
  });
  afterAll(async () => {
    await ctx?.close();
  });

  it('every year of the demo data: recibidos ≥ asignados ≥ completados, asignados ≥ completados + cancelados', async () => {
    expect(years.length).toBeGreaterThan(0);
    for (const anio of years) {
      const y = await yearSummary(ctx.db, anio);
      expect(y.recibidos, `${anio}`).toBeGreaterThanOrEqual(y.asignados);
      expect(y.asignados, `${anio}`).toBeGreaterThanOrEqual(y.completados);
      expect(y.asignados, `${anio}`).toBeGreaterThanOrEqual(y.completados + y.cancelados);
      for (const v of visitors) {
        const own = await yearSummary(ctx.db, anio, v);
        expect(own.recibidos).toBe(own.asignados);
        expect(own.asignados).toBeGreaterThanOrEqual(own.completados + own.cancelados);
      }
    }
    // The dashboard's two columns are the same figures.
    const r = await dashboardResumen(ctx.db);
    const now = localDate(new Date()).y;
    expect(r.anual).toEqual([await yearSummary(ctx.db, now), await yearSummary(ctx.db, now - 1)]);
  });

  it('counts each assigned folio once, however many assignments it had (the demo reassigns some)', async () => {
    const { rows } = await sql<{ asignaciones: number; folios: number; recibidos: number }>`
      SELECT (SELECT count(*) FROM asignaciones)::int AS asignaciones,
        (SELECT count(DISTINCT id_folio) FROM asignaciones)::int AS folios,
        (SELECT count(*) FROM folios)::int AS recibidos`.execute(ctx.db);
    const raw = rows[0]!;
    expect(raw.asignaciones).toBeGreaterThan(raw.folios); // reassigned folios exist in the demo data
    let asignados = 0;
    let recibidos = 0;
    for (const anio of years) {
      const y = await yearSummary(ctx.db, anio);
      asignados += y.asignados;
      recibidos += y.recibidos;
    }
    expect(asignados).toBe(raw.folios);
    expect(recibidos).toBe(raw.recibidos);
  });

  it('a reassignment moves the folio between stages without counting it twice', async () => {
    const open = await ctx.db
      .selectFrom('asignaciones as a')
      .innerJoin('folios as f', 'f.id_folio', 'a.id_folio')
      .select(['a.id_asignacion', 'a.id_folio', 'a.folio', 'a.id_usuario', 'f.created_at'])
      .where('a.estatus', '=', 'asignada')
      .orderBy('a.id_asignacion')
      .executeTakeFirstOrThrow();
    const anio = localDate(open.created_at).y;
    const other = visitors.find((v) => v !== open.id_usuario)!;
    const before = await yearSummary(ctx.db, anio);
    const beforeOther = await yearSummary(ctx.db, anio, other);

    // Cancelled: still assigned once, now among the cancelled.
    await ctx.db
      .updateTable('asignaciones')
      .set({ estatus: 'cancelada', fecha_cancelada: new Date() })
      .where('id_asignacion', '=', open.id_asignacion)
      .execute();
    expect(await yearSummary(ctx.db, anio)).toEqual({ ...before, cancelados: before.cancelados + 1 });

    // Reassigned to another visitor: the folio is in progress again, still assigned once.
    await ctx.db
      .insertInto('asignaciones')
      .values({ folio: open.folio, id_folio: open.id_folio, id_usuario: other, estatus: 'asignada' })
      .execute();
    expect(await yearSummary(ctx.db, anio)).toEqual(before);
    expect(await yearSummary(ctx.db, anio, other)).toEqual({
      ...beforeOther,
      recibidos: beforeOther.recibidos + 1,
      asignados: beforeOther.asignados + 1,
    });

    // Completed by the new visitor: one more completed folio, the cancelled first assignment not counted.
    await ctx.db
      .updateTable('asignaciones')
      .set({ estatus: 'completada', fecha_completada: new Date() })
      .where('id_folio', '=', open.id_folio)
      .where('estatus', '=', 'asignada')
      .execute();
    expect(await yearSummary(ctx.db, anio)).toEqual({ ...before, completados: before.completados + 1 });
  });
});
