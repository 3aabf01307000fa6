/** Reportes: listing, PDFs, the zip of pending ones, sending and uploading (SQL in ./repo.ts). */

import { Readable } from 'node:stream';
import { type createReporteFieldsSchema, REPORTES_MESSAGES, type ReportItem } from '@socio/contracts';
import { Zip, ZipPassThrough } from 'fflate';
import type { z } from 'zod';
import { audit } from '../../audit';
import type { Db } from '../../db/schema';
import { fail } from '../../domain-errors';
import type { OneAtATime } from '../../lib/event-loop';
import type { Actor } from '../../session';
import { findCliente } from '../catalogos/service';
import { enqueueEntrega, needsDelivery, type OutboxSettings } from '../entregas/service';
import { isVisitador } from '../users/service';
import { isPdf, PDF_MAGIC_BYTES, PdfPageCounter } from './pdf-pages';
import { discardPdf, PDF_PART_BYTES, PdfWriter, pdfParts } from './pdf-store';
import {
  existingReporteIds,
  findFolioId,
  findPdf,
  findReporte,
  findReportes,
  insertReporte,
  lastVisitorOfFolio,
  listReportes,
  lockReporteEstatus,
  markPendingSent,
  pendingPdfList,
} from './repo';

/** The text fields of an upload, as parsed. */
export type ReporteFields = z.output<typeof createReporteFieldsSchema>;

/** Detail of an upload naming a user who is not a Visitador. */
export const UNKNOWN_VISITOR = 'El visitador indicado no existe';

/** A file to send back: its name, size and bytes (streamed part by part from the database). */
export interface FileAnswer {
  fileName: string;
  bytes: number;
  stream: Readable;
}

/** An upload's file as stored (`receivePdf`): null id when it is not a PDF that opens (nothing kept then). */
export interface ReceivedPdf {
  idPdf: number | null;
  bytes: number;
  paginas: number | null;
}

/**
 * Stores an upload's file part by part as it arrives (the stream's backpressure paces the client) while a worker
 * thread receives the same bytes to parse them at the end (`PdfPageCounter`). A file that does not start like a
 * PDF is read to its end without storing anything. A file that does not open is deleted before answering; on an
 * error (the body cut off, too large) what was stored is deleted and the error goes on. `turns`: shared by the
 * uploads of a server on PGlite (see `PdfWriter`).
 */
