/**
 * The 'Nueva Carga' wizard as a pure reducer: step 1 reads a file, step 2 shows valid and invalid
 * rows, step 3 reviews the folios the server processed and their visitors, then the carga is saved.
 * No I/O here: `use-bulk-load.ts` runs the ports and dispatches what happened.
 */
import {
  type ActiveVisitor,
  type InvalidRow,
  isUnassigned,
  type ProcessedRow,
  type SaveCargaFailure,
  type UploadRow,
} from '@socio/contracts';
import { TextMap } from '../../text-keys';
import { fixedLayout, type PartLayout, partOfRow } from './lote-upload';

/**
 * Where the wizard stands. Steps: idle/reading/classifying → 1, ready/processing → 2, review/saving/saved → 3.
 * 'saved' is a carga saved with some rows refused: the result stays on screen until the user closes it.
 */
export type BulkLoadPhase =
  | 'idle'
  | 'reading'
  | 'classifying'
  | 'ready'
  | 'processing'
  | 'review'
  | 'saving'
  | 'saved';
export type BulkLoadStep = 1 | 2 | 3;

export interface Progress {
  done: number;
  total: number;
}

export interface BulkLoadState {
  phase: BulkLoadPhase;
  fileName: string | null;
  /**
   * Reading (fraction as done/1), processing (rows sent / rows) or saving (rows of the lote sent / rows: once
   * all are sent, the lote is being confirmed) progress; null when idle.
   */
  progress: Progress | null;
  headers: string[];
  /** Step 2's valid rows; emptied once processed (step 3 shows and saves `processed`). */
  valid: UploadRow[];
  invalid: InvalidRow[];
  processed: ProcessedRow[];
  /**
   * Folios of `processed` without a visitor, kept as they change: step 3 reads it on every render (banner,
   * 'Confirmar Carga'), and counting a million rows each time blocked the page.
   */
  unassigned: number;
  /**
   * Review edits per part of the lote (`partOfRow`): entry n counts the edits that touched part n's rows (or added
   * a row to it), so a part stored ahead is sent again at confirm when it changed since (`lote-upload.ts`).
   */
  partRevisions: readonly number[];
  /** Where each part of the lote starts among `processed` (the process batches': `lote-upload.ts`). */
  partLayout: PartLayout;
  /** Row whose visitor cell is a dropdown. */
  editingId: string | null;
  onlyUnassigned: boolean;
  /** The dismissible banner; the step is kept. */
  error: string | null;
  /** Id of the next folio added by hand. */
  nextManualId: number;
  /** The workbook's sheets (more than one: step 2 lets the user pick) and the one read. */
  sheetNames: string[];
  sheet: string | null;
  /** Data rows read from the file (valid + invalid), what closing would throw away. */
  rowCount: number;
  /** The answer of a save that refused some rows (phase 'saved'). */
  saved: SavedResult | null;
}

/** A saved carga with refused rows: the counts and each refused row with the server's reason. */
export interface SavedResult {
  processed: number;
  failed: number;
  /** The refused rows as the file had them, with the server's reason (for the table and the CSV). */
  failures: InvalidRow[];
}

export type BulkLoadAction =
  | { type: 'fileSelected'; fileName: string }
  | { type: 'readProgress'; fraction: number }
  | { type: 'fileRead'; headers: string[]; sheetNames?: string[]; sheet?: string | null }
  | { type: 'rowsClassified'; valid: UploadRow[]; invalid: InvalidRow[] }
  | { type: 'readFailed'; message: string }
  | { type: 'sheetFailed'; previous: BulkLoadState; message: string }
  | { type: 'processStarted'; total: number }
  | { type: 'processProgress'; done: number }
  /**
   * `partLayout`: where each batch's rows start in `processed` (default: parts of `LOTE_PART_ROWS`). `unassigned`:
   * how many of `processed` lack a visitor, counted as the batches were merged (default: counted here, one more
   * pass over every row in the task that shows step 3).
   */
  | {
      type: 'processed';
      processed: ProcessedRow[];
      invalid: InvalidRow[];
      partLayout?: PartLayout;
      unassigned?: number;
    }
  | { type: 'processFailed'; message: string }
  | { type: 'editVisitor'; id: string }
  | { type: 'cancelEdit' }
  | { type: 'setVisitor'; id: string; visitor: ActiveVisitor | null }
  | { type: 'assignState'; state: string; visitors: readonly ActiveVisitor[] }
  | { type: 'toggleOnlyUnassigned'; value: boolean }
  | { type: 'folioAdded'; row: ProcessedRow }
  | { type: 'confirmBlocked'; message: string }
  /** `done`: rows of the lote already stored (sent ahead while processing and reviewing). */
  | { type: 'saveStarted'; done?: number }
  | { type: 'saveProgress'; done: number }
  | { type: 'saveFailed'; message: string }
  | { type: 'savedWithFailures'; result: SavedResult }
  | { type: 'failed'; message: string }
  | { type: 'dismissError' }
  | { type: 'reset' };

