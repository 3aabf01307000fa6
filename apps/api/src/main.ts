import { buildApp } from './app';
import { ConfigError, DEMO_PASSWORD, loadConfig } from './config';
import { createDatabase } from './db/index';
import { migrate } from './db/migrate';
import { seed } from './seed/index';

async function main(): Promise<void> {
  const config = loadConfig();
  const database = await createDatabase(config);
  const applied = await migrate(database.db);
  const seeded = await seed(database.db, {
    adminEmail: config.adminEmail,
    adminPassword: config.adminPassword,
    demo: config.demoData,
  });
  const app = await buildApp({ db: database, config });

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info(`Recibida ${signal}: cerrando el servidor…`);
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    try {
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

  await app.listen({ port: config.port, host: config.host });

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
  if (err instanceof ConfigError) {
    console.error(`Error de configuración: ${err.message}`);
  } else {
    console.error('No se pudo iniciar el servidor:', err);
  }
  process.exit(1);
});
