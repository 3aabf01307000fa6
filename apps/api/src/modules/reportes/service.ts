/** Reportes: listing, PDFs, the zip of pending ones, sending and uploading (SQL in ./repo.ts). */

import { Readable } from 'node:stream';
import { type createReporteFieldsSchema, REPORTES_MESSAGES, type ReportItem } from '@socio/contracts';
import { Zip, ZipPassThrough } from 'fflate';
import type { Kysely } from 'kysely';
import { PDFDocument } from 'pdf-lib';
import type { z } from 'zod';
import { audit } from '../../audit';
import type { Database } from '../../db/schema';
import { fail } from '../../domain-errors';
import type { Actor } from '../../session';
import { enqueueEntrega, needsDelivery, type OutboxSettings } from '../entregas/service';
import {
  existingReporteIds,
  findCliente,
  findFolioId,
  findPdf,
  findReporte,
  findReportes,
  insertReporte,
  isVisitador,
  lastVisitorOfFolio,
  listReportes,
  lockReporteEstatus,
  markPendingSent,
  pdfSlice,
  pendingPdfList,
} from './repo';

type Db = Kysely<Database>;

/** The text fields of an upload, as parsed. */
export type ReporteFields = z.output<typeof createReporteFieldsSchema>;

/** Detail of an upload naming a user who is not a Visitador. */
export const UNKNOWN_VISITOR = 'El visitador indicado no existe';

/** A file to send back: its name, type and bytes. */
export interface FileAnswer {
  fileName: string;
  bytes: Uint8Array;
}

/** '%PDF-' */
const PDF_MAGIC = [0x25, 0x50, 0x44, 0x46, 0x2d];
export function isPdf(bytes: Uint8Array): boolean {
  return bytes.length >= PDF_MAGIC.length && PDF_MAGIC.every((b, i) => bytes[i] === b);
}

/**
 * Page count of a PDF that really opens (parsed with pdf-lib, encrypted ones included), or null: a file that
 * only starts with '%PDF-' (HTML, a truncated download, garbage) is not a report.
 */
export async function pdfPageCount(bytes: Uint8Array): Promise<number | null> {
  if (!isPdf(bytes)) return null;
  try {
    const doc = await PDFDocument.load(bytes, { ignoreEncryption: true, updateMetadata: false });
    const pages = doc.getPageCount();
    return pages > 0 ? pages : null;
  } catch {
    return null;
  }
}

/** A file name safe in a zip and a Content-Disposition header. */
export function safeName(value: string): string {
  const cleaned = value
    .normalize('NFD')
    .replace(/\p{M}+/gu, '')
    .replace(/[^A-Za-z0-9._-]+/g, '_')
    .replace(/^_+|_+$/g, '');
  return cleaned || 'reporte';
}

/** id_cliente of a client given by id or name (undefined when not given). */
async function clienteId(db: Db, value: string | undefined): Promise<number | undefined> {
  if (!value) return undefined;
  const cliente = await findCliente(db, value);
  if (!cliente) fail('not_found', REPORTES_MESSAGES.unknownCliente);
  return cliente.id_cliente;
}

async function reporteOrFail(db: Db, id: number): Promise<ReportItem> {
  const reporte = await findReporte(db, id);
  if (!reporte) fail('not_found', REPORTES_MESSAGES.notFound);
  return reporte;
}

export async function listReports(db: Db, query: { cliente?: string; q?: string }): Promise<ReportItem[]> {
  const idCliente = await clienteId(db, query.cliente);
  return listReportes(db, { idCliente, q: query.q });
}

/** The file name of a report's PDF (download and e-mail attachment). */
export function reportFileName(folio: string): string {
  return `reporte_${safeName(folio)}.pdf`;
}

export async function reportPdf(db: Db, id: number): Promise<FileAnswer> {
  const found = await findPdf(db, id);
  if (!found) fail('not_found', REPORTES_MESSAGES.notFound);
  return { fileName: reportFileName(found.folio), bytes: found.pdf };
}

/** Marks reports as sent (all must exist; those already sent stay as they are). */
export async function markSent(
  db: Db,
  actor: Actor,
  requestedIds: readonly number[],
): Promise<{ detail: string; actualizados: number; reportes: ReportItem[] }> {
  const ids = [...new Set(requestedIds)];
  const updated = await db.transaction().execute(async (trx) => {
    const existing = await existingReporteIds(trx, ids);
    if (existing.length !== ids.length) fail('not_found', REPORTES_MESSAGES.notFound);
    const changed = await markPendingSent(trx, ids);
    await audit(trx, {
      actorId: actor.id,
      action: 'reporte.marcar_enviados',
      targetType: 'reporte',
      targetId: null,
      change: { ids: changed },
      requestId: actor.requestId,
    });
    return changed.length;
  });
  return {
    detail: REPORTES_MESSAGES.marked(updated),
    actualizados: updated,
    reportes: await findReportes(db, ids),
  };
}

/**
 * Sends one report: a pending one becomes sent and its e-mail delivery is written to the outbox in the
 * same transaction ('en cola'; the worker delivers it). Sending again is harmless: a report already on
 * its way or delivered gets no second e-mail; one whose last delivery failed is queued again. A client
 * without recipients is refused (409 'El cliente no tiene destinatarios configurados'): the report
 * stays as it was.
 */
