import multipart from '@fastify/multipart';
import {
  createReporteFieldsSchema,
  createReporteResponseSchema,
  enviarReporteResponseSchema,
  MAX_REPORT_PDF_BYTES,
  marcarEnviadosRequestSchema,
  marcarEnviadosResponseSchema,
  pendientesQuerySchema,
  REPORTES_MESSAGES,
  reportesListResponseSchema,
  reportesQuerySchema,
} from '@socio/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { zipSync } from 'fflate';
import { sql } from 'kysely';
import { audit } from '../../audit';
import { currentUser, requireRole } from '../../http/auth';
import { ERROR_MESSAGES, httpError } from '../../http/errors';
import { idParams, RequestValidationError, toValidationIssues, type ZodTypeProvider } from '../../http/zod';
import { findCliente, findPdf, findReporte, findReportes, listReportes, pendingPdfs } from './repo';

const staff = requireRole('Administrador', 'Supervisor');

/** '%PDF-' */
const PDF_MAGIC = [0x25, 0x50, 0x44, 0x46, 0x2d];
export function isPdf(bytes: Uint8Array): boolean {
  return bytes.length >= PDF_MAGIC.length && PDF_MAGIC.every((b, i) => bytes[i] === b);
}

/** A file name safe in a zip and a Content-Disposition header. */
function safeName(value: string): string {
  const cleaned = value
    .normalize('NFD')
    .replace(/\p{M}+/gu, '')
    .replace(/[^A-Za-z0-9._-]+/g, '_')
    .replace(/^_+|_+$/g, '');
  return cleaned || 'reporte';
}

async function resolveCliente(
  request: FastifyRequest,
  value: string | undefined,
): Promise<number | undefined> {
  if (!value) return undefined;
  const cliente = await findCliente(request.server.db, value);
  if (!cliente) httpError(404, REPORTES_MESSAGES.unknownCliente);
  return cliente.id_cliente;
}

/** Reads a multipart upload: its text fields and the single file part. */
async function readUpload(request: FastifyRequest) {
  const fields: Record<string, string> = {};
  let file: { bytes: Buffer; filename: string } | null = null;
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        const bytes = await part.toBuffer();
        if (file === null) file = { bytes, filename: part.filename };
      } else if (typeof part.value === 'string') {
        fields[part.fieldname] = part.value;
      }
    }
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') httpError(413, REPORTES_MESSAGES.pdfTooLarge);
    if (code === 'FST_INVALID_MULTIPART_CONTENT_TYPE') httpError(415, ERROR_MESSAGES.unsupportedMediaType);
    if (code && /^FST_(PARTS|FILES|FIELDS)_LIMIT$/.test(code)) httpError(413, ERROR_MESSAGES.bodyTooLarge);
    throw error;
  }
  return { fields, file };
}

