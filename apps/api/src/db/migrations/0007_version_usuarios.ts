import type { Migration } from './index';

/**
 * 0007: a version of the users list, so `all_users` answers from memory while nothing changed (issue 12:
 * p95 ≤ 25 ms with 2,000 users on PostgreSQL). Each server caches the list with the version it read first
 * and checks the version (one indexed row) on every call: the list is rebuilt after any committed change,
 * from this server, another one on the same database, or a hand-written UPDATE.
 *
 * - `versiones_datos` (nombre, version, xact): `usuarios` goes up by one per transaction that changed
 *   usuarios or estados (the list shows the region's name).
 * - The bump runs at COMMIT (deferred constraint trigger): the transaction takes the version row's lock
 *   last, after every row lock it holds, so two writers can wait for each other there but never deadlock;
 *   `xact` keeps it to one bump per transaction however many rows it wrote. TRUNCATE (no constraint
 *   trigger exists for it) bumps at once: it holds the whole table until it commits anyway.
 */
export const migration0007: Migration = {
  name: '0007_version_usuarios',
  up: `
    CREATE TABLE versiones_datos (
      nombre text PRIMARY KEY,
      version bigint NOT NULL DEFAULT 0,
      xact xid8
    );
    INSERT INTO versiones_datos (nombre) VALUES ('usuarios');

    CREATE FUNCTION versiones_datos_usuarios() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      UPDATE versiones_datos SET version = version + 1, xact = pg_current_xact_id()
        WHERE nombre = 'usuarios' AND xact IS DISTINCT FROM pg_current_xact_id();
      RETURN NULL;
    END $$;

    CREATE CONSTRAINT TRIGGER usuarios_version AFTER INSERT OR UPDATE OR DELETE ON usuarios
      DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION versiones_datos_usuarios();
    CREATE CONSTRAINT TRIGGER estados_version AFTER INSERT OR UPDATE OR DELETE ON estados
      DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION versiones_datos_usuarios();
    CREATE TRIGGER usuarios_version_truncate AFTER TRUNCATE ON usuarios
      FOR EACH STATEMENT EXECUTE FUNCTION versiones_datos_usuarios();
    CREATE TRIGGER estados_version_truncate AFTER TRUNCATE ON estados
      FOR EACH STATEMENT EXECUTE FUNCTION versiones_datos_usuarios();
  `,
};
