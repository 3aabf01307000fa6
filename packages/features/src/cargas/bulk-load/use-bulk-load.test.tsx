import {
  type ComputedRow,
  completeProcessCargaAnswer,
  type ProcessCargaResponse,
  type ProcessedRow,
  type SavePartResponse,
  type UploadRow,
} from '@socio/contracts';
import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../errors';
import { PortsProvider } from '../../ports';
import { createFakeCargasPort, type Held, held } from '../../testing';
import type { CargasPort, PreparedProcess, ProcessSendOptions } from '../cargas.port';
import { createFakeSpreadsheetParser } from './bulk-load.fake';
import { countUnassigned } from './bulk-load.reducer';
import { classifyRowsSync } from './classify';
import type { SpreadsheetParser } from './spreadsheet.port';
import { type BulkLoadController, useBulkLoad } from './use-bulk-load';

const upload = (i: number): UploadRow => ({ __id: i, row_index: i + 2, Folio: `F-${i}` });
const processedOf = (row: UploadRow): ProcessedRow => ({
  ...row,
  id_folio: String(row.Folio),
  visitor_id: 7,
  state_of_folio: 'Nuevo León',
  state_of_visitor: 'Nuevo León',
  address_complete_folio: 'Calle 1, Centro',
});

function setup(cargas: CargasPort) {
  const onSaved = vi.fn();
  const onDone = vi.fn();
  const wrapper = ({ children }: { children: ReactNode }) => (
    <PortsProvider value={{ cargas, spreadsheet: createFakeSpreadsheetParser() }}>{children}</PortsProvider>
  );
  const hook = renderHook(() => useBulkLoad({ loadType: 'TEC_MTY', onSaved, onDone }), { wrapper });
  return { ...hook, onSaved, onDone };
}

type Hook = ReturnType<typeof setup>['result'];

/** Step 2 with `n` valid rows, as the reader and the classifier would leave it. */
function toReady(result: Hook, n: number) {
  act(() => {
    result.current.dispatch({ type: 'fileSelected', fileName: 'carga.csv' });
    result.current.dispatch({ type: 'fileRead', headers: ['Folio'] });
    result.current.dispatch({
      type: 'rowsClassified',
      valid: Array.from({ length: n }, (_, i) => upload(i)),
      invalid: [],
    });
  });
}

/** Step 3 with `n` processed rows, every one with a visitor. */
function toReview(result: Hook, n: number) {
  toReady(result, 1);
  act(() => {
    result.current.dispatch({ type: 'processStarted', total: n });
    result.current.dispatch({
      type: 'processed',
      processed: Array.from({ length: n }, (_, i) => processedOf(upload(i))),
      invalid: [],
    });
  });
}

/**
 * A process_carga port whose answers the test releases (`answers[n]`); `answerOf(n)` is the answer to call n, its
 * rows mapped by `toProcessed`.
 */
function heldProcess(toProcessed: (row: UploadRow) => ProcessedRow = processedOf) {
  const answers: Held<ProcessCargaResponse>[] = [];
  const process = vi.fn((_rows: UploadRow[]) => {
    const answer = held<ProcessCargaResponse>();
    answers.push(answer);
    return answer.promise;
  });
  const answerOf = (call: number): ProcessCargaResponse => {
    const rows = process.mock.calls[call]?.[0] ?? [];
    return {
      processedData: rows.map(toProcessed),
      invalidRows: [],
      invalidCount: 0,
      validCount: rows.length,
    };
  };
  return { answers, process, answerOf };
}

/** Lets the hook's awaits run (the port calls it makes are what is asserted). */
const settle = () => act(async () => undefined);

