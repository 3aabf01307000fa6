/**
 * The sweep of expired lotes (at every start, and whenever a lote is opened) deletes only when a lote has expired:
 * a DELETE that finds nothing still cost PGlite's start 90-270 ms (issue 21 item 6).
 */
import { type Kysely, type KyselyPlugin, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../src/db/schema';
import { sweepExpiredLotes } from '../src/modules/cargas/lotes-repo';
import { createTestContext, dbKinds, type TestContext, userIdByEmail } from './helpers';

/** `db` recording the text of every statement it runs. */
function recording(db: Kysely<Database>): { db: Kysely<Database>; statements: string[] } {
  const statements: string[] = [];
  const plugin: KyselyPlugin = {
    transformQuery(args) {
      statements.push(db.getExecutor().compileQuery(args.node, args.queryId).sql.trim());
      return args.node;
    },
    async transformResult(args) {
      return args.result;
    },
  };
  return { db: db.withPlugin(plugin), statements };
}

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
});
