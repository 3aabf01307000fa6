import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, dbKinds, type TestContext } from './helpers';

describe.each(dbKinds())('demo data (%s)', (kind) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext(kind);
  });
  afterAll(async () => {
    await ctx?.close();
  });

  it('gives every screen content: 300 folios, assignments in every status, 40 reports over three clients', async () => {
    const counts = await sql<{ folios: number; reportes: number; clientes: number }>`
      SELECT (SELECT count(*)::int FROM folios) AS folios,
             (SELECT count(*)::int FROM reportes) AS reportes,
             (SELECT count(DISTINCT id_cliente)::int FROM reportes) AS clientes`.execute(ctx.db);
    expect(counts.rows[0]).toEqual({ folios: 300, reportes: 40, clientes: 3 });
    const statuses = await sql<{ estatus: string }>`
      SELECT DISTINCT estatus FROM asignaciones ORDER BY estatus`.execute(ctx.db);
    expect(statuses.rows.map((r) => r.estatus)).toEqual(['agendada', 'asignada', 'cancelada', 'completada']);
  });

  it('never dates anything in the future, and each step follows the one before', async () => {
    const bad = await sql<{ n: number }>`
      SELECT count(*)::int AS n FROM asignaciones
       WHERE fecha_asignacion > now()
          OR fecha_agendada > now() OR fecha_completada > now()
          OR fecha_agendada < fecha_asignacion
          OR fecha_completada < fecha_agendada`.execute(ctx.db);
    expect(bad.rows[0]?.n).toBe(0);
    const reports = await sql<{ n: number }>`
      SELECT count(*)::int AS n FROM reportes WHERE fecha_recibido > current_date`.execute(ctx.db);
    expect(reports.rows[0]?.n).toBe(0);
  });
});
