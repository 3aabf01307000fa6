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

/** Classifies in time-boxed slices, yielding to the page between them (no long task, whatever the load). */
export async function classifyRows(
  headers: readonly string[],
  rows: readonly UploadRow[],
  { signal, budgetMs = CLASSIFY_BUDGET_MS }: ClassifyOptions = {},
): Promise<ClassifiedRows> {
  const classifier = createClassifier(headers);
  let i = 0;
  while (i < rows.length) {
    if (i > 0) await nextTask();
    signal?.throwIfAborted();
    const deadline = now() + budgetMs;
    do {
      const end = Math.min(rows.length, i + 64);
      for (; i < end; i++) classifier.add(rows[i] as UploadRow);
    } while (i < rows.length && now() < deadline);
  }
  return classifier.result;
}

function createClassifier(headers: readonly string[]) {
  const shape: Record<string, null> = {};
  for (const header of headers) shape[header] = null;
  const reader = createColumnReader([shape], KNOWN_COLUMNS);
  const seen = new Set<string>();
  const result: ClassifiedRows = { valid: [], invalid: [] };
  return {
    result,
    add(row: UploadRow) {
      const validity = validateRow(row, reader);
      let reason: string | null = validity.valid ? null : validity.reason;
      if (reason === null) {
        const folio = cellText(reader.get(row, 'Folio')) ?? '';
        if (seen.has(folio)) reason = CARGAS_MESSAGES.duplicateInFile(folio);
        else seen.add(folio);
      }
      if (reason === null) result.valid.push(row);
      else result.invalid.push({ data: fileCells(row), reason, row_index: row.row_index });
    },
  };
}
