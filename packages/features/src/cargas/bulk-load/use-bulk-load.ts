/**
 * Runs the wizard: the reducer's state plus the calls to the spreadsheet and cargas ports
 * (read → classify → process in batches → save in parts of a lote, confirmed at once). Every async step
 * can be cancelled by closing or by 'Cancelar lectura'; an answer that arrives after a reset is ignored.
 * The lote is saved ahead (`lote-upload.ts`): opened as processing starts, each batch goes with it and the
 * server stores the batch's valid rows as its part, so 'Confirmar Carga' sends only the parts not stored yet or
 * edited since, then confirms.
 */
import {
  type InvalidRow,
  type LoadType,
  MAX_ROWS_PER_CARGA,
  PROCESS_BATCH_ROWS,
  type ProcessCargaResponse,
  type ProcessedRow,
  REQUESTS_IN_FLIGHT,
  RowsCompletedInPlace,
} from '@socio/contracts';
import { toast } from '@socio/ui';
import { startTransition, useCallback, useEffect, useReducer, useRef } from 'react';
import { usePort } from '../../ports';
import { esMxDate } from '../manual-assignment';
import {
  bulkLoadReducer,
  canConfirm,
  initialBulkLoadState,
  isRowUnassigned,
  refusedRows,
} from './bulk-load.reducer';
import { isAbort, processErrorMessage, readErrorMessage, saveErrorMessage } from './bulk-load-errors';
import { streamClassification } from './classify';
import { isSupportedSpreadsheet } from './file-types';
import { createSlots, runInFlight, runPrepared } from './in-flight';
import { invalidRowsCsv, invalidRowsFileName } from './invalid-rows-csv';
import { type LoteUpload, openLoteUpload, partCount, partRevision, partRows } from './lote-upload';
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
  /** The lote saved ahead of 'Confirmar Carga' (opened as processing starts), until confirmed or dropped. */
  const loteRef = useRef<LoteUpload | null>(null);

  /** Drops the lote saved ahead (best effort; the server's expiry sweep is the backstop). */
  const dropLote = useCallback(() => {
    loteRef.current?.discard();
    loteRef.current = null;
  }, []);

  const startRun = useCallback(() => {
    runRef.current?.abort();
    const controller = new AbortController();
    runRef.current = controller;
    return controller.signal;
  }, []);

  useEffect(() => {
    spreadsheet.warmUp?.();
    return () => {
      runRef.current?.abort();
      dropLote();
    };
  }, [spreadsheet, dropLote]);

  const read = useCallback(
    async (file: File, sheetName?: string) => {
      // Picking another sheet of the workbook shown: a failure goes back to the sheet shown.
      const previous =
        sheetName !== undefined && stateRef.current.phase === 'ready' ? stateRef.current : null;
      const signal = startRun();
      dropLote();
      fileRef.current = file;
      dispatch({ type: 'fileSelected', fileName: file.name });
      // Rows are classified as the reader hands them over, in short slices while the page waits for the
      // next chunk: at 1,048,575 rows classifying after the read added ~2 s to step 1 on an idle main thread.
      const classification = streamClassification({ signal });
      try {
        if (!isSupportedSpreadsheet(file)) throw new SpreadsheetError('unsupported');
        if (file.size === 0) throw new SpreadsheetError('empty');
        const sheet = await spreadsheet.parse(file, {
          signal,
          sheet: sheetName,
          // What the save cannot take is refused now, not after every step (the reader stops at the count).
          maxRows: MAX_ROWS_PER_CARGA,
          onProgress: (fraction) => dispatch({ type: 'readProgress', fraction }),
          onRows: classification.rows,
          onRestart: classification.restart,
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
        const { valid, invalid } = await classification.finish(sheet.headers, sheet.rows);
        signal.throwIfAborted();
        mark('carga:filas-clasificadas');
        dispatch({ type: 'rowsClassified', valid, invalid });
      } catch (error) {
        // A read that failed (a file over the limit stops at it): the rows it streamed are not classified on.
        classification.restart();
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
    [spreadsheet, startRun, dropLote],
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
    dropLote();
    dispatch({ type: 'reset' });
  }, [dropLote]);

  /** The lote of the file shown, opened now with what is known of it (confirm sends the rest). */
  const openLote = useCallback(() => {
    const { fileName, invalid } = stateRef.current;
    return openLoteUpload(cargas, {
      fileName: fileName ?? '',
      invalidCount: invalid.length,
      loadType,
      date: esMxDate(new Date()),
    });
  }, [cargas, loadType]);

  const process = useCallback(async () => {
    const { valid, phase } = stateRef.current;
    if (phase !== 'ready' || valid.length === 0) return;
    const signal = startRun();
    dispatch({ type: 'processStarted', total: valid.length });
    dropLote();
    const lote = openLote();
    loteRef.current = lote;
    // Each batch goes with the lote (once it is open): the server stores its valid rows as the part of the
    // batch's number. A lote that failed to open: the batches go without it, and the parts are sent below.
    const loteId = lote.id.catch(() => null);
    // The answers' rows are the valid rows themselves, completed in place (no second copy of the file while it is
    // processed); a processing that fails or is left takes their computed fields off again (`undo`).
    const inPlace = new RowsCompletedInPlace();
    try {
      // Batches go out two at a time (each answer kept in its batch's slot): the file's order is kept
      // whatever answers first, and the bar counts the rows of every batch answered.
      const batches = Math.ceil(valid.length / PROCESS_BATCH);
      const answers: (ProcessCargaResponse | undefined)[] = new Array(batches);
      const staged: boolean[] = new Array(batches).fill(false);
      // The answered batches from the first on, in file order, and where each one's rows start (its part).
      const processed: ProcessedRow[] = [];
      const partLayout: number[] = [];
      const invalid: InvalidRow[] = [];
      // Counted as each batch is merged: counting all the rows once the last one answered made the task that
      // shows step 3 grow with the file (~13 ms more at 500,000 rows).
      let unassigned = 0;
      let joined = 0;
      let done = 0;
      // Each batch's body is written and compressed while the two before it are still out (`runPrepared`): an
      // answer is followed at once by the next request instead of by the making of its body (110–580 ms of a
      // 100,000-row file in which the server, done with both batches, sat idle).
      await runPrepared(
        batches,
        REQUESTS_IN_FLIGHT,
        async (b, batchSignal) => {
          const rows = valid.slice(b * PROCESS_BATCH, (b + 1) * PROCESS_BATCH);
          const id = await loteId;
          batchSignal.throwIfAborted();
          const options = id === null ? {} : { lote: { id, parte: b } };
          const prepared = await cargas.prepareProcess(rows, loadType, { ...options, signal: batchSignal });
          return { rows, options, prepared };
        },
        async (b, { rows: batch, options, prepared }, batchSignal) => {
          const answer = await cargas.process(batch, loadType, {
            ...options,
            prepared,
            inPlace,
            signal: batchSignal,
          });
          answers[b] = answer;
          batchSignal.throwIfAborted();
          staged[b] = answer.staged === true;
          done += batch.length;
          dispatch({ type: 'processProgress', done });
          for (let next = answers[joined]; next !== undefined; next = answers[++joined]) {
            partLayout.push(processed.length);
            for (const row of next.processedData) {
              processed.push(row);
              if (isRowUnassigned(row)) unassigned++;
            }
            for (const row of next.invalidRows) invalid.push(row);
            answers[joined] = undefined;
          }
        },
        signal,
      );
      // The parts no batch stored go once processing ends, two in flight, while the user reviews (a part that
      // fails is sent again at confirm). Parts sent while batches were still out shared the server's two cores
      // with them: on a 100,000-row carga processing took 9.8 s instead of 5.1 s, more than the click then saved.
      const slot = createSlots(REQUESTS_IN_FLIGHT);
      for (let n = 0; n < partCount(partLayout); n++) {
        if (staged[n]) lote.markStored(n, 0);
        else void lote.offer(n, partRows(processed, partLayout, n), 0, slot);
      }
      // Step 3 is rendered as a transition: React renders it in slices that give the page a turn, instead of one
      // task with the commit (it was the longest task of processing a 500,000-row file by CPU: ~70 ms).
      startTransition(() => dispatch({ type: 'processed', processed, invalid, partLayout, unassigned }));
    } catch (error) {
      inPlace.undo();
      if (loteRef.current === lote) dropLote();
      if (signal.aborted) return;
      dispatch({ type: 'processFailed', message: processErrorMessage(error) });
    }
  }, [cargas, loadType, startRun, dropLote, openLote]);

  const confirm = useCallback(async () => {
    const current = stateRef.current;
    if (current.phase !== 'review') return;
    if (current.unassigned > 0) {
      dispatch({ type: 'confirmBlocked', message: m.missingVisitor });
      return;
    }
    if (!canConfirm(current)) return;
    const rows = current.processed;
    const revisions = current.partRevisions;
    const layout = current.partLayout;
    const parts = partCount(layout);
    const signal = startRun();
    // The lote saved ahead (else, after a failed save, a new one): dropped (best effort) if the save fails or
    // the wizard closes.
    let lote = loteRef.current ?? openLote();
    loteRef.current = lote;
    /** Rows of the parts stored as they are now. */
    const storedRows = () => {
      let stored = 0;
      for (let n = 0; n < parts; n++)
        if (lote.isStored(n, partRevision(revisions, n))) stored += partRows(rows, layout, n).length;
      return stored;
    };
    dispatch({ type: 'saveStarted', done: storedRows() });
    try {
      // Parts on their way settle first (one edited meanwhile is sent again below).
      await lote.idle();
      signal.throwIfAborted();
      if ((await lote.id.catch(() => null)) === null) {
        // The lote saved ahead never opened: a new one, every part sent now.
        signal.throwIfAborted();
        lote.discard();
        lote = openLote();
        loteRef.current = lote;
      }
      const id = await lote.id;
      signal.throwIfAborted();
      // The parts not stored as they are now, two in flight (each a slice of the rows, never a second copy of
      // them all): the next is compressed and sent while the server stores the one before. The bar counts the
      // rows of every part stored.
      const missing: number[] = [];
      for (let n = 0; n < parts; n++) if (!lote.isStored(n, partRevision(revisions, n))) missing.push(n);
      let done = storedRows();
      dispatch({ type: 'saveProgress', done });
      await runInFlight(
        missing.length,
        REQUESTS_IN_FLIGHT,
        async (i, partSignal) => {
          const n = missing[i] as number;
          const part = partRows(rows, layout, n);
          await lote.send(n, part, partRevision(revisions, n), partSignal);
          partSignal.throwIfAborted();
          done += part.length;
          dispatch({ type: 'saveProgress', done });
        },
        signal,
      );
      const result = await cargas.confirmSave(id, {
        signal,
        // What the lote could not know when it opened; the server refuses it unless it holds exactly these rows.
        file: { validCount: rows.length, invalidCount: current.invalid.length, date: esMxDate(new Date()) },
      });
      // Confirmed: the server dropped the lote. (A confirmar that failed or was abandoned is discarded below;
      // the server's lock makes that wait for a confirmar still running, and then finds nothing to drop.)
      if (loteRef.current === lote) loteRef.current = null;
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
      if (loteRef.current === lote) dropLote();
      if (signal.aborted) return;
      dispatch({ type: 'saveFailed', message: saveErrorMessage(error) });
    }
  }, [cargas, onSaved, onDone, startRun, openLote, dropLote]);

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
    dropLote();
    dispatch({ type: 'reset' });
  }, [dropLote]);

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
