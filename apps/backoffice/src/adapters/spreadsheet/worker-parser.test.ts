import { isSpreadsheetError } from '@socio/features/cargas/bulk-load';
import { describe, expect, it, vi } from 'vitest';
import type { FromWorker, ToWorker } from './protocol';
import { createWorkerSpreadsheetParser, PROGRESS_STEP, SHARED_VALUES_PER_COLUMN } from './worker-parser';

/** A stand-in Worker answering each 'parse' with the given messages. */
class FakeWorker {
  onmessage: ((event: MessageEvent<FromWorker>) => void) | null = null;
  onerror: ((event: ErrorEvent) => void) | null = null;
  terminated = false;
  received: ToWorker[] = [];
  constructor(private readonly answers: FromWorker[]) {}
  postMessage(message: ToWorker) {
    this.received.push(message);
    if (message.type !== 'parse') return;
    queueMicrotask(() => {
      for (const answer of this.answers) {
        if (this.terminated) return;
        this.onmessage?.({ data: answer } as MessageEvent<FromWorker>);
      }
    });
  }
  terminate() {
    this.terminated = true;
  }
}

const file = (name: string) => new File(['x'], name);

describe('createWorkerSpreadsheetParser', () => {
  it('collects the row chunks, reports progress and ends the worker', async () => {
    const workers: FakeWorker[] = [];
    const parser = createWorkerSpreadsheetParser(() => {
      const worker = new FakeWorker([
        { type: 'progress', fraction: 0.5 },
        { type: 'rows', rows: [{ row_index: 2, Folio: 'A' }] },
        { type: 'rows', rows: [{ row_index: 3, Folio: 'B' }] },
        { type: 'done', headers: ['Folio'], rowCount: 2, sheetNames: [], sheet: null },
      ]);
      workers.push(worker);
      return worker as unknown as Worker;
    });
    const progress: number[] = [];
    const sheet = await parser.parse(file('a.csv'), { onProgress: (f) => progress.push(f) });
    expect(sheet).toEqual({
      headers: ['Folio'],
      rows: [
        { row_index: 2, Folio: 'A' },
        { row_index: 3, Folio: 'B' },
      ],
      sheetNames: [],
      sheet: undefined,
    });
    expect(progress).toEqual([0.5, 1]);
    expect(workers[0]?.terminated).toBe(true);
  });

  it('keeps every value as read when repeated values are shared (few or many distinct per column)', async () => {
    const total = SHARED_VALUES_PER_COLUMN + 500;
    const made = (i: number) => ({
      __id: i,
      row_index: i + 1,
      Folio: `F-${i}`,
      Estado: ['Jalisco', 'Nuevo León'][i % 2] as string,
      Tel2: i % 3 === 0 ? null : `81${i % 7}`,
    });
    const chunks: FromWorker[] = [];
    for (let start = 0; start < total; start += 1_000) {
      const rows = [];
      for (let i = start; i < Math.min(total, start + 1_000); i++) rows.push(made(i));
      chunks.push({ type: 'rows', rows });
    }
    const parser = createWorkerSpreadsheetParser(
      () =>
        new FakeWorker([
          ...chunks,
          {
            type: 'done',
            headers: ['Folio', 'Estado', 'Tel2'],
            rowCount: total,
            sheetNames: [],
            sheet: null,
          },
        ]) as unknown as Worker,
    );
    const sheet = await parser.parse(file('a.csv'));
    expect(sheet.rows).toEqual(Array.from({ length: total }, (_, i) => made(i)));
  });

  it('passes on progress in steps of at least PROGRESS_STEP (each step re-renders the wizard), and the end', async () => {
    const answers: FromWorker[] = [];
    for (let i = 1; i <= 1_000; i++) answers.push({ type: 'progress', fraction: i / 1_001 });
    answers.push({ type: 'done', headers: ['Folio'], rowCount: 0, sheetNames: [], sheet: null });
    const parser = createWorkerSpreadsheetParser(() => new FakeWorker(answers) as unknown as Worker);
    const progress: number[] = [];
    await parser.parse(file('a.csv'), { onProgress: (f) => progress.push(f) });
    expect(progress.length).toBeLessThanOrEqual(Math.ceil(1 / PROGRESS_STEP) + 1);
    expect(progress.length).toBeGreaterThan(Math.floor(1 / PROGRESS_STEP) / 2);
    for (let i = 1; i < progress.length - 1; i++)
      expect((progress[i] as number) - (progress[i - 1] as number)).toBeGreaterThanOrEqual(PROGRESS_STEP);
    expect(progress.at(-1)).toBe(1);
  });

  it("forgets the rows posted before a 'restart' (the streaming .xlsx reader started over)", async () => {
    const parser = createWorkerSpreadsheetParser(
      () =>
        new FakeWorker([
          { type: 'rows', rows: [{ row_index: 2, Folio: 'A' }] },
          { type: 'restart' },
          { type: 'rows', rows: [{ row_index: 2, Folio: 'A', Column_2: 'x' }] },
          {
            type: 'done',
            headers: ['Folio', 'Column_2'],
            rowCount: 1,
            sheetNames: ['Hoja1'],
            sheet: 'Hoja1',
          },
        ]) as unknown as Worker,
    );
    const sheet = await parser.parse(file('a.xlsx'));
    expect(sheet.rows).toEqual([{ row_index: 2, Folio: 'A', Column_2: 'x' }]);
  });

  it("hands each chunk to onRows with the headers posted before it, as it arrives; 'restart' reaches onRestart", async () => {
    const worker = new FakeWorker([
      { type: 'headers', headers: ['Folio'] },
      { type: 'rows', rows: [{ row_index: 2, Folio: 'A' }] },
      { type: 'restart' },
      { type: 'headers', headers: ['Folio', 'Column_2'] },
      { type: 'rows', rows: [{ row_index: 2, Folio: 'A', Column_2: 'x' }] },
      { type: 'rows', rows: [{ row_index: 3, Folio: 'B', Column_2: null }] },
      { type: 'done', headers: ['Folio', 'Column_2'], rowCount: 2, sheetNames: ['Hoja1'], sheet: 'Hoja1' },
    ]);
    const parser = createWorkerSpreadsheetParser(() => worker as unknown as Worker);
    const calls: unknown[] = [];
    const sheet = await parser.parse(file('a.xlsx'), {
      onRows: (headers, rows) => calls.push({ headers, rows }),
      onRestart: () => calls.push('restart'),
    });
    expect(calls).toEqual([
      { headers: ['Folio'], rows: [{ row_index: 2, Folio: 'A' }] },
      'restart',
      { headers: ['Folio', 'Column_2'], rows: [{ row_index: 2, Folio: 'A', Column_2: 'x' }] },
      { headers: ['Folio', 'Column_2'], rows: [{ row_index: 3, Folio: 'B', Column_2: null }] },
    ]);
    // The rows handed over are the sheet's rows themselves (what was classified is what is shown).
    const handed = calls.slice(2).flatMap((c) => (c as { rows: unknown[] }).rows);
    expect(handed).toHaveLength(sheet.rows.length);
    for (const [i, row] of handed.entries()) expect(row).toBe(sheet.rows[i]);
  });

  it("asks the worker for the chosen sheet and answers the workbook's sheet names", async () => {
    const worker = new FakeWorker([
      { type: 'rows', rows: [{ row_index: 2, Folio: 'A' }] },
      { type: 'done', headers: ['Folio'], rowCount: 1, sheetNames: ['Portada', 'Folios'], sheet: 'Folios' },
    ]);
    const parser = createWorkerSpreadsheetParser(() => worker as unknown as Worker);
    const sheet = await parser.parse(file('libro.xlsx'), { sheet: 'Folios' });
    expect(worker.received[0]).toMatchObject({ type: 'parse', sheet: 'Folios' });
    expect(sheet).toMatchObject({ sheetNames: ['Portada', 'Folios'], sheet: 'Folios' });
  });

  it('turns a worker error code into a SpreadsheetError', async () => {
    const parser = createWorkerSpreadsheetParser(
      () => new FakeWorker([{ type: 'error', code: 'no-data', message: 'no-data' }]) as unknown as Worker,
    );
    const error = await parser.parse(file('a.xlsx')).catch((e: unknown) => e);
    expect(isSpreadsheetError(error) && error.code).toBe('no-data');
  });

  it('asks the worker to stop past maxRows and keeps the count of a refused sheet', async () => {
    const worker = new FakeWorker([
      { type: 'error', code: 'too-many-rows', message: 'too-many-rows', rowCount: 1_200_000 },
    ]);
    const parser = createWorkerSpreadsheetParser(() => worker as unknown as Worker);
    const error = await parser.parse(file('a.csv'), { maxRows: 1_048_575 }).catch((e: unknown) => e);
    expect(worker.received[0]).toMatchObject({ type: 'parse', maxRows: 1_048_575 });
    expect(error).toMatchObject({ code: 'too-many-rows', rowCount: 1_200_000 });
    expect(isSpreadsheetError(error)).toBe(true);
    expect(worker.terminated).toBe(true);
  });

  it('terminates the worker when the read is cancelled', async () => {
    const worker = new FakeWorker([]);
    const parser = createWorkerSpreadsheetParser(() => worker as unknown as Worker);
    const controller = new AbortController();
    const reading = parser.parse(file('a.xlsx'), { signal: controller.signal });
    controller.abort(new DOMException('cancelada', 'AbortError'));
    await expect(reading).rejects.toMatchObject({ name: 'AbortError' });
    expect(worker.terminated).toBe(true);
  });

  it('keeps a warmed-up worker for the next file', async () => {
    const factory = vi.fn(
      () =>
        new FakeWorker([
          { type: 'done', headers: [], rowCount: 0, sheetNames: [], sheet: null },
        ]) as unknown as Worker,
    );
    const parser = createWorkerSpreadsheetParser(factory);
    parser.warmUp?.();
    parser.warmUp?.();
    await parser.parse(file('a.csv'));
    expect(factory).toHaveBeenCalledTimes(1);
  });

  it('hands saved files to the injected saver', () => {
    const save = vi.fn();
    const parser = createWorkerSpreadsheetParser(() => new FakeWorker([]) as unknown as Worker, save);
    const blob = new Blob(['a']);
    parser.saveFile(blob, 'filas_invalidas_1.csv');
    expect(save).toHaveBeenCalledWith(blob, 'filas_invalidas_1.csv');
  });
});
