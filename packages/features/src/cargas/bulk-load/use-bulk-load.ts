/**
 * Runs the wizard: the reducer's state plus the calls to the spreadsheet and cargas ports
 * (read → classify → process in batches → save in parts of a lote, confirmed at once). Every async step
 * can be cancelled by closing or by 'Cancelar lectura'; an answer that arrives after a reset is ignored.
 */
import {
  type InvalidRow,
  type LoadType,
  MAX_ROWS_PER_CARGA,
  PROCESS_BATCH_ROWS,
  type ProcessCargaResponse,
  type ProcessedRow,
  SAVE_PART_ROWS,
} from '@socio/contracts';
import { toast } from '@socio/ui';
import { useCallback, useEffect, useReducer, useRef } from 'react';
import { usePort } from '../../ports';
import { esMxDate } from '../manual-assignment';
import { bulkLoadReducer, canConfirm, initialBulkLoadState, refusedRows } from './bulk-load.reducer';
import { isAbort, processErrorMessage, readErrorMessage, saveErrorMessage } from './bulk-load-errors';
import { classifyRows } from './classify';
import { isSupportedSpreadsheet } from './file-types';
import { REQUESTS_IN_FLIGHT, runInFlight } from './in-flight';
import { invalidRowsCsv, invalidRowsFileName } from './invalid-rows-csv';
import { bulkLoadMessages as m } from './messages.es';
import { isSpreadsheetError, SpreadsheetError } from './spreadsheet.port';

/** Valid rows sent per process_carga call (`PROCESS_BATCH_ROWS` of @socio/contracts). */
export const PROCESS_BATCH = PROCESS_BATCH_ROWS;

/** User Timing marks of the wizard's stages (read by `pnpm bench:import` and the browser's profiler). */
function mark(name: string) {
  globalThis.performance?.mark?.(name);
}

export interface UseBulkLoadOptions {
  loadType: LoadType;
  /** Called once the carga is saved (the list reloads), also when some rows were refused. */
  onSaved: () => void;
  /** Called after a save without refused rows (the dialog closes); with refused rows the result stays shown. */
  onDone: () => void;
}