describe('useBulkLoad · process_carga batches', () => {
  it('sends two batches at once, counts finished rows and keeps the file order whatever answers first', async () => {
    const { answers, process, answerOf } = heldProcess();
    const { result } = setup({ ...createFakeCargasPort(), process });
    toReady(result, 12_000); // batches of 5,000, 5,000 and 2,000
    let done: Promise<void> = Promise.resolve();
    act(() => {
      done = result.current.process();
    });
    await settle();
    expect(process.mock.calls.map(([rows]) => rows.length)).toEqual([5_000, 5_000]);

    // The second batch answers first: its rows count, the third batch goes out.
    answers[1]?.release(answerOf(1));
    await settle();
    expect(result.current.state.progress).toEqual({ done: 5_000, total: 12_000 });
    expect(process.mock.calls.map(([rows]) => rows.length)).toEqual([5_000, 5_000, 2_000]);

    answers[2]?.release(answerOf(2));
    await settle();
    expect(result.current.state.progress).toEqual({ done: 7_000, total: 12_000 });
    expect(result.current.state.phase).toBe('processing');
    answers[0]?.release(answerOf(0));
    await act(() => done);
    expect(result.current.state.phase).toBe('review');
    expect(result.current.state.processed.map((row) => row.row_index)).toEqual(
      Array.from({ length: 12_000 }, (_, i) => i + 2),
    );
  });

  it('a batch that fails stops the other in flight and sends no more: step 2 shows why', async () => {
    const answers: Held<ProcessCargaResponse>[] = [];
    const signals: AbortSignal[] = [];
    const process = vi.fn((_rows: UploadRow[], _type: string, o?: { signal?: AbortSignal }) => {
      const answer = held<ProcessCargaResponse>();
      answers.push(answer);
      if (o?.signal) signals.push(o.signal);
      return answer.promise;
    });
    const { result } = setup({ ...createFakeCargasPort(), process });
    toReady(result, 12_000);
    let done: Promise<void> = Promise.resolve();
    act(() => {
      done = result.current.process();
    });
    await settle();
    answers[0]?.fail(new ApiError(503, 'Servicio no disponible'));
    await settle();
    expect(signals[1]?.aborted).toBe(true);
    answers[1]?.fail(signals[1]?.reason);
    await act(() => done);
    expect(process).toHaveBeenCalledTimes(2);
    expect(result.current.state.phase).toBe('ready');
    expect(result.current.state.error).toMatch(/Servicio no disponible/);
  });

  it('rows completed in place by a batch that answered go back to step 2 as sent when a later batch fails', async () => {
    const answers: Held<undefined>[] = [];
    const sentKeys: string[][] = [];
    // As the HTTP port does: each answer's rows completed in the rows sent (`o.inPlace`).
    const process = vi.fn(async (rows: UploadRow[], _type: string, o?: ProcessSendOptions) => {
      const answer = held<undefined>();
      answers.push(answer);
      sentKeys.push(Object.keys(rows[0] ?? {}));
      await answer.promise;
      const computed = rows.map(
        (row, position): ComputedRow => ({
          position,
          id_folio: String(row.Folio),
          visitor_id: 7,
          state_of_folio: 'Nuevo León',
          state_of_visitor: 'Nuevo León',
          row_index: row.row_index,
        }),
      );
      const response = { processedData: computed, invalidRows: [], invalidCount: 0, validCount: rows.length };
      return completeProcessCargaAnswer(rows, response, o?.inPlace);
    });
    const { result } = setup({ ...createFakeCargasPort(), process });
    toReady(result, 12_000);
    const valid = result.current.state.valid;
    let done: Promise<void> = Promise.resolve();
    act(() => {
      done = result.current.process();
    });
    await settle();
    answers[0]?.release(undefined);
    await settle();
    // The first batch's rows are the answer's rows: completed in themselves, not copied.
    expect(valid[0]).toMatchObject({ id_folio: 'F-0', visitor_id: 7 });
    answers[1]?.fail(new ApiError(503, 'Servicio no disponible'));
    await settle();
    // The batch in flight answers after the failure: its rows are left as they are.
    answers[2]?.release(undefined);
    await act(() => done);
    expect(result.current.state.phase).toBe('ready');
    expect(result.current.state.valid).toBe(valid);
    for (const i of [0, 4_999, 10_000]) expect(valid[i]).toEqual(upload(i));

    // Trying again sends every row as it was sent the first time.
    act(() => {
      done = result.current.process();
    });
    await settle();
    expect(sentKeys.at(-1)).toEqual(sentKeys[0]);
    expect(sentKeys[0]).toEqual(['__id', 'row_index', 'Folio']);
  });

  it("writes the next batches' bodies while the two before are still out, and sends each as soon as one answers", async () => {
    const { answers, process, answerOf } = heldProcess();
    const base = createFakeCargasPort();
    const prepareProcess = vi.fn(base.prepareProcess);
    const { result } = setup({ ...base, process, prepareProcess });
    toReady(result, 22_000); // batches of 5,000 (four) and 2,000
    let done: Promise<void> = Promise.resolve();
    act(() => {
      done = result.current.process();
    });
    await settle();
    // Two requests out, the bodies of the two after them made already (never more ahead).
    expect(process.mock.calls.map(([rows]) => rows.length)).toEqual([5_000, 5_000]);
    expect(prepareProcess.mock.calls.map(([rows]) => rows[0]?.__id)).toEqual([0, 5_000, 10_000, 15_000]);
    const bodies = await Promise.all(prepareProcess.mock.results.map((r) => r.value));

    answers[0]?.release(answerOf(0));
    await settle();
    // The third batch goes with the body made while the first was out; the fifth's body is made meanwhile.
    expect(process).toHaveBeenCalledTimes(3);
    expect(process.mock.calls[2]?.[0][0]?.__id).toBe(10_000);
    expect(process).toHaveBeenNthCalledWith(
      3,
      expect.anything(),
      'TEC_MTY',
      expect.objectContaining({ prepared: bodies[2] }),
    );
    expect(prepareProcess).toHaveBeenCalledTimes(5);

    for (const call of [1, 2, 3, 4]) {
      await settle();
      answers[call]?.release(answerOf(call));
    }
    await act(() => done);
    expect(process.mock.calls.map(([rows]) => rows.length)).toEqual([5_000, 5_000, 5_000, 5_000, 2_000]);
    expect(result.current.state.phase).toBe('review');
    expect(result.current.state.processed.map((row) => row.row_index)).toEqual(
      Array.from({ length: 22_000 }, (_, i) => i + 2),
    );
  });

  it('cancelling while the next bodies are being made sends nothing more', async () => {
    const bodies: Held<PreparedProcess>[] = [];
    const prepareProcess = vi.fn((_rows: UploadRow[]) => {
      const body = held<PreparedProcess>();
      bodies.push(body);
      return body.promise;
    });
    const { answers, process } = heldProcess();
    const { result } = setup({ ...createFakeCargasPort(), process, prepareProcess });
    toReady(result, 12_000);
    let done: Promise<void> = Promise.resolve();
    act(() => {
      done = result.current.process();
    });
    await settle();
    bodies[0]?.release({ preparedFor: 'process' });
    await settle();
    expect(process).toHaveBeenCalledTimes(1);
    act(() => result.current.cancelRead());
    bodies[1]?.release({ preparedFor: 'process' });
    bodies[2]?.release({ preparedFor: 'process' });
    answers[0]?.fail(new DOMException('Cancelado', 'AbortError'));
    await act(() => done);
    await settle();
    expect(process).toHaveBeenCalledTimes(1);
    expect(result.current.state.phase).toBe('idle');
    expect(result.current.state.error).toBeNull();
  });

  it('counts the folios without a visitor of every batch, whatever order the batches answer in', async () => {
    // Every seventh folio without a visitor, another with 'Sin asignar' as its visitor text: in every batch.
    const { answers, process, answerOf } = heldProcess((row) => {
      const i = Number(row.__id);
      const visitor = i % 7 === 0 ? null : i % 11 === 0 ? 'Sin asignar' : 7;
      return { ...processedOf(row), visitor_id: visitor as number | null };
    });
    const { result } = setup({ ...createFakeCargasPort(), process });
    toReady(result, 12_000); // batches of 5,000, 5,000 and 2,000
    let done: Promise<void> = Promise.resolve();
    act(() => {
      done = result.current.process();
    });
    await settle();
    answers[1]?.release(answerOf(1));
    await settle();
    answers[0]?.release(answerOf(0));
    await settle();
    answers[2]?.release(answerOf(2));
    await act(() => done);
    const expected = Array.from({ length: 12_000 }, (_, i) => i).filter(
      (i) => i % 7 === 0 || i % 11 === 0,
    ).length;
    expect(result.current.state.phase).toBe('review');
    expect(result.current.state.unassigned).toBe(expected);
    expect(result.current.state.unassigned).toBe(countUnassigned(result.current.state.processed));
  });
});

