import type { ColumnType, Generated, Insertable, Selectable, Updateable } from 'kysely';

/** timestamptz: read as Date, written as Date or ISO text; defaulted by the database. */
type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type NullableTimestamp = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
/** date columns are read as text 'YYYY-MM-DD' (type parsers of both drivers are set so), written as text. */
type DateText = ColumnType<string, string | undefined, string>;
type NullableDateText = ColumnType<string | null, string | null | undefined, string | null>;
/** int8: read as number (type parsers in db/index.ts). */
type Bigint = ColumnType<number, number | bigint | string, number | bigint | string>;

export interface CargasTable {
  id_carga: Generated<number>;
  file_name: Generated<string>;
  load_type: string;
  id_usuario: number | null;
  fecha: Timestamp;
  fecha_cliente: string | null;
  total_filas: Generated<number>;
  registros_procesados: Generated<number>;
  registros_fallidos: Generated<number>;
  filas_invalidas_archivo: Generated<number>;
}

export interface FoliosTable {
  id_folio: Generated<number>;
  folio: string;
  load_type: Generated<string>;
  producto: string | null;
  id_cliente: number | null;
  nombre_alumno: string | null;
  campus_ingreso: string | null;
  correo_alumno: string | null;
  calle: string | null;
  colonia: string | null;
  ciudad: string | null;
  estado: string | null;
  id_estado: number | null;
  codigo_postal: string | null;
  tel1: string | null;
  tel2: string | null;
  tel3: string | null;
  tel4: string | null;
  nombre_padre: string | null;
  correo_padre: string | null;
  nombre_madre: string | null;
  correo_madre: string | null;
  solicitud_email: string | null;
  dia_agendo_crm: NullableDateText;
  direccion: string | null;
  extra: ColumnType<unknown, string | null | undefined, string | null>;
  id_carga: number | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface AsignacionesTable {
  id_asignacion: Generated<number>;
  folio: string;
  id_folio: number;
  id_usuario: number;
  id_estado: number | null;
  estado: string | null;
  direccion: string | null;
  estatus: ColumnType<string, string | undefined, string>;
  fecha_asignacion: Timestamp;
  fecha_agendada: NullableTimestamp;
  fecha_completada: NullableTimestamp;
  fecha_cancelada: NullableTimestamp;
  id_carga: number | null;
  asignado_por: number | null;
}

export interface AsignacionConteosTable {
  id_usuario: number;
  estatus: string;
  total: Bigint;
}

export interface AsignacionDiasTable {
  id_usuario: number;
  estatus: string;
  /** UTC day number (days since 1970-01-01) of fecha_asignacion. */
  dia: number;
  total: Bigint;
}

export interface AsignacionDiasTodosTable {
  estatus: string;
  dia: number;
  total: Bigint;
}

/** Assignments per state, visitor, status and UTC day (0010; '' when the assignment has no state). */
export interface AsignacionEstadoDiasTable {
  estado: string;
  id_usuario: number;
  estatus: string;
  dia: number;
  total: Bigint;
}

export interface ReportesTable {
  id_reporte: Generated<number>;
  folio: string;
  id_folio: number | null;
  id_cliente: number;
  id_visitador: number | null;
  fecha_recibido: DateText;
  notas: Generated<string>;
  estatus: ColumnType<string, string | undefined, string>;
  /** The stored PDF (0009: `pdfs` and its parts in `pdf_partes`). */
  id_pdf: number;
  pdf_nombre: Generated<string>;
  pdf_bytes: Generated<number>;
  /** Page count read by parsing the PDF on upload (0003); null for rows stored before. */
  pdf_paginas: Generated<number | null>;
  fecha_enviado: NullableTimestamp;
  creado_por: number | null;
  created_at: Timestamp;
}

/** A stored file (0009); its bytes are in `pdf_partes`. */
export interface PdfsTable {
  id_pdf: Generated<number>;
  creado: Timestamp;
}

/** Part `n` of a file: its bytes from n · PDF_PART_BYTES (0009). */
export interface PdfPartesTable {
  id_pdf: number;
  n: number;
  datos: ColumnType<Uint8Array, Uint8Array, Uint8Array>;
}

/** Tables of migration 0002 (and 0009's PDF storage); `schema.ts` intersects this with the core tables. */
export interface CargasTables {
  cargas: CargasTable;
  folios: FoliosTable;
  asignaciones: AsignacionesTable;
  asignacion_conteos: AsignacionConteosTable;
  asignacion_dias: AsignacionDiasTable;
  asignacion_dias_todos: AsignacionDiasTodosTable;
  asignacion_estado_dias: AsignacionEstadoDiasTable;
  reportes: ReportesTable;
  pdfs: PdfsTable;
  pdf_partes: PdfPartesTable;
}

export type Asignacion = Selectable<AsignacionesTable>;
export type NewAsignacion = Insertable<AsignacionesTable>;
export type AsignacionUpdate = Updateable<AsignacionesTable>;
export type Folio = Selectable<FoliosTable>;
export type NewFolio = Insertable<FoliosTable>;
export type Reporte = Selectable<ReportesTable>;
export type NewReporte = Insertable<ReportesTable>;
