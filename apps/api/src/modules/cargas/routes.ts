import {
  apiRoutes,
  CARGAS_MESSAGES,
  MAX_ROWS_PER_REQUEST,
  rowsFromLists,
  SAVE_PART_ROWS,
} from '@socio/contracts';
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
  confirmLote,
  confirmWhileStaged,
  discardLote,
  openLote,
  processCarga,
  reassignAssignment,
  saveCarga,
  saveLotePart,
  saveManualAssignment,
  sweepExpiredLotes,
} from './service';
import { BodyStager, type StagedFeed } from './staging';

/** Body limit of process_carga, save_carga and a lote's part: 100,000 rows of a wide sheet (~25 columns) plus computed fields. */
export const CARGA_BODY_LIMIT = 128 * 1024 * 1024;

/**
 * Refuses a body of more than `max` rows before validating them one by one. `message` names the CARGAS_MESSAGES
 * entry, read when a body is refused (building it formats a number: not at every start, see contracts' rowCount).
 */
function limitRows(
  key: 'rows' | 'processedData',
  max: number,
  message: 'tooManyRowsPerRequest' | 'tooManyRowsPerPart',
) {
  return async (request: FastifyRequest) => {
    const body = request.body as Record<string, unknown> | null | undefined;
    const rows = body && typeof body === 'object' ? body[key] : undefined;
    if (Array.isArray(rows) && rows.length > max) fail('invalid', 'too_many_rows', CARGAS_MESSAGES[message]);
  };
}
const perRequest = (key: 'rows' | 'processedData') =>
  limitRows(key, MAX_ROWS_PER_REQUEST, 'tooManyRowsPerRequest');

/** Cargas and asignaciones. */
export async function cargasRoutes(app: FastifyInstance): Promise<void> {
  const { cargas } = apiRoutes;
  const countRows = perRequest('rows');

  registerRoute(app, cargas.activeVisitors, async () => ({ visitors: await activeVisitors(app.db) }));

  registerRoute(app, cargas.regions, async () => ({ regions: await regionsAvailable(app.db) }));

  // The two bodies of a whole file: read row by row as they arrive.
  await app.register(async (files) => {
    parseJsonBodiesAsTheyArrive(files);

    registerRoute(
      files,
      cargas.process,
      {
        bodyLimit: CARGA_BODY_LIMIT,
        // Counted first; then rows written as lists (`columns`) become the object rows every check reads.
        preValidation: async (request) => {
          await countRows(request);
          rowsFromLists(request.body);
        },
      },
      async (request) =>
        processCarga(app.db, actorOf(request), request.body.rows, request.body.lote, request.body.answer),
    );

    registerRoute(
      files,
      cargas.savePart,
      {
        bodyLimit: CARGA_BODY_LIMIT,
        preValidation: limitRows('processedData', SAVE_PART_ROWS, 'tooManyRowsPerPart'),
      },
      async (request) =>
        saveLotePart(
          app.db,
          actorOf(request),
          request.params.id,
          request.params.n,
          request.body.processedData,
        ),
    );
  });

  // save_carga's rows are checked and staged while its body arrives (`BodyStager`); a body refused, or a request
  // ended before its handler took the lote, leaves nothing staged.
  await app.register(async (save) => {
    const stagers = new WeakMap<FastifyRequest, BodyStager>();
    parseJsonBodiesAsTheyArrive(save, (request) => {
      const actor = actorOf(request);
      // PostgreSQL moves the rows while the body arrives; PGlite's one connection cannot (its staging would wait
      // for the confirmation's transaction): confirmed once the body was all read.
      const confirm =
        app.dbKind === 'postgres'
          ? (id: string, feed: StagedFeed) => confirmWhileStaged(app.db, actor, id, feed)
          : null;
      const stager = new BodyStager(app.db, actor, confirm);
      stagers.set(request, stager);
      return { processedData: stager };
    });
    const discard = async (request: FastifyRequest) => {
      await stagers.get(request)?.discard();
    };
    // Before any answer is sent (a refused body's too: the client never sees it while rows are still staged),
    // and for a request that ends without one.
    save.addHook('onSend', async (request, _reply, payload) => {
      await discard(request);
      return payload;
    });
    save.addHook('onRequestAbort', discard);
    save.addHook('onResponse', discard);

    registerRoute(
      save,
      cargas.save,
      { bodyLimit: CARGA_BODY_LIMIT, preValidation: perRequest('processedData') },
      async (request) => {
        const rows = stagers.get(request);
        if (!rows) throw new Error('save_carga: cuerpo sin leer');
        return saveCarga(app.db, actorOf(request), request.body, rows);
      },
    );
  });

  // A staged save (lote): opened, sent in parts (above), confirmed in one transaction, or discarded.
  registerRoute(app, cargas.openSave, async (request) => openLote(app.db, actorOf(request), request.body));
  registerRoute(app, cargas.confirmSave, async (request) =>
    confirmLote(app.db, actorOf(request), request.params.id, request.body ?? {}),
  );
  registerRoute(app, cargas.discardSave, async (request, reply) => {
    await discardLote(app.db, actorOf(request), request.params.id);
    return reply.code(204).send();
  });
  // Lotes abandoned past their expiry go at start too (and whenever a lote is opened).
  app.addHook('onReady', async () => {
    const swept = await sweepExpiredLotes(app.db);
    if (swept > 0) app.log.info({ lotes: swept }, 'carga: lotes vencidos eliminados');
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
