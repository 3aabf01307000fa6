/** Catalogues any signed-in user reads (no rules beyond the order). */
import type { Db } from '../../db/schema';
import { findCliente as findClienteRow, listClientes, listEstados } from './repo';

export async function estados(db: Db) {
  return listEstados(db);
}

export async function clientes(db: Db) {
  return listClientes(db);
}

/** A client by id (digits) or name (any case); undefined when it does not exist. Other modules look clients up here. */
export async function findCliente(
  db: Db,
  value: string,
): Promise<{ id_cliente: number; nombre: string } | undefined> {
  return findClienteRow(db, value);
}

/** The client of a load type: TEC_MTY folios belong to Tec de Monterrey (null when that client is missing). */
export async function clienteOfLoadType(db: Db): Promise<number | null> {
  return (await findClienteRow(db, 'Tec de Monterrey'))?.id_cliente ?? null;
}