describe('useBulkLoad · saving the lote', () => {
  it('sends two parts at once, shows the rows stored so far, then confirms once every part is in', async () => {
    const parts: Held<SavePartResponse>[] = [];
    const base = createFakeCargasPort();
    // Each part is stored by the fake once the test lets it through.
    const savePart = vi.fn((id: string, n: number, rows: ProcessedRow[]) => {
      const part = held<SavePartResponse>();
      parts.push(part);
      return part.promise.then(() => base.savePart(id, n, rows));
    });
    const confirmSave = vi.fn(base.confirmSave);
    const { result, onDone, onSaved } = setup({ ...base, savePart, confirmSave });
    toReview(result, 12_000); // parts of 5,000, 5,000 and 2,000
    let done: Promise<void> = Promise.resolve();
    act(() => {
      done = result.current.confirm();
    });
    await settle();
    expect(savePart.mock.calls.map(([, n, rows]) => [n, rows.length])).toEqual([
      [0, 5_000],
      [1, 5_000],
    ]);
    expect(result.current.state.progress).toEqual({ done: 0, total: 12_000 });

    parts[1]?.release({ received: 5_000 });
    await settle();
    expect(result.current.state.progress).toEqual({ done: 5_000, total: 12_000 });
    expect(savePart.mock.calls.map(([, n]) => n)).toEqual([0, 1, 2]);
    parts[2]?.release({ received: 7_000 });
    await settle();
    expect(result.current.state.progress).toEqual({ done: 7_000, total: 12_000 });
    expect(confirmSave).not.toHaveBeenCalled();

    parts[0]?.release({ received: 12_000 });
    await act(() => done);
    expect(confirmSave).toHaveBeenCalledTimes(1);
    expect(onSaved).toHaveBeenCalledTimes(1);
    expect(onDone).toHaveBeenCalledTimes(1);
  });

  it('a part that fails twice stops the other part in flight and discards the lote', async () => {
    const base = createFakeCargasPort();
    const signals: AbortSignal[] = [];
    const second = held<SavePartResponse>();
    const savePart = vi.fn((_id: string, n: number, _rows: ProcessedRow[], o?: { signal?: AbortSignal }) => {
      if (n === 0) return Promise.reject(new ApiError(503, 'Servicio no disponible'));
      if (o?.signal) signals.push(o.signal);
      o?.signal?.addEventListener('abort', () => second.fail(o.signal?.reason), { once: true });
      return second.promise;
    });
    const discardSave = vi.fn(base.discardSave);
    const confirmSave = vi.fn(base.confirmSave);
    const { result, onSaved } = setup({ ...base, savePart, discardSave, confirmSave });
    toReview(result, 45_000);
    await act(() => result.current.confirm());
    expect(savePart.mock.calls.map(([, n]) => n)).toEqual([0, 1, 0]);
    expect(signals[0]?.aborted).toBe(true);
    expect(discardSave).toHaveBeenCalledTimes(1);
    expect(confirmSave).not.toHaveBeenCalled();
    expect(onSaved).not.toHaveBeenCalled();
    expect(result.current.state.phase).toBe('review');
    expect(result.current.state.error).toMatch(/Servicio no disponible/);
  });
});

