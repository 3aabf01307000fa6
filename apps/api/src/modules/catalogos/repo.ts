/** SQL of the read-only catalogues. */
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';

type Db = Kysely<Database>;

/** The 32 states, by id (INEGI key). */
export async function listEstados(db: Db): Promise<Array<{ id_estado: number; estado: string }>> {
  return db.selectFrom('estados').select(['id_estado', 'estado']).orderBy('id_estado').execute();
}

/** The clients, by id. */
export async function listClientes(db: Db): Promise<Array<{ id_cliente: number; nombre: string }>> {
  return db.selectFrom('clientes').select(['id_cliente', 'nombre']).orderBy('id_cliente').execute();
}
