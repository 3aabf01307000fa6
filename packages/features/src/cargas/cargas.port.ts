/**
 * What the cargas feature (the Cargas screen, the manual assignment and the bulk-load wizard) needs
 * from the outside world. The app injects the HTTP adapter (`apps/backoffice/src/adapters/http/cargas.ts`);
 * stories and tests inject the in-memory fake from `@socio/features/testing`.
 * Shapes are the wire shapes of `@socio/contracts` (`apiRoutes.cargas`).
 */
import type {
  ActiveAssignmentsQuery,
  ActiveAssignmentsResponse,
  ActiveVisitor,
  AsignacionEstatus,
  Assignment,
  AssignmentFilters,
  AssignmentStats,
  ConfirmSaveRequest,
  LoadType,
  ManualAssignmentRequest,
  ManualAssignmentResponse,
  OpenSaveInput,
  ProcessCargaResponse,
  ProcessedRow,
  ProcessLote,
  RowsCompletedInPlace,
  SaveCargaRequest,
  SaveCargaResponse,
  SavePartResponse,
  UploadRow,
} from '@socio/contracts';

export interface CargasCallOptions {
  signal?: AbortSignal;
}

/** process's options: the lote and part the batch's valid rows are stored as. */
export interface ProcessCallOptions extends CargasCallOptions {
  lote?: ProcessLote;
}

/**
 * process_carga's body written (and compressed) ahead of its request by `prepareProcess`: what lets the wizard
 * have the next batch ready while the batches before it are still out. Only the port that made it reads it.
 */
export interface PreparedProcess {
  readonly preparedFor: 'process';
}

/** process's options, and the body `prepareProcess` wrote of these same rows and options (sent as it is). */
export interface ProcessSendOptions extends ProcessCallOptions {
  prepared?: PreparedProcess;
  /**
   * The answer's rows may be the rows sent themselves, completed in place and recorded here (its `undo` takes the
   * computed fields off again); without it, or in a port that does not, they are new objects.
   */
  inPlace?: RowsCompletedInPlace;
}

/** confirmSave's options: what the lote learnt since it was opened (confirmar's body, `ConfirmSaveRequest`). */
export interface ConfirmSaveOptions extends CargasCallOptions {
  file?: ConfirmSaveRequest;
}

export interface CargasPort {
  /** `GET /cargas/active_assignments` (a Visitador gets only their own). */
  activeAssignments(q: ActiveAssignmentsQuery, o?: CargasCallOptions): Promise<ActiveAssignmentsResponse>;
  /** `GET /cargas/assignment_stats` of the assignments matching `filters` (none: all). */
  stats(filters?: AssignmentFilters, o?: CargasCallOptions): Promise<AssignmentStats>;
  /** `GET /cargas/active_visitors`: active visitors with their region (state). */
  activeVisitors(o?: CargasCallOptions): Promise<ActiveVisitor[]>;
  /** `GET /cargas/regions_available`. */
  regions(o?: CargasCallOptions): Promise<string[]>;
  /** `POST /cargas/save_manual_assignment`. */
  saveManual(body: ManualAssignmentRequest): Promise<ManualAssignmentResponse>;
  /** `PATCH /cargas/asignaciones/{id}`: move an assignment along its lifecycle. */
  changeStatus(id: number, estatus: AsignacionEstatus): Promise<Assignment>;
  /** `PUT /cargas/asignaciones/{id}/visitador`: reassign an open assignment. */
  reassign(id: number, visitorId: number): Promise<Assignment>;
  /**
   * `POST /cargas/process_carga` with the valid rows of a file; with `o.lote`, the batch's valid rows are also
   * stored as that part of the lote (`staged` in the answer says whether they were).
   */
  process(rows: UploadRow[], loadType: LoadType, o?: ProcessSendOptions): Promise<ProcessCargaResponse>;
  /**
   * process_carga's body of these rows and options written (and compressed) now, its request sent later by
   * `process(rows, loadType, { ...o, prepared })`. Sends nothing.
   */
  prepareProcess(rows: UploadRow[], loadType: LoadType, o?: ProcessCallOptions): Promise<PreparedProcess>;
  /** `POST /cargas/save_carga`. */
  save(load: SaveCargaRequest, o?: CargasCallOptions): Promise<SaveCargaResponse>;
  /**
   * A staged save (a file of up to `MAX_ROWS_PER_CARGA` rows): `POST /cargas/save_carga/lotes` opens it with
   * what save_carga's body says of the file; parts of at most `SAVE_PART_ROWS` rows follow (`savePart`, number
   * n from 0 — a part sent again replaces itself); `confirmSave` saves them all in one transaction and answers as
   * `save`; `discardSave` drops it. A lote is its opener's (another user: 404 `lote_not_found`).
   */
  openSave(meta: OpenSaveInput, o?: CargasCallOptions): Promise<{ id: string }>;
  /** `PUT /cargas/save_carga/lotes/{id}/partes/{n}`: rows the lote holds afterwards. */
  savePart(id: string, n: number, rows: ProcessedRow[], o?: CargasCallOptions): Promise<SavePartResponse>;
  /**
   * `POST /cargas/save_carga/lotes/{id}/confirmar`; with `o.file.validCount`, refused (422 `lote_rows_mismatch`)
   * unless the lote holds exactly that many rows.
   */
  confirmSave(id: string, o?: ConfirmSaveOptions): Promise<SaveCargaResponse>;
  /** `DELETE /cargas/save_carga/lotes/{id}`. */
  discardSave(id: string): Promise<void>;
}
