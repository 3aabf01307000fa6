import pg from 'pg';
import { sql } from 'kysely';
import { createDatabase } from '../../src/db/index';
import { migrate } from '../../src/db/migrate';
import { seed } from '../../src/seed/index';
import { checkSaveRows, processRows } from '../../src/modules/cargas/rows';
import { insertFoliosAndAssignments, estadoIds, visitorLoads } from '../../src/modules/cargas/repo';
const kind = process.argv[2] ?? 'pg';
let url: string | null = null;
if (kind === 'pg') {
  const admin = new pg.Client({ connectionString: 'postgres://postgres@127.0.0.1:5432/postgres' });
  await admin.connect(); await admin.query('DROP DATABASE IF EXISTS scratch_cmp WITH (FORCE)'); await admin.query('CREATE DATABASE scratch_cmp'); await admin.end();
  url = 'postgres://postgres@127.0.0.1:5432/scratch_cmp';
}
const h = await createDatabase({ databaseUrl: url, dataDir: 'memory://' });
const db = h.db;
await migrate(db);
await seed(db, { adminEmail: 'a@b.mx', adminPassword: 'Admin2026!', demo: true, demoOperations: false });
const N = Number(process.argv[3] ?? 100000);
const rows: any[] = [];
for (let i = 0; i < N; i++) rows.push({ row_index: i + 2, Folio: `B-${i}`, 'Nombre Alumno': 'x y', 'Campus Ingreso': 'M', 'Correo Alumno': 'a@b', Calle: 'Av 1', Colonia: 'C', Ciudad: 'M', Estado: ['NL', 'Jalisco', 'CDMX'][i % 3], 'Codigo Postal': '64000', Tel1: '+52 81 1234', Tel2: null, Tel3: null, Tel4: null });
const out = processRows(rows, { visitors: await visitorLoads(db), openFolios: new Set() });
const { candidates } = checkSaveRows(out.processedData as any, { activeVisitors: new Set(Array.from({ length: 40 }, (_, i) => i)), openFolios: new Set() });
const est = await estadoIds(db);
const lit = (v: unknown) => v === null || v === undefined ? 'NULL' : typeof v === 'number' ? String(v) : `'${String(v).replace(/'/g, "''")}'`;
const values = candidates.map((c, i) => `(${[i, c.fields.folio, c.fields.nombre_alumno, c.fields.calle, c.fields.colonia, c.fields.ciudad, c.fields.estado, est.get(c.fields.estado!) ?? null, c.fields.codigo_postal, c.fields.tel1, c.fields.direccion, c.visitorId].map(lit).join(',')})`).join(',\n');
const raw = `WITH v (ord, folio, nombre_alumno, calle, colonia, ciudad, estado, id_estado, codigo_postal, tel1, direccion, id_usuario) AS (VALUES ${values}),
 f AS (INSERT INTO folios (folio, load_type, producto, id_cliente, nombre_alumno, calle, colonia, ciudad, estado, id_estado, codigo_postal, tel1, direccion, id_carga)
   SELECT folio, 'TEC_MTY', 'TEC DE MTY', 1, nombre_alumno, calle, colonia, ciudad, estado, id_estado::int, codigo_postal, tel1, direccion, 1 FROM v RETURNING id_folio, folio)
 INSERT INTO asignaciones (folio, id_folio, id_usuario, id_estado, estado, direccion, id_carga, asignado_por)
 SELECT v.folio, f.id_folio, v.id_usuario::int, v.id_estado::int, v.estado, v.direccion, 1, 1 FROM v JOIN f USING (folio) ORDER BY v.ord`;
await sql`INSERT INTO cargas (id_carga, load_type) VALUES (1, 'TEC_MTY')`.execute(db);
const trunc = async () => { await sql`TRUNCATE asignaciones, folios, reportes`.execute(db); if (kind === 'pg') await sql`CHECKPOINT`.execute(db).catch(() => {}); };
for (let k = 0; k < 2; k++) {
  await trunc();
  let t = performance.now();
  await sql.raw(raw).execute(db);
  console.log('raw', Math.round(performance.now() - t));
  await trunc();
  t = performance.now();
  await db.transaction().execute(async (trx) => { await insertFoliosAndAssignments(trx, candidates, { idCarga: 1, idCliente: 1, actorId: 1, estadoIds: est }); });
  console.log('mine', Math.round(performance.now() - t));
}
await h.close();
