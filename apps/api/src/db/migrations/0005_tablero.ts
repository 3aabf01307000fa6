import type { Migration } from './index';

/**
 * 0005: counters of the dashboard (GET /api/dashboard/resumen), so that it reads a few thousand counter
 * rows instead of counting a million assignments (issue 12: p95 ≤ 50 ms with 1,000,000 assignments).
 *
 * - `asignacion_horas_todos` (campo, hora, estatus) and `asignacion_horas` (the same per visitor): how many
 *   assignments had their assignment (campo 0), completion (1) or cancellation (2) in each UTC hour, by
 *   current status. Every boundary the dashboard uses (weeks and years in Mexico City, UTC-6 with no
 *   daylight saving since 2022) falls on a whole hour, so sums of hours are exact; the 30-day window adds
 *   its partial first hour from the rows themselves (see completionSince).
 * - `asignacion_clientes` (id_usuario, id_cliente, estatus): assignments per client of the folio, for
 *   "open studies per client". The client is the folio's at assignment time, copied into
 *   `asignaciones.id_cliente` (a later change of the folio's client does not move its open studies).
 * - `folio_horas` (hora): folios received per UTC hour (the yearly "Recibidos").
 *
 * Kept exact by statement-level triggers with transition tables, like `asignacion_conteos` (0002).
 */
export const HOUR = (col: string) => `floor(extract(epoch FROM ${col}) / 3600)::int`;

/** Rows `(id_usuario, campo, hora, estatus, id_cliente, d)` of the assignments in `src`, each counted `sign`. */
function events(src: string, sign: number): string {
  return `SELECT id_usuario, 0 AS campo, ${HOUR('fecha_asignacion')} AS hora, estatus, ${sign} AS d FROM ${src}
       UNION ALL SELECT id_usuario, 1, ${HOUR('fecha_completada')}, estatus, ${sign} FROM ${src} WHERE fecha_completada IS NOT NULL
       UNION ALL SELECT id_usuario, 2, ${HOUR('fecha_cancelada')}, estatus, ${sign} FROM ${src} WHERE fecha_cancelada IS NOT NULL`;
}
function clients(src: string, sign: number): string {
  return `SELECT id_usuario, coalesce(id_cliente, 0) AS id_cliente, estatus, ${sign} AS d FROM ${src}`;
}

function upsert(table: string, keys: string[], delta: string): string {
  const n = keys.map((_, i) => i + 1).join(', ');
  return `    INSERT INTO ${table} AS c (${keys.join(', ')}, total)
      SELECT ${keys.join(', ')}, sum(d) FROM (${delta}) x
      GROUP BY ${n} HAVING sum(d) <> 0 ORDER BY ${n}
      ON CONFLICT (${keys.join(', ')}) DO UPDATE SET total = c.total + EXCLUDED.total;`;
}

function applyAll(ev: string, cl: string): string {
  return [
    upsert('asignacion_horas_todos', ['campo', 'hora', 'estatus'], ev),
    upsert('asignacion_horas', ['id_usuario', 'campo', 'hora', 'estatus'], ev),
    upsert('asignacion_clientes', ['id_usuario', 'id_cliente', 'estatus'], cl),
  ].join('\n');
}

