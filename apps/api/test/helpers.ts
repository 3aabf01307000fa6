import { randomBytes } from 'node:crypto';
import { ALL_ROLES, type Rol } from '@socio/contracts';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { type Kysely, type KyselyPlugin, sql } from 'kysely';
import { afterAll, beforeAll } from 'vitest';
import { buildApp } from '../src/app';
import { type AppConfig, DEFAULT_ADMIN_EMAIL, DEFAULT_ADMIN_PASSWORD } from '../src/config';
import { createDatabase, type DatabaseHandle, type DatabaseKind } from '../src/db/index';
import { migrate } from '../src/db/migrate';
import type { Database } from '../src/db/schema';
import { seed } from '../src/seed/index';

/** Database kinds to run each suite on: PGlite always; PostgreSQL when `TEST_PG_URL` is set. */
export function dbKinds(): DatabaseKind[] {
  return process.env.TEST_PG_URL ? ['pglite', 'postgres'] : ['pglite'];
}

/** Sign-in e-mail of the first seeded user of each role. */
export const ROLE_EMAILS: Record<Rol, string> = {
  Administrador: DEFAULT_ADMIN_EMAIL,
  Supervisor: 'supervisor1@socioeconomico.mx',
  Visitador: 'visitador1@socioeconomico.mx',
};
/** Every role, from the route table's constants. */
export const ROLES: readonly Rol[] = ALL_ROLES;
export const ADMIN_PASSWORD = DEFAULT_ADMIN_PASSWORD;
export const DEMO_PASSWORD = 'Demo2026!';

export interface TestContextOptions {
  /** Seed the demo supervisors and visitors (default true). */
  demo?: boolean;
  /** Also seed the demo operations of the cargas helper (default true, as `pnpm start` does). */
  demoOperations?: boolean;
  /** Overrides of the app configuration. */
  config?: Partial<AppConfig>;
}

export interface TestContext {
  app: FastifyInstance;
  db: Kysely<Database>;
  kind: DatabaseKind;
  config: AppConfig;
  /** A bearer token of the first seeded user of a role, or of the user with that e-mail. */
  tokenFor(who: Rol | string): Promise<string>;
  /** `{ authorization: 'Bearer …' }` for `tokenFor(who)`. */
  authHeaders(who: Rol | string): Promise<Record<string, string>>;
  /** `app.inject` as `who` (omit `who` for an anonymous request). */
  request(options: InjectOptions, who?: Rol | string): Promise<LightMyRequestResponse>;
  close(): Promise<void>;
}

export function testConfig(overrides: Partial<AppConfig> = {}): AppConfig {
  return {
    port: 0,
    host: '127.0.0.1',
    databaseUrl: null,
    dataDir: 'memory://',
    jwtSecret: randomBytes(32).toString('base64url'),
    jwtExpiresInSeconds: 3600,
    adminEmail: DEFAULT_ADMIN_EMAIL,
    adminPassword: DEFAULT_ADMIN_PASSWORD,
    demoData: true,
    serveAppDir: null,
    logLevel: false,
    validateResponses: true,
    loginMaxFailures: 10,
    loginWindowMinutes: 15,
    ...overrides,
  };
}

