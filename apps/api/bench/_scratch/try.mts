import { createDatabase } from '/work/main/apps/api/src/db/index';
import { migrate } from '/work/main/apps/api/src/db/migrate';
import { seed } from '/work/main/apps/api/src/seed/index';
import { loadConfig } from '/work/main/apps/api/src/config';
import { buildApp } from '/work/main/apps/api/src/app';

const t0 = Date.now();
const h = await createDatabase({ databaseUrl: null, dataDir: 'memory://' });
await migrate(h.db);
console.log('migrated', Date.now() - t0);
await seed(h.db, { adminEmail: 'admin@socioeconomico.mx', adminPassword: 'Admin2026!', demo: true });
console.log('seeded', Date.now() - t0);
const config = { ...loadConfig({ ...process.env, JWT_SECRET: 'x'.repeat(40) }), logLevel: false as const, validateResponses: true };
const app = await buildApp({ db: h, config });
const login = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: 'admin@socioeconomico.mx', password: 'Admin2026!' } });
const token = login.json().token;
const auth = { authorization: `Bearer ${token}` };
for (const url of ['/api/cargas/assignment_stats', '/api/cargas/active_assignments?page=2&page_size=3', '/api/cargas/active_assignments?sort_by=estatus&sort_order=asc&page=100&page_size=3', '/api/cargas/active_visitors', '/api/cargas/regions_available', '/api/dashboard/resumen', '/api/reportes?cliente=UANL']) {
  const r = await app.inject({ method: 'GET', url, headers: auth });
  console.log(url, r.statusCode, r.body.slice(0, 700));
}
const rows = [
  { row_index: 2, Folio: 'N-1', Calle: 'a', Colonia: 'b', Ciudad: 'c', Estado: 'NL', 'Codigo Postal': '64,000', Tel1: '+5281' },
  { row_index: 3, Folio: 'N-1', Calle: 'a', Colonia: 'b', Ciudad: 'c', Estado: 'NL', 'Codigo Postal': '64000', Tel1: '81' },
  { row_index: 4, Folio: 'N-2', Calle: 'a', Colonia: 'b', Ciudad: 'c', Estado: 'Narnia', 'Codigo Postal': '64000', Tel1: '81' },
  { row_index: 5 },
  { row_index: 6, Folio: 'N-3', Calle: 'a', Colonia: 'b', Ciudad: 'c', Estado: 'Sonora', 'Codigo Postal': '64000', Tel1: '81' },
];
const p = await app.inject({ method: 'POST', url: '/api/cargas/process_carga', headers: auth, payload: { rows, loadType: 'TEC_MTY' } });
console.log(p.statusCode, p.body);
const pr = p.json();
const s = await app.inject({ method: 'POST', url: '/api/cargas/save_carga', headers: auth, payload: { fileName: 'x.xlsx', processedData: pr.processedData, loadType: 'TEC_MTY', date: '22/11/2026' } });
console.log(s.statusCode, s.body);
const s2 = await app.inject({ method: 'POST', url: '/api/cargas/save_carga', headers: auth, payload: { fileName: 'x.xlsx', processedData: pr.processedData, loadType: 'TEC_MTY', date: '22/11/2026' } });
console.log(s2.statusCode, s2.body);
const z = await app.inject({ method: 'GET', url: '/api/reportes/pendientes/descarga', headers: auth });
console.log(z.statusCode, z.headers['content-type'], z.headers['content-disposition'], z.rawPayload.length);
await app.close(); await h.close();
