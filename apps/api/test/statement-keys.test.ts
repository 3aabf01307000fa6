import { type Kysely, sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  keyInsertTrigger,
  STATEMENT_KEYS,
  type StatementKey,
} from '../src/db/migrations/0018_claves_por_sentencia';
import type { Database } from '../src/db/schema';
import { createTestContext, dbKinds, type TestContext } from './helpers';

/** A key value no parent has. */
const MISSING = 987_654;

let serial = 0;
const nextTag = () => `K${++serial}`;

interface Refusal {
  code?: string;
  constraint?: string;
  detail?: string;
}

/** The error `run` was refused with, or null when it was not. */
async function refusal(run: Promise<unknown>): Promise<Refusal | null> {
  try {
    await run;
    return null;
  } catch (error) {
    return error as Refusal;
  }
}

async function value(db: Kysely<Database>, query: string): Promise<number> {
  const { rows } = await sql.raw<{ v: number }>(query).execute(db);
  return Number(rows[0]?.v);
}

const count = (db: Kysely<Database>, table: string, where: string) =>
  value(db, `SELECT count(*)::int AS v FROM ${table} WHERE ${where}`);

/** A new row of `key.parent`, referenced by nothing yet; its key. */
function newParent(db: Kysely<Database>, key: StatementKey): Promise<number> {
  const tag = nextTag();
  const n = serial;
  const insert: Record<string, string> = {
    clientes: `INSERT INTO clientes (nombre) VALUES ('Cliente ${tag}') RETURNING id_cliente AS v`,
    estados: `INSERT INTO estados (id_estado, estado, clave) VALUES (${900 + n}, 'Estado ${tag}', '${33 + (n % 67)}')
      RETURNING id_estado AS v`,
    folios: `INSERT INTO folios (folio) VALUES ('${tag}-padre') RETURNING id_folio AS v`,
    usuarios: `INSERT INTO usuarios (username, email, password_hash, nombres, apellido_paterno, rol)
      VALUES ('${tag}', '${tag}@example.mx', 'x', 'Nombre', 'Apellido', 'visitador') RETURNING id_usuario AS v`,
    cargas: `INSERT INTO cargas (file_name, load_type) VALUES ('${tag}.xlsx', 'TEC_MTY') RETURNING id_carga AS v`,
  };
  return value(db, insert[key.parent]!);
}

/**
 * `n` rows of `key.child` (tag `tag`) in ONE statement — for asignaciones, after their `n` folios — every parent
 * one that exists (`parents`) but the key's column, which is `last` in the last row and `first` in the others
 * (`undefined`: the default parent; asignaciones' id_folio defaults to each row's own folio).
 */
async function insertChildren(
  db: Kysely<Database>,
  parents: Record<string, number>,
  key: StatementKey,
  tag: string,
  n: number,
  last?: number | null,
  first?: number,
) {
  const column = (name: string, fallback: string) => {
    if (name !== key.column) return fallback;
    const others = first === undefined ? fallback : String(first);
    return last === undefined ? others : `CASE WHEN g = ${n} THEN ${last ?? 'NULL'} ELSE ${others} END`;
  };
  const p = (name: string) => String(parents[name]);
  if (key.child === 'folios') {
    await sql
      .raw(`INSERT INTO folios (folio, id_cliente, id_estado)
        SELECT '${tag}-' || g, ${column('id_cliente', p('id_cliente'))}, ${column('id_estado', p('id_estado'))}
        FROM generate_series(1, ${n}) g`)
      .execute(db);
    return;
  }
  await sql
    .raw(`INSERT INTO folios (folio) SELECT '${tag}-' || g FROM generate_series(1, ${n}) g`)
    .execute(db);
  await sql
    .raw(`INSERT INTO asignaciones (folio, id_folio, id_usuario, id_carga, id_cliente)
      SELECT f.folio, ${column('id_folio', 'f.id_folio')}, ${column('id_usuario', p('id_usuario'))},
        ${column('id_carga', p('id_carga'))}, ${p('id_cliente')}
      FROM generate_series(1, ${n}) g JOIN folios f ON f.folio = '${tag}-' || g`)
    .execute(db);
}

