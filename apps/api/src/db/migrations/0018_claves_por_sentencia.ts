import type { Migration } from './index';

/** A foreign key checked once per statement: `child.column` references `parent.key` (NO ACTION, MATCH SIMPLE). */
export interface StatementKey {
  /** The constraint's name (the one it had as a foreign key): errors and logs still name it. */
  constraint: string;
  child: string;
  /** The child's primary key: an UPDATE's old and new rows are paired by it. */
  childId: string;
  column: string;
  parent: string;
  key: string;
}

/**
 * The foreign keys a carga's confirmar writes a million times: every row of its two INSERT … SELECT (folios, then
 * asignaciones) was checked on its own, one lookup of the parent per row and key (`RI_FKey_check_ins`, each an
 * executor start of its own).
 */
export const STATEMENT_KEYS: readonly StatementKey[] = [
  {
    constraint: 'folios_id_cliente_fkey',
    child: 'folios',
    childId: 'id_folio',
    column: 'id_cliente',
    parent: 'clientes',
    key: 'id_cliente',
  },
  {
    constraint: 'folios_id_estado_fkey',
    child: 'folios',
    childId: 'id_folio',
    column: 'id_estado',
    parent: 'estados',
    key: 'id_estado',
  },
  {
    constraint: 'asignaciones_id_folio_fkey',
    child: 'asignaciones',
    childId: 'id_asignacion',
    column: 'id_folio',
    parent: 'folios',
    key: 'id_folio',
  },
  {
    constraint: 'asignaciones_id_usuario_fkey',
    child: 'asignaciones',
    childId: 'id_asignacion',
    column: 'id_usuario',
    parent: 'usuarios',
    key: 'id_usuario',
  },
  {
    constraint: 'asignaciones_id_carga_fkey',
    child: 'asignaciones',
    childId: 'id_asignacion',
    column: 'id_carga',
    parent: 'cargas',
    key: 'id_carga',
  },
];

/** The name of the functions and triggers of key `k`: `clave_<constraint>` (+ `_ref` on the parent's side). */
export const keyFunction = (k: StatementKey) => `clave_${k.constraint}`;

/** The trigger that checks the keys an INSERT into `k.child` wrote (the one a bulk load fires). */
export const keyInsertTrigger = (k: StatementKey) => `${keyFunction(k)}_ins`;

/**
 * The child's side: the distinct keys the statement wrote (an UPDATE: only rows whose key changed) are looked up in
 * the parent by its primary key and locked FOR KEY SHARE, as the row checks locked them one by one, so a concurrent
 * DELETE of a parent waits for this transaction and then finds its children. A parent this transaction wrote itself
 * (its xmin: a confirmar's folios, inserted or upserted just before their assignments) needs no lock: no one else
 * can see it yet, or deleting its old version already waits for this transaction's own row lock (1,000,000 probes
 * with the lock: 22.1 s, without: 7.8 s, same machine and table as below). One statement reads
 * the transition rows once and looks the keys up in their order, one index probe each (LATERAL, OFFSET 0: never a
 * join that reads the parent whole), so consecutive probes land on the same pages: 1,000,000 probes of a 500 MB
 * table in random order took 9.4–17.7 s, in key order 3.0–6.1 s (PostgreSQL 15, 128 MB of shared buffers, loaded
 * machine). A key without its parent is named in PostgreSQL's own words and code (23503).
 */
function childSide(k: StatementKey): string {
  const fn = keyFunction(k);
  const check = (from: string) => `
    SELECT w.v INTO falta
    FROM (SELECT n.${k.column} AS v FROM ${from} WHERE n.${k.column} IS NOT NULL GROUP BY 1 ORDER BY 1) w
    LEFT JOIN LATERAL (
      SELECT true AS hay FROM ${k.parent} p WHERE p.${k.key} = w.v AND p.xmin = mia OFFSET 0
    ) propia ON true
    LEFT JOIN LATERAL (
      SELECT true AS hay FROM ${k.parent} p WHERE propia.hay IS NULL AND p.${k.key} = w.v FOR KEY SHARE
    ) l ON true
    WHERE propia.hay IS NULL AND l.hay IS NULL LIMIT 1;`;
  return `
CREATE FUNCTION ${fn}() RETURNS trigger LANGUAGE plpgsql SET enable_seqscan = off SET jit = off AS $fn$
DECLARE
  falta text;
  -- This transaction's id as a tuple's xmin shows it (the low 32 bits of the full id).
  mia xid := (pg_current_xact_id()::text::bigint % 4294967296)::text::xid;
BEGIN
  IF TG_OP = 'INSERT' THEN${check('nuevas n')}
  ELSE${check(`nuevas n JOIN viejas o ON o.${k.childId} = n.${k.childId}
      AND o.${k.column} IS DISTINCT FROM n.${k.column}`)}
  END IF;
  IF falta IS NOT NULL THEN
    RAISE EXCEPTION 'insert or update on table "${k.child}" violates foreign key constraint "${k.constraint}"'
      USING ERRCODE = 'foreign_key_violation', CONSTRAINT = '${k.constraint}', TABLE = '${k.child}',
        COLUMN = '${k.column}', DETAIL = format('Key (${k.column})=(%s) is not present in table "${k.parent}".', falta);
  END IF;
  RETURN NULL;
END
$fn$;
CREATE TRIGGER ${keyInsertTrigger(k)} AFTER INSERT ON ${k.child}
  REFERENCING NEW TABLE AS nuevas FOR EACH STATEMENT EXECUTE FUNCTION ${fn}();
CREATE TRIGGER ${fn}_upd AFTER UPDATE ON ${k.child}
  REFERENCING OLD TABLE AS viejas NEW TABLE AS nuevas FOR EACH STATEMENT EXECUTE FUNCTION ${fn}();`;
}

