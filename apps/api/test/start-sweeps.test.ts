/**
 * What a start runs that usually finds nothing writes only when it finds something (issue 21 item 6): the sweep of
 * expired lotes (before listening, and whenever a lote is opened; its DELETE that found nothing cost PGlite's start
 * 90-270 ms) and the delivery worker's give-up of exhausted deliveries (its first tick, right after listening,
 * which the first requests wait behind; then at every tick).
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sweepExpiredLotes } from '../src/modules/cargas/lotes-repo';
import { failExhausted } from '../src/modules/entregas/repo';
import { createTestContext, dbKinds, recording, type TestContext, userIdByEmail } from './helpers';

describe.each(dbKinds())('sweepExpiredLotes (%s)', (kind) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext(kind, { demo: false, demoOperations: false });
  });
  afterAll(async () => {
    await ctx?.close();
  });

  it('deletes nothing, and runs no DELETE, when no lote has expired', async () => {
    const owner = await userIdByEmail(ctx.db, ctx.config.adminEmail);
    await sql`INSERT INTO carga_lotes (id_lote, id_usuario, load_type)
      VALUES ('00000000-0000-4000-8000-000000000001', ${owner}, 'TEC_MTY')`.execute(ctx.db);
    const { db, statements } = recording(ctx.db);
    expect(await sweepExpiredLotes(db)).toBe(0);
    expect(statements.filter((s) => /^DELETE/i.test(s))).toEqual([]);
    expect(statements.length).toBe(1);
  });

  it('deletes the expired lotes, and only those', async () => {
    const owner = await userIdByEmail(ctx.db, ctx.config.adminEmail);
    await sql`INSERT INTO carga_lotes (id_lote, id_usuario, load_type, expira)
      VALUES ('00000000-0000-4000-8000-000000000002', ${owner}, 'TEC_MTY', now() - interval '1 minute')`.execute(
      ctx.db,
    );
    expect(await sweepExpiredLotes(ctx.db)).toBe(1);
    const left = await sql<{ id_lote: string }>`SELECT id_lote FROM carga_lotes ORDER BY id_lote`.execute(
      ctx.db,
    );
    expect(left.rows.map((r) => r.id_lote)).toEqual(['00000000-0000-4000-8000-000000000001']);
  });

  it('gives up no delivery, and runs no UPDATE, when none is exhausted', async () => {
    const { db, statements } = recording(ctx.db);
    expect(await failExhausted(db, 'agotado')).toBe(0);
    expect(statements.filter((s) => /UPDATE/i.test(s))).toEqual([]);
    expect(statements.length).toBe(1);
  });
});
