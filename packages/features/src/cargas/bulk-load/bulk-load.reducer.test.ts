import type { ActiveVisitor, ProcessedRow, UploadRow } from '@socio/contracts';
import { describe, expect, it } from 'vitest';
import {
  type BulkLoadAction,
  type BulkLoadState,
  bulkLoadReducer,
  canConfirm,
  canContinue,
  countUnassigned,
  hasUnsavedRows,
  initialBulkLoadState,
  isBusy,
  isConfirmingSave,
  isRowUnassigned,
  refusedRows,
  stepOf,
  unassignedByState,
} from './bulk-load.reducer';
import { LOTE_PART_ROWS } from './lote-upload';

const run = (actions: BulkLoadAction[], from: BulkLoadState = initialBulkLoadState) =>
  actions.reduce(bulkLoadReducer, from);

const upload = (n: number): UploadRow => ({ __id: n, row_index: n + 1, Folio: `F-${n}` });
const processed = (n: number, visitor: number | null, state = 'Nuevo León'): ProcessedRow => ({
  __id: n,
  row_index: n + 1,
  id_folio: `F-${n}`,
  visitor_id: visitor,
  state_of_folio: state,
  state_of_visitor: visitor === null ? null : state,
  address_complete_folio: 'Calle 1, Centro, Monterrey, Nuevo León, CP 64000',
});
const visitor = (id: number, region: string): ActiveVisitor => ({ id_usuario: id, region, name: `V${id}` });

const ready = run([
  { type: 'fileSelected', fileName: 'carga.xlsx' },
  { type: 'fileRead', headers: ['Folio'] },
  { type: 'rowsClassified', valid: [upload(1), upload(2)], invalid: [] },
]);
const review = (rows: ProcessedRow[]) =>
  run(
    [
      { type: 'processStarted', total: 2 },
      { type: 'processed', processed: rows, invalid: [] },
    ],
    ready,
  );

