import multipart from '@fastify/multipart';
import {
  apiRoutes,
  createReporteFieldsSchema,
  MAX_REPORT_PDF_BYTES,
  REPORTES_MESSAGES,
} from '@socio/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../../db/schema';
import { DomainError, fail } from '../../domain-errors';
import { actorOf } from '../../http/auth';
import { ERROR_MESSAGES, isCutMultipart } from '../../http/errors';
import { registerRoute } from '../../http/route';
import { RequestValidationError, toValidationIssues } from '../../http/zod';
import { OneAtATime } from '../../lib/event-loop';
import { mailSettings } from '../entregas/mail';
import { deleteStalePdfs, discardPdf, STALE_PDF_MS } from './pdf-store';
import {
  createReport,
  type FileAnswer,
  listReports,
  markSent,
  pendingZip,
  type ReceivedPdf,
  receivePdf,
  reportPdf,
  sendReport,
} from './service';

/**
 * Reads a multipart upload: its text fields and the single file part, stored part by part as it arrives
 * (`receivePdf`, its parts written in `turns`). The caller discards the stored file when the upload is then
 * refused.
 */
async function readUpload(db: Db, request: FastifyRequest, turns: OneAtATime | undefined) {
  if (!request.isMultipart())
    fail('unsupported_media_type', 'unsupported_media_type', ERROR_MESSAGES.unsupportedMediaType);
  const fields: Record<string, string> = {};
  let file: (ReceivedPdf & { filename: string }) | null = null;
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        const received = await receivePdf(db, part.file, turns);
        if (file === null) file = { ...received, filename: part.filename };
        else if (received.idPdf !== null) await discardPdf(db, received.idPdf);
      } else if (typeof part.value === 'string') {
        fields[part.fieldname] = part.value;
      }
    }
  } catch (error) {
    if (file?.idPdf) await discardPdf(db, file.idPdf);
    if (error instanceof DomainError) throw error;
    const code = (error as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE')
      fail('payload_too_large', 'pdf_too_large', REPORTES_MESSAGES.pdfTooLarge);
    if (code === 'FST_INVALID_MULTIPART_CONTENT_TYPE') {
      fail('unsupported_media_type', 'unsupported_media_type', ERROR_MESSAGES.unsupportedMediaType);
    }
    if (code && /^FST_(PARTS|FILES|FIELDS)_LIMIT$/.test(code)) {
      fail('payload_too_large', 'body_too_large', ERROR_MESSAGES.bodyTooLarge);
    }
    if (isCutMultipart(error)) fail('rejected', 'bad_multipart', ERROR_MESSAGES.badMultipart);
    throw error;
  }
  return { fields, file };
}

function sendFile(reply: FastifyReply, file: FileAnswer, type: string, disposition: 'inline' | 'attachment') {
  return reply
    .type(type)
    .header('content-length', String(file.bytes))
    .header('content-disposition', `${disposition}; filename="${file.fileName}"`)
    .send(file.stream);
}

/** Reports of the clients: list, PDF, zip of pending ones, send, upload. */
export async function reportesRoutes(app: FastifyInstance): Promise<void> {
  await app.register(multipart, {
    limits: { fileSize: MAX_REPORT_PDF_BYTES, files: 1, fields: 10, fieldSize: 16 * 1024, parts: 12 },
  });
  const { reportes } = apiRoutes;

  registerRoute(app, reportes.list, async (request) => ({
    reportes: await listReports(app.db, request.query),
  }));

  registerRoute(app, reportes.pdf, async (request, reply) =>
    sendFile(reply, await reportPdf(app.db, request.params.id), 'application/pdf', 'inline'),
  );

  registerRoute(app, reportes.markSent, async (request) =>
    markSent(app.db, actorOf(request), request.body.ids),
  );

  const outbox = { from: mailSettings(app.config).from };
  registerRoute(app, reportes.send, async (request) =>
    sendReport(app.db, actorOf(request), request.params.id, outbox),
  );

  registerRoute(app, reportes.downloadPending, async (request, reply) => {
    // Streamed: PDFs are read in 64 KB slices as the client takes the bytes (bounded memory).
    const zip = await pendingZip(app.db, request.query.cliente);
    return reply
      .header('x-reportes-count', String(zip.count))
      .type('application/zip')
      .header('content-disposition', `attachment; filename="${zip.fileName}"`)
      .send(zip.stream);
  });

  // PGlite writes a part in this thread: the uploads of this server write theirs one at a time (see PdfWriter).
  const partTurns = app.dbKind === 'pglite' ? new OneAtATime() : undefined;
  let nextCleanup = 0;
  registerRoute(app, reportes.create, { bodyLimit: MAX_REPORT_PDF_BYTES + 1024 * 1024 }, async (request) => {
    if (Date.now() >= nextCleanup) {
      // Files of uploads cut by a server that stopped before answering (any server on this database).
      nextCleanup = Date.now() + STALE_PDF_MS / 4;
      await deleteStalePdfs(app.db);
    }
    const { fields, file } = await readUpload(app.db, request, partTurns);
    try {
      const parsed = createReporteFieldsSchema.safeParse(fields);
      if (!parsed.success) throw new RequestValidationError(toValidationIssues(parsed.error, 'body'));
      return await createReport(app.db, actorOf(request), parsed.data, file);
    } catch (error) {
      if (file?.idPdf) await discardPdf(app.db, file.idPdf);
      throw error;
    }
  });
}
