// First: V8's heap settings, before anything is allocated.
import './heap';
// Second: PGlite's WebAssembly starts compiling in the background while the rest of the bundle is evaluated.
import './pglite-prefetch';
import { fileURLToPath } from 'node:url';
import { buildApp } from './app';
import { DEMO_PASSWORD, dataDirFrom, loadConfig } from './config';
import { ConfigError, secureDataDir } from './data-dir';
import { createDatabase, isNewEmbeddedDatabase } from './db/index';
import { migrate } from './db/migrate';
import { pickPgliteTemplate } from './db/pglite-template';
import { assertSafeToExpose } from './modules/auth/service';
import { createMailTransport, mailSettings } from './modules/entregas/mail';
import { createDeliveryWorker } from './modules/entregas/worker';
import { seed, seedPasswordHashes } from './seed/index';

const DATA_DIR = dataDirFrom(process.env);

async function main(): Promise<void> {
  // umask 0o077 before anything is written; the files the product created in DATA_DIR (recorded in its
  // marker; trees of older versions were 0666/0777) are made private to this account. Nothing else is touched,
  // and a DATA_DIR holding files of others is refused (claimDataDir, from loadConfig and createDatabase).
  // loadConfig writes only with private modes (marker, jwt-secret). An embedded database's folder is left to
  // createDatabase, which secures it right after PGlite opened it (PGlite creates files 0666 as it opens):
  // walked once per start, not twice (~1,100 files, 30-50 ms each time on the busy machine).
  process.umask(0o077);
  const config = loadConfig();
  secureDataDir(DATA_DIR, config.databaseUrl ? {} : { except: 'pglite' });
  // Made by the API build next to dist/main.js; running from source it is absent and PGlite runs initdb. With
  // demo data, a demo template seeded the same day is copied whole (pickPgliteTemplate): only the administrator's
  // e-mail and password are written at start.
  const template = pickPgliteTemplate(fileURLToPath(new URL('./pglite-template', import.meta.url)), {
    demo: config.demoData,
  });
  // A new embedded database is seeded: its password hashes (scrypt, in the thread pool) run while it opens.
  const hashes = isNewEmbeddedDatabase(config)
    ? seedPasswordHashes(config.adminPassword, config.demoData && !template.demo)
    : undefined;
  const database = await createDatabase({ ...config, pgliteTemplate: template.path });
  const applied = await migrate(database.db);
  const seeded = await seed(database.db, {
    adminEmail: config.adminEmail,
    adminPassword: config.adminPassword,
    demo: config.demoData,
    hashes,
  });
  await assertSafeToExpose(database.db, config.host);
  const app = await buildApp({ db: database, config });
  // E-mail delivery of reports (outbox): runs in the API process, never inside buildApp (tests).
  const mail = mailSettings(config);
  const transport = createMailTransport(mail);
  const worker = createDeliveryWorker({
    db: database.db,
    transport,
    from: mail.from,
    log: app.log.child({ module: 'entregas' }),
  });

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info(`Recibida ${signal}: cerrando el servidor…`);
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    try {
      await worker.stop();
      transport.close();
      await app.close();
      await database.close();
      process.exit(0);
    } catch (err) {
      console.error('Error al cerrar', err);
      process.exit(1);
    }
  };
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));

  // The database's files were made private in the background while the start went on: done before serving.
  await database.secured;
  await app.listen({ port: config.port, host: config.host });
  worker.start();

  const dbText =
    database.kind === 'pglite'
      ? `PGlite embebido (${config.dataDir})`
      : `PostgreSQL (${config.databaseUrl?.replace(/\/\/([^:@/]+):[^@/]*@/, '//$1:***@')})`;
  const lines = [
    '',
    '  Socioeconómico: servidor listo',
    `  Aplicación:     http://localhost:${config.port}${config.serveAppDir ? '' : '  (solo API: SERVE_APP_DIR no definido)'}`,
    `  API:            http://localhost:${config.port}/api   Documentación: http://localhost:${config.port}/api/docs`,
    `  Base de datos:  ${dbText}`,
    `  Migraciones:    ${applied.length ? `aplicadas ${applied.join(', ')}` : 'al día'}`,
    `  Correo:         ${mail.transporte === 'smtp' ? 'SMTP (SMTP_URL)' : `archivos .eml en ${mail.outboxDir} (SMTP_URL no definido)`}`,
    seeded.seeded
      ? `  Datos iniciales: ${seeded.users} usuarios creados`
      : '  Datos iniciales: ya existían usuarios',
    '',
    '  Credenciales de acceso:',
    `    Administrador:  ${config.adminEmail} / ${config.adminPassword === 'Admin2026!' ? 'Admin2026!' : '(ADMIN_PASSWORD)'}`,
    ...(config.demoData
      ? [
          `    Supervisor:     supervisor1@socioeconomico.mx / ${DEMO_PASSWORD}   (también supervisor2, supervisor3)`,
          `    Visitador:      visitador1@socioeconomico.mx / ${DEMO_PASSWORD}    (visitador1 … visitador20)`,
        ]
      : []),
    '',
  ];
  console.info(lines.join('\n'));
}

main().catch((err) => {
  try {
    secureDataDir(DATA_DIR);
  } catch {
    // Reported below with the original error.
  }
  if (err instanceof ConfigError) {
    console.error(`Error de configuración: ${err.message}`);
  } else {
    console.error('No se pudo iniciar el servidor:', err);
  }
  process.exit(1);
});