describe('bulkLoadReducer', () => {
  it('given a new dialog › it is on step 1, idle and not busy', () => {
    expect(stepOf(initialBulkLoadState.phase)).toBe(1);
    expect(isBusy(initialBulkLoadState.phase)).toBe(false);
  });

  it('given a file › while it is read › step 1 is busy with its progress, then step 2 shows the rows', () => {
    const reading = run([
      { type: 'fileSelected', fileName: 'carga.xlsx' },
      { type: 'readProgress', fraction: 0.4 },
    ]);
    expect(reading.phase).toBe('reading');
    expect(reading.fileName).toBe('carga.xlsx');
    expect(reading.progress).toEqual({ done: 0.4, total: 1 });
    expect(isBusy(reading.phase)).toBe(true);
    expect(stepOf(ready.phase)).toBe(2);
    expect(ready.valid).toHaveLength(2);
    expect(canContinue(ready)).toBe(true);
  });

  it('given a read failure › it stays on step 1 with the message and no file', () => {
    const failed = run([
      { type: 'fileSelected', fileName: 'x.xlsx' },
      { type: 'readFailed', message: 'El archivo está vacío' },
    ]);
    expect(stepOf(failed.phase)).toBe(1);
    expect(failed.error).toBe('El archivo está vacío');
    expect(failed.fileName).toBeNull();
  });

  it('given no valid rows › Aceptar y Continuar is disabled and processing does not start', () => {
    const none = run([
      { type: 'fileSelected', fileName: 'x.csv' },
      { type: 'fileRead', headers: ['Folio'] },
      { type: 'rowsClassified', valid: [], invalid: [{ data: {}, reason: 'Fila vacía', row_index: 2 }] },
    ]);
    expect(canContinue(none)).toBe(false);
    expect(run([{ type: 'processStarted', total: 0 }], none).phase).toBe('ready');
  });

  it('given processing › progress moves, and the server invalid rows are appended on success', () => {
    const withInvalid = run(
      [
        {
          type: 'rowsClassified',
          valid: [upload(1)],
          invalid: [{ data: {}, reason: 'Fila vacía', row_index: 9 }],
        },
      ],
      { ...ready, phase: 'classifying' },
    );
    const processing = run(
      [
        { type: 'processStarted', total: 1 },
        { type: 'processProgress', done: 1 },
      ],
      withInvalid,
    );
    expect(processing.progress).toEqual({ done: 1, total: 1 });
    expect(canContinue(processing)).toBe(false);
    const done = run(
      [
        {
          type: 'processed',
          processed: [processed(1, 4)],
          invalid: [{ data: {}, reason: 'Estado no reconocido: "X"', row_index: 2 }],
        },
      ],
      processing,
    );
    expect(stepOf(done.phase)).toBe(3);
    expect(done.invalid.map((r) => r.row_index)).toEqual([9, 2]);
    // Step 3 never goes back to step 2: the file's rows are let go (a million of them beside the processed
    // ones), the count of rows read stays for '¿Descartar la carga?'.
    expect(done.valid).toEqual([]);
    expect(done.rowCount).toBe(2);
    expect(hasUnsavedRows(done)).toBe(true);
  });

  it('given a process failure › it keeps step 2 with the message', () => {
    const failed = run(
      [
        { type: 'processStarted', total: 2 },
        { type: 'processFailed', message: 'Error al procesar los datos: x' },
      ],
      ready,
    );
    expect(stepOf(failed.phase)).toBe(2);
    expect(failed.error).toBe('Error al procesar los datos: x');
    expect(canContinue(failed)).toBe(true);
  });

  it('given step 3 › editing a visitor sets its id and region, cancel leaves it', () => {
    const state = review([processed(1, null), processed(2, 5)]);
    expect(canConfirm(state)).toBe(false);
    const editing = run([{ type: 'editVisitor', id: '1' }], state);
    expect(editing.editingId).toBe('1');
    expect(run([{ type: 'cancelEdit' }], editing).processed[0]?.visitor_id).toBeNull();
    const chosen = run([{ type: 'setVisitor', id: '1', visitor: visitor(7, 'Jalisco') }], editing);
    expect(chosen.processed[0]).toMatchObject({ visitor_id: 7, state_of_visitor: 'Jalisco' });
    expect(chosen.editingId).toBeNull();
    expect(canConfirm(chosen)).toBe(true);
    const cleared = run([{ type: 'setVisitor', id: '1', visitor: null }], chosen);
    expect(cleared.processed[0]).toMatchObject({ visitor_id: null, state_of_visitor: null });
  });

  it('treats empty visitors and any "sin asignar" text as unassigned', () => {
    expect(isRowUnassigned(processed(1, null))).toBe(true);
    expect(isRowUnassigned({ ...processed(1, null), visitor_id: 'SIN ASIGNAR' as unknown as number })).toBe(
      true,
    );
    expect(isRowUnassigned(processed(1, 3))).toBe(false);
  });

  it('assigns every unassigned folio of a state to one visitor, or balances them over several', () => {
    const rows = [
      processed(1, null),
      processed(2, null),
      processed(3, null),
      processed(4, 8),
      processed(5, null, 'Jalisco'),
    ];
    expect(unassignedByState(rows)).toEqual([
      { state: 'Jalisco', count: 1 },
      { state: 'Nuevo León', count: 3 },
    ]);
    const one = run(
      [{ type: 'assignState', state: 'Nuevo León', visitors: [visitor(9, 'Nuevo León')] }],
      review(rows),
    );
    expect(one.processed.map((r) => r.visitor_id)).toEqual([9, 9, 9, 8, null]);
    const balanced = run(
      [
        {
          type: 'assignState',
          state: 'Nuevo León',
          visitors: [visitor(8, 'Nuevo León'), visitor(9, 'Nuevo León')],
        },
      ],
      review(rows),
    );
    // Visitor 8 already has one folio in this load: 9 gets two, 8 one more.
    expect(balanced.processed.map((r) => r.visitor_id)).toEqual([9, 8, 9, 8, null]);
    expect(countUnassigned(balanced.processed)).toBe(1);
  });

  it('keeps the count of unassigned folios as rows are processed, edited, assigned by state and added', () => {
    // Step 3 reads the count on every render (the banner, Confirmar): a million rows are not counted each time.
    const state = review([processed(1, null), processed(2, 5), processed(3, null, 'Jalisco')]);
    expect(state.unassigned).toBe(2);
    const edited = run([{ type: 'setVisitor', id: '1', visitor: visitor(7, 'Nuevo León') }], state);
    expect(edited.unassigned).toBe(1);
    expect(run([{ type: 'setVisitor', id: '2', visitor: null }], edited).unassigned).toBe(2);
    expect(run([{ type: 'setVisitor', id: '2', visitor: visitor(8, 'Nuevo León') }], edited).unassigned).toBe(
      1,
    );
    const assigned = run(
      [{ type: 'assignState', state: 'Jalisco', visitors: [visitor(9, 'Jalisco')] }],
      edited,
    );
    expect(assigned.unassigned).toBe(0);
    expect(canConfirm(assigned)).toBe(true);
    const added = run([{ type: 'folioAdded', row: processed(99, null) }], assigned);
    expect(added.unassigned).toBe(1);
    expect(canConfirm(added)).toBe(false);
    expect(run([{ type: 'reset' }], added).unassigned).toBe(0);
  });

  it('adds a folio by hand with its own id', () => {
    const state = review([processed(1, 4)]);
    const added = run([{ type: 'folioAdded', row: processed(99, 4) }], state);
    expect(added.processed).toHaveLength(2);
    expect(added.processed[1]?.__id).toBe('manual-1');
  });

  it('given unassigned rows › confirming is blocked with the spec message; saving needs every visitor', () => {
    const state = review([processed(1, null)]);
    const blocked = run(
      [{ type: 'confirmBlocked', message: 'Error: Todas…' }, { type: 'saveStarted' }],
      state,
    );
    expect(blocked.error).toBe('Error: Todas…');
    expect(blocked.phase).toBe('review');
  });

  it('given saving › it is busy; a failure returns to step 3 with the message', () => {
    const saving = run([{ type: 'saveStarted' }], review([processed(1, 4)]));
    expect(saving.phase).toBe('saving');
    expect(isBusy(saving.phase)).toBe(true);
    expect(canConfirm(saving)).toBe(false);
    const failed = run([{ type: 'saveFailed', message: 'Error al guardar la carga: x' }], saving);
    expect(stepOf(failed.phase)).toBe(3);
    expect(failed.error).toBe('Error al guardar la carga: x');
    expect(run([{ type: 'dismissError' }], failed).error).toBeNull();
  });

  it('given saving › it counts the rows of the lote sent, then it is confirming; a failure clears the count', () => {
    const saving = run(
      [{ type: 'saveStarted' }],
      review([processed(1, 4), processed(2, 4), processed(3, 4)]),
    );
    expect(saving.progress).toEqual({ done: 0, total: 3 });
    expect(isConfirmingSave(saving)).toBe(false);
    const sent = run([{ type: 'saveProgress', done: 2 }], saving);
    expect(sent.progress).toEqual({ done: 2, total: 3 });
    expect(isConfirmingSave(sent)).toBe(false);
    const confirming = run([{ type: 'saveProgress', done: 3 }], sent);
    expect(isConfirmingSave(confirming)).toBe(true);
    const failed = run([{ type: 'saveFailed', message: 'x' }], confirming);
    expect(failed.progress).toBeNull();
    expect(isConfirmingSave(failed)).toBe(false);
    // Progress of a save that is no longer running is ignored.
    expect(run([{ type: 'saveProgress', done: 1 }], failed)).toBe(failed);
  });

  it('given parts of the lote stored ahead › saving starts counting them as done', () => {
    const saving = run(
      [{ type: 'saveStarted', done: 2 }],
      review([processed(1, 4), processed(2, 4), processed(3, 4)]),
    );
    expect(saving.progress).toEqual({ done: 2, total: 3 });
  });

  it('given review › each edit counts once more the part of the lote it touched (a folio added, the last part)', () => {
    const rows = Array.from({ length: 2 * LOTE_PART_ROWS + 10 }, (_, i) =>
      processed(i, i === 5 || i === 2 * LOTE_PART_ROWS + 3 ? null : 4, i === 5 ? 'Jalisco' : 'Nuevo León'),
    );
    const state = review(rows);
    expect(state.partRevisions).toEqual([]);
    // One row of part 1.
    const edited = run(
      [{ type: 'setVisitor', id: String(LOTE_PART_ROWS + 1), visitor: visitor(8, 'Nuevo León') }],
      state,
    );
    expect(edited.partRevisions).toEqual([0, 1]);
    // 'Asignar por estado' touches the parts of the rows it assigned only (rows 5 and 2×LOTE_PART_ROWS+3).
    const byState = run(
      [{ type: 'assignState', state: 'Nuevo León', visitors: [visitor(8, 'Nuevo León')] }],
      edited,
    );
    expect(byState.partRevisions).toEqual([0, 1, 1]);
    const jalisco = run(
      [{ type: 'assignState', state: 'Jalisco', visitors: [visitor(9, 'Jalisco')] }],
      byState,
    );
    expect(jalisco.partRevisions).toEqual([1, 1, 1]);
    const added = run([{ type: 'folioAdded', row: processed(0, 4) }], jalisco);
    expect(added.partRevisions).toEqual([1, 1, 2]);
    // A new file's processing starts over.
    expect(review(rows).partRevisions).toEqual([]);
  });

  it('reset goes back to step 1 with nothing kept', () => {
    expect(run([{ type: 'reset' }], review([processed(1, 4)]))).toEqual(initialBulkLoadState);
  });

  it('given rows read and not saved › closing must ask first; before a file or after saving it need not', () => {
    expect(hasUnsavedRows(initialBulkLoadState)).toBe(false);
    expect(hasUnsavedRows(ready)).toBe(true);
    expect(ready.rowCount).toBe(2);
    expect(hasUnsavedRows(review([processed(1, 4)]))).toBe(true);
    const saved = run(
      [
        { type: 'saveStarted' },
        { type: 'savedWithFailures', result: { processed: 1, failed: 1, failures: [] } },
      ],
      review([processed(1, 4), processed(2, 4)]),
    );
    expect(saved.phase).toBe('saved');
    expect(stepOf(saved.phase)).toBe(3);
    expect(hasUnsavedRows(saved)).toBe(false);
  });

  it('refusedRows › finds each refused row by file row, else by folio, and keeps the server reason', () => {
    const rows = [
      { ...processed(1, 4), Calle: 'Av. Uno' },
      { ...processed(2, 4), row_index: undefined, id_folio: 'MANUAL-1' },
    ];
    const refused = refusedRows(rows, [
      { row_index: 2, id_folio: 'F-1', reason: 'El folio "F-1" ya tiene una asignación abierta' },
      { row_index: null, id_folio: 'MANUAL-1', reason: 'El visitador "9" no es un Visitador activo' },
    ]);
    expect(refused[0]).toMatchObject({
      row_index: 2,
      reason: 'El folio "F-1" ya tiene una asignación abierta',
    });
    expect(refused[0]?.data.Calle).toBe('Av. Uno');
    expect(refused[0]?.data).not.toHaveProperty('__id');
    expect(refused[1]).toMatchObject({ row_index: 0, data: { id_folio: 'MANUAL-1' } });
  });
});
