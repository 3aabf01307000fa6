/** SQL of reportes. */
import { type Rechazo, type ReportItem, toFechaRecibido } from '@socio/contracts';
import { sql } from 'kysely';
import { toWireEntregaEstado, VISITOR_NAME_SQL } from '../../db/fragments';
import type { Db } from '../../db/schema';
import type { EntregaEstadoStored } from '../../db/schema-entregas';

interface ReportRow {
  id_reporte: number;
  folio: string;
  visitador: string | null;
  cliente: string;
  fecha_recibido: string;
  notas: string;
  estatus: string;
  /** Latest e-mail delivery (entregas), when any. */
  entrega_estado?: EntregaEstadoStored | null;
  entrega_motivo?: string | null;
  entrega_total?: number | null;
  entrega_rechazados?: Rechazo[] | null;
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
    entrega: r.entrega_estado
      ? {
          estado: toWireEntregaEstado(r.entrega_estado),
          motivo: r.entrega_estado === 'entregado' ? null : (r.entrega_motivo ?? null),
          total: r.entrega_total ?? 0,
          rechazados: r.entrega_rechazados ?? [],
        }
      : null,
  };
}

function baseQuery(db: Db) {
  return db
    .selectFrom('reportes as r')
    .innerJoin('clientes as c', 'c.id_cliente', 'r.id_cliente')
    .leftJoin('usuarios as u', 'u.id_usuario', 'r.id_visitador')
    .leftJoinLateral(
      (eb) =>
        eb
          .selectFrom('entregas')
          .select([
            'entregas.estado',
            'entregas.motivo',
            'entregas.rechazados',
            sql<number>`cardinality(entregas.destinatarios)`.as('total'),
          ])
          .whereRef('entregas.id_reporte', '=', 'r.id_reporte')
          .orderBy('entregas.id_entrega', 'desc')
          .limit(1)
          .as('e'),
      (join) => join.onTrue(),
    )
    .select([
      'e.estado as entrega_estado',
      'e.motivo as entrega_motivo',
      'e.total as entrega_total',
      'e.rechazados as entrega_rechazados',
      'r.id_reporte',
      'r.folio',
      VISITOR_NAME_SQL.as('visitador'),
      'c.nombre as cliente',
      sql<string>`r.fecha_recibido::text`.as('fecha_recibido'),
      'r.notas',
      'r.estatus',
    ]);
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
        eb(VISITOR_NAME_SQL, 'ilike', pattern),
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

/** The stored PDF of a report (its file id and size) with its folio, or undefined. */
export async function findPdf(
  db: Db,
  id: number,
): Promise<{ folio: string; id_pdf: number; pdf_bytes: number } | undefined> {
  return db
    .selectFrom('reportes')
    .select(['folio', 'id_pdf', 'pdf_bytes'])
    .where('id_reporte', '=', id)
    .executeTakeFirst();
}

/** The pending reports (of one client when given) without their PDFs: what the streamed zip lists first. */
export async function pendingPdfList(
  db: Db,
  idCliente?: number,
): Promise<Array<{ id_reporte: number; folio: string; cliente: string; id_pdf: number }>> {
  let q = db
    .selectFrom('reportes as r')
    .innerJoin('clientes as c', 'c.id_cliente', 'r.id_cliente')
    .select(['r.id_reporte', 'r.folio', 'c.nombre as cliente', 'r.id_pdf'])
    .where('r.estatus', '=', 'pendiente');
  if (idCliente !== undefined) q = q.where('r.id_cliente', '=', idCliente);
  return q.orderBy('r.fecha_recibido').orderBy('r.id_reporte').execute();
}

/** The ids among `ids` that exist. */
export async function existingReporteIds(db: Db, ids: readonly number[]): Promise<number[]> {
  if (ids.length === 0) return [];
  const rows = await db.selectFrom('reportes').select('id_reporte').where('id_reporte', 'in', ids).execute();
  return rows.map((r) => r.id_reporte);
}

/** Marks the pending ones among `ids` as sent; returns the ids it changed. */
export async function markPendingSent(db: Db, ids: readonly number[]): Promise<number[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .updateTable('reportes')
    .set({ estatus: 'enviado', fecha_enviado: sql`now()` })
    .where('id_reporte', 'in', ids)
    .where('estatus', '=', 'pendiente')
    .returning('id_reporte')
    .execute();
  return rows.map((r) => r.id_reporte);
}

/** A report's status, locked for the rest of the transaction; undefined when it does not exist. */
export async function lockReporteEstatus(db: Db, id: number): Promise<string | undefined> {
  const row = await db
    .selectFrom('reportes')
    .select('estatus')
    .where('id_reporte', '=', id)
    .forUpdate()
    .executeTakeFirst();
  return row?.estatus;
}

/** id_folio of a folio, or undefined. */
export async function findFolioId(db: Db, folio: string): Promise<number | undefined> {
  const row = await db.selectFrom('folios').select('id_folio').where('folio', '=', folio).executeTakeFirst();
  return row?.id_folio;
}

/** The visitor of a folio's latest assignment, or null. */
export async function lastVisitorOfFolio(db: Db, idFolio: number): Promise<number | null> {
  const row = await db
    .selectFrom('asignaciones')
    .select('id_usuario')
    .where('id_folio', '=', idFolio)
    .orderBy('fecha_asignacion', 'desc')
    .orderBy('id_asignacion', 'desc')
    .executeTakeFirst();
  return row?.id_usuario ?? null;
}

export interface NewReporte {
  folio: string;
  id_folio: number | null;
  id_cliente: number;
  id_visitador: number | null;
  notas: string;
  /** The stored file (pdf-store.ts) and its size. */
  id_pdf: number;
  pdf_bytes: number;
  /** Page count read by parsing the upload. */
  pdf_paginas?: number | null;
  pdf_nombre: string;
  creado_por: number;
}

export async function insertReporte(db: Db, values: NewReporte): Promise<number> {
  const row = await db
    .insertInto('reportes')
    .values(values)
    .returning('id_reporte')
    .executeTakeFirstOrThrow();
  return row.id_reporte;
}
