/** SQL of the read-only catalogues: states and clients (the one client lookup of the API). */
import { sql } from 'kysely';
import type { Db } from '../../db/schema';

/** The 32 states, by id (INEGI key). */
export async function listEstados(db: Db): Promise<Array<{ id_estado: number; estado: string }>> {
  return db.selectFrom('estados').select(['id_estado', 'estado']).orderBy('id_estado').execute();
}

/** The clients, by id. */
export async function listClientes(db: Db): Promise<Array<{ id_cliente: number; nombre: string }>> {
  return db.selectFrom('clientes').select(['id_cliente', 'nombre']).orderBy('id_cliente').execute();
}

/** A client by id (digits) or name (any case); undefined when it does not exist. */
export async function findCliente(
  db: Db,
  value: string,
): Promise<{ id_cliente: number; nombre: string } | undefined> {
  const q = db.selectFrom('clientes').select(['id_cliente', 'nombre']);
  if (/^\d{1,9}$/.test(value)) return q.where('id_cliente', '=', Number(value)).executeTakeFirst();
  return q.where(sql<string>`lower(nombre)`, '=', value.toLowerCase()).executeTakeFirst();
}