export const migration0005: Migration = {
  name: '0005_tablero',
  up: /* sql */ `
ALTER TABLE asignaciones ADD COLUMN id_cliente integer;
UPDATE asignaciones a SET id_cliente = f.id_cliente FROM folios f WHERE f.id_folio = a.id_folio;

CREATE FUNCTION asignacion_cliente_copiar() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
  IF NEW.id_cliente IS NULL THEN
    SELECT f.id_cliente INTO NEW.id_cliente FROM folios f WHERE f.id_folio = NEW.id_folio;
  END IF;
  RETURN NEW;
END
$fn$;
CREATE TRIGGER asignaciones_cliente_ins BEFORE INSERT ON asignaciones
  FOR EACH ROW EXECUTE FUNCTION asignacion_cliente_copiar();

CREATE TABLE asignacion_horas_todos (
  campo smallint NOT NULL,
  hora integer NOT NULL,
  estatus text NOT NULL,
  total bigint NOT NULL DEFAULT 0,
  PRIMARY KEY (campo, hora, estatus)
);
CREATE TABLE asignacion_horas (
  id_usuario integer NOT NULL,
  campo smallint NOT NULL,
  hora integer NOT NULL,
  estatus text NOT NULL,
  total bigint NOT NULL DEFAULT 0,
  PRIMARY KEY (id_usuario, campo, hora, estatus)
);
CREATE TABLE asignacion_clientes (
  id_usuario integer NOT NULL,
  id_cliente integer NOT NULL,
  estatus text NOT NULL,
  total bigint NOT NULL DEFAULT 0,
  PRIMARY KEY (id_usuario, id_cliente, estatus)
);
CREATE TABLE folio_horas (
  hora integer PRIMARY KEY,
  total bigint NOT NULL DEFAULT 0
);

${applyAll(events('asignaciones', 1), clients('asignaciones', 1))}
INSERT INTO folio_horas (hora, total)
  SELECT ${HOUR('created_at')}, count(*) FROM folios GROUP BY 1;

CREATE FUNCTION asignacion_horas_aplicar() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
  IF TG_OP = 'INSERT' THEN
${applyAll(events('nuevas', 1), clients('nuevas', 1))}
  ELSIF TG_OP = 'DELETE' THEN
${applyAll(events('viejas', -1), clients('viejas', -1))}
  ELSE
${applyAll(
  `${events('nuevas', 1)}\n       UNION ALL ${events('viejas', -1)}`,
  `${clients('nuevas', 1)} UNION ALL ${clients('viejas', -1)}`,
)}
  END IF;
  RETURN NULL;
END
$fn$;
CREATE TRIGGER asignaciones_horas_ins AFTER INSERT ON asignaciones
  REFERENCING NEW TABLE AS nuevas FOR EACH STATEMENT EXECUTE FUNCTION asignacion_horas_aplicar();
CREATE TRIGGER asignaciones_horas_upd AFTER UPDATE ON asignaciones
  REFERENCING OLD TABLE AS viejas NEW TABLE AS nuevas FOR EACH STATEMENT EXECUTE FUNCTION asignacion_horas_aplicar();
CREATE TRIGGER asignaciones_horas_del AFTER DELETE ON asignaciones
  REFERENCING OLD TABLE AS viejas FOR EACH STATEMENT EXECUTE FUNCTION asignacion_horas_aplicar();

CREATE FUNCTION folio_horas_aplicar() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
  IF TG_OP = 'INSERT' THEN
${upsert('folio_horas', ['hora'], `SELECT ${HOUR('created_at')} AS hora, 1 AS d FROM nuevas`)}
  ELSIF TG_OP = 'DELETE' THEN
${upsert('folio_horas', ['hora'], `SELECT ${HOUR('created_at')} AS hora, -1 AS d FROM viejas`)}
  ELSE
${upsert(
  'folio_horas',
  ['hora'],
  `SELECT ${HOUR('created_at')} AS hora, 1 AS d FROM nuevas UNION ALL SELECT ${HOUR('created_at')}, -1 FROM viejas`,
)}
  END IF;
  RETURN NULL;
END
$fn$;
CREATE TRIGGER folios_horas_ins AFTER INSERT ON folios
  REFERENCING NEW TABLE AS nuevas FOR EACH STATEMENT EXECUTE FUNCTION folio_horas_aplicar();
CREATE TRIGGER folios_horas_upd AFTER UPDATE ON folios
  REFERENCING OLD TABLE AS viejas NEW TABLE AS nuevas FOR EACH STATEMENT EXECUTE FUNCTION folio_horas_aplicar();
CREATE TRIGGER folios_horas_del AFTER DELETE ON folios
  REFERENCING OLD TABLE AS viejas FOR EACH STATEMENT EXECUTE FUNCTION folio_horas_aplicar();

CREATE FUNCTION tablero_vaciar() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
  IF TG_TABLE_NAME = 'folios' THEN
    DELETE FROM folio_horas;
  ELSE
    DELETE FROM asignacion_horas_todos;
    DELETE FROM asignacion_horas;
    DELETE FROM asignacion_clientes;
  END IF;
  RETURN NULL;
END
$fn$;
CREATE TRIGGER asignaciones_tablero_trunc AFTER TRUNCATE ON asignaciones
  FOR EACH STATEMENT EXECUTE FUNCTION tablero_vaciar();
CREATE TRIGGER folios_tablero_trunc AFTER TRUNCATE ON folios
  FOR EACH STATEMENT EXECUTE FUNCTION tablero_vaciar();
`,
};