export async function reportesRoutes(fastify: FastifyInstance): Promise<void> {
  await fastify.register(multipart, {
    limits: { fileSize: MAX_REPORT_PDF_BYTES, files: 1, fields: 10, fieldSize: 16 * 1024, parts: 12 },
  });
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get(
    '',
    {
      onRequest: staff,
      schema: {
        tags: ['reportes'],
        querystring: reportesQuerySchema,
        response: { 200: reportesListResponseSchema },
      },
    },
    async (request) => {
      const idCliente = await resolveCliente(request, request.query.cliente);
      return { reportes: await listReportes(request.server.db, { idCliente, q: request.query.q }) };
    },
  );

  app.get(
    '/:id/pdf',
    { onRequest: staff, schema: { tags: ['reportes'], params: idParams } },
    async (request, reply) => {
      const found = await findPdf(request.server.db, request.params.id);
      if (!found) httpError(404, REPORTES_MESSAGES.notFound);
      return reply
        .type('application/pdf')
        .header('content-disposition', `inline; filename="reporte_${safeName(found.folio)}.pdf"`)
        .send(Buffer.from(found.pdf));
    },
  );

  app.post(
    '/marcar_enviados',
    {
      onRequest: staff,
      schema: {
        tags: ['reportes'],
        body: marcarEnviadosRequestSchema,
        response: { 200: marcarEnviadosResponseSchema },
      },
    },
    async (request) => {
      const ids = [...new Set(request.body.ids)];
      const actor = currentUser(request);
      const updated = await request.server.db.transaction().execute(async (trx) => {
        const existing = await trx
          .selectFrom('reportes')
          .select('id_reporte')
          .where('id_reporte', 'in', ids)
          .execute();
        if (existing.length !== ids.length) httpError(404, REPORTES_MESSAGES.notFound);
        const rows = await trx
          .updateTable('reportes')
          .set({ estatus: 'enviado', fecha_enviado: sql`now()` })
          .where('id_reporte', 'in', ids)
          .where('estatus', '=', 'pendiente')
          .returning('id_reporte')
          .execute();
        await audit(trx, {
          actorId: actor.id_usuario,
          action: 'reporte.marcar_enviados',
          targetType: 'reporte',
          targetId: null,
          change: { ids: rows.map((r) => r.id_reporte) },
          requestId: request.id,
        });
        return rows.length;
      });
      return {
        detail: REPORTES_MESSAGES.marked(updated),
        actualizados: updated,
        reportes: await findReportes(request.server.db, ids),
      };
    },
  );

  app.post(
    '/:id/enviar',
    {
      onRequest: staff,
      schema: { tags: ['reportes'], params: idParams, response: { 200: enviarReporteResponseSchema } },
    },
    async (request) => {
      const id = request.params.id;
      const actor = currentUser(request);
      await request.server.db.transaction().execute(async (trx) => {
        const current = await trx
          .selectFrom('reportes')
          .select('estatus')
          .where('id_reporte', '=', id)
          .forUpdate()
          .executeTakeFirst();
        if (!current) httpError(404, REPORTES_MESSAGES.notFound);
        if (current.estatus === 'pendiente') {
          await trx
            .updateTable('reportes')
            .set({ estatus: 'enviado', fecha_enviado: sql`now()` })
            .where('id_reporte', '=', id)
            .execute();
        }
        await audit(trx, {
          actorId: actor.id_usuario,
          action: 'reporte.enviar',
          targetType: 'reporte',
          targetId: id,
          change: { estatus: { from: current.estatus, to: 'enviado' } },
          requestId: request.id,
        });
      });
      const reporte = await findReporte(request.server.db, id);
      if (!reporte) httpError(404, REPORTES_MESSAGES.notFound);
      return { detail: REPORTES_MESSAGES.sent, reporte };
    },
  );

  app.get(
    '/pendientes/descarga',
    { onRequest: staff, schema: { tags: ['reportes'], querystring: pendientesQuerySchema } },
    async (request, reply) => {
      const idCliente = await resolveCliente(request, request.query.cliente);
      const pending = await pendingPdfs(request.server.db, idCliente);
      if (pending.length === 0) httpError(404, REPORTES_MESSAGES.noPending);
      const files: Record<string, [Uint8Array, { level: 0 }]> = {};
      for (const r of pending) {
        let name = `${safeName(r.cliente)}/${safeName(r.folio)}.pdf`;
        if (name in files) name = `${safeName(r.cliente)}/${safeName(r.folio)}_${r.id_reporte}.pdf`;
        // PDFs are already compressed: store them.
        files[name] = [r.pdf, { level: 0 }];
      }
      const zip = zipSync(files);
      const stamp = new Date().toISOString().slice(0, 10).replace(/-/g, '');
      const scope = request.query.cliente ? `_${safeName(pending[0]?.cliente ?? '')}` : '';
      return reply
        .type('application/zip')
        .header('content-disposition', `attachment; filename="reportes_pendientes${scope}_${stamp}.zip"`)
        .header('x-reportes-count', String(pending.length))
        .send(Buffer.from(zip.buffer, zip.byteOffset, zip.byteLength));
    },
  );

  app.post(
    '',
    {
      onRequest: staff,
      bodyLimit: MAX_REPORT_PDF_BYTES + 1024 * 1024,
      schema: {
        tags: ['reportes'],
        consumes: ['multipart/form-data'],
        response: { 201: createReporteResponseSchema },
      },
    },
    async (request, reply) => {
      if (!request.isMultipart()) httpError(415, ERROR_MESSAGES.unsupportedMediaType);
      const { fields, file } = await readUpload(request);
      const parsed = createReporteFieldsSchema.safeParse(fields);
      if (!parsed.success) throw new RequestValidationError(toValidationIssues(parsed.error, 'body'));
      if (!file) httpError(422, REPORTES_MESSAGES.pdfMissing);
      if (!isPdf(file.bytes)) httpError(422, REPORTES_MESSAGES.invalidPdf);
      const db = request.server.db;
      const cliente = await findCliente(db, parsed.data.cliente);
      if (!cliente) httpError(422, REPORTES_MESSAGES.unknownCliente);
      const folio = await db
        .selectFrom('folios')
        .select('id_folio')
        .where('folio', '=', parsed.data.folio)
        .executeTakeFirst();
      let visitador: number | null = null;
      if (parsed.data.id_visitador !== undefined) {
        const v = await db
          .selectFrom('usuarios')
          .select('id_usuario')
          .where('id_usuario', '=', parsed.data.id_visitador)
          .where('rol', '=', 'visitador')
          .executeTakeFirst();
        if (!v) httpError(422, 'El visitador indicado no existe');
        visitador = v.id_usuario;
      } else if (folio) {
        const last = await db
          .selectFrom('asignaciones')
          .select('id_usuario')
          .where('id_folio', '=', folio.id_folio)
          .orderBy('fecha_asignacion', 'desc')
          .orderBy('id_asignacion', 'desc')
          .executeTakeFirst();
        visitador = last?.id_usuario ?? null;
      }
      const actor = currentUser(request);
      const id = await db.transaction().execute(async (trx) => {
        const row = await trx
          .insertInto('reportes')
          .values({
            folio: parsed.data.folio,
            id_folio: folio?.id_folio ?? null,
            id_cliente: cliente.id_cliente,
            id_visitador: visitador,
            notas: parsed.data.notas,
            pdf: file.bytes,
            pdf_nombre: file.filename || `${safeName(parsed.data.folio)}.pdf`,
            pdf_bytes: file.bytes.length,
            creado_por: actor.id_usuario,
          })
          .returning('id_reporte')
          .executeTakeFirstOrThrow();
        await audit(trx, {
          actorId: actor.id_usuario,
          action: 'reporte.create',
          targetType: 'reporte',
          targetId: row.id_reporte,
          change: { folio: parsed.data.folio, cliente: cliente.nombre, bytes: file.bytes.length },
          requestId: request.id,
        });
        return row.id_reporte;
      });
      const reporte = await findReporte(db, id);
      if (!reporte) httpError(404, REPORTES_MESSAGES.notFound);
      return reply.code(201).send({ detail: REPORTES_MESSAGES.created, reporte });
    },
  );
}
