import type { Kysely } from 'kysely';
import { audit } from '../audit';
import { DEMO_PASSWORD } from '../config';
import type { Database, NewUsuario } from '../db/schema';
import { hashPassword } from '../modules/auth/password';
import { type SeededUser, seedDemoOperations } from './demo-operations';
import { DEMO_SUPERVISORS, DEMO_VISITORS } from './demo-people';

export interface SeedOptions {
  adminEmail: string;
  adminPassword: string;
  /** Reference date of the demo operations (default now). */
  now?: Date;
  /** Also create the demo supervisors and visitors, then the demo operations. */
  demo: boolean;
  /** With `demo`: also call `seedDemoOperations` (folios, assignments, reports, recipients). Default true. */
  demoOperations?: boolean;
  /** The password hashes, started ahead with `seedPasswordHashes` (computed here when absent). */
  hashes?: Promise<SeedHashes>;
}

/** scrypt hashes of the administrator's password and, with `demo`, of the demo password ('' without). */
export interface SeedHashes {
  admin: string;
  people: string;
}

export interface SeedResult {
  seeded: boolean;
  users: number;
}

/** The demo password hashed once per process (every demo account shares the documented password). */
let demoHash: Promise<string> | null = null;
function demoPasswordHash(): Promise<string> {
  demoHash ??= hashPassword(DEMO_PASSWORD);
  return demoHash;
}

/**
 * Starts the seed's password hashes at once and together. scrypt runs in libuv's thread pool, so a server
 * that calls this before opening its database has them by the time it seeds (~0.25 s of a first start).
 * On a database that already has users they go unused: a rejection is then ignored, never unhandled.
 */
export function seedPasswordHashes(adminPassword: string, demo: boolean): Promise<SeedHashes> {
  const hashes = Promise.all([
    hashPassword(adminPassword, { apart: true }),
    demo ? demoPasswordHash() : '',
  ]).then(([admin, people]) => ({ admin, people }));
  hashes.catch(() => undefined);
  return hashes;
}

/**
 * The administrator of the demo template (`dist/pglite-template-demo`, seeded at build time): an e-mail on a
 * reserved domain and a password hash no password matches (`verifyPassword` refuses a malformed hash). The first
 * start on a copy of it gives the administrator the configured e-mail and password (`seed`).
 */
export const TEMPLATE_ADMIN_EMAIL = 'admin@plantilla.invalid';
export const TEMPLATE_ADMIN_HASH = 'plantilla';

/**
 * Seeds an empty database: the administrator; with `demo`, 3 supervisors and 20 visitors over 10 states,
 * then the demo operations. When users exist, only finishes a copy of the demo template (its administrator still
 * has the template's e-mail and password: also after a first start stopped right after the copy); otherwise
 * does nothing.
 */
export async function seed(db: Kysely<Database>, options: SeedOptions): Promise<SeedResult> {
  const existing = await db.selectFrom('usuarios').select('id_usuario').limit(1).executeTakeFirst();
  if (existing) return finishTemplateAdmin(db, options);

  const { admin: adminHash, people: peopleHash } = await (options.hashes ??
    seedPasswordHashes(options.adminPassword, options.demo));

  const people = await db.transaction().execute(async (trx) => {
    const estados = new Map(
      (await trx.selectFrom('estados').select(['id_estado', 'estado']).execute()).map((e) => [
        e.id_estado,
        e.estado,
      ]),
    );
    /** One INSERT for all of `values`; the users come back in the order given (matched by username). */
    const insert = async (values: NewUsuario[]): Promise<SeededUser[]> => {
      const rows = await trx
        .insertInto('usuarios')
        .values(values)
        .returning([
          'id_usuario',
          'username',
          'nombres',
          'apellido_paterno',
          'apellido_materno',
          'id_estado',
          'supervisor_id',
        ])
        .execute();
      const byUsername = new Map(rows.map((row) => [row.username, row]));
      return values.map(({ username }) => {
        const row = byUsername.get(username);
        if (!row) throw new Error(`El usuario ${username} no se insertó`);
        return { ...row, estado: row.id_estado === null ? null : (estados.get(row.id_estado) ?? null) };
      });
    };

    const [admin] = await insert([
      {
        username: 'admin',
        email: options.adminEmail.toLowerCase(),
        password_hash: adminHash,
        nombres: 'Administrador',
        apellido_paterno: 'General',
        apellido_materno: 'Sistema',
        rol: 'administrador',
        estatus: 'activo',
      },
    ]);
    if (!admin) throw new Error('No se creó el administrador');
    const supervisors = options.demo
      ? await insert(
          DEMO_SUPERVISORS.map((s) => ({
            ...s,
            password_hash: peopleHash,
            rol: 'supervisor',
            estatus: 'activo',
          })),
        )
      : [];
    const visitors = options.demo
      ? await insert(
          DEMO_VISITORS.map(({ supervisor, ...v }) => ({
            ...v,
            password_hash: peopleHash,
            rol: 'visitador',
            estatus: 'activo',
            supervisor_id: supervisors[supervisor]?.id_usuario ?? null,
          })),
        )
      : [];
    await audit(trx, {
      actorId: null,
      action: 'seed.users',
      targetType: 'usuario',
      targetId: null,
      change: { admin: admin.username, supervisors: supervisors.length, visitors: visitors.length },
    });
    return { admin, supervisors, visitors };
  });

  if (options.demo && (options.demoOperations ?? true)) {
    await seedDemoOperations(db, people, { now: options.now });
  }
  return { seeded: true, users: 1 + people.supervisors.length + people.visitors.length };
}

/** The demo template's administrator gets the configured e-mail and password; the other users were seeded with it. */
async function finishTemplateAdmin(db: Kysely<Database>, options: SeedOptions): Promise<SeedResult> {
  const admin = await db
    .selectFrom('usuarios')
    .select('id_usuario')
    .where('username', '=', 'admin')
    .where('password_hash', '=', TEMPLATE_ADMIN_HASH)
    .executeTakeFirst();
  if (!admin) return { seeded: false, users: 0 };
  const { admin: adminHash } = await (options.hashes ?? seedPasswordHashes(options.adminPassword, false));
  await db
    .updateTable('usuarios')
    .set({ email: options.adminEmail.toLowerCase(), password_hash: adminHash })
    .where('id_usuario', '=', admin.id_usuario)
    .execute();
  const { users } = await db
    .selectFrom('usuarios')
    .select((eb) => eb.fn.countAll<number>().as('users'))
    .executeTakeFirstOrThrow();
  return { seeded: true, users: Number(users) };
}
