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
  type UploadRow,
} from '@socio/contracts';

/** Where the wizard stands. Steps: idle/reading/classifying → 1, ready/processing → 2, review/saving → 3. */
export type BulkLoadPhase = 'idle' | 'reading' | 'classifying' | 'ready' | 'processing' | 'review' | 'saving';
export type BulkLoadStep = 1 | 2 | 3;

export interface Progress {
  done: number;
  total: number;
}

export interface BulkLoadState {
  phase: BulkLoadPhase;
  fileName: string | null;
  /** Reading (fraction as done/1) or processing (rows sent / rows) progress; null when idle. */
  progress: Progress | null;
  headers: string[];
  valid: UploadRow[];
  invalid: InvalidRow[];
  processed: ProcessedRow[];
  /** Row whose visitor cell is a dropdown. */
  editingId: string | null;
  onlyUnassigned: boolean;
  /** The dismissible banner; the step is kept. */
  error: string | null;
  /** Id of the next folio added by hand. */
  nextManualId: number;
}

export type BulkLoadAction =
  | { type: 'fileSelected'; fileName: string }
  | { type: 'readProgress'; fraction: number }
  | { type: 'fileRead'; headers: string[] }
  | { type: 'rowsClassified'; valid: UploadRow[]; invalid: InvalidRow[] }
  | { type: 'readFailed'; message: string }
  | { type: 'processStarted'; total: number }
  | { type: 'processProgress'; done: number }
  | { type: 'processed'; processed: ProcessedRow[]; invalid: InvalidRow[] }
  | { type: 'processFailed'; message: string }
  | { type: 'editVisitor'; id: string }
  | { type: 'cancelEdit' }
  | { type: 'setVisitor'; id: string; visitor: ActiveVisitor | null }
  | { type: 'assignState'; state: string; visitors: readonly ActiveVisitor[] }
  | { type: 'toggleOnlyUnassigned'; value: boolean }
  | { type: 'folioAdded'; row: ProcessedRow }
  | { type: 'confirmBlocked'; message: string }
  | { type: 'saveStarted' }
  | { type: 'saveFailed'; message: string }
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
  editingId: null,
  onlyUnassigned: false,
  error: null,
  nextManualId: 1,
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

/** Reading, processing or saving: the dialog cannot close and Cancelar is disabled. */
export function isBusy(phase: BulkLoadPhase): boolean {
  return phase === 'reading' || phase === 'classifying' || phase === 'processing' || phase === 'saving';
}

/** 'Aceptar y Continuar': only with valid rows and while not processing. */
export function canContinue(state: BulkLoadState): boolean {
  return state.phase === 'ready' && state.valid.length > 0;
}

/** 'Confirmar Carga': only when every folio has a visitor and while not saving. */
export function canConfirm(state: BulkLoadState): boolean {
  return state.phase === 'review' && state.processed.length > 0 && countUnassigned(state.processed) === 0;
}

function withVisitor(row: ProcessedRow, visitor: ActiveVisitor | null): ProcessedRow {
  return { ...row, visitor_id: visitor?.id_usuario ?? null, state_of_visitor: visitor?.region ?? null };
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
      return { ...state, phase: 'classifying', headers: action.headers, progress: { done: 1, total: 1 } };
    case 'rowsClassified':
      if (state.phase !== 'classifying') return state;
      return { ...state, phase: 'ready', valid: action.valid, invalid: action.invalid, progress: null };
    case 'readFailed':
      return { ...initialBulkLoadState, error: action.message };
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
        processed: action.processed,
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
      processed[index] = withVisitor(processed[index] as ProcessedRow, action.visitor);
      return { ...state, processed, editingId: null };
    }
    case 'assignState':
      if (state.phase !== 'review') return state;
      return {
        ...state,
        processed: assignState(state.processed, action.state, action.visitors),
        editingId: null,
      };
    case 'toggleOnlyUnassigned':
      return { ...state, onlyUnassigned: action.value };
    case 'folioAdded':
      if (state.phase !== 'review') return state;
      return {
        ...state,
        processed: [...state.processed, { ...action.row, __id: `manual-${state.nextManualId}` }],
        nextManualId: state.nextManualId + 1,
      };
    case 'confirmBlocked':
      return { ...state, error: action.message };
    case 'saveStarted':
      if (!canConfirm(state)) return state;
      return { ...state, phase: 'saving', editingId: null, error: null };
    case 'saveFailed':
      if (state.phase !== 'saving') return state;
      return { ...state, phase: 'review', error: action.message };
    case 'failed':
      return { ...state, error: action.message };
    case 'dismissError':
      return { ...state, error: null };
    case 'reset':
      return initialBulkLoadState;
  }
}
