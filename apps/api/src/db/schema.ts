import type { EstatusStored, RolStored } from '@socio/contracts';
import type { ColumnType, Generated, Insertable, Kysely, Selectable, Updateable } from 'kysely';
import type { CargasTables } from './schema-cargas';
import type { EntregasTables } from './schema-entregas';

/*
 * Kysely view of the database (migration 0001; the cargas tables come from ./schema-cargas.ts).
 *
 * Value types are the same on PGlite and node-postgres (see db/index.ts):
 *   int4/int8 → number · numeric → string · timestamptz → Date · date → 'YYYY-MM-DD' string ·
 *   text[] → string[] · jsonb → parsed JSON (write it with JSON.stringify).
 */

export interface UsuariosTable {
  id_usuario: Generated<number>;
  /** Normalised (lowercase, no spaces); unique; immutable after creation. */
  username: string;
  /** Stored lowercased; unique on lower(email). */
  email: string;
  /** `scrypt$N$r$p$salt$hash` (see auth/password.ts). Never leaves the server. */
  password_hash: string;
  nombres: string;
  apellido_paterno: string;
  apellido_materno: string;
  rol: RolStored;
  estatus: EstatusStored;
  /** A visitor's supervisor (usuarios.id_usuario). */
  supervisor_id: number | null;
  /** A visitor's region (estados.id_estado). */
  id_estado: number | null;
  foto_path: string | null;
  /** Bumped when a user is deactivated: older tokens stop working. */
  token_version: Generated<number>;
  /** The token (jti) that survived its user's last password change, valid while token_version = kept_tv. */
  kept_jti: Generated<string | null>;
  kept_tv: Generated<number | null>;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
}

export interface EstadosTable {
  /** Equals Number(clave) (INEGI key). */
  id_estado: number;
  estado: string;
  /** INEGI key '01' … '32'. */
  clave: string;
  aliases: string[];
}

export interface ClientesTable {
  id_cliente: Generated<number>;
  nombre: string;
}

export interface AuditLogTable {
  id: Generated<number>;
  actor_id: number | null;
  /** e.g. 'user.create', 'user.update', 'auth.change_password'. */
  action: string;
  /** e.g. 'usuario', 'carga', 'reporte'. */
  target_type: string;
  target_id: string | null;
  /** What changed (never a password or hash). Insert as JSON text. */
  change: ColumnType<unknown, string, string>;
  request_id: string | null;
  created_at: Generated<Date>;
}

export interface LoginAttemptsTable {
  id: Generated<number>;
  email: string;
  ip: string;
  success: boolean;
  attempted_at: Generated<Date>;
}

export interface SchemaMigrationsTable {
  name: string;
  applied_at: Generated<Date>;
}

/** Sign-in throttle counters (0003): key `e:<email>|<ip>` or `a:<ip>`. */
export interface LoginThrottleTable {
  key: string;
  failures: number;
  window_start: Generated<Date>;
}

/** Signed-out tokens (0003), until they expire. */
export interface RevokedTokensTable {
  jti: string;
  id_usuario: number;
  expires_at: Date;
}

/** Versions of cached lists (0007): `usuarios` changes with every committed change of usuarios or estados. */
export interface VersionesDatosTable {
  nombre: string;
  version: number;
  xact: string | null;
}

export interface CoreTables {
  usuarios: UsuariosTable;
  estados: EstadosTable;
  clientes: ClientesTable;
  audit_log: AuditLogTable;
  login_attempts: LoginAttemptsTable;
  login_throttle: LoginThrottleTable;
  revoked_tokens: RevokedTokensTable;
  schema_migrations: SchemaMigrationsTable;
  versiones_datos: VersionesDatosTable;
}

/** The whole database: core tables (0001) and the cargas tables (0002). */
export type Database = CoreTables & CargasTables & EntregasTables;

/**
 * The query handle repos and services take: the app's database or a transaction (a Kysely `Transaction`
 * is a `Kysely`). Declared here once; a function that opens a transaction must be given the database.
 */
export type Db = Kysely<Database>;

export type Usuario = Selectable<UsuariosTable>;
export type NewUsuario = Insertable<UsuariosTable>;
export type UsuarioUpdate = Updateable<UsuariosTable>;
