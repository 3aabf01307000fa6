/**
 * Step 2 of the wizard: splits the rows read from a file into valid and invalid ones with the contracts'
 * shared rules ('Fila vacía', 'Campo obligatorio faltante: "<field>"', plus folios repeated in the
 * file). Works in slices and yields between them, so 100,000 rows never block the page for long.
 */
import {
  CARGAS_MESSAGES,
  cellText,
  createColumnReader,
  type InvalidRow,
  isMetaKey,
  KNOWN_COLUMNS,
  type UploadRow,
  validateRow,
} from '@socio/contracts';
import { TextSet } from '../../text-keys';

export interface ClassifiedRows {
  valid: UploadRow[];
  invalid: InvalidRow[];
}

/** A row's file cells (no `row_index` or `__` keys): what an invalid row shows and exports. */
export function fileCells(row: UploadRow): Record<string, unknown> {
  const data: Record<string, unknown> = {};
  for (const key in row) if (!isMetaKey(key)) data[key] = row[key];
  return data;
}

/** Most milliseconds one slice of classification may take before it yields to the page. */
export const CLASSIFY_BUDGET_MS = 8;

const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));
const now = () => globalThis.performance?.now() ?? Date.now();

export interface ClassifyOptions {
  signal?: AbortSignal;
  /** Time budget of a slice in ms (default 8): the page gets the thread back at least that often. */
  budgetMs?: number;
}

/** Classifies synchronously: the same answers as `classifyRows`, for tests and small files. */
export function classifyRowsSync(headers: readonly string[], rows: readonly UploadRow[]): ClassifiedRows {
  const classifier = createClassifier(headers);
  for (const row of rows) classifier.add(row);
  return classifier.result;
}

/**
 * Classifies in time-boxed slices, yielding to the page between them (no long task, whatever the load): the
 * streamed classification given every row at once (`streamClassification`'s `finish`).
 */
export function classifyRows(
  headers: readonly string[],
  rows: readonly UploadRow[],
  options: ClassifyOptions = {},
): Promise<ClassifiedRows> {
  return streamClassification(options).finish(headers, rows);
}

/**
 * Classification that runs while the file is read (`ParseOptions.onRows`): each chunk the reader hands over is
 * queued and classified in time-boxed slices (a task of at most `budgetMs` each, between the reader's own
 * messages), so once the last row arrives only the rows not classified yet are left. `finish` answers what
 * `classifyRows(headers, rows)` would: from the rows streamed when they are the sheet's rows under the same
 * headers, else (no hook calls, a partial stream) from scratch.
 */
export interface StreamClassification {
  /** A chunk of rows read, in file order, keyed by `headers`. */
  rows(headers: readonly string[], rows: readonly UploadRow[]): void;
  /** The rows passed so far are void (the reader started over): their classification is dropped. */
  restart(): void;
  /** Rows classified so far (since the last restart). */
  readonly classified: number;
  /** The sheet read: its classification, completing the streamed one (in slices) or from scratch. */
  finish(headers: readonly string[], rows: readonly UploadRow[]): Promise<ClassifiedRows>;
}

const sameHeaders = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((h, i) => h === b[i]);

export function streamClassification({
  signal,
  budgetMs = CLASSIFY_BUDGET_MS,
}: ClassifyOptions = {}): StreamClassification {
  let headers: readonly string[] | null = null;
  let classifier: ReturnType<typeof createClassifier> | null = null;
  /** Chunks received; those before `head` are classified, `at` = next row of chunk `head`. */
  let queue: (readonly UploadRow[])[] = [];
  let head = 0;
  let at = 0;
  let received = 0;
  let classified = 0;
  let first: UploadRow | undefined;
  let last: UploadRow | undefined;
  /** The stream no longer matches one sheet under one set of headers: `finish` starts over. */
  let broken = false;
  let scheduled = false;

  /** Classifies queued rows until the deadline (or all of them): false when rows are left. */
  const work = (deadline: number) => {
    while (head < queue.length) {
      const chunk = queue[head] as readonly UploadRow[];
      const start = at;
      const end = Math.min(chunk.length, at + 64);
      for (; at < end; at++) (classifier as ReturnType<typeof createClassifier>).add(chunk[at] as UploadRow);
      classified += end - start;
      if (at >= chunk.length) {
        queue[head++] = [];
        at = 0;
      }
      if (now() >= deadline) break;
    }
    if (head < queue.length) return false;
    queue = [];
    head = 0;
    return true;
  };
  const pump = () => {
    scheduled = false;
    if (signal?.aborted || broken) return;
    if (!work(now() + budgetMs)) schedule();
  };
  const schedule = () => {
    if (scheduled) return;
    scheduled = true;
    setTimeout(pump, 0);
  };

  const add = (chunkHeaders: readonly string[], rows: readonly UploadRow[]) => {
    if (broken || rows.length === 0) return;
    if (headers === null) {
      headers = [...chunkHeaders];
      classifier = createClassifier(headers);
    } else if (!sameHeaders(headers, chunkHeaders)) {
      broken = true;
      queue = [];
      head = 0;
      return;
    }
    queue.push(rows);
    received += rows.length;
    first ??= rows[0];
    last = rows.at(-1);
    schedule();
  };
  const restart = () => {
    headers = null;
    classifier = null;
    queue = [];
    head = 0;
    at = 0;
    received = 0;
    classified = 0;
    first = undefined;
    last = undefined;
    broken = false;
  };

  return {
    rows: add,
    restart,
    get classified() {
      return classified;
    },
    async finish(sheetHeaders, rows) {
      const streamed =
        !broken &&
        classifier !== null &&
        headers !== null &&
        sameHeaders(headers, sheetHeaders) &&
        received === rows.length &&
        first === rows[0] &&
        last === rows.at(-1);
      // Not the sheet's rows (none streamed, a partial stream): classified from scratch, the same way.
      if (!streamed) {
        restart();
        add(sheetHeaders, rows);
      }
      signal?.throwIfAborted();
      while (!work(now() + budgetMs)) {
        await nextTask();
        signal?.throwIfAborted();
      }
      return classifier?.result ?? { valid: [], invalid: [] };
    },
  };
}

function createClassifier(headers: readonly string[]) {
  const shape: Record<string, null> = {};
  for (const header of headers) shape[header] = null;
  const reader = createColumnReader([shape], KNOWN_COLUMNS);
  // The file's folios so far, by a hash of each (`TextSet`): a Set<string> made V8 internalize every folio.
  const seen = new TextSet();
  const result: ClassifiedRows = { valid: [], invalid: [] };
  return {
    result,
    add(row: UploadRow) {
      const validity = validateRow(row, reader);
      let reason: string | null = validity.valid ? null : validity.reason;
      if (reason === null) {
        const folio = cellText(reader.get(row, 'Folio')) ?? '';
        if (!seen.add(folio)) reason = CARGAS_MESSAGES.duplicateInFile(folio);
      }
      if (reason === null) result.valid.push(row);
      else result.invalid.push({ data: fileCells(row), reason, row_index: row.row_index });
    },
  };
}