export const initialBulkLoadState: BulkLoadState = {
  phase: 'idle',
  fileName: null,
  progress: null,
  headers: [],
  valid: [],
  invalid: [],
  processed: [],
  unassigned: 0,
  partRevisions: [],
  partLayout: [],
  editingId: null,
  onlyUnassigned: false,
  error: null,
  nextManualId: 1,
  sheetNames: [],
  sheet: null,
  rowCount: 0,
  saved: null,
};

/** Stable id of a processed row: its internal `__id`, else its file row number. */
export function processedRowId(row: ProcessedRow): string {
  const id = row.__id;
  if (typeof id === 'number' || typeof id === 'string') return String(id);
  return `fila-${row.row_index ?? row.id_folio}`;
}

/** Unassigned: no visitor, or a visitor text containing 'sin asignar' in any case. */
export function isRowUnassigned(row: ProcessedRow): boolean {
  return isUnassigned(row.visitor_id);
}

export function countUnassigned(rows: readonly ProcessedRow[]): number {
  let n = 0;
  for (const row of rows) if (isRowUnassigned(row)) n++;
  return n;
}

/** Unassigned folios per folio state, states sorted by name. */
export function unassignedByState(rows: readonly ProcessedRow[]): { state: string; count: number }[] {
  const counts = new Map<string, number>();
  for (const row of rows) {
    if (isRowUnassigned(row)) counts.set(row.state_of_folio, (counts.get(row.state_of_folio) ?? 0) + 1);
  }
  return [...counts]
    .map(([state, count]) => ({ state, count }))
    .sort((a, b) => a.state.localeCompare(b.state, 'es-MX'));
}

export function stepOf(phase: BulkLoadPhase): BulkLoadStep {
  if (phase === 'idle' || phase === 'reading' || phase === 'classifying') return 1;
  if (phase === 'ready' || phase === 'processing') return 2;
  return 3;
}

/**
 * Rows were read and not saved yet (steps 2 and 3): closing would lose them and the visitor edits, so
 * the dialog asks first.
 */
export function hasUnsavedRows(state: BulkLoadState): boolean {
  return state.phase === 'ready' || state.phase === 'review';
}

/** Reading, processing or saving: the dialog cannot close and Cancelar is disabled. */
export function isBusy(phase: BulkLoadPhase): boolean {
  return phase === 'reading' || phase === 'classifying' || phase === 'processing' || phase === 'saving';
}

/** Saving and every part of the lote sent: the server is confirming it (no progress to show). */
export function isConfirmingSave(state: BulkLoadState): boolean {
  return state.phase === 'saving' && state.progress !== null && state.progress.done >= state.progress.total;
}

/** 'Aceptar y Continuar': only with valid rows and while not processing. */
export function canContinue(state: BulkLoadState): boolean {
  return state.phase === 'ready' && state.valid.length > 0;
}

/** 'Confirmar Carga': only when every folio has a visitor and while not saving. */
export function canConfirm(state: BulkLoadState): boolean {
  return state.phase === 'review' && state.processed.length > 0 && state.unassigned === 0;
}

function withVisitor(row: ProcessedRow, visitor: ActiveVisitor | null): ProcessedRow {
  return { ...row, visitor_id: visitor?.id_usuario ?? null, state_of_visitor: visitor?.region ?? null };
}

