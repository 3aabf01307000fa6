import {
  activeAssignmentsQuerySchema,
  activeAssignmentsResponseSchema,
  activeVisitorsResponseSchema,
  assignmentStatsSchema,
  CARGAS_MESSAGES,
  cargasRegionsResponseSchema,
  MAX_ROWS_PER_CARGA,
  manualAssignmentResponseSchema,
  manualAssignmentSchema,
  patchAssignmentRequestSchema,
  patchAssignmentResponseSchema,
  processCargaRequestSchema,
  processCargaResponseSchema,
  saveCargaRequestSchema,
  saveCargaResponseSchema,
} from '@socio/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { currentUser, requireRole } from '../../http/auth';
import { httpError } from '../../http/errors';
import { idParams, type ZodTypeProvider } from '../../http/zod';
import { assignmentStats, listActiveVisitors, listAssignments, listRegionsAvailable } from './repo';
import { type Actor, changeAssignmentStatus, processCarga, saveCarga, saveManualAssignment } from './service';

/** Body limit of process_carga and save_carga: 100,000 rows of a wide sheet (~25 columns) plus computed fields. */
export const CARGA_BODY_LIMIT = 128 * 1024 * 1024;

/** Authentication and role check before the body is read (a 64 MB body is never parsed for nobody). */
const staff = requireRole('Administrador', 'Supervisor');
const anyRole = requireRole();

/** 422 'La carga excede el máximo de 100,000 filas' before validating 100,000+ rows one by one. */
function limitRows(key: 'rows' | 'processedData') {
  return async (request: FastifyRequest) => {
    const body = request.body as Record<string, unknown> | null | undefined;
    const rows = body && typeof body === 'object' ? body[key] : undefined;
    if (Array.isArray(rows) && rows.length > MAX_ROWS_PER_CARGA) httpError(422, CARGAS_MESSAGES.tooManyRows);
  };
}

function actorOf(request: FastifyRequest): Actor {
  return { id: currentUser(request).id_usuario, requestId: request.id, log: request.log };
}

/** Visitadores see only their own assignments. */
function ownerFilter(request: FastifyRequest): number | undefined {
  const user = currentUser(request);
  return user.rol === 'Visitador' ? user.id_usuario : undefined;
}

export async function cargasRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/active_visitors',
    { onRequest: staff, schema: { tags: ['cargas'], response: { 200: activeVisitorsResponseSchema } } },
    async (request) => ({ visitors: await listActiveVisitors(request.server.db) }),
  );

  app.get(
    '/regions_available',
    { onRequest: staff, schema: { tags: ['cargas'], response: { 200: cargasRegionsResponseSchema } } },
    async (request) => ({ regions: await listRegionsAvailable(request.server.db) }),
  );

  app.post(
    '/process_carga',
    {
      onRequest: staff,
      bodyLimit: CARGA_BODY_LIMIT,
      preValidation: limitRows('rows'),
      schema: {
        tags: ['cargas'],
        body: processCargaRequestSchema,
        response: { 200: processCargaResponseSchema },
      },
    },
    async (request) => processCarga(request.server.db, request.body.rows),
  );

  app.post(
    '/save_carga',
    {
      onRequest: staff,
      bodyLimit: CARGA_BODY_LIMIT,
      preValidation: limitRows('processedData'),
      schema: { tags: ['cargas'], body: saveCargaRequestSchema, response: { 200: saveCargaResponseSchema } },
    },
    async (request) => saveCarga(request.server.db, actorOf(request), request.body),
  );

  app.get(
    '/active_assignments',
    {
      onRequest: anyRole,
      schema: {
        tags: ['cargas'],
        querystring: activeAssignmentsQuerySchema,
        response: { 200: activeAssignmentsResponseSchema },
      },
    },
    async (request) => listAssignments(request.server.db, request.query, ownerFilter(request)),
  );

  app.get(
    '/assignment_stats',
    { onRequest: anyRole, schema: { tags: ['cargas'], response: { 200: assignmentStatsSchema } } },
    async (request) => assignmentStats(request.server.db, ownerFilter(request)),
  );

  app.post(
    '/save_manual_assignment',
    {
      onRequest: staff,
      schema: {
        tags: ['cargas'],
        body: manualAssignmentSchema,
        response: { 201: manualAssignmentResponseSchema },
      },
    },
    async (request, reply) => {
      const created = await saveManualAssignment(request.server.db, actorOf(request), request.body);
      return reply.code(201).send(created);
    },
  );

  app.patch(
    '/asignaciones/:id',
    {
      onRequest: staff,
      schema: {
        tags: ['cargas'],
        params: idParams,
        body: patchAssignmentRequestSchema,
        response: { 200: patchAssignmentResponseSchema },
      },
    },
    async (request) => ({
      asignacion: await changeAssignmentStatus(
        request.server.db,
        actorOf(request),
        request.params.id,
        request.body.estatus,
      ),
    }),
  );
}
