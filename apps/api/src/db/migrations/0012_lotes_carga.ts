import type { Migration } from './index';

/**
 * 0012: staged saves of a carga ("lotes", issue 21 items 1–3). A file of up to 1,048,575 rows travels in parts;
 * each part's rows are checked when it arrives and kept here, typed, as the carga's candidates or failures;
 * confirmar moves them into cargas/folios/asignaciones in one transaction and deletes the lote.
 *
 * - `carga_lotes`: one open staged save, owned by the user who opened it, with what save_carga's body said of
 *   the file. Expires 24 h after it was opened (swept when a lote is opened and at start).
 * - `carga_lote_partes`: rows received per part (a part sent again replaces itself: counted once).
 * - `carga_lote_filas`: one row per file row of a part, in file order (parte, ord): `motivo` NULL for a candidate
 *   (the folio fields and visitor to write), else why it failed. UNLOGGED: a staging copy, written once and
 *   read once — no WAL for it; after a database crash it is empty and the lote is sent again.
 */
export const migration0012: Migration = {
  name: '0012_lotes_carga',
  up: /* sql */ `
CREATE TABLE carga_lotes (
  id_lote uuid PRIMARY KEY,
  id_usuario int NOT NULL REFERENCES usuarios(id_usuario) ON DELETE CASCADE,
  file_name text NOT NULL DEFAULT '',
  load_type text NOT NULL,
  fecha_cliente text,
  filas_invalidas_archivo int NOT NULL DEFAULT 0,
  creado timestamptz NOT NULL DEFAULT now(),
  expira timestamptz NOT NULL DEFAULT now() + interval '24 hours'
);
CREATE INDEX carga_lotes_expira ON carga_lotes (expira);

CREATE TABLE carga_lote_partes (
  id_lote uuid NOT NULL REFERENCES carga_lotes(id_lote) ON DELETE CASCADE,
  parte int NOT NULL,
  filas int NOT NULL,
  PRIMARY KEY (id_lote, parte)
);

CREATE UNLOGGED TABLE carga_lote_filas (
  id_lote uuid NOT NULL REFERENCES carga_lotes(id_lote) ON DELETE CASCADE,
  parte int NOT NULL,
  ord int NOT NULL,
  row_index int,
  folio text,
  motivo text,
  id_usuario int,
  id_estado int,
  calle text, colonia text, ciudad text, estado text, codigo_postal text,
  tel1 text, tel2 text, tel3 text, tel4 text,
  nombre_alumno text, campus_ingreso text, correo_alumno text,
  nombre_padre text, correo_padre text, nombre_madre text, correo_madre text,
  solicitud_email text, dia_agendo_crm date, direccion text, extra jsonb,
  PRIMARY KEY (id_lote, parte, ord)
);
`,
};