function withDatabase(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

/**
 * A new database without tables: PGlite in memory, or a fresh `socio_test_<random>` database on `TEST_PG_URL`
 * (TEST_PG_DB_PREFIX, when set, goes before its name)
 * (`dropDatabase` drops it; close the handle first).
 */
export async function createEmptyDatabase(kind: DatabaseKind): Promise<{
  databaseUrl: string | null;
  handle: DatabaseHandle;
  dropDatabase: (() => Promise<void>) | null;
}> {
  if (kind === 'pglite') {
    return {
      databaseUrl: null,
      handle: await createDatabase({ databaseUrl: null, dataDir: 'memory://', poolSize: 4 }),
      dropDatabase: null,
    };
  }
  const base = process.env.TEST_PG_URL;
  if (!base) throw new Error('TEST_PG_URL no está definido');
  const name = `${process.env.TEST_PG_DB_PREFIX ?? ''}socio_test_${randomBytes(6).toString('hex')}`;
  const admin = await createDatabase({ databaseUrl: base, dataDir: '', poolSize: 1 });
  await sql.raw(`CREATE DATABASE ${name}`).execute(admin.db);
  await admin.close();
  const databaseUrl = withDatabase(base, name);
  const dropDatabase = async () => {
    const a = await createDatabase({ databaseUrl: base, dataDir: '', poolSize: 1 });
    try {
      await sql.raw(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`).execute(a.db);
    } finally {
      await a.close();
    }
  };
  return {
    databaseUrl,
    handle: await createDatabase({ databaseUrl, dataDir: 'memory://', poolSize: 4 }),
    dropDatabase,
  };
}

/**
 * A migrated, seeded database and a ready app. PGlite runs in memory; PostgreSQL gets a fresh
 * `socio_test_<random>` database on `TEST_PG_URL`, dropped by `close()`.
 */
export async function createTestContext(
  kind: DatabaseKind,
  options: TestContextOptions = {},
): Promise<TestContext> {
  const { databaseUrl, handle, dropDatabase } = await createEmptyDatabase(kind);
  const config = testConfig({ databaseUrl, ...options.config });
  try {
    await migrate(handle.db);
    await seed(handle.db, {
      adminEmail: config.adminEmail,
      adminPassword: config.adminPassword,
      demo: options.demo ?? true,
      demoOperations: options.demoOperations ?? true,
    });
  } catch (err) {
    await handle.close();
    await dropDatabase?.();
    throw err;
  }
  const app = await buildApp({ db: handle, config });
  await app.ready();

  const tokenFor = async (who: Rol | string) => {
    const email = (ROLE_EMAILS as Record<string, string>)[who] ?? who.toLowerCase();
    const user = await handle.db
      .selectFrom('usuarios')
      .select(['id_usuario', 'rol', 'token_version'])
      .where(sql<string>`lower(email)`, '=', email)
      .executeTakeFirstOrThrow();
    const rol = (user.rol.charAt(0).toUpperCase() + user.rol.slice(1)) as Rol;
    return app.tokens.sign({ sub: user.id_usuario, rol, tv: user.token_version });
  };
  const authHeaders = async (who: Rol | string) => ({ authorization: `Bearer ${await tokenFor(who)}` });

  return {
    app,
    db: handle.db,
    kind,
    config,
    tokenFor,
    authHeaders,
    async request(opts, who) {
      const headers = { ...(opts.headers ?? {}), ...(who ? await authHeaders(who) : {}) };
      return app.inject({ ...opts, headers });
    },
    async close() {
      await app.close();
      await handle.close();
      await dropDatabase?.();
    },
  };
}

/** id_usuario of the user with `email` (case-insensitive). */
export async function userIdByEmail(db: Kysely<Database>, email: string): Promise<number> {
  const row = await db
    .selectFrom('usuarios')
    .select('id_usuario')
    .where(sql<string>`lower(email)`, '=', email.toLowerCase())
    .executeTakeFirstOrThrow();
  return row.id_usuario;
}

/**
 * A valid TEC_MTY manual assignment for folio M-1 in Ciudad de México, as the browser sends it
 * (fields it copies included); `overrides` replace or add fields.
 */
export function manualAssignmentPayload(
  visitorId: number | undefined,
  overrides: Record<string, unknown> = {},
) {
  return {
    loadType: 'TEC_MTY',
    visitor_id: visitorId,
    state_visitor: 'Ciudad de México',
    visitor_name: 'Guadalupe Martínez Soto',
    date: '22/11/2026',
    producto: 'TEC DE MTY',
    folio: 'M-1',
    nombre_alumno: 'Ana López',
    campus_ingreso: 'Ciudad de México',
    correo_alumno: 'ana@example.mx',
    calle: 'Insurgentes Sur 100',
    colonia: 'Del Valle',
    ciudad: 'Ciudad de México',
    estado: 'Ciudad de México',
    codigo_postal: '03100',
    tel1: '55 1234 5678',
    tel2: '',
    nombre_padre: 'Juan López',
    dia_agendo_crm: '2026-11-20',
    id_folio: 'M-1',
    state_of_folio: 'Ciudad de México',
    address_complete_folio: 'Insurgentes Sur 100, Del Valle, Ciudad de México, Ciudad de México, CP 03100',
    ...overrides,
  };
}

/** Two servers on one PostgreSQL database: a test context (`ctx`, server 1) and a second app on its own pool. */
export interface TwoServers {
  readonly ctx: TestContext;
  readonly app2: FastifyInstance;
}

/**
 * Inside a `describe`: a fresh PostgreSQL test context (TEST_PG_URL) plus a second server on the same database,
 * started before the block's tests and closed after them. Read `ctx` and `app2` inside the tests.
 */
export function useTwoServers(options: TestContextOptions = {}): TwoServers {
  let ctx: TestContext | undefined;
  let second: DatabaseHandle | undefined;
  let app2: FastifyInstance | undefined;
  beforeAll(async () => {
    ctx = await createTestContext('postgres', options);
    second = await createDatabase({ databaseUrl: ctx.config.databaseUrl, dataDir: '', poolSize: 4 });
    app2 = await buildApp({ db: second, config: ctx.config });
    await app2.ready();
  });
  afterAll(async () => {
    await app2?.close();
    await second?.close();
    await ctx?.close();
  });
  return {
    get ctx() {
      if (!ctx) throw new Error('useTwoServers: aún no arranca');
      return ctx;
    },
    get app2() {
      if (!app2) throw new Error('useTwoServers: aún no arranca');
      return app2;
    },
  };
}

/** The active Visitadores as GET active_visitors lists them: id and region (what `saveRows` needs). */
export async function activeVisitorsOf(
  ctx: TestContext,
): Promise<Array<{ id_usuario: number; region: string }>> {
  const res = await ctx.request({ method: 'GET', url: '/api/cargas/active_visitors' }, 'Administrador');
  return (res.json() as { visitors: Array<{ id_usuario: number; region: string }> }).visitors;
}

/**
 * `n` valid rows to save, numbered from `from` (folio `<prefix>-<i>`), spread over `visitors` round robin, each
 * in its visitor's state: what process_carga answers for a clean file.
 */
export function saveRows(
  visitors: ReadonlyArray<{ id_usuario: number; region: string }>,
  prefix: string,
  n: number,
  from = 0,
) {
  return Array.from({ length: n }, (_, k) => {
    const i = from + k;
    const v = visitors[i % visitors.length]!;
    return {
      row_index: i + 2,
      Folio: `${prefix}-${i}`,
      Calle: `Calle ${i}`,
      Colonia: 'Centro',
      Ciudad: 'Monterrey',
      Estado: v.region,
      'Codigo Postal': '64000',
      Tel1: '8112345678',
      visitor_id: v.id_usuario,
    };
  });
}

/** `db` recording the text of every statement it runs. */
export function recording(db: Kysely<Database>): { db: Kysely<Database>; statements: string[] } {
  const statements: string[] = [];
  const plugin: KyselyPlugin = {
    transformQuery(args) {
      statements.push(db.getExecutor().compileQuery(args.node, args.queryId).sql.trim());
      return args.node;
    },
    async transformResult(args) {
      return args.result;
    },
  };
  return { db: db.withPlugin(plugin), statements };
}
