import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type KyselyPlugin, RawNode, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase, isNewEmbeddedDatabase } from '../src/db/index';
import { migrate } from '../src/db/migrate';
import { migrations } from '../src/db/migrations/index';
import { buildPgliteTemplate } from '../src/db/pglite-template';
import { verifyPassword } from '../src/modules/auth/password';
import { seed, seedPasswordHashes } from '../src/seed/index';
import { createTestContext, dbKinds, type TestContext } from './helpers';

describe('PGlite file database', () => {
  it('survives a restart (file-backed in DATA_DIR)', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'socio-data-'));
    try {
      const first = await createDatabase({ databaseUrl: null, dataDir: dir });
      expect(first.kind).toBe('pglite');
      expect(await migrate(first.db)).toEqual(migrations.map((m) => m.name));
      await seed(first.db, {
        adminEmail: 'admin@socioeconomico.mx',
        adminPassword: 'Admin2026!',
        demo: false,
      });
      await first.close();

      const second = await createDatabase({ databaseUrl: null, dataDir: dir });
      expect(await migrate(second.db)).toEqual([]);
      const users = await second.db.selectFrom('usuarios').select('username').execute();
      expect(users).toEqual([{ username: 'admin' }]);
      await second.close();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('PGlite template (first start without initdb)', () => {
  let root: string;
  let template: string;
  beforeAll(async () => {
    root = mkdtempSync(path.join(tmpdir(), 'socio-template-'));
    template = path.join(root, 'pglite-template');
    await buildPgliteTemplate(template);
  }, 60_000);
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it('builds a migrated cluster and leaves no work directory behind', () => {
    expect(existsSync(path.join(template, 'PG_VERSION'))).toBe(true);
    expect(readdirSync(root)).toEqual(['pglite-template']);
  });

  it('starts a new DATA_DIR as a copy: every migration applied, no data, then seeds and persists', async () => {
    const dataDir = path.join(root, 'nuevo');
    expect(isNewEmbeddedDatabase({ databaseUrl: null, dataDir })).toBe(true);
    // As `npm start` does on a new DATA_DIR: the password hashes start before the database opens.
    const hashes = seedPasswordHashes('Admin2026!', false);
    const first = await createDatabase({ databaseUrl: null, dataDir, pgliteTemplate: template });
    expect(await migrate(first.db)).toEqual([]);
    expect(await first.db.selectFrom('usuarios').select('id_usuario').execute()).toEqual([]);
    await seed(first.db, {
      adminEmail: 'admin@socioeconomico.mx',
      adminPassword: 'Admin2026!',
      demo: false,
      hashes,
    });
    const { password_hash } = await first.db
      .selectFrom('usuarios')
      .select('password_hash')
      .executeTakeFirstOrThrow();
    expect(password_hash).toBe((await hashes).admin);
    expect(await verifyPassword('Admin2026!', password_hash)).toBe(true);
    await first.close();
    expect(isNewEmbeddedDatabase({ databaseUrl: null, dataDir })).toBe(false);
    expect(
      isNewEmbeddedDatabase({ databaseUrl: 'postgres://localhost/x', dataDir: path.join(root, 'x') }),
    ).toBe(false);
    expect(isNewEmbeddedDatabase({ databaseUrl: null, dataDir: 'memory://' })).toBe(false);
    expect(readdirSync(root).sort()).toEqual(['nuevo', 'pglite-template']);

    // The template is only for a new directory: an existing cluster keeps its data.
    const second = await createDatabase({ databaseUrl: null, dataDir, pgliteTemplate: template });
    expect(await second.db.selectFrom('usuarios').select('username').execute()).toEqual([
      { username: 'admin' },
    ]);
    await second.close();
    // …and the template itself is untouched.
    const again = await createDatabase({
      databaseUrl: null,
      dataDir: path.join(root, 'otro'),
      pgliteTemplate: template,
    });
    expect(await again.db.selectFrom('usuarios').select('id_usuario').execute()).toEqual([]);
    await again.close();
  });

  it('runs initdb when the template cannot be opened', async () => {
    const broken = path.join(root, 'roto');
    mkdirSync(broken);
    writeFileSync(path.join(broken, 'PG_VERSION'), '9\n');
    const dataDir = path.join(root, 'desde-cero');
    const database = await createDatabase({ databaseUrl: null, dataDir, pgliteTemplate: broken });
    expect(await migrate(database.db)).toEqual(migrations.map((m) => m.name));
    await database.close();
  }, 60_000);

  it("copies the template without holding the event loop (the seed's hashes and timers run meanwhile)", async () => {
    const dataDir = path.join(root, 'en-paralelo');
    const cluster = path.join(dataDir, 'pglite', 'PG_VERSION');
    // Runs on the loop's next turn: a copy done on the main thread has already put the cluster in place.
    const seenOnNextTurn = new Promise<boolean>((resolve) =>
      setImmediate(() => resolve(existsSync(cluster))),
    );
    const database = await createDatabase({ databaseUrl: null, dataDir, pgliteTemplate: template });
    expect(await seenOnNextTurn).toBe(false);
    expect(existsSync(cluster)).toBe(true);
    expect(await migrate(database.db)).toEqual([]);
    await database.close();
  });
});

describe.each(dbKinds())('database (%s)', (kind) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext(kind, { demoOperations: false });
  });
  afterAll(async () => {
    await ctx?.close();
  });

  it('records every migration once and re-running applies nothing', async () => {
    const applied = await ctx.db.selectFrom('schema_migrations').select('name').orderBy('name').execute();
    expect(applied.map((r) => r.name)).toEqual(migrations.map((m) => m.name));
    expect(await migrate(ctx.db)).toEqual([]);
  });

  it('checks an up-to-date database with reads only: no transaction, no lock per migration', async () => {
    const statements: string[] = [];
    const recorder: KyselyPlugin = {
      transformQuery({ node }) {
        statements.push(RawNode.is(node) ? node.sqlFragments.join('?') : node.kind);
        return node;
      },
      async transformResult({ result }) {
        return result;
      },
    };
    expect(await migrate(ctx.db.withPlugin(recorder))).toEqual([]);
    expect(statements.filter((s) => /LOCK TABLE|CREATE TABLE/i.test(s))).toEqual([]);
    expect(statements.length).toBeLessThanOrEqual(2);
  });

  it('seeds once: a second seed does nothing', async () => {
    const before = await ctx.db
      .selectFrom('usuarios')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(before.n)).toBe(24);
    const again = await seed(ctx.db, {
      adminEmail: 'otro@socioeconomico.mx',
      adminPassword: 'x',
      demo: true,
    });
    expect(again.seeded).toBe(false);
    const after = await ctx.db
      .selectFrom('usuarios')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(24);
  });

  it('keeps e-mails unique case-insensitively and usernames unique', async () => {
    const base = {
      password_hash: 'x',
      nombres: 'A',
      apellido_paterno: 'B',
      apellido_materno: 'C',
      rol: 'visitador' as const,
      estatus: 'activo' as const,
    };
    await expect(
      ctx.db
        .insertInto('usuarios')
        .values({ ...base, username: 'unico.1', email: 'ADMIN@socioeconomico.mx' })
        .execute(),
    ).rejects.toMatchObject({ code: '23505' });
    await expect(
      ctx.db
        .insertInto('usuarios')
        .values({ ...base, username: 'admin', email: 'otro@example.mx' })
        .execute(),
    ).rejects.toMatchObject({ code: '23505' });
  });

  it('returns the same value types on both drivers', async () => {
    const r = await sql<{ big: unknown; d: unknown; t: unknown; arr: unknown; j: unknown }>`
      SELECT count(*) AS big, DATE '2026-03-01' AS d, now() AS t, ARRAY['a','b']::text[] AS arr,
             '{"a":1}'::jsonb AS j`.execute(ctx.db);
    const row = r.rows[0]!;
    expect(row.big).toBe(1);
    expect(row.d).toBe('2026-03-01');
    expect(row.t).toBeInstanceOf(Date);
    expect(row.arr).toEqual(['a', 'b']);
    expect(row.j).toEqual({ a: 1 });
  });

  it('runs concurrent transactions without mixing them, and rolls back a failed one', async () => {
    const name = (i: number) => `Cliente concurrente ${kind} ${i}`;
    await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        ctx.db.transaction().execute(async (trx) => {
          await trx
            .insertInto('clientes')
            .values({ nombre: name(i) })
            .execute();
          await new Promise((resolve) => setTimeout(resolve, 5));
          const mine = await trx
            .selectFrom('clientes')
            .select('nombre')
            .where('nombre', '=', name(i))
            .execute();
          expect(mine).toHaveLength(1);
        }),
      ),
    );
    await expect(
      ctx.db.transaction().execute(async (trx) => {
        await trx
          .insertInto('clientes')
          .values({ nombre: name(99) })
          .execute();
        throw new Error('falla a propósito');
      }),
    ).rejects.toThrow('falla a propósito');
    const rows = await ctx.db
      .selectFrom('clientes')
      .select('nombre')
      .where('nombre', 'like', `Cliente concurrente ${kind}%`)
      .execute();
    expect(rows).toHaveLength(8);
    await ctx.db.deleteFrom('clientes').where('nombre', 'like', `Cliente concurrente ${kind}%`).execute();
  });
});
