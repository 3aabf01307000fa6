import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type Kysely, type KyselyPlugin, RawNode, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../src/config';
import { copyChunks } from '../src/db/copy';
import { createDatabase, isNewEmbeddedDatabase } from '../src/db/index';
import { migrate } from '../src/db/migrate';
import { migrations } from '../src/db/migrations/index';
import {
  buildDemoTemplate,
  buildPgliteTemplate,
  DEMO_TEMPLATE_MAX_AGE_MS,
  demoTemplatePath,
  pickPgliteTemplate,
} from '../src/db/pglite-template';
import type { Database } from '../src/db/schema';
import { verifyPassword } from '../src/modules/auth/password';
import { seed, seedPasswordHashes, TEMPLATE_ADMIN_EMAIL, TEMPLATE_ADMIN_HASH } from '../src/seed/index';
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

/** A digest of the demo's rows and PDF bytes: equal when two databases hold the same demo. */
async function demoDigest(db: Kysely<Database>) {
  const { rows } = await sql<Record<string, string | number>>`
    SELECT
      (SELECT count(*)::int FROM usuarios) AS usuarios,
      (SELECT count(*)::int FROM folios) AS folios,
      (SELECT count(*)::int FROM asignaciones) AS asignaciones,
      (SELECT count(*)::int FROM reportes) AS reportes,
      (SELECT md5(string_agg(concat_ws('|', folio, nombre_alumno, created_at), ',' ORDER BY id_folio)) FROM folios) AS f,
      (SELECT md5(string_agg(concat_ws('|', folio, id_usuario, estatus, fecha_asignacion, fecha_completada), ',' ORDER BY id_asignacion)) FROM asignaciones) AS a,
      (SELECT md5(string_agg(concat_ws('|', folio, estatus, pdf_bytes, fecha_recibido, fecha_enviado), ',' ORDER BY id_reporte)) FROM reportes) AS r,
      (SELECT md5(string_agg(md5(datos), ',' ORDER BY id_pdf, n)) FROM pdf_partes) AS pdf,
      (SELECT count(*)::int FROM reportes r WHERE r.pdf_bytes <> (SELECT sum(length(datos)) FROM pdf_partes p WHERE p.id_pdf = r.id_pdf)) AS incompletos
  `.execute(db);
  return rows[0];
}

describe('PGlite demo template (a first start with demo data copies it)', () => {
  let root: string;
  let template: string;
  const seededAt = new Date('2026-03-10T15:00:00Z');
  beforeAll(async () => {
    root = mkdtempSync(path.join(tmpdir(), 'socio-demo-template-'));
    template = path.join(root, 'pglite-template');
    await buildPgliteTemplate(template);
    await buildDemoTemplate(template, seededAt);
  }, 120_000);
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it('is chosen for demo data while it is at most a day old, else the empty template (seeded at start)', () => {
    const at = (ms: number) => new Date(seededAt.getTime() + ms);
    const demo = { path: demoTemplatePath(template), demo: true };
    const plain = { path: template, demo: false };
    expect(pickPgliteTemplate(template, { demo: true, now: at(60_000) })).toEqual(demo);
    expect(pickPgliteTemplate(template, { demo: true, now: at(DEMO_TEMPLATE_MAX_AGE_MS) })).toEqual(demo);
    expect(pickPgliteTemplate(template, { demo: true, now: at(DEMO_TEMPLATE_MAX_AGE_MS + 1) })).toEqual(
      plain,
    );
    expect(pickPgliteTemplate(template, { demo: true, now: at(-60_000) })).toEqual(plain);
    expect(pickPgliteTemplate(template, { demo: false, now: at(60_000) })).toEqual(plain);
    expect(pickPgliteTemplate(path.join(root, 'sin-demo'), { demo: true, now: at(60_000) })).toEqual({
      path: path.join(root, 'sin-demo'),
      demo: false,
    });
  });

  it('holds the same demo a start would seed at that moment, complete; the first start only sets the administrator', async () => {
    const dataDir = path.join(root, 'nuevo');
    const hashes = seedPasswordHashes('Jefa2026!', false);
    const copy = await createDatabase({
      databaseUrl: null,
      dataDir,
      pgliteTemplate: demoTemplatePath(template),
    });
    // A start stopped right after the copy: the administrator is still the template's, and nobody can sign in as it.
    const before = await copy.db
      .selectFrom('usuarios')
      .select(['email', 'password_hash'])
      .where('username', '=', 'admin')
      .executeTakeFirstOrThrow();
    expect(before).toEqual({ email: TEMPLATE_ADMIN_EMAIL, password_hash: TEMPLATE_ADMIN_HASH });
    expect(await verifyPassword('', before.password_hash)).toBe(false);
    await copy.close();

    const database = await createDatabase({ databaseUrl: null, dataDir, pgliteTemplate: template });
    expect(await migrate(database.db)).toEqual([]);
    const options = { adminEmail: 'Jefa@Example.mx', adminPassword: 'Jefa2026!', demo: true, hashes };
    expect(await seed(database.db, options)).toEqual({ seeded: true, users: 24 });
    const admin = await database.db
      .selectFrom('usuarios')
      .select(['email', 'password_hash'])
      .where('username', '=', 'admin')
      .executeTakeFirstOrThrow();
    expect(admin.email).toBe('jefa@example.mx');
    expect(admin.password_hash).toBe((await hashes).admin);
    expect(await verifyPassword('Jefa2026!', admin.password_hash)).toBe(true);
    const visitor = await database.db
      .selectFrom('usuarios')
      .select('password_hash')
      .where('email', '=', 'visitador1@socioeconomico.mx')
      .executeTakeFirstOrThrow();
    expect(await verifyPassword(DEMO_PASSWORD, visitor.password_hash)).toBe(true);
    // Done once: the next start seeds nothing.
    expect(await seed(database.db, options)).toEqual({ seeded: false, users: 0 });

    // The demo a start at `seededAt` would have written, row for row and byte for byte.
    const fresh = await createDatabase({ databaseUrl: null, dataDir: 'memory://' });
    await migrate(fresh.db);
    await seed(fresh.db, { ...options, now: seededAt, hashes: seedPasswordHashes('Jefa2026!', true) });
    const digest = await demoDigest(database.db);
    expect(digest).toMatchObject({ usuarios: 24, folios: 300, reportes: 40, incompletos: 0 });
    expect(digest).toEqual(await demoDigest(fresh.db));
    await fresh.close();
    await database.close();
  }, 60_000);
});

describe.each(dbKinds())('database (%s)', (kind) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext(kind, { demoOperations: false });
  });
  afterAll(async () => {
    await ctx?.close();
  });

  it('a COPY the database refuses rejects with its error, and its connection keeps answering', async () => {
    await ctx.db.connection().execute(async (conn) => {
      await sql`CREATE TEMP TABLE copia_rechazada (a int PRIMARY KEY)`.execute(conn);
      // Before the fix, node-postgres' COPY waited forever here: the client dropped it at the server's error.
      await expect(copyChunks(conn, 'copia_rechazada (a)', ['1\n1\n'])).rejects.toThrow(/duplicate key/);
      await expect(copyChunks(conn, 'copia_rechazada (a)', ['x\n'])).rejects.toThrow(/invalid input syntax/);
      await copyChunks(conn, 'copia_rechazada (a)', ['1\n2\n']);
      const { rows } = await sql<{ n: number }>`SELECT count(*)::int AS n FROM copia_rechazada`.execute(conn);
      expect(rows[0]?.n).toBe(2);
      await sql`DROP TABLE copia_rechazada`.execute(conn);
    });
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