describe('useBulkLoad · the lote saved ahead of Confirmar Carga', () => {
  /** process_carga answering each batch at once with every row processed. */
  const processing = () =>
    vi.fn(
      async (rows: UploadRow[]): Promise<ProcessCargaResponse> => ({
        processedData: rows.map(processedOf),
        invalidRows: [],
        invalidCount: 0,
        validCount: rows.length,
      }),
    );

  /** The fake port with its lote calls spied on (each as the fake answers unless given; `savePart` wrapping the fake's). */
  function spiedLote(
    overrides: {
      process?: CargasPort['process'];
      /** process_carga made over the fake itself (its lotes). */
      processWith?: (base: CargasPort) => CargasPort['process'];
      savePart?: (base: CargasPort['savePart']) => CargasPort['savePart'];
    } = {},
  ) {
    const base = createFakeCargasPort();
    return {
      ...base,
      process: vi.fn(overrides.processWith?.(base) ?? overrides.process ?? processing()),
      openSave: vi.fn(base.openSave),
      savePart: vi.fn(overrides.savePart ? overrides.savePart(base.savePart) : base.savePart),
      confirmSave: vi.fn(base.confirmSave),
      discardSave: vi.fn(base.discardSave),
    };
  }

  /** Step 3 after processing `n` rows through the hook (the lote's parts sent meanwhile). */
  async function processed(n: number, overrides: Parameters<typeof spiedLote>[0] = {}) {
    const cargas = spiedLote(overrides);
    const hook = setup(cargas);
    toReady(hook.result, n);
    await act(() => hook.result.current.process());
    return { ...hook, cargas };
  }

  /**
   * process_carga as the server answers a batch sent with a lote: every row processed (but each `refuse`d one),
   * the valid ones stored as the batch's part of the fake's lote.
   */
  const stagingProcess =
    (base: CargasPort, refuse: (row: UploadRow) => boolean = () => false): CargasPort['process'] =>
    async (rows, _type, o) => {
      const valid = rows.filter((row) => !refuse(row)).map(processedOf);
      const invalidRows = rows
        .filter(refuse)
        .map((row) => ({ data: row, reason: 'Fila inválida', row_index: Number(row.row_index) }));
      if (o?.lote) await base.savePart(o.lote.id, o.lote.parte, valid);
      return {
        processedData: valid,
        invalidRows,
        invalidCount: invalidRows.length,
        validCount: valid.length,
        ...(o?.lote ? { staged: true } : {}),
      };
    };

  it('each batch goes with the lote and is stored as its part: Confirmar Carga sends no part, only confirmar', async () => {
    const { result, onDone, cargas } = await processed(12_000, {
      processWith: (base) => stagingProcess(base),
    });
    const id = (await cargas.openSave.mock.results[0]?.value)?.id;
    expect(cargas.process.mock.calls.map(([rows, , o]) => [rows.length, o?.lote])).toEqual([
      [5_000, { id, parte: 0 }],
      [5_000, { id, parte: 1 }],
      [2_000, { id, parte: 2 }],
    ]);
    await settle();
    expect(cargas.savePart).not.toHaveBeenCalled();
    let done: Promise<void> = Promise.resolve();
    act(() => {
      done = result.current.confirm();
    });
    expect(result.current.state.progress).toEqual({ done: 12_000, total: 12_000 });
    await act(() => done);
    expect(cargas.savePart).not.toHaveBeenCalled();
    expect(cargas.confirmSave.mock.calls[0]?.[1]?.file).toMatchObject({ validCount: 12_000 });
    expect(onDone).toHaveBeenCalledTimes(1);
  });

  it("the parts are the batches' rows: an edit sends again the batch its row came from, whatever the server refused", async () => {
    // The server refuses 10 rows of the first batch: its part holds 4,990 rows, the second batch's starts after.
    const refuse = (row: UploadRow) => Number(row.__id) < 10;
    const { result, cargas } = await processed(12_000, {
      processWith: (base) => stagingProcess(base, refuse),
    });
    expect(result.current.state.processed).toHaveLength(11_990);
    // Row 5,001 of the file: processed row 4,991, the second row of batch 1.
    expect(await editAndConfirm(result)).toEqual({ done: 6_990, total: 11_990 });
    expect(partsSent(cargas.savePart)).toEqual([[1, 5_000]]);
    const sent = cargas.savePart.mock.calls[0]?.[2] as ProcessedRow[];
    expect(sent[0]).toMatchObject({ __id: 5_000 });
    expect(sent[1]).toMatchObject({ __id: 5_001, visitor_id: 9 });
    expect(cargas.confirmSave.mock.calls[0]?.[1]?.file).toMatchObject({
      validCount: 11_990,
      invalidCount: 10,
    });
    expect(cargas.confirmSave.mock.results[0]?.type).toBe('return');
    expect(await cargas.confirmSave.mock.results[0]?.value).toMatchObject({ recordsProcessed: 11_990 });
  });

  /** Gives file row 5,001 visitor 9 in review, then confirms; answers the save's bar as it started. */
  async function editAndConfirm(result: Hook) {
    act(() => {
      result.current.dispatch({
        type: 'setVisitor',
        id: '5001',
        visitor: { id_usuario: 9, region: 'Nuevo León', name: 'V9' },
      });
    });
    let done: Promise<void> = Promise.resolve();
    act(() => {
      done = result.current.confirm();
    });
    const start = result.current.state.progress;
    await act(() => done);
    return start;
  }

  const partsSent = (savePart: { mock: { calls: unknown[][] } }) =>
    savePart.mock.calls.map(([, n, rows]) => [n, (rows as unknown[]).length]);

  it('sends every part while processing, so that Confirmar Carga only confirms, with the counts it knows now', async () => {
    const { result, onDone, cargas } = await processed(12_000);
    expect(result.current.state.phase).toBe('review');
    expect(cargas.openSave).toHaveBeenCalledTimes(1);
    // Parts of a batch's worth of rows.
    expect(partsSent(cargas.savePart)).toEqual([
      [0, 5_000],
      [1, 5_000],
      [2, 2_000],
    ]);

    let done: Promise<void> = Promise.resolve();
    act(() => {
      done = result.current.confirm();
    });
    // Every row is stored already: the bar starts full.
    expect(result.current.state.progress).toEqual({ done: 12_000, total: 12_000 });
    await act(() => done);
    expect(cargas.savePart).toHaveBeenCalledTimes(3);
    expect(cargas.confirmSave).toHaveBeenCalledTimes(1);
    const [id, options] = cargas.confirmSave.mock.calls[0] ?? [];
    expect(id).toBe(cargas.savePart.mock.calls[0]?.[0]);
    expect(options?.file).toMatchObject({ validCount: 12_000, invalidCount: 0 });
    expect(onDone).toHaveBeenCalledTimes(1);
  });

  it('sends the parts once every batch answered, never beside a batch, two at a time while the user reviews', async () => {
    const batches: Held<ProcessCargaResponse>[] = [];
    const parts: Held<SavePartResponse>[] = [];
    let inFlight = 0;
    let most = 0;
    const counted = <T,>(promise: Promise<T>) => {
      most = Math.max(most, ++inFlight);
      return promise.finally(() => inFlight--);
    };
    const cargas = spiedLote({
      process: vi.fn((rows: UploadRow[]) => {
        const answer = held<ProcessCargaResponse>();
        batches.push(answer);
        void rows;
        return counted(answer.promise);
      }),
      savePart: () => () => {
        const part = held<SavePartResponse>();
        parts.push(part);
        return counted(part.promise);
      },
    });
    const { result } = setup(cargas);
    toReady(result, 12_000); // batches of 5,000, 5,000 and 2,000: part n holds batch n's rows
    let done: Promise<void> = Promise.resolve();
    act(() => {
      done = result.current.process();
    });
    const answer = (b: number) => {
      const size = b === 2 ? 2_000 : 5_000;
      const rows = Array.from({ length: size }, (_, i) => processedOf(upload(b * 5_000 + i)));
      batches[b]?.release({ processedData: rows, invalidRows: [], invalidCount: 0, validCount: size });
    };
    await settle();
    answer(1);
    answer(0);
    await settle();
    // Parts 0 and 1 are known, but batch 2 is still out: processing has the server to itself.
    expect(cargas.savePart).not.toHaveBeenCalled();
    expect(cargas.process).toHaveBeenCalledTimes(3);
    answer(2);
    await act(() => done);
    // Step 3 is shown at once; the parts go meanwhile, two at a time.
    expect(result.current.state.phase).toBe('review');
    await settle();
    expect(partsSent(cargas.savePart)).toEqual([
      [0, 5_000],
      [1, 5_000],
    ]);
    parts[0]?.release({ received: 5_000 });
    await settle();
    expect(partsSent(cargas.savePart)).toEqual([
      [0, 5_000],
      [1, 5_000],
      [2, 2_000],
    ]);
    parts[1]?.release({ received: 10_000 });
    parts[2]?.release({ received: 12_000 });
    await settle();
    expect(most).toBe(2);
  });

  it('after an edit in review, Confirmar Carga sends again exactly the parts it touched, and the bar starts at the rest', async () => {
    const { result, cargas } = await processed(12_000);
    cargas.savePart.mockClear();
    expect(await editAndConfirm(result)).toEqual({ done: 7_000, total: 12_000 });
    expect(partsSent(cargas.savePart)).toEqual([[1, 5_000]]);
    const sent = cargas.savePart.mock.calls[0]?.[2] as ProcessedRow[];
    expect(sent[1]).toMatchObject({ __id: 5_001, visitor_id: 9 });
    expect(cargas.confirmSave).toHaveBeenCalledTimes(1);
  });

  it('a folio added in review sends again the last part only', async () => {
    const { result, cargas } = await processed(12_000);
    cargas.savePart.mockClear();
    act(() => {
      result.current.dispatch({ type: 'folioAdded', row: processedOf(upload(99_999)) });
    });
    await act(() => result.current.confirm());
    expect(partsSent(cargas.savePart)).toEqual([[2, 2_001]]);
    expect(cargas.confirmSave.mock.calls[0]?.[1]?.file).toMatchObject({ validCount: 12_001 });
  });

  it('a part that failed while processing is sent again at Confirmar Carga', async () => {
    let failed = false;
    const { result, onDone, cargas } = await processed(12_000, {
      savePart: (savePart) => (id, n, rows) => {
        if (n === 1 && !failed) {
          failed = true;
          return Promise.reject(new ApiError(503, 'Servicio no disponible'));
        }
        return savePart(id, n, rows);
      },
    });
    // The failure did not stop processing.
    expect(result.current.state.phase).toBe('review');
    expect(result.current.state.error).toBeNull();
    cargas.savePart.mockClear();
    await act(() => result.current.confirm());
    expect(partsSent(cargas.savePart)).toEqual([[1, 5_000]]);
    expect(cargas.confirmSave).toHaveBeenCalledTimes(1);
    expect(onDone).toHaveBeenCalledTimes(1);
  });

  it('a lote that failed to open while processing is opened again at Confirmar Carga, every part sent then', async () => {
    const cargas = spiedLote();
    cargas.openSave.mockImplementationOnce(() => Promise.reject(new ApiError(503, 'Servicio no disponible')));
    const { result, onDone } = setup(cargas);
    toReady(result, 12_000);
    await act(() => result.current.process());
    expect(result.current.state.phase).toBe('review');
    expect(cargas.savePart).not.toHaveBeenCalled();
    await act(() => result.current.confirm());
    expect(cargas.openSave).toHaveBeenCalledTimes(2);
    expect(partsSent(cargas.savePart)).toEqual([
      [0, 5_000],
      [1, 5_000],
      [2, 2_000],
    ]);
    expect(cargas.confirmSave).toHaveBeenCalledTimes(1);
    expect(onDone).toHaveBeenCalledTimes(1);
  });

  it.each([
    ['reset', (c: BulkLoadController) => c.reset()],
    ['cancelRead', (c: BulkLoadController) => c.cancelRead()],
  ])('%s while processing discards the lote and sends nothing more', async (_name, stop) => {
    const batches: Held<ProcessCargaResponse>[] = [];
    const cargas = spiedLote({
      process: vi.fn((_rows: UploadRow[], _type: string, o?: { signal?: AbortSignal }) => {
        const answer = held<ProcessCargaResponse>();
        batches.push(answer);
        o?.signal?.addEventListener('abort', () => answer.fail(o.signal?.reason), { once: true });
        return answer.promise;
      }),
    });
    const { result } = setup(cargas);
    toReady(result, 45_000);
    let done: Promise<void> = Promise.resolve();
    act(() => {
      done = result.current.process();
    });
    await settle();
    act(() => stop(result.current));
    await act(() => done);
    await settle();
    const id = (await cargas.openSave.mock.results[0]?.value)?.id;
    expect(cargas.discardSave).toHaveBeenCalledWith(id);
    expect(cargas.savePart).not.toHaveBeenCalled();
  });

  it('closing the wizard (unmount) while processing discards the lote', async () => {
    const cargas = spiedLote({ process: vi.fn(() => new Promise<ProcessCargaResponse>(() => undefined)) });
    const { result, unmount } = setup(cargas);
    toReady(result, 10_000);
    act(() => {
      void result.current.process();
    });
    await settle();
    unmount();
    await settle();
    expect(cargas.discardSave).toHaveBeenCalledTimes(1);
  });

  it('a failed process_carga discards the lote', async () => {
    const cargas = spiedLote({
      process: vi.fn(() => Promise.reject(new ApiError(503, 'Servicio no disponible'))),
    });
    const { result } = setup(cargas);
    toReady(result, 10_000);
    await act(() => result.current.process());
    await settle();
    expect(result.current.state.phase).toBe('ready');
    expect(cargas.discardSave).toHaveBeenCalledTimes(1);
  });

  it('reading another file after processing discards the lote of the one before', async () => {
    const { result, cargas } = await processed(5_000);
    expect(cargas.savePart).toHaveBeenCalledTimes(1);
    await act(() => result.current.selectFile(new File(['Folio\n1'], 'otra.csv', { type: 'text/csv' })));
    expect(cargas.discardSave).toHaveBeenCalledTimes(1);
  });
});

