/** SQL of reportes. */
import { type ReportItem, toFechaRecibido } from '@socio/contracts';
import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/schema';

type Db = Kysely<Database>;

interface ReportRow {
  id_reporte: number;
  folio: string;
  visitador: string | null;
  cliente: string;
  fecha_recibido: string;
  notas: string;
  estatus: string;
}

export function toReportItem(r: ReportRow): ReportItem {
  const fecha = String(r.fecha_recibido).slice(0, 10);
  return {
    id: r.folio,
    id_reporte: r.id_reporte,
    visitador: r.visitador ?? '-',
    cliente: r.cliente,
    fechaRecibido: toFechaRecibido(fecha),
    fecha_recibido: fecha,
    notas: r.notas,
    estatus: r.estatus === 'enviado' ? 'Enviado' : 'Pendiente',
  };
}

function baseQuery(db: Db) {
  return db
    .selectFrom('reportes as r')
    .innerJoin('clientes as c', 'c.id_cliente', 'r.id_cliente')
    .leftJoin('usuarios as u', 'u.id_usuario', 'r.id_visitador')
    .select([
      'r.id_reporte',
      'r.folio',
      sql<string | null>`trim(u.nombres || ' ' || u.apellido_paterno || ' ' || u.apellido_materno)`.as(
        'visitador',
      ),
      'c.nombre as cliente',
      sql<string>`r.fecha_recibido::text`.as('fecha_recibido'),
      'r.notas',
      'r.estatus',
    ]);
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

function escapeLike(value: string): string {
  return value.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** Reports, newest first; optionally of one client and matching `q` (folio, visitador or cliente). */
export async function listReportes(
  db: Db,
  filter: { idCliente?: number; q?: string },
): Promise<ReportItem[]> {
  let query = baseQuery(db);
  if (filter.idCliente !== undefined) query = query.where('r.id_cliente', '=', filter.idCliente);
  if (filter.q) {
    const pattern = `%${escapeLike(filter.q)}%`;
    query = query.where((eb) =>
      eb.or([
        eb('r.folio', 'ilike', pattern),
        eb(
          sql<string>`u.nombres || ' ' || u.apellido_paterno || ' ' || u.apellido_materno`,
          'ilike',
          pattern,
        ),
        eb('c.nombre', 'ilike', pattern),
      ]),
    );
  }
  const rows = await query.orderBy('r.fecha_recibido', 'desc').orderBy('r.id_reporte', 'desc').execute();
  return rows.map(toReportItem);
}

export async function findReportes(db: Db, ids: readonly number[]): Promise<ReportItem[]> {
  if (ids.length === 0) return [];
  const rows = await baseQuery(db).where('r.id_reporte', 'in', ids).orderBy('r.id_reporte').execute();
  return rows.map(toReportItem);
}

export async function findReporte(db: Db, id: number): Promise<ReportItem | undefined> {
  const row = await baseQuery(db).where('r.id_reporte', '=', id).executeTakeFirst();
  return row ? toReportItem(row) : undefined;
}

/** The PDF of a report with its folio, or undefined. */
export async function findPdf(db: Db, id: number): Promise<{ folio: string; pdf: Uint8Array } | undefined> {
  return db.selectFrom('reportes').select(['folio', 'pdf']).where('id_reporte', '=', id).executeTakeFirst();
}

/** PDFs of the pending reports (of one client when given), oldest first. */
export async function pendingPdfs(
  db: Db,
  idCliente?: number,
): Promise<Array<{ id_reporte: number; folio: string; cliente: string; pdf: Uint8Array }>> {
  let q = db
    .selectFrom('reportes as r')
    .innerJoin('clientes as c', 'c.id_cliente', 'r.id_cliente')
    .select(['r.id_reporte', 'r.folio', 'c.nombre as cliente', 'r.pdf'])
    .where('r.estatus', '=', 'pendiente');
  if (idCliente !== undefined) q = q.where('r.id_cliente', '=', idCliente);
  return q.orderBy('r.fecha_recibido').orderBy('r.id_reporte').execute();
}