/** `state`'s revisions with the parts of the rows at `indexes` counted once more each. */
function touched(state: BulkLoadState, indexes: Iterable<number>): number[] {
  const next = state.partRevisions.slice();
  const parts = new Set<number>();
  for (const index of indexes) parts.add(partOfRow(state.partLayout, index));
  for (const part of parts) next[part] = (next[part] ?? 0) + 1;
  // Parts before a touched one that were never touched: 0, not holes.
  for (let n = 0; n < next.length; n++) next[n] ??= 0;
  return next;
}

/** Indexes of the rows `after` replaced (an edit gives a changed row a new object). */
function* changedRows(before: readonly ProcessedRow[], after: readonly ProcessedRow[]): Generator<number> {
  for (let i = 0; i < after.length; i++) if (after[i] !== before[i]) yield i;
}

/** Gives each unassigned row of `state` a visitor: the one with fewest folios in this load among `visitors`. */
function assignState(
  rows: readonly ProcessedRow[],
  state: string,
  visitors: readonly ActiveVisitor[],
): ProcessedRow[] {
  if (visitors.length === 0) return rows as ProcessedRow[];
  const load = new Map<number, number>(visitors.map((v) => [v.id_usuario, 0]));
  for (const row of rows) {
    const id = row.visitor_id;
    if (typeof id === 'number' && load.has(id)) load.set(id, (load.get(id) ?? 0) + 1);
  }
  return rows.map((row) => {
    if (row.state_of_folio !== state || !isRowUnassigned(row)) return row;
    let best = visitors[0] as ActiveVisitor;
    for (const v of visitors) if ((load.get(v.id_usuario) ?? 0) < (load.get(best.id_usuario) ?? 0)) best = v;
    load.set(best.id_usuario, (load.get(best.id_usuario) ?? 0) + 1);
    return withVisitor(row, best);
  });
}

export function bulkLoadReducer(state: BulkLoadState, action: BulkLoadAction): BulkLoadState {
  switch (action.type) {
    case 'fileSelected':
      return {
        ...initialBulkLoadState,
        phase: 'reading',
        fileName: action.fileName,
        progress: { done: 0, total: 1 },
      };
    case 'readProgress':
      if (state.phase !== 'reading') return state;
      return { ...state, progress: { done: Math.min(1, Math.max(0, action.fraction)), total: 1 } };
    case 'fileRead':
      if (state.phase !== 'reading') return state;
      return {
        ...state,
        phase: 'classifying',
        headers: action.headers,
        sheetNames: action.sheetNames ?? [],
        sheet: action.sheet ?? null,
        progress: { done: 1, total: 1 },
      };
    case 'rowsClassified':
      if (state.phase !== 'classifying') return state;
      return {
        ...state,
        phase: 'ready',
        valid: action.valid,
        invalid: action.invalid,
        progress: null,
        rowCount: action.valid.length + action.invalid.length,
      };
    case 'readFailed':
      return { ...initialBulkLoadState, error: action.message };
    case 'sheetFailed':
      // Another sheet of the workbook could not be read: back to the sheet shown before, with why.
      return { ...action.previous, error: action.message };
    case 'processStarted':
      if (state.phase !== 'ready' || state.valid.length === 0) return state;
      return { ...state, phase: 'processing', progress: { done: 0, total: action.total }, error: null };
    case 'processProgress':
      if (state.phase !== 'processing' || !state.progress) return state;
      return { ...state, progress: { ...state.progress, done: action.done } };
    case 'processed':
      if (state.phase !== 'processing') return state;
      return {
        ...state,
        phase: 'review',
        progress: null,
        // Step 3 never returns to step 2: the file's rows go (at 1,048,575 rows, hundreds of MB beside the
        // processed ones); `rowCount` keeps their count.
        valid: [],
        processed: action.processed,
        unassigned: action.unassigned ?? countUnassigned(action.processed),
        partRevisions: [],
        partLayout: action.partLayout ?? fixedLayout(action.processed.length),
        invalid: action.invalid.length > 0 ? [...state.invalid, ...action.invalid] : state.invalid,
        editingId: null,
        onlyUnassigned: false,
      };
    case 'processFailed':
      if (state.phase !== 'processing') return state;
      return { ...state, phase: 'ready', progress: null, error: action.message };
    case 'editVisitor':
      return state.phase === 'review' ? { ...state, editingId: action.id } : state;
    case 'cancelEdit':
      return { ...state, editingId: null };
    case 'setVisitor': {
      if (state.phase !== 'review') return state;
      const index = state.processed.findIndex((row) => processedRowId(row) === action.id);
      if (index < 0) return { ...state, editingId: null };
      const processed = state.processed.slice();
      const before = processed[index] as ProcessedRow;
      const after = withVisitor(before, action.visitor);
      processed[index] = after;
      const unassigned = state.unassigned + Number(isRowUnassigned(after)) - Number(isRowUnassigned(before));
      return {
        ...state,
        processed,
        unassigned,
        partRevisions: touched(state, [index]),
        editingId: null,
      };
    }
    case 'assignState': {
      if (state.phase !== 'review') return state;
      const processed = assignState(state.processed, action.state, action.visitors);
      return {
        ...state,
        processed,
        unassigned: countUnassigned(processed),
        partRevisions: touched(state, changedRows(state.processed, processed)),
        editingId: null,
      };
    }
    case 'toggleOnlyUnassigned':
      return { ...state, onlyUnassigned: action.value };
    case 'folioAdded':
      if (state.phase !== 'review') return state;
      return {
        ...state,
        processed: [...state.processed, { ...action.row, __id: `manual-${state.nextManualId}` }],
        unassigned: state.unassigned + Number(isRowUnassigned(action.row)),
        partRevisions: touched(state, [state.processed.length]),
        nextManualId: state.nextManualId + 1,
      };
    case 'confirmBlocked':
      return { ...state, error: action.message };
    case 'saveStarted':
      if (!canConfirm(state)) return state;
      return {
        ...state,
        phase: 'saving',
        editingId: null,
        error: null,
        progress: { done: Math.min(action.done ?? 0, state.processed.length), total: state.processed.length },
      };
    case 'saveProgress':
      if (state.phase !== 'saving' || !state.progress) return state;
      return { ...state, progress: { ...state.progress, done: Math.min(action.done, state.progress.total) } };
    case 'saveFailed':
      if (state.phase !== 'saving') return state;
      return { ...state, phase: 'review', progress: null, error: action.message };
    case 'savedWithFailures':
      if (state.phase !== 'saving') return state;
      return { ...state, phase: 'saved', progress: null, saved: action.result, error: null };
    case 'failed':
      return { ...state, error: action.message };
    case 'dismissError':
      return { ...state, error: null };
    case 'reset':
      return initialBulkLoadState;
  }
}