export function useBulkLoad({ loadType, onSaved, onDone }: UseBulkLoadOptions) {
  const cargas = usePort('cargas');
  const spreadsheet = usePort('spreadsheet');
  const [state, dispatch] = useReducer(bulkLoadReducer, initialBulkLoadState);
  const stateRef = useRef(state);
  stateRef.current = state;
  /** Aborts whatever is running (read, classification, process). */
  const runRef = useRef<AbortController | null>(null);
  /** The file read last: another of its sheets can be read without picking it again. */
  const fileRef = useRef<File | null>(null);

  const startRun = useCallback(() => {
    runRef.current?.abort();
    const controller = new AbortController();
    runRef.current = controller;
    return controller.signal;
  }, []);

  useEffect(() => {
    spreadsheet.warmUp?.();
    return () => runRef.current?.abort();
  }, [spreadsheet]);

  const read = useCallback(
    async (file: File, sheetName?: string) => {
      // Picking another sheet of the workbook shown: a failure goes back to the sheet shown.
      const previous =
        sheetName !== undefined && stateRef.current.phase === 'ready' ? stateRef.current : null;
      const signal = startRun();
      fileRef.current = file;
      dispatch({ type: 'fileSelected', fileName: file.name });
      try {
        if (!isSupportedSpreadsheet(file)) throw new SpreadsheetError('unsupported');
        if (file.size === 0) throw new SpreadsheetError('empty');
        const sheet = await spreadsheet.parse(file, {
          signal,
          sheet: sheetName,
          // What the save cannot take is refused now, not after every step (the reader stops at the count).
          maxRows: MAX_ROWS_PER_CARGA,
          onProgress: (fraction) => dispatch({ type: 'readProgress', fraction }),
        });
        signal.throwIfAborted();
        if (sheet.rows.length === 0) throw new SpreadsheetError('no-data');
        mark('carga:archivo-leido');
        dispatch({
          type: 'fileRead',
          headers: sheet.headers,
          sheetNames: sheet.sheetNames ?? [],
          sheet: sheet.sheet ?? null,
        });
        const { valid, invalid } = await classifyRows(sheet.headers, sheet.rows, { signal });
        signal.throwIfAborted();
        mark('carga:filas-clasificadas');
        dispatch({ type: 'rowsClassified', valid, invalid });
      } catch (error) {
        if (signal.aborted || isAbort(error)) return;
        if (previous && sheetName !== undefined) {
          const noData = isSpreadsheetError(error) && (error.code === 'no-data' || error.code === 'empty');
          const message = noData ? m.sheetNoData(sheetName) : readErrorMessage(error);
          dispatch({ type: 'sheetFailed', previous, message });
          return;
        }
        dispatch({ type: 'readFailed', message: readErrorMessage(error) });
      }
    },
    [spreadsheet, startRun],
  );

  const selectFile = useCallback((file: File) => read(file), [read]);

  /** Reads another sheet of the same workbook (step 2's 'Hoja del libro'). */
  const selectSheet = useCallback(
    (sheetName: string) => {
      const file = fileRef.current;
      return file ? read(file, sheetName) : Promise.resolve();
    },
    [read],
  );

  const cancelRead = useCallback(() => {
    runRef.current?.abort();
    dispatch({ type: 'reset' });
  }, []);

  const process = useCallback(async () => {
    const { valid, phase } = stateRef.current;
    if (phase !== 'ready' || valid.length === 0) return;
    const signal = startRun();
    dispatch({ type: 'processStarted', total: valid.length });
    try {
      // Batches go out two at a time (each answer kept in its batch's slot): the file's order is kept
      // whatever answers first, and the bar counts the rows of every batch answered.
      const batches = Math.ceil(valid.length / PROCESS_BATCH);
      const answers: (ProcessCargaResponse | undefined)[] = new Array(batches);
      let done = 0;
      await runInFlight(
        batches,
        REQUESTS_IN_FLIGHT,
        async (b, batchSignal) => {
          const batch = valid.slice(b * PROCESS_BATCH, (b + 1) * PROCESS_BATCH);
          answers[b] = await cargas.process(batch, loadType, { signal: batchSignal });
          batchSignal.throwIfAborted();
          done += batch.length;
          dispatch({ type: 'processProgress', done });
        },
        signal,
      );
      const processed: ProcessedRow[] = [];
      const invalid: InvalidRow[] = [];
      for (const answer of answers) {
        if (!answer) continue;
        for (const row of answer.processedData) processed.push(row);
        for (const row of answer.invalidRows) invalid.push(row);
      }
      dispatch({ type: 'processed', processed, invalid });
    } catch (error) {
      if (signal.aborted) return;
      dispatch({ type: 'processFailed', message: processErrorMessage(error) });
    }
  }, [cargas, loadType, startRun]);

  /** Sends part `n` of lote `id`; a part that fails is sent once more (the server replaces a part sent again). */
  const sendPart = useCallback(
    async (id: string, n: number, part: ProcessedRow[], signal: AbortSignal) => {
      try {
        await cargas.savePart(id, n, part, { signal });
      } catch (error) {
        if (signal.aborted || isAbort(error)) throw error;
        await cargas.savePart(id, n, part, { signal });
      }
    },
    [cargas],
  );

  const confirm = useCallback(async () => {
    const current = stateRef.current;
    if (current.phase !== 'review') return;
    if (current.unassigned > 0) {
      dispatch({ type: 'confirmBlocked', message: m.missingVisitor });
      return;
    }
    if (!canConfirm(current)) return;
    const rows = current.processed;
    const signal = startRun();
    dispatch({ type: 'saveStarted' });
    // The lote opened and not confirmed: discarded (best effort) if the save fails or the wizard closes.
    let lote: string | null = null;
    try {
      lote = (
        await cargas.openSave(
          {
            fileName: current.fileName ?? '',
            validCount: rows.length,
            invalidCount: current.invalid.length,
            loadType,
            date: esMxDate(new Date()),
          },
          { signal },
        )
      ).id;
      signal.throwIfAborted();
      // Two parts in flight (each a slice of the rows, never a second copy of them all): the next is
      // compressed and sent while the server stores the one before. The bar counts the rows of every part stored.
      const id = lote;
      let done = 0;
      await runInFlight(
        Math.ceil(rows.length / SAVE_PART_ROWS),
        REQUESTS_IN_FLIGHT,
        async (n, partSignal) => {
          const part = rows.slice(n * SAVE_PART_ROWS, (n + 1) * SAVE_PART_ROWS);
          await sendPart(id, n, part, partSignal);
          partSignal.throwIfAborted();
          done += part.length;
          dispatch({ type: 'saveProgress', done });
        },
        signal,
      );
      const result = await cargas.confirmSave(lote, { signal });
      // Confirmed: the server dropped the lote. (A confirmar that failed or was abandoned is discarded below;
      // the server's lock makes that wait for a confirmar still running, and then finds nothing to drop.)
      lote = null;
      signal.throwIfAborted();
      if (result.recordsProcessed === 0) {
        dispatch({ type: 'saveFailed', message: saveErrorMessage(result.message) });
        return;
      }
      if (result.recordsFailed > 0) {
        // Some rows were refused: the result stays on screen (which rows and why) until closed.
        dispatch({
          type: 'savedWithFailures',
          result: {
            processed: result.recordsProcessed,
            failed: result.recordsFailed,
            failures: refusedRows(current.processed, result.failures),
          },
        });
        onSaved();
        return;
      }
      toast.success(m.saved(result.recordsProcessed));
      dispatch({ type: 'reset' });
      onDone();
      onSaved();
    } catch (error) {
      if (lote !== null) cargas.discardSave(lote).catch(() => undefined);
      if (signal.aborted) return;
      dispatch({ type: 'saveFailed', message: saveErrorMessage(error) });
    }
  }, [cargas, loadType, onSaved, onDone, sendPart, startRun]);

  const saveRows = useCallback(
    (rows: readonly InvalidRow[]) => {
      const csv = invalidRowsCsv(stateRef.current.headers, rows, {
        row: m.rowColumn,
        reason: m.reasonColumn,
      });
      spreadsheet.saveFile(new Blob([csv], { type: 'text/csv;charset=utf-8' }), invalidRowsFileName());
    },
    [spreadsheet],
  );
  /** Every row that will not be loaded (the file's and those the server refused), as CSV. */
  const downloadInvalid = useCallback(() => saveRows(stateRef.current.invalid), [saveRows]);
  /** The rows a save refused, with the server's reason, as CSV. */
  const downloadFailed = useCallback(() => saveRows(stateRef.current.saved?.failures ?? []), [saveRows]);

  const reset = useCallback(() => {
    runRef.current?.abort();
    runRef.current = null;
    dispatch({ type: 'reset' });
  }, []);

  return {
    state,
    dispatch,
    selectFile,
    selectSheet,
    cancelRead,
    process,
    confirm,
    downloadInvalid,
    downloadFailed,
    reset,
  };
}

export type BulkLoadController = ReturnType<typeof useBulkLoad>;
