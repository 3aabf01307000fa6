import { type Kysely, sql } from 'kysely';
import { migrations as allMigrations, type Migration } from './migrations';
import type { Database } from './schema';

/**
 * Applies the pending migrations, each in its own transaction, and records them in `schema_migrations`.
 * An exclusive lock on `schema_migrations` keeps two servers starting together from applying one twice.
 * Returns the names applied now.
 */
export async function migrate(
  db: Kysely<Database>,
  migrations: readonly Migration[] = allMigrations,
): Promise<string[]> {
  await sql`CREATE TABLE IF NOT EXISTS schema_migrations (
    name text PRIMARY KEY,
    applied_at timestamptz NOT NULL DEFAULT now()
  )`.execute(db);
  const applied: string[] = [];
  for (const migration of migrations) {
    // A placeholder without SQL is not recorded, so its real content still runs once written.
    if (!migration.up.trim()) continue;
    const done = await db.transaction().execute(async (trx) => {
      await sql`LOCK TABLE schema_migrations IN EXCLUSIVE MODE`.execute(trx);
      const existing = await trx
        .selectFrom('schema_migrations')
        .select('name')
        .where('name', '=', migration.name)
        .executeTakeFirst();
      if (existing) return false;
      await sql.raw(migration.up).execute(trx);
      await trx.insertInto('schema_migrations').values({ name: migration.name }).execute();
      return true;
    });
    if (done) applied.push(migration.name);
  }
  return applied;
}
