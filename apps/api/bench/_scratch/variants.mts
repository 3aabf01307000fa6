import pg from 'pg';
import { sql } from 'kysely';
import { createDatabase } from '../../src/db/index';
import { migrate } from '../../src/db/migrate';
import { seed } from '../../src/seed/index';
const admin = new pg.Client({ connectionString: 'postgres://postgres@127.0.0.1:5432/postgres' });
await admin.connect(); await admin.query('DROP DATABASE IF EXISTS scratch_var WITH (FORCE)'); await admin.query('CREATE DATABASE scratch_var'); await admin.end();
const url = 'postgres://postgres@127.0.0.1:5432/scratch_var';
const h = await createDatabase({ databaseUrl: url, dataDir: 'memory://' });
const db = h.db;
await migrate(db);
await seed(db, { adminEmail: 'a@b.mx', adminPassword: 'Admin2026!', demo: true, demoOperations: false });
await sql`INSERT INTO cargas (id_carga, load_type) VALUES (1, 'TEC_MTY')`.execute(db);
const N = 30000;
const mk = () => Array.from({ length: N }, (_, i) => ({ ord: i, folio: `F-${i}`, calle: 'Av 1', colonia: 'C', ciudad: 'M', estado: 'Nuevo León', codigo_postal: '64000', tel1: '5281', tel2: null, tel3: null, tel4: null, nombre_alumno: 'x', campus_ingreso: 'M', correo_alumno: 'a@b', nombre_padre: null, correo_padre: null, nombre_madre: null, correo_madre: null, solicitud_email: null, dia_agendo_crm: null, direccion: 'Av 1, C, M, Nuevo León, CP 64000', extra: null, id_estado: 19, id_usuario: 5 + (i % 4) }));
const data = mk();
const cols = `ord int, folio text, calle text, colonia text, ciudad text, estado text, codigo_postal text, tel1 text, tel2 text, tel3 text, tel4 text, nombre_alumno text, campus_ingreso text, correo_alumno text, nombre_padre text, correo_padre text, nombre_madre text, correo_madre text, solicitud_email text, dia_agendo_crm date, direccion text, extra jsonb, id_estado int, id_usuario int`;
const fcols = `folio, load_type, producto, id_cliente, nombre_alumno, campus_ingreso, correo_alumno, calle, colonia, ciudad, estado, id_estado, codigo_postal, tel1, tel2, tel3, tel4, nombre_padre, correo_padre, nombre_madre, correo_madre, solicitud_email, dia_agendo_crm, direccion, extra, id_carga`;
const fsel = `folio, 'TEC_MTY', 'x', 1, nombre_alumno, campus_ingreso, correo_alumno, calle, colonia, ciudad, estado, id_estado, codigo_postal, tel1, tel2, tel3, tel4, nombre_padre, correo_padre, nombre_madre, correo_madre, solicitud_email, dia_agendo_crm, direccion, extra, 1`;
function stmt(chunk: any[], folioConflict: string, asigConflict: string, order: boolean) {
  return sql.raw(`WITH input AS (SELECT * FROM jsonb_to_recordset('${JSON.stringify(chunk).replace(/'/g, "''")}'::jsonb) AS t(${cols})),
  f AS (INSERT INTO folios (${fcols}) SELECT ${fsel} FROM input ${folioConflict} RETURNING id_folio, folio)
  INSERT INTO asignaciones (folio, id_folio, id_usuario, id_estado, estado, direccion, id_carga, asignado_por)
  SELECT i.folio, f.id_folio, i.id_usuario, i.id_estado, i.estado, i.direccion, 1, 1 FROM input i JOIN f ON f.folio = i.folio ${order ? 'ORDER BY i.ord' : ''} ${asigConflict} RETURNING folio, id_asignacion`);
}
const variants: Record<string, (c: any[]) => any> = {
  full: (c) => stmt(c, `ON CONFLICT (folio) DO UPDATE SET calle = EXCLUDED.calle, updated_at = now()`, `ON CONFLICT (folio) WHERE estatus IN ('asignada','agendada') DO NOTHING`, true),
  noorder: (c) => stmt(c, `ON CONFLICT (folio) DO UPDATE SET calle = EXCLUDED.calle, updated_at = now()`, `ON CONFLICT (folio) WHERE estatus IN ('asignada','agendada') DO NOTHING`, false),
  nothing: (c) => stmt(c, `ON CONFLICT (folio) DO NOTHING`, `ON CONFLICT (folio) WHERE estatus IN ('asignada','agendada') DO NOTHING`, true),
  noconf: (c) => stmt(c, ``, ``, true),
};
for (let round = 0; round < 2; round++) {
  for (const chunkSize of [5000, 30000]) {
    for (const [name, fn] of Object.entries(variants)) {
      await sql`TRUNCATE asignaciones, folios, reportes`.execute(db);
      const t = performance.now();
      await db.transaction().execute(async (trx) => {
        for (let i = 0; i < N; i += chunkSize) await fn(data.slice(i, i + chunkSize)).execute(trx);
      });
      console.log(round, chunkSize, name, Math.round(performance.now() - t));
    }
  }
}
await h.close();