export async function receivePdf(
  db: Db,
  file: AsyncIterable<Buffer> & { truncated?: boolean },
  turns?: OneAtATime,
): Promise<ReceivedPdf> {
  const writer = new PdfWriter(db, turns);
  let counter: PdfPageCounter | null = null;
  let head: Buffer = Buffer.alloc(0);
  let looksLikePdf: boolean | null = null;
  let bytes = 0;
  try {
    for await (const chunk of file) {
      bytes += chunk.length;
      let data = chunk;
      if (looksLikePdf === null) {
        head = Buffer.concat([head, chunk]);
        if (head.length < PDF_MAGIC_BYTES) continue;
        looksLikePdf = isPdf(head);
        if (looksLikePdf) counter = new PdfPageCounter();
        data = head;
      }
      if (!counter) continue;
      counter.push(data);
      await writer.write(data);
    }
    if (file.truncated) fail('payload_too_large', 'pdf_too_large', REPORTES_MESSAGES.pdfTooLarge);
    if (!counter) return { idPdf: null, bytes, paginas: null };
    const { idPdf } = await writer.end();
    const paginas = await counter.pages();
    counter = null;
    if (paginas !== null) return { idPdf, bytes, paginas };
    await discardPdf(db, idPdf);
    return { idPdf: null, bytes, paginas: null };
  } catch (error) {
    counter?.cancel();
    await writer.discard();
    throw error;
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
  if (!cliente) fail('not_found', 'cliente_not_found', REPORTES_MESSAGES.unknownCliente);
  return cliente.id_cliente;
}

async function reporteOrFail(db: Db, id: number): Promise<ReportItem> {
  const reporte = await findReporte(db, id);
  if (!reporte) fail('not_found', 'reporte_not_found', REPORTES_MESSAGES.notFound);
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

/** A report's PDF, read part by part as the client takes the bytes. */
export async function reportPdf(db: Db, id: number): Promise<FileAnswer> {
  const found = await findPdf(db, id);
  if (!found) fail('not_found', 'reporte_not_found', REPORTES_MESSAGES.notFound);
  return {
    fileName: reportFileName(found.folio),
    bytes: found.pdf_bytes,
    stream: Readable.from(pdfParts(db, found.id_pdf), { objectMode: false, highWaterMark: PDF_PART_BYTES }),
  };
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
    if (existing.length !== ids.length) fail('not_found', 'reporte_not_found', REPORTES_MESSAGES.notFound);
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
    if (estatus === undefined) fail('not_found', 'reporte_not_found', REPORTES_MESSAGES.notFound);
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
 * The pending PDFs (of one client when given) as a zip STREAM, one folder per client. The list is read first
 * (without PDFs); the PDFs are then read part by part (256 KB, see pdf-store.ts) only as fast as the client
 * takes the bytes (the stream's backpressure), each stored (PDFs are already compressed) through fflate's
 * streaming Zip. Memory stays about two parts whatever the total, and the event loop is never held for more than
 * one part's read.
 */
export async function pendingZip(
  db: Db,
  cliente: string | undefined,
): Promise<{ fileName: string; count: number; stream: Readable }> {
  const idCliente = await clienteId(db, cliente);
  const pending = await pendingPdfList(db, idCliente);
  if (pending.length === 0) fail('not_found', 'no_pending_reports', REPORTES_MESSAGES.noPending);
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
      let entry: ZipPassThrough | null = null;
      // Each part is added once the next one (or the file's end) is known: fflate needs to be told the last.
      let held: Buffer | null = null;
      for await (const part of pdfParts(db, r.id_pdf)) {
        if (held) {
          entry?.push(held, false);
          if (failure) throw failure;
          yield* out.splice(0);
        } else {
          entry = new ZipPassThrough(r.name);
          zip.add(entry);
        }
        held = part;
      }
      if (!entry || !held) continue; // deleted while downloading
      entry.push(held, true);
      if (failure) throw failure;
      yield* out.splice(0);
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
  file: (ReceivedPdf & { filename: string }) | null,
): Promise<{ detail: string; reporte: ReportItem }> {
  if (!file) fail('invalid', 'pdf_missing', REPORTES_MESSAGES.pdfMissing);
  const { idPdf, paginas } = file;
  if (idPdf === null || paginas === null) fail('invalid', 'invalid_pdf', REPORTES_MESSAGES.invalidPdf);
  const cliente = await findCliente(db, fields.cliente);
  if (!cliente) fail('invalid', 'cliente_not_found', REPORTES_MESSAGES.unknownCliente);
  const idFolio = await findFolioId(db, fields.folio);
  let visitador: number | null = null;
  if (fields.id_visitador !== undefined) {
    if (!(await isVisitador(db, fields.id_visitador))) fail('invalid', 'invalid_visitor', UNKNOWN_VISITOR);
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
      id_pdf: idPdf,
      pdf_bytes: file.bytes,
      pdf_paginas: paginas,
      pdf_nombre: file.filename || `${safeName(fields.folio)}.pdf`,
      creado_por: actor.id,
    });
    await audit(trx, {
      actorId: actor.id,
      action: 'reporte.create',
      targetType: 'reporte',
      targetId: idReporte,
      change: { folio: fields.folio, cliente: cliente.nombre, bytes: file.bytes },
      requestId: actor.requestId,
    });
    return idReporte;
  });
  return { detail: REPORTES_MESSAGES.created, reporte: await reporteOrFail(db, id) };
}
