import pg from 'pg';
import { createDatabase } from '/work/main/apps/api/src/db/index';
import { migrate } from '/work/main/apps/api/src/db/migrate';
import { seed } from '/work/main/apps/api/src/seed/index';
import { checkSaveRows, processRows } from '/work/main/apps/api/src/modules/cargas/rows';
import { insertFoliosAndAssignments, estadoIds, visitorLoads, findOpenFolios } from '/work/main/apps/api/src/modules/cargas/repo';
import { sql } from 'kysely';
const kind = process.argv[2] ?? 'pg';
let url: string | null = null;
if (kind === 'pg') {
  const admin = new pg.Client({ connectionString: 'postgres://postgres@127.0.0.1:5432/postgres' });
  await admin.connect(); await admin.query('DROP DATABASE IF EXISTS scratch_save WITH (FORCE)'); await admin.query('CREATE DATABASE scratch_save'); await admin.end();
  url = 'postgres://postgres@127.0.0.1:5432/scratch_save';
}
const h = await createDatabase({ databaseUrl: url, dataDir: 'memory://' });
await migrate(h.db);
await seed(h.db, { adminEmail: 'a@b.mx', adminPassword: 'Admin2026!', demo: true, demoOperations: false });
const rows: any[] = [];
const N = Number(process.argv[3] ?? 100000);
for (let i = 0; i < N; i++) rows.push({ row_index: i + 2, Folio: `B-${i}`, 'Nombre Alumno': 'x y', 'Campus Ingreso': 'M', 'Correo Alumno': 'a@b', Calle: 'Av 1', Colonia: 'C', Ciudad: 'M', Estado: ['NL', 'Jalisco', 'CDMX'][i % 3], 'Codigo Postal': '64000', Tel1: '+52 81 1234', Tel2: null, Tel3: null, Tel4: null });
const out = processRows(rows, { visitors: await visitorLoads(h.db), openFolios: new Set() });
const { candidates } = checkSaveRows(out.processedData as any, { activeVisitors: new Set(Array.from({ length: 40 }, (_, i) => i)), openFolios: new Set() });
let t = performance.now();
const open = await findOpenFolios(h.db, candidates.map((c) => c.fields.folio));
console.log('findOpen', performance.now() - t, open.size); t = performance.now();
const est = await estadoIds(h.db);
await h.db.transaction().execute(async (trx) => {
  const r = await insertFoliosAndAssignments(trx, candidates, { idCarga: null, idCliente: 1, actorId: 1, estadoIds: est });
  console.log('insert', performance.now() - t, r.length);
});
t = performance.now();
const open2 = await findOpenFolios(h.db, candidates.map((c) => c.fields.folio));
console.log('findOpen after', performance.now() - t, open2.size);
await h.close();