/**
 * The parent's side, NO ACTION at the end of the statement as before: a DELETE (set-based: its old rows), an
 * UPDATE of the key (row by row, only when the key changed: these keys are identities the product never changes,
 * so the trigger never runs otherwise) or a TRUNCATE that leaves a child row without its parent is refused (23503;
 * a TRUNCATE, 0A000 as PostgreSQL's own refusal).
 */
function parentSide(k: StatementKey): string {
  const fn = `${keyFunction(k)}_ref`;
  const refused = (
    value: string,
  ) => `RAISE EXCEPTION 'update or delete on table "${k.parent}" violates foreign key constraint "${k.constraint}" on table "${k.child}"'
      USING ERRCODE = 'foreign_key_violation', CONSTRAINT = '${k.constraint}', TABLE = '${k.parent}',
        DETAIL = format('Key (${k.key})=(%s) is still referenced from table "${k.child}".', ${value});`;
  return `
CREATE FUNCTION ${fn}() RETURNS trigger LANGUAGE plpgsql SET jit = off AS $fn$
DECLARE
  usada text;
BEGIN
  IF TG_OP = 'DELETE' THEN
    SELECT o.${k.key} INTO usada FROM viejas o
      WHERE EXISTS (SELECT 1 FROM ${k.child} c WHERE c.${k.column} = o.${k.key})
        AND NOT EXISTS (SELECT 1 FROM ${k.parent} p WHERE p.${k.key} = o.${k.key}) LIMIT 1;
    IF usada IS NOT NULL THEN ${refused('usada')} END IF;
  ELSIF TG_OP = 'UPDATE' THEN
    IF EXISTS (SELECT 1 FROM ${k.child} c WHERE c.${k.column} = OLD.${k.key})
      AND NOT EXISTS (SELECT 1 FROM ${k.parent} p WHERE p.${k.key} = OLD.${k.key}) THEN ${refused(`OLD.${k.key}`)}
    END IF;
  ELSIF EXISTS (SELECT 1 FROM ${k.child}) THEN
    RAISE EXCEPTION 'cannot truncate a table referenced in a foreign key constraint'
      USING ERRCODE = 'feature_not_supported',
        DETAIL = 'Table "${k.child}" references "${k.parent}" (${k.constraint}).';
  END IF;
  RETURN NULL;
END
$fn$;
CREATE TRIGGER ${fn}_del AFTER DELETE ON ${k.parent}
  REFERENCING OLD TABLE AS viejas FOR EACH STATEMENT EXECUTE FUNCTION ${fn}();
CREATE TRIGGER ${fn}_upd AFTER UPDATE OF ${k.key} ON ${k.parent}
  FOR EACH ROW WHEN (OLD.${k.key} IS DISTINCT FROM NEW.${k.key}) EXECUTE FUNCTION ${fn}();
CREATE TRIGGER ${fn}_trunc AFTER TRUNCATE ON ${k.parent}
  FOR EACH STATEMENT EXECUTE FUNCTION ${fn}();`;
}

/**
 * 0018: the foreign keys of `STATEMENT_KEYS` are checked once per statement instead of once per row (issue 21
 * item 2). EXPLAIN (ANALYZE) of a 1,048,575-row confirmar (PostgreSQL 15): the folios' two keys took about half of
 * the folios' INSERT (33 s), the assignments' three 33 s of their 122 s (id_folio 13.9, id_usuario 10.6, id_carga
 * 8.5) — a parent lookup per row and key, though a carga writes one client, one carga, a few visitors and states.
 * Each key is now two plpgsql functions on transition tables: the child's side looks its statement's distinct keys
 * up in one statement (and locks them FOR KEY SHARE, as each row's check did); the parent's side refuses a DELETE,
 * key UPDATE or TRUNCATE that leaves children behind. Same rules (NO ACTION, MATCH SIMPLE, checked at the end of
 * each statement), same error code and message. The transaction isolation the product uses is READ COMMITTED:
 * each check sees what committed before it (a row check saw the same).
 */
export const migration0018: Migration = {
  name: '0018_claves_por_sentencia',
  up: STATEMENT_KEYS.map(
    (k) => `
ALTER TABLE ${k.child} DROP CONSTRAINT ${k.constraint};
${childSide(k)}
${parentSide(k)}`,
  ).join('\n'),
};
