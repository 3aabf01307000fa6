/**
 * A start formats no number (issue 21 item 6): the first Intl.NumberFormat of a process loads ICU's locale data
 * (~25 ms), which every start paid for the cargas' row limits in CARGAS_MESSAGES; they are built when a body is
 * refused, with the same text.
 */
import { afterEach, expect, it, vi } from 'vitest';

const NumberFormat = Intl.NumberFormat;
let made = 0;

afterEach(() => {
  Intl.NumberFormat = NumberFormat;
});

it('importing the server and building its app makes no Intl.NumberFormat; the limits read as before', async () => {
  Intl.NumberFormat = new Proxy(NumberFormat, {
    construct(target, args) {
      made += 1;
      return Reflect.construct(target, args);
    },
  });
  vi.resetModules();
  const { buildApp } = await import('../src/app');
  const { createDatabase } = await import('../src/db/index');
  const { migrate } = await import('../src/db/migrate');
  const { testConfig } = await import('./helpers');
  const database = await createDatabase({ databaseUrl: null, dataDir: 'memory://' });
  try {
    await migrate(database.db);
    const app = await buildApp({ db: database, config: testConfig() });
    await app.ready();
    await app.close();
    expect(made).toBe(0);
  } finally {
    await database.close();
  }
  const { CARGAS_MESSAGES } = await import('@socio/contracts');
  expect(CARGAS_MESSAGES.tooManyRows).toBe('La carga excede el máximo de 1,048,575 filas');
  expect(CARGAS_MESSAGES.tooManyRowsPerRequest).toBe('Cada envío admite como máximo 100,000 filas');
  expect(CARGAS_MESSAGES.tooManyRowsPerPart).toBe('Cada parte admite como máximo 20,000 filas');
});