export async function sendReport(
  db: Db,
  actor: Actor,
  id: number,
  outbox: OutboxSettings,
): Promise<{ detail: string; reporte: ReportItem }> {
  await db.transaction().execute(async (trx) => {
    const estatus = await lockReporteEstatus(trx, id);
    if (estatus === undefined) fail('not_found', REPORTES_MESSAGES.notFound);
    // The delivery first: a client without recipients refuses it (409) before anything changes.
    const idEntrega = (await needsDelivery(trx, id)) ? await enqueueEntrega(trx, outbox, id, actor.id) : null;
    if (estatus === 'pendiente') await markPendingSent(trx, [id]);
    await audit(trx, {
      actorId: actor.id,
      action: 'reporte.enviar',
      targetType: 'reporte',
      targetId: id,
      change: { estatus: { from: estatus, to: 'enviado' }, id_entrega: idEntrega },
      requestId: actor.requestId,
    });
  });
  return { detail: REPORTES_MESSAGES.sent, reporte: await reporteOrFail(db, id) };
}

/**
 * Bytes of a PDF read from the database at once while streaming the zip. Small, because reading a bytea holds
 * the event loop on PGlite (in-process) for a time that grows with its size (~0.5 ms per KB measured under load):
 * 64 KB keeps each read well under 100 ms.
 */
const ZIP_SLICE_BYTES = 64 * 1024;

/**
 * The pending PDFs (of one client when given) as a zip STREAM, one folder per client. The list is read first
 * (without PDFs); the PDFs are then read in slices of 64 KB only as fast as the client takes the bytes
 * (the stream's backpressure), each stored (PDFs are already compressed) through fflate's streaming Zip. Memory
 * stays about one slice whatever the total, and the event loop is never held for more than one slice's read.
 */
export async function pendingZip(
  db: Db,
  cliente: string | undefined,
): Promise<{ fileName: string; count: number; stream: Readable }> {
  const idCliente = await clienteId(db, cliente);
  const pending = await pendingPdfList(db, idCliente);
  if (pending.length === 0) fail('not_found', REPORTES_MESSAGES.noPending);
  const names = new Set<string>();
  const entries = pending.map((r) => {
    let name = `${safeName(r.cliente)}/${safeName(r.folio)}.pdf`;
    if (names.has(name)) name = `${safeName(r.cliente)}/${safeName(r.folio)}_${r.id_reporte}.pdf`;
    names.add(name);
    return { ...r, name };
  });

  async function* zipChunks(): AsyncGenerator<Uint8Array> {
    const out: Uint8Array[] = [];
    let failure: Error | null = null;
    const zip = new Zip((err, chunk) => {
      if (err) failure = err;
      else out.push(chunk);
    });
    for (const r of entries) {
      const first = await pdfSlice(db, r.id_reporte, 0, ZIP_SLICE_BYTES);
      if (!first) continue; // deleted while downloading
      const entry = new ZipPassThrough(r.name);
      zip.add(entry);
      let part: Uint8Array = first;
      let offset = 0;
      for (;;) {
        offset += part.length;
        const last = part.length < ZIP_SLICE_BYTES || offset >= r.pdf_bytes;
        entry.push(part, last);
        if (failure) throw failure;
        yield* out.splice(0);
        if (last) break;
        // Let pending I/O (other requests) run between two reads: on PGlite a read and its reply can
        // settle without returning to the event loop, so a download would otherwise run in long bursts.
        await new Promise<void>((resolve) => setImmediate(resolve));
        part = (await pdfSlice(db, r.id_reporte, offset, ZIP_SLICE_BYTES)) ?? new Uint8Array(0);
      }
    }
    zip.end();
    if (failure) throw failure;
    yield* out.splice(0);
  }

  const stamp = new Date().toISOString().slice(0, 10).replace(/-/g, '');
  const scope = cliente ? `_${safeName(pending[0]?.cliente ?? '')}` : '';
  return {
    fileName: `reportes_pendientes${scope}_${stamp}.zip`,
    count: pending.length,
    stream: Readable.from(zipChunks(), { objectMode: false, highWaterMark: 1024 * 1024 }),
  };
}

/** Stores the report (PDF) of a folio; its visitor is the one given, or the folio's latest one. */
export async function createReport(
  db: Db,
  actor: Actor,
  fields: ReporteFields,
  file: { bytes: Uint8Array; filename: string } | null,
): Promise<{ detail: string; reporte: ReportItem }> {
  if (!file) fail('invalid', REPORTES_MESSAGES.pdfMissing);
  const paginas = await pdfPageCount(file.bytes);
  if (paginas === null) fail('invalid', REPORTES_MESSAGES.invalidPdf);
  const cliente = await findCliente(db, fields.cliente);
  if (!cliente) fail('invalid', REPORTES_MESSAGES.unknownCliente);
  const idFolio = await findFolioId(db, fields.folio);
  let visitador: number | null = null;
  if (fields.id_visitador !== undefined) {
    if (!(await isVisitador(db, fields.id_visitador))) fail('invalid', UNKNOWN_VISITOR);
    visitador = fields.id_visitador;
  } else if (idFolio !== undefined) {
    visitador = await lastVisitorOfFolio(db, idFolio);
  }
  const id = await db.transaction().execute(async (trx) => {
    const idReporte = await insertReporte(trx, {
      folio: fields.folio,
      id_folio: idFolio ?? null,
      id_cliente: cliente.id_cliente,
      id_visitador: visitador,
      notas: fields.notas,
      pdf: file.bytes,
      pdf_paginas: paginas,
      pdf_nombre: file.filename || `${safeName(fields.folio)}.pdf`,
      creado_por: actor.id,
    });
    await audit(trx, {
      actorId: actor.id,
      action: 'reporte.create',
      targetType: 'reporte',
      targetId: idReporte,
      change: { folio: fields.folio, cliente: cliente.nombre, bytes: file.bytes.length },
      requestId: actor.requestId,
    });
    return idReporte;
  });
  return { detail: REPORTES_MESSAGES.created, reporte: await reporteOrFail(db, id) };
}
