import { apiRoutes, CARGAS_MESSAGES, MAX_ROWS_PER_CARGA } from '@socio/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { fail } from '../../domain-errors';
import { actorOf } from '../../http/auth';
import { parseJsonBodiesAsTheyArrive } from '../../http/big-json';
import { registerRoute } from '../../http/route';
import { regionsAvailable } from '../users/service';
import {
  activeVisitors,
  assignmentStatistics,
  assignmentsPage,
  changeAssignmentStatus,
  processCarga,
  reassignAssignment,
  saveCarga,
  saveManualAssignment,
} from './service';

/** Body limit of process_carga and save_carga: 100,000 rows of a wide sheet (~25 columns) plus computed fields. */
export const CARGA_BODY_LIMIT = 128 * 1024 * 1024;

/** 'La carga excede el máximo de 100,000 filas' before validating 100,000+ rows one by one. */
function limitRows(key: 'rows' | 'processedData') {
  return async (request: FastifyRequest) => {
    const body = request.body as Record<string, unknown> | null | undefined;
    const rows = body && typeof body === 'object' ? body[key] : undefined;
    if (Array.isArray(rows) && rows.length > MAX_ROWS_PER_CARGA)
      fail('invalid', 'too_many_rows', CARGAS_MESSAGES.tooManyRows);
  };
}

/** Cargas and asignaciones. */
export async function cargasRoutes(app: FastifyInstance): Promise<void> {
  const { cargas } = apiRoutes;

  registerRoute(app, cargas.activeVisitors, async () => ({ visitors: await activeVisitors(app.db) }));

  registerRoute(app, cargas.regions, async () => ({ regions: await regionsAvailable(app.db) }));

  // The two bodies of a whole file: read row by row as they arrive.
  await app.register(async (files) => {
    parseJsonBodiesAsTheyArrive(files);

    registerRoute(
      files,
      cargas.process,
      { bodyLimit: CARGA_BODY_LIMIT, preValidation: limitRows('rows') },
      async (request) => processCarga(app.db, request.body.rows),
    );

    registerRoute(
      files,
      cargas.save,
      { bodyLimit: CARGA_BODY_LIMIT, preValidation: limitRows('processedData') },
      async (request) => saveCarga(app.db, actorOf(request), request.body),
    );
  });

  registerRoute(app, cargas.activeAssignments, async (request) =>
    assignmentsPage(app.db, actorOf(request), request.query),
  );

  registerRoute(app, cargas.stats, async (request) =>
    assignmentStatistics(app.db, actorOf(request), request.query),
  );

  registerRoute(app, cargas.saveManual, async (request) =>
    saveManualAssignment(app.db, actorOf(request), request.body),
  );

  registerRoute(app, cargas.changeStatus, async (request) => ({
    asignacion: await changeAssignmentStatus(
      app.db,
      actorOf(request),
      request.params.id,
      request.body.estatus,
    ),
  }));

  registerRoute(app, cargas.reassign, async (request) => ({
    asignacion: await reassignAssignment(
      app.db,
      actorOf(request),
      request.params.id,
      request.body.visitor_id,
    ),
  }));
}
