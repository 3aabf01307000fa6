/** Catalogues any signed-in user reads (no rules beyond the order). */
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { listClientes, listEstados } from './repo';

type Db = Kysely<Database>;

export async function estados(db: Db) {
  return listEstados(db);
}

export async function clientes(db: Db) {
  return listClientes(db);
}