/** The rows of `key.child` written with `tag`. */
const ofTag = (tag: string) => `folio LIKE '${tag}-%'`;

describe.each(dbKinds())('foreign keys checked once per statement, 0018 (%s)', (kind) => {
  let ctx: TestContext;
  const parents: Record<string, number> = {};

  beforeAll(async () => {
    ctx = await createTestContext(kind, { demo: false, demoOperations: false });
    parents.id_cliente = await value(ctx.db, 'SELECT min(id_cliente) AS v FROM clientes');
    parents.id_estado = await value(ctx.db, 'SELECT min(id_estado) AS v FROM estados');
    parents.id_usuario = await value(ctx.db, 'SELECT min(id_usuario) AS v FROM usuarios');
    parents.id_carga = await value(
      ctx.db,
      `INSERT INTO cargas (file_name, load_type) VALUES ('k.xlsx', 'TEC_MTY') RETURNING id_carga AS v`,
    );
  });
  afterAll(async () => {
    await ctx?.close();
  });

  it('are statement triggers, no longer row checks', async () => {
    const { rows: fks } = await sql<{ conname: string }>`
      SELECT conname FROM pg_constraint
      WHERE contype = 'f' AND conname IN (${sql.join(STATEMENT_KEYS.map((k) => k.constraint))})`.execute(
      ctx.db,
    );
    expect(fks).toEqual([]);
    const names = STATEMENT_KEYS.map(keyInsertTrigger);
    const { rows: triggers } = await sql<{ tgname: string; per_row: boolean }>`
      SELECT tgname, (tgtype & 1) = 1 AS per_row FROM pg_trigger WHERE tgname IN (${sql.join(names)})
      ORDER BY tgname`.execute(ctx.db);
    expect(triggers).toEqual([...names].sort().map((tgname) => ({ tgname, per_row: false })));
  });

  describe.each(STATEMENT_KEYS.map((k) => [k.constraint, k] as const))('%s', (_name, key) => {
    const nullable = !['id_folio', 'id_usuario'].includes(key.column);

    it('refuses a whole statement for one row whose parent is missing, as the foreign key did', async () => {
      const tag = nextTag();
      const error = await refusal(insertChildren(ctx.db, parents, key, tag, 50, MISSING));
      expect(error?.code).toBe('23503');
      expect(error?.constraint).toBe(key.constraint);
      expect(error?.detail).toBe(`Key (${key.column})=(${MISSING}) is not present in table "${key.parent}".`);
      expect(await count(ctx.db, key.child, ofTag(tag))).toBe(0);
    });

    it('accepts rows whose parents all exist (several parents in one statement), and a null key', async () => {
      const tag = nextTag();
      const other = key.column === 'id_folio' ? undefined : await newParent(ctx.db, key);
      await insertChildren(ctx.db, parents, key, tag, 30, other);
      expect(await count(ctx.db, key.child, ofTag(tag))).toBe(30);
      const nulls = nextTag();
      const written = await refusal(insertChildren(ctx.db, parents, key, nulls, 5, null));
      // A NOT NULL column refuses the null itself (23502); the key lets a null through (MATCH SIMPLE).
      expect(written?.code).toBe(nullable ? undefined : '23502');
      expect(await count(ctx.db, key.child, ofTag(nulls))).toBe(nullable ? 5 : 0);
    });

    it('refuses an update to a missing parent, and looks nothing up when the key does not change', async () => {
      const tag = nextTag();
      await insertChildren(ctx.db, parents, key, tag, 10);
      const error = await refusal(
        sql.raw(`UPDATE ${key.child} SET ${key.column} = ${MISSING} WHERE ${ofTag(tag)}`).execute(ctx.db),
      );
      expect(error?.code).toBe('23503');
      expect(error?.constraint).toBe(key.constraint);
      expect(await count(ctx.db, key.child, `${ofTag(tag)} AND ${key.column} = ${MISSING}`)).toBe(0);
      // Another column, or the key set to what it was: accepted.
      const other = key.child === 'folios' ? 'nombre_alumno' : 'direccion';
      await sql
        .raw(
          `UPDATE ${key.child} SET ${other} = 'cambiado', ${key.column} = ${key.column} WHERE ${ofTag(tag)}`,
        )
        .execute(ctx.db);
      expect(await count(ctx.db, key.child, `${ofTag(tag)} AND ${other} = 'cambiado'`)).toBe(10);
      if (key.column === 'id_folio') return;
      const moved = await newParent(ctx.db, key);
      await sql.raw(`UPDATE ${key.child} SET ${key.column} = ${moved} WHERE ${ofTag(tag)}`).execute(ctx.db);
      expect(await count(ctx.db, key.child, `${ofTag(tag)} AND ${key.column} = ${moved}`)).toBe(10);
    });

    it('refuses deleting a parent that has children, or changing its key; deletes one that has none', async () => {
      const parent = await newParent(ctx.db, key);
      const tag = nextTag();
      if (key.column === 'id_folio') {
        await insertChildren(ctx.db, parents, key, tag, 1, parent);
      } else {
        await insertChildren(ctx.db, parents, key, tag, 3, undefined, parent);
      }
      const where = `${key.key} = ${parent}`;
      const deleted = await refusal(sql.raw(`DELETE FROM ${key.parent} WHERE ${where}`).execute(ctx.db));
      expect(deleted?.code).toBe('23503');
      expect(deleted?.constraint).toBe(key.constraint);
      expect(deleted?.detail).toBe(
        `Key (${key.key})=(${parent}) is still referenced from table "${key.child}".`,
      );
      const changed = await refusal(
        sql.raw(`UPDATE ${key.parent} SET ${key.key} = ${MISSING} WHERE ${where}`).execute(ctx.db),
      );
      expect(changed?.code).toBe('23503');
      expect(await count(ctx.db, key.parent, where)).toBe(1);
      const unused = await newParent(ctx.db, key);
      await sql.raw(`DELETE FROM ${key.parent} WHERE ${key.key} = ${unused}`).execute(ctx.db);
      expect(await count(ctx.db, key.parent, `${key.key} = ${unused}`)).toBe(0);
    });
  });

  it("finds the parents its own transaction wrote (a confirmar's folios), and refuses a missing one among them", async () => {
    const tag = nextTag();
    const write = (trx: Kysely<Database>, extra: string) =>
      sql
        .raw(`INSERT INTO asignaciones (folio, id_folio, id_usuario, id_cliente)
          SELECT folio, id_folio, ${parents.id_usuario}, ${parents.id_cliente} FROM folios WHERE ${ofTag(tag)}
          ${extra}`)
        .execute(trx);
    const insertFolios = (trx: Kysely<Database>) =>
      sql.raw(`INSERT INTO folios (folio) SELECT '${tag}-' || g FROM generate_series(1, 40) g`).execute(trx);
    const refused = await refusal(
      ctx.db.transaction().execute(async (trx) => {
        await insertFolios(trx);
        await write(
          trx,
          `UNION ALL SELECT '${tag}-x', ${MISSING}, ${parents.id_usuario}, ${parents.id_cliente}`,
        );
      }),
    );
    expect(refused?.code).toBe('23503');
    expect(refused?.detail).toBe(`Key (id_folio)=(${MISSING}) is not present in table "folios".`);
    await ctx.db.transaction().execute(async (trx) => {
      await insertFolios(trx);
      await write(trx, '');
    });
    expect(await count(ctx.db, 'asignaciones', ofTag(tag))).toBe(40);
  });

  it('refuses truncating a parent without its children, and truncates both together', async () => {
    const rollback = new Error('rollback');
    const alone = await refusal(
      ctx.db.transaction().execute(async (trx) => {
        await sql`TRUNCATE cargas`.execute(trx);
      }),
    );
    expect(alone?.code).toBe('0A000');
    const both = await refusal(
      ctx.db.transaction().execute(async (trx) => {
        await sql`TRUNCATE asignaciones, cargas`.execute(trx);
        expect(await count(trx, 'cargas', 'true')).toBe(0);
        throw rollback;
      }),
    );
    expect(both).toBe(rollback);
    expect(await count(ctx.db, 'cargas', 'true')).toBeGreaterThan(0);
  });

  it.runIf(kind === 'postgres')(
    'lock the parents a statement references: a concurrent delete of one waits, then finds its children',
    async () => {
      const key = STATEMENT_KEYS.find((k) => k.constraint === 'asignaciones_id_usuario_fkey')!;
      const url = ctx.config.databaseUrl!;
      const writer = new pg.Client({ connectionString: url });
      const deleter = new pg.Client({ connectionString: url });
      await writer.connect();
      await deleter.connect();
      try {
        // The writer's statement references a visitor and stays uncommitted; the delete must wait for it.
        const visitor = await newParent(ctx.db, key);
        const tag = nextTag();
        await sql.raw(`INSERT INTO folios (folio) VALUES ('${tag}-1')`).execute(ctx.db);
        await writer.query('BEGIN');
        await writer.query(
          `INSERT INTO asignaciones (folio, id_folio, id_usuario, id_cliente)
           SELECT folio, id_folio, $1, $2 FROM folios WHERE folio = $3`,
          [visitor, parents.id_cliente, `${tag}-1`],
        );
        const deleterPid = (await deleter.query<{ pid: number }>('SELECT pg_backend_pid() AS pid')).rows[0]!
          .pid;
        const deleting = refusal(deleter.query('DELETE FROM usuarios WHERE id_usuario = $1', [visitor]));
        await waitUntilBlocked(ctx.db, deleterPid);
        await writer.query('COMMIT');
        const error = await deleting;
        expect(error?.code).toBe('23503');
        expect(error?.constraint).toBe(key.constraint);

        // The other way round: a visitor deleted and not yet committed; the writer waits, then finds it gone.
        const gone = await newParent(ctx.db, key);
        const tag2 = nextTag();
        await sql.raw(`INSERT INTO folios (folio) VALUES ('${tag2}-1')`).execute(ctx.db);
        await deleter.query('BEGIN');
        await deleter.query('DELETE FROM usuarios WHERE id_usuario = $1', [gone]);
        const writerPid = (await writer.query<{ pid: number }>('SELECT pg_backend_pid() AS pid')).rows[0]!
          .pid;
        const writing = refusal(
          writer.query(
            `INSERT INTO asignaciones (folio, id_folio, id_usuario, id_cliente)
             SELECT folio, id_folio, $1, $2 FROM folios WHERE folio = $3`,
            [gone, parents.id_cliente, `${tag2}-1`],
          ),
        );
        await waitUntilBlocked(ctx.db, writerPid);
        await deleter.query('COMMIT');
        const refused = await writing;
        expect(refused?.code).toBe('23503');
        expect(refused?.detail).toBe(`Key (id_usuario)=(${gone}) is not present in table "usuarios".`);
        expect(await count(ctx.db, 'asignaciones', ofTag(tag2))).toBe(0);
      } finally {
        await writer.end();
        await deleter.end();
      }
    },
  );
});

/** Resolves once backend `pid` waits for a lock (asked again after each answer: no clock decides). */
async function waitUntilBlocked(db: Kysely<Database>, pid: number): Promise<void> {
  for (;;) {
    const { rows } = await sql<{ waiting: boolean }>`
      SELECT wait_event_type = 'Lock' AS waiting FROM pg_stat_activity WHERE pid = ${pid}`.execute(db);
    if (rows[0]?.waiting) return;
  }
}
