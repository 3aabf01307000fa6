import {
  apiRoutes,
  computedProcessCargaAnswerSchema,
  computedRowCompleter,
  isMetaKey,
  type LoadType,
  PROCESSED_DISPLAY_KEYS,
  type ProcessCargaComputedResponse,
  type ProcessCargaResponse,
  type ProcessedRow,
  type RowsCompletedInPlace,
  rowsAsLists,
  type SaveRow,
  type UploadRow,
} from '@socio/contracts';
import type { CargasPort, PreparedProcess, ProcessCallOptions } from '@socio/features/cargas';
import { type HttpClient, type PreparedJson, prepareJson, yieldToPage } from './client';

const { cargas } = apiRoutes;
/**
 * process_carga asked for its computed answer (`answer: 'computed'`) to the rows `sent`: its rows checked in place
 * (`computedProcessCargaAnswerSchema`, no copy of each batch's rows), each pointing at a row sent.
 */
const processRoute = (sent: readonly UploadRow[]) => ({
  ...cargas.process,
  response: computedProcessCargaAnswerSchema(sent),
});

const DISPLAY_KEYS: ReadonlySet<string> = new Set(PROCESSED_DISPLAY_KEYS);

/**
 * A row as a part of the lote sends it: the file's cells, its folio, visitor and row number, without what
 * process_carga added for the screen or the wizard's own keys (about a third less to write, compress and read).
 * Written when the body is (`toJSON`), so each slimmed copy lives only while its row is written: 20,000 copies
 * made up front per part outlived the collector's young generation and grew the heap it pauses the page for.
 */
class SaveRowJson {
  constructor(private readonly row: ProcessedRow) {}
  toJSON(): SaveRow {
    const out: SaveRow = {};
    for (const key in this.row) {
      if (DISPLAY_KEYS.has(key) || (key !== 'row_index' && isMetaKey(key))) continue;
      out[key] = this.row[key];
    }
    return out;
  }
}

/**
 * process_carga's body: the batch's rows, the lote part they are stored as, and the computed answer asked for —
 * the browser holds the rows it sent, so the server does not write them back (per 5,000-row batch ~2.4 MB of
 * JSON to write, compress, inflate and parse, for a ~1.7 MB request); `process` completes them. The rows go as
 * lists under their `columns` (`rowsAsLists`): the column names once, not once per cell.
 */
const processBody = (rows: UploadRow[], loadType: LoadType, o?: ProcessCallOptions) => ({
  ...rowsAsLists(rows),
  loadType,
  ...(o?.lote ? { lote: o.lote } : {}),
  answer: 'computed' as const,
});

/** process_carga's body as `prepareProcess` wrote it (gzip-compressed). */
class PreparedProcessBody implements PreparedProcess {
  readonly preparedFor = 'process';
  constructor(readonly json: PreparedJson) {}
}

/** Rows of a process_carga answer completed per turn of the page (`completeInSlices`). */
export const COMPLETE_SLICE_ROWS = 1_000;

/**
 * `completeProcessCargaAnswer`, `COMPLETE_SLICE_ROWS` rows at a time, each slice in a turn of its own after the
 * answer's parsing and check: done at once, the check and the completion of a 5,000-row batch (with the garbage
 * collection they set off) ran as one task of 100-125 ms on a 2-core machine holding a 1,048,575-row file.
 */
async function completeInSlices(
  sent: UploadRow[],
  answer: ProcessCargaComputedResponse,
  inPlace: RowsCompletedInPlace | undefined,
): Promise<ProcessCargaResponse> {
  const computed = answer.processedData;
  const complete = computedRowCompleter(sent, inPlace);
  const sliced = computed.length > COMPLETE_SLICE_ROWS;
  const processedData: ProcessedRow[] = new Array(computed.length);
  for (let i = 0; i < computed.length; i++) {
    if (sliced && i % COMPLETE_SLICE_ROWS === 0) await yieldToPage();
    processedData[i] = complete(computed[i]!);
  }
  return { ...answer, processedData };
}

/** CargasPort over the API (`apiRoutes.cargas`). */
export function createHttpCargasPort(http: HttpClient): CargasPort {
  return {
    activeAssignments: (query, o) =>
      http.call(cargas.activeAssignments, { query: { ...query }, signal: o?.signal }),
    stats: (filters, o) => http.call(cargas.stats, { query: { ...filters }, signal: o?.signal }),
    activeVisitors: async (o) => (await http.call(cargas.activeVisitors, { signal: o?.signal })).visitors,
    regions: async (o) => (await http.call(cargas.regions, { signal: o?.signal })).regions,
    saveManual: (body) => http.call(cargas.saveManual, { body }),
    changeStatus: async (id, estatus) =>
      (await http.call(cargas.changeStatus, { params: { id }, body: { estatus } })).asignacion,
    reassign: async (id, visitorId) =>
      (await http.call(cargas.reassign, { params: { id }, body: { visitor_id: visitorId } })).asignacion,
    process: async (rows, loadType, o) => {
      const answer = await http.call(processRoute(rows), {
        body: processBody(rows, loadType, o),
        signal: o?.signal,
        compressBody: true,
        ...(o?.prepared instanceof PreparedProcessBody ? { prepared: o.prepared.json } : {}),
      });
      // With `o.inPlace` (the wizard's batches), each row is completed in the row sent (`RowsCompletedInPlace`):
      // no second copy of a file held while it is processed; the wizard undoes it when processing fails.
      return completeInSlices(rows, answer, o?.inPlace);
    },
    prepareProcess: async (rows, loadType, o) =>
      new PreparedProcessBody(await prepareJson(processBody(rows, loadType, o), true)),
    // The biggest bodies of the app (every row of the file): sent gzip-compressed (the API inflates them
    // and counts its body limit on the inflated size).
    save: (load, o) => http.call(cargas.save, { body: load, signal: o?.signal, compressBody: true }),
    openSave: (meta, o) => http.call(cargas.openSave, { body: meta, signal: o?.signal }),
    savePart: (id, n, rows, o) =>
      http.call(cargas.savePart, {
        params: { id, n },
        // The wire carries what toJSON writes (SaveRow), not the wrappers.
        body: { processedData: rows.map((row) => new SaveRowJson(row) as unknown as SaveRow) },
        signal: o?.signal,
        compressBody: true,
      }),
    confirmSave: (id, o) =>
      http.call(cargas.confirmSave, { params: { id }, body: o?.file, signal: o?.signal }),
    discardSave: async (id) => {
      await http.call(cargas.discardSave, { params: { id } });
    },
  };
}