describe('useBulkLoad · rows classified while the file is read', () => {
  const HEADERS = ['Folio', 'Calle', 'Colonia', 'Ciudad', 'Estado', 'Código Postal', 'Tel1'];
  const sheetRow = (i: number): UploadRow => {
    const row: UploadRow = { __id: i, row_index: i + 2 };
    for (const h of HEADERS) row[h] = i % 17 === 4 ? null : `${h}-${i}`;
    row.Folio = i % 17 === 4 ? null : `F-${i % 7 === 3 ? 1 : i}`;
    if (i % 23 === 9) row.Colonia = null;
    return row;
  };

  /** A reader that hands its rows over in chunks as it reads, starting over once after 300 rows. */
  function streamingParser(rows: UploadRow[]): SpreadsheetParser {
    return {
      saveFile: () => {},
      async parse(_file, o = {}) {
        for (let i = 0; i < 300; i += 100)
          o.onRows?.(
            HEADERS,
            rows.slice(i, i + 100).map((r) => ({ ...r })),
          );
        await Promise.resolve();
        o.onRestart?.();
        for (let i = 0; i < rows.length; i += 100) {
          o.onRows?.(HEADERS, rows.slice(i, i + 100));
          await new Promise((resolve) => setTimeout(resolve, 0));
        }
        return { headers: HEADERS, rows };
      },
    };
  }

  it('step 2 shows exactly what classifying every row at the end shows', async () => {
    const rows = Array.from({ length: 1_000 }, (_, i) => sheetRow(i));
    const wrapper = ({ children }: { children: ReactNode }) => (
      <PortsProvider value={{ cargas: createFakeCargasPort(), spreadsheet: streamingParser(rows) }}>
        {children}
      </PortsProvider>
    );
    const { result } = renderHook(
      () => useBulkLoad({ loadType: 'TEC_MTY', onSaved: vi.fn(), onDone: vi.fn() }),
      {
        wrapper,
      },
    );
    await act(() => result.current.selectFile(new File(['x'], 'carga.xlsx')));
    expect(result.current.state.phase).toBe('ready');
    const expected = classifyRowsSync(HEADERS, rows);
    expect(expected.invalid.map((r) => r.reason)).toEqual(
      expect.arrayContaining(['Fila vacía', 'Folio duplicado en el archivo: "F-1"']),
    );
    expect(result.current.state.valid).toEqual(expected.valid);
    expect(result.current.state.invalid).toEqual(expected.invalid);
  });
});
