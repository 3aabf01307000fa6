/** SQL of the folio lookups (issue 20): prefix suggestions and the ficha del folio. */
import type {
  AsignacionEstatus,
  FolioAsignacion,
  FolioDatos,
  FolioEntrega,
  FolioEvento,
  FolioReporte,
  FolioSuggestion,
} from '@socio/contracts';
import { sql } from 'kysely';
import { iso, personNameSql as PERSON, toWireEntregaEstado } from '../../db/fragments';
import type { Db } from '../../db/schema';

/** `%`, `_` and `\` of a typed prefix are literal. */
function likePrefix(prefix: string): string {
  return `${prefix.toUpperCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * Up to `limit` folios starting with `prefix` (any case), in folio order, with their client and the status of
 * their latest assignment; `owner` keeps only folios ever assigned to that visitor.
 */
export async function suggestFolios(
  db: Db,
  prefix: string,
  limit: number,
  owner: number | undefined,
): Promise<FolioSuggestion[]> {
  const mine =
    owner === undefined
      ? sql``
      : sql`AND EXISTS (SELECT 1 FROM asignaciones m WHERE m.id_folio = f.id_folio AND m.id_usuario = ${owner})`;
  const { rows } = await sql<{ folio: string; cliente: string | null; estatus: string | null }>`
    SELECT f.folio, c.nombre AS cliente, last.estatus
    FROM folios f
    LEFT JOIN clientes c ON c.id_cliente = f.id_cliente
    LEFT JOIN LATERAL (
      SELECT a.estatus FROM asignaciones a WHERE a.id_folio = f.id_folio
      ORDER BY a.fecha_asignacion DESC, a.id_asignacion DESC LIMIT 1
    ) last ON TRUE
    WHERE upper(f.folio) COLLATE "C" LIKE ${likePrefix(prefix)} ${mine}
    ORDER BY upper(f.folio) COLLATE "C"
    LIMIT ${limit}`.execute(db);
  return rows.map((r) => ({ ...r, estatus: r.estatus as AsignacionEstatus | null }));
}

interface FolioRow extends Omit<FolioDatos, 'creado'> {
  id_folio: number;
  created_at: Date;
}

/** The folio named exactly `folio` (or, failing that, in another case), with its client's name. */
export async function findFolio(
  db: Db,
  folio: string,
): Promise<(FolioDatos & { id_folio: number }) | undefined> {
  const { rows } = await sql<FolioRow>`
    SELECT f.id_folio, f.folio, c.nombre AS cliente, f.producto, f.nombre_alumno, f.campus_ingreso,
      f.correo_alumno, f.tel1, f.tel2, f.tel3, f.tel4, f.nombre_padre, f.correo_padre, f.nombre_madre,
      f.correo_madre, f.direccion, f.estado, f.codigo_postal, f.created_at
    FROM folios f LEFT JOIN clientes c ON c.id_cliente = f.id_cliente
    WHERE upper(f.folio) COLLATE "C" = ${folio.toUpperCase()}
    ORDER BY f.folio = ${folio} DESC, f.folio
    LIMIT 1`.execute(db);
  const row = rows[0];
  if (!row) return undefined;
  const { created_at, ...datos } = row;
  return { ...datos, creado: iso(created_at) };
}

/** Every assignment of a folio, oldest first, with its visitor's name and who created it (`por`). */
export async function folioAssignments(
  db: Db,
  idFolio: number,
): Promise<Array<FolioAsignacion & { por: string | null }>> {
  const { rows } = await sql<{
    id_asignacion: number;
    id_usuario: number;
    visitador: string | null;
    estatus: string;
    fecha_asignacion: Date;
    fecha_agendada: Date | null;
    fecha_completada: Date | null;
    fecha_cancelada: Date | null;
    por: string | null;
  }>`
    SELECT a.id_asignacion, a.id_usuario, ${PERSON('u')} AS visitador, a.estatus, a.fecha_asignacion,
      a.fecha_agendada, a.fecha_completada, a.fecha_cancelada, ${PERSON('p')} AS por
    FROM asignaciones a LEFT JOIN usuarios u ON u.id_usuario = a.id_usuario
    LEFT JOIN usuarios p ON p.id_usuario = a.asignado_por
    WHERE a.id_folio = ${idFolio}
    ORDER BY a.fecha_asignacion, a.id_asignacion`.execute(db);
  return rows.map((r) => ({
    ...r,
    estatus: r.estatus as AsignacionEstatus,
    fecha_asignacion: iso(r.fecha_asignacion),
    fecha_agendada: iso(r.fecha_agendada),
    fecha_completada: iso(r.fecha_completada),
    fecha_cancelada: iso(r.fecha_cancelada),
  }));
}

/** Status moves and reassignments of these assignments, from the audit log, oldest first. */
export async function assignmentEvents(db: Db, ids: readonly number[]): Promise<FolioEvento[]> {
  if (ids.length === 0) return [];
  const { rows } = await sql<{
    target_id: string;
    action: string;
    change: { estatus?: { to?: string }; id_usuario?: { to?: number } } | string;
    created_at: Date;
    por: string | null;
    visitador: string | null;
  }>`
    SELECT l.target_id, l.action, l.change, l.created_at, ${PERSON('p')} AS por, ${PERSON('v')} AS visitador
    FROM audit_log l
    LEFT JOIN usuarios p ON p.id_usuario = l.actor_id
    LEFT JOIN usuarios v ON l.action = 'asignacion.reasignar'
      AND v.id_usuario = (l.change -> 'id_usuario' ->> 'to')::int
    WHERE l.target_type = 'asignacion' AND l.target_id IN (${sql.join(ids.map(String))})
      AND l.action IN ('asignacion.estatus', 'asignacion.reasignar')
    ORDER BY l.created_at, l.id`.execute(db);
  return rows.map((r) => {
    const change = typeof r.change === 'string' ? JSON.parse(r.change) : r.change;
    const moved = r.action === 'asignacion.estatus';
    return {
      id_asignacion: Number(r.target_id),
      fecha: iso(r.created_at),
      accion: moved ? 'estatus' : 'reasignada',
      estatus: moved ? ((change.estatus?.to ?? null) as AsignacionEstatus | null) : null,
      por: r.por,
      visitador: moved ? null : r.visitador,
    };
  });
}

/** The folio's reports, newest first. */
export async function folioReports(db: Db, folio: string): Promise<FolioReporte[]> {
  const { rows } = await sql<{
    id_reporte: number;
    cliente: string;
    estatus: string;
    fecha_recibido: string;
  }>`
    SELECT r.id_reporte, c.nombre AS cliente, r.estatus, r.fecha_recibido::text AS fecha_recibido
    FROM reportes r JOIN clientes c ON c.id_cliente = r.id_cliente
    WHERE r.folio = ${folio}
    ORDER BY r.fecha_recibido DESC, r.id_reporte DESC`.execute(db);
  return rows.map((r) => ({ ...r, estatus: r.estatus === 'enviado' ? 'Enviado' : 'Pendiente' }));
}

/** E-mail deliveries of these reports, newest first. */
export async function reportDeliveries(db: Db, reportIds: readonly number[]): Promise<FolioEntrega[]> {
  if (reportIds.length === 0) return [];
  const rows = await db
    .selectFrom('entregas')
    .select(['id_entrega', 'id_reporte', 'estado', 'destinatarios', 'created_at', 'entregado_at'])
    .where('id_reporte', 'in', [...reportIds])
    .orderBy('id_entrega', 'desc')
    .execute();
  return rows.map((r) => ({
    id_entrega: r.id_entrega,
    id_reporte: r.id_reporte,
    estado: toWireEntregaEstado(r.estado),
    destinatarios: r.destinatarios,
    creado: iso(r.created_at),
    entregado: iso(r.entregado_at),
  }));
}
