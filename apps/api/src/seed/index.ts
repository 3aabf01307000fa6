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
  /** Also create the demo supervisors and visitors, then the demo operations. */
  demo: boolean;
  /** With `demo`: also call `seedDemoOperations` (folios, assignments, reports, recipients). Default true. */
  demoOperations?: boolean;
}

export interface SeedResult {
  seeded: boolean;
  users: number;
}

/** The demo password hashed once per process (every demo account shares the documented password). */
let demoHash: Promise<string> | null = null;

/**
 * Seeds an empty database: the administrator; with `demo`, 3 supervisors and 20 visitors over 10 states,
 * then the demo operations. Does nothing when any user exists.
 */
export async function seed(db: Kysely<Database>, options: SeedOptions): Promise<SeedResult> {
  const existing = await db.selectFrom('usuarios').select('id_usuario').limit(1).executeTakeFirst();
  if (existing) return { seeded: false, users: 0 };

  const adminHash = await hashPassword(options.adminPassword);
  demoHash ??= hashPassword(DEMO_PASSWORD);
  const peopleHash = options.demo ? await demoHash : '';

  const people = await db.transaction().execute(async (trx) => {
    const estados = new Map(
      (await trx.selectFrom('estados').select(['id_estado', 'estado']).execute()).map((e) => [
        e.id_estado,
        e.estado,
      ]),
    );
    const insert = async (values: NewUsuario): Promise<SeededUser> => {
      const row = await trx
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
        .executeTakeFirstOrThrow();
      return { ...row, estado: row.id_estado === null ? null : (estados.get(row.id_estado) ?? null) };
    };

    const admin = await insert({
      username: 'admin',
      email: options.adminEmail.toLowerCase(),
      password_hash: adminHash,
      nombres: 'Administrador',
      apellido_paterno: 'General',
      apellido_materno: 'Sistema',
      rol: 'administrador',
      estatus: 'activo',
    });
    const supervisors: SeededUser[] = [];
    const visitors: SeededUser[] = [];
    if (options.demo) {
      for (const s of DEMO_SUPERVISORS) {
        supervisors.push(
          await insert({ ...s, password_hash: peopleHash, rol: 'supervisor', estatus: 'activo' }),
        );
      }
      for (const { supervisor, ...v } of DEMO_VISITORS) {
        visitors.push(
          await insert({
            ...v,
            password_hash: peopleHash,
            rol: 'visitador',
            estatus: 'activo',
            supervisor_id: supervisors[supervisor]?.id_usuario ?? null,
          }),
        );
      }
    }
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
    await seedDemoOperations(db, people);
  }
  return { seeded: true, users: 1 + people.supervisors.length + people.visitors.length };
}