/**
 * The rows a save refused, as invalid rows: the processed row's cells (found by its file row number, else
 * its folio) with the server's reason, so that they show and download like the file's invalid rows.
 */
export function refusedRows(
  processed: readonly ProcessedRow[],
  failures: readonly SaveCargaFailure[],
): InvalidRow[] {
  // Only the rows the failures name (at most the server's list, not the file's million) are kept, in one pass:
  // the last row of each file row number and of each folio, null when none. The folios by a hash of each
  // (`TextMap`): asking a Map<string, …> about each row's folio made V8 internalize every folio of the file.
  const byRow = new Map<number, ProcessedRow | null>();
  const byFolio = new TextMap<ProcessedRow | null>();
  for (const failure of failures) {
    if (failure.row_index !== null) byRow.set(failure.row_index, null);
    if (failure.id_folio !== null) byFolio.set(failure.id_folio, null);
  }
  for (const row of processed) {
    if (typeof row.row_index === 'number' && byRow.has(row.row_index)) byRow.set(row.row_index, row);
    const folio = String(row.id_folio);
    if (byFolio.has(folio)) byFolio.set(folio, row);
  }
  return failures.map((failure) => {
    const row =
      (failure.row_index === null ? null : byRow.get(failure.row_index)) ??
      (failure.id_folio === null ? null : byFolio.get(failure.id_folio)) ??
      undefined;
    const data: Record<string, unknown> = {};
    if (row) {
      for (const [key, value] of Object.entries(row))
        if (key !== '__id' && key !== 'row_index') data[key] = value;
    } else if (failure.id_folio !== null) data.id_folio = failure.id_folio;
    return { data, reason: failure.reason, row_index: failure.row_index ?? row?.row_index ?? 0 };
  });
}
