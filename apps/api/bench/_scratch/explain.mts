import { createDatabase } from '../../src/db/index';
import { sql } from 'kysely';
const h = await createDatabase({ databaseUrl: 'postgres://postgres@127.0.0.1:5432/scratch_save', dataDir: 'memory://' });
const db = h.db;
const N = 5000;
const chunk = Array.from({ length: N }, (_, i) => ({ ord: i, folio: `X-${Date.now()}-${i}`, calle: 'Av 1', colonia: 'C', ciudad: 'M', estado: 'Nuevo León', codigo_postal: '64000', tel1: '5281', tel2: null, tel3: null, tel4: null, nombre_alumno: 'x', campus_ingreso: 'M', correo_alumno: 'a@b', nombre_padre: null, correo_padre: null, nombre_madre: null, correo_madre: null, solicitud_email: null, dia_agendo_crm: null, direccion: 'Av 1, C, M, Nuevo León, CP 64000', extra: null, id_estado: 19, id_usuario: 5 + (i % 4) }));
await db.transaction().execute(async (trx) => {
const { rows } = await sql<any>`EXPLAIN (ANALYZE, BUFFERS off, TIMING on)
      WITH input AS (
        SELECT * FROM jsonb_to_recordset(${JSON.stringify(chunk)}::jsonb) AS t(
          ord int, folio text, calle text, colonia text, ciudad text, estado text, codigo_postal text,
          tel1 text, tel2 text, tel3 text, tel4 text, nombre_alumno text, campus_ingreso text, correo_alumno text,
          nombre_padre text, correo_padre text, nombre_madre text, correo_madre text, solicitud_email text,
          dia_agendo_crm date, direccion text, extra jsonb, id_estado int, id_usuario int)
      ),
      f AS (
        INSERT INTO folios (folio, load_type, producto, id_cliente, nombre_alumno, campus_ingreso, correo_alumno,
          calle, colonia, ciudad, estado, id_estado, codigo_postal, tel1, tel2, tel3, tel4, nombre_padre,
          correo_padre, nombre_madre, correo_madre, solicitud_email, dia_agendo_crm, direccion, extra, id_carga)
        SELECT folio, 'TEC_MTY', 'x', 1, nombre_alumno, campus_ingreso,
          correo_alumno, calle, colonia, ciudad, estado, id_estado, codigo_postal, tel1, tel2, tel3, tel4,
          nombre_padre, correo_padre, nombre_madre, correo_madre, solicitud_email, dia_agendo_crm, direccion,
          extra, NULL::int
        FROM input
        ON CONFLICT (folio) DO UPDATE SET updated_at = now()
        RETURNING id_folio, folio
      )
      INSERT INTO asignaciones (folio, id_folio, id_usuario, id_estado, estado, direccion, id_carga, asignado_por)
      SELECT i.folio, f.id_folio, i.id_usuario, i.id_estado, i.estado, i.direccion, NULL::int, 1
      FROM input i JOIN f ON f.folio = i.folio
      ORDER BY i.ord
      ON CONFLICT (folio) WHERE estatus IN ('asignada', 'agendada') DO NOTHING
      RETURNING folio, id_asignacion`.execute(trx);
for (const r of rows) console.log(r['QUERY PLAN']);
throw new Error('rollback');
}).catch(e => console.log(String(e)));
await h.close();
