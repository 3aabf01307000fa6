import { z } from 'zod';
import { pageQuerySchema } from './common';
import { rowAddress } from './rules/address';
import { cleanRow, cleanRowInPlace, findColumnKey, type SheetRow } from './rules/rows';
import { STATE_NAMES } from './rules/states';

/* ----------------------------------------------------------------------------
 * Constants and messages.
 * -------------------------------------------------------------------------- */

/** The only load type the product offers (TEC_MTY). */
export const LOAD_TYPES = ['TEC_MTY'] as const;
export const loadTypeSchema = z.enum(LOAD_TYPES, { error: 'Debe seleccionar un tipo de carga' });
export type LoadType = z.infer<typeof loadTypeSchema>;

/** Fixed producto label of TEC_MTY. */
export const PRODUCTO_TEC_MTY = 'TEC DE MTY';
/** Most rows one carga may carry: Excel's sheet (1,048,576 rows) minus its header row. */
export const MAX_ROWS_PER_CARGA = 1_048_575;
/** Most rows one request may carry (process_carga, save_carga): a bigger file is saved in parts (a lote). */
export const MAX_ROWS_PER_REQUEST = 100_000;
/** Rows per part of a staged save (`PUT …/lotes/:id/partes/:n`). */
export const SAVE_PART_ROWS = 20_000;
/** Valid rows the wizard sends per process_carga call: big files show real progress, never one huge body. */
export const PROCESS_BATCH_ROWS = 5_000;
/**
 * Requests of one step of the wizard (process_carga batches, parts of the lote) in flight at once: while the
 * server answers one, the next is already on its way (bench:api (a) sends its batches the same way).
 */
export const REQUESTS_IN_FLIGHT = 2;

let rowFormat: Intl.NumberFormat | undefined;
/**
 * '1,048,575' (es-MX grouping). The formatter is made at first use, and the three messages that hold a limit are
 * getters: the first Intl.NumberFormat of a process loads ICU's locale data (~25 ms), which every API start paid
 * when importing this module, before any carga was checked (issue 21 item 6).
 */
function rowCount(n: number): string {
  rowFormat ??= new Intl.NumberFormat('es-MX');
  return rowFormat.format(n);
}

export const CARGAS_MESSAGES = {
  get tooManyRows(): string {
    return `La carga excede el máximo de ${rowCount(MAX_ROWS_PER_CARGA)} filas`;
  },
  /** One request above `MAX_ROWS_PER_REQUEST` rows (the file itself may be bigger, sent in parts). */
  get tooManyRowsPerRequest(): string {
    return `Cada envío admite como máximo ${rowCount(MAX_ROWS_PER_REQUEST)} filas`;
  },
  /** A part of a staged save above `SAVE_PART_ROWS` rows. */
  get tooManyRowsPerPart(): string {
    return `Cada parte admite como máximo ${rowCount(SAVE_PART_ROWS)} filas`;
  },
  /** A staged save (lote) that does not exist, expired, or is another user's. */
  loteNotFound: 'La carga en preparación no existe o ya expiró',
  /** A lote confirmed with a count of rows other than the rows its parts hold. */
  loteRowsMismatch: (expected: number, held: number) =>
    `La carga en preparación tiene ${rowCount(held)} filas y se esperaban ${rowCount(expected)}`,
  unknownState: (value: string) => `Estado no reconocido: "${value}"`,
  duplicateInFile: (folio: string) => `Folio duplicado en el archivo: "${folio}"`,
  openAssignment: (folio: string) => `El folio "${folio}" ya tiene una asignación abierta`,
  invalidVisitor: (visitor: string) => `El visitador "${visitor}" no es un Visitador activo`,
  missingVisitor: 'Error: Todas las filas deben tener un visitador asignado antes de confirmar la carga.',
  transition: (from: string, to: string) => `Transición no permitida: de "${from}" a "${to}"`,
  assignmentNotFound: 'Asignación no encontrada',
  required: 'Campo requerido',
  visitorRequired: 'Debe seleccionar un visitador',
  loadTypeRequired: 'Debe seleccionar un tipo de carga',
  saved: (n: number) => `Carga guardada exitosamente: ${n} registros procesados`,
  savedPartial: (ok: number, failed: number) =>
    `Carga guardada: ${ok} registros exitosos, ${failed} fallidos`,
  /** A spreadsheet cell that is an object or a list. */
  invalidCell: (column: string) => `La celda "${column}" debe ser texto o un número`,
  /** A Visitador changing an assignment that is not theirs. */
  notYourAssignment: 'Solo puedes cambiar tus propias asignaciones',
  /** A Visitador cancelling (only staff cancel). */
  visitorTransition: 'Un visitador solo puede agendar o completar sus asignaciones',
  /** Reassigning a completed or cancelled assignment. */
  reassignClosed: (estatus: string) =>
    `Solo se puede reasignar una asignación abierta (asignada o agendada); esta está "${estatus}"`,
  /** Reassigning to the visitor who already has it. */
  reassignSameVisitor: 'La asignación ya pertenece a ese visitador',
  /** Reassigning to a visitor of another state. */
  reassignOtherState: (estado: string) => `El visitador debe ser del estado de la asignación (${estado})`,
} as const;

/* ----------------------------------------------------------------------------
 * Assignment status and its transitions.
 * -------------------------------------------------------------------------- */

export const ASIGNACION_ESTATUS = ['asignada', 'agendada', 'completada', 'cancelada'] as const;
export const asignacionEstatusSchema = z.enum(ASIGNACION_ESTATUS, {
  error: 'Estatus inválido: usa asignada, agendada, completada o cancelada',
});
export type AsignacionEstatus = z.infer<typeof asignacionEstatusSchema>;

/** Open statuses: a folio has at most one assignment in one of these. */
export const OPEN_ESTATUS = ['asignada', 'agendada'] as const satisfies readonly AsignacionEstatus[];

// Its transitions, and who may make each, are policy: policy.ts (canTransition, allowedTransitions).

/* ----------------------------------------------------------------------------
 * POST /api/cargas/process_carga
 * -------------------------------------------------------------------------- */

/**
 * One spreadsheet row as read: keys are the header names exactly as in the file (extra columns kept),
 * `row_index` is the file row number (the header is row 1, so data rows start at 2).
 */
export const uploadRowSchema = z
  .object({ row_index: z.number().int().min(2, 'La fila 1 es el encabezado') })
  .catchall(z.unknown());
export type UploadRow = z.infer<typeof uploadRowSchema>;

/** Most issues reported for the rows of one request. */
const MAX_ROW_ISSUES = 20;

/** A spreadsheet cell as sent: text, a number, a boolean or empty (never an object or a list). */
function isCellValue(value: unknown): boolean {
  if (value === null || value === undefined) return true;
  const type = typeof value;
  return type === 'string' || type === 'number' || type === 'boolean';
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Whether a row carries `row_index` in every row ('required': process_carga) or only when it has one. */
export type RowIndexRule = 'required' | 'optional';

/**
 * What is wrong with one row of a request's list, as its schema reports it (path inside the row and message),
 * or null: a row must be an object of cells; with `rowIndex` 'required', its `row_index` an integer ≥ 2.
 * Shared by the schemas below and by the bodies checked row by row as they arrive (save_carga).
 */
export function rowIssue(row: unknown, rowIndex: RowIndexRule): { path: string[]; message: string } | null {
  if (Array.isArray(row)) return { path: [], message: LIST_ROW_MESSAGE };
  if (!isPlainObject(row)) return { path: [], message: 'Cada fila debe ser un objeto' };
  // Checked once per row of a carga (up to a million): no list of keys, no closure.
  for (const key in row) {
    if (Object.hasOwn(row, key) && !isCellValue(row[key]))
      return { path: [key], message: CARGAS_MESSAGES.invalidCell(key) };
  }
  const index = row.row_index;
  if (index === undefined && rowIndex === 'optional') return null;
  if (typeof index !== 'number' || !Number.isInteger(index) || index < 2) {
    return {
      path: ['row_index'],
      message: 'row_index debe ser el número de fila del archivo (2 o más; la fila 1 es el encabezado)',
    };
  }
  return null;
}

/**
 * An array of spreadsheet rows, checked without copying them (a carga has up to 100,000 rows): the first
 * `MAX_ROW_ISSUES` rows with an issue (`rowIssue`) are reported.
 */
function rowsArray<T>(rowIndex: RowIndexRule) {
  return z
    .array(z.unknown(), { error: 'Debe ser una lista de filas' })
    .superRefine((rows, ctx) => {
      let issues = 0;
      for (let i = 0; i < rows.length && issues < MAX_ROW_ISSUES; i++) {
        const issue = rowIssue(rows[i], rowIndex);
        if (issue === null) continue;
        ctx.addIssue({ code: 'custom', path: [i, ...issue.path], message: issue.message });
        issues++;
      }
    })
    .transform((rows) => rows as T[]);
}

/** save_carga's and a lote part's rows: `row_index` only when the row has one (`rowIssue`). */
export const SAVE_ROW_INDEX: RowIndexRule = 'optional';

/** Most columns process_carga's `columns` may name (a sheet is at most 16,384 wide; a carga's has ~25). */
export const MAX_LIST_COLUMNS = 16_384;

const LIST_ROW_MESSAGE =
  'Una fila en forma de lista necesita "columns" y a lo más tantas celdas como columnas; si no, cada fila es un objeto';

/**
 * Rows written as lists for process_carga's `columns`: the column names once (every key of any row, in the order
 * first met) and each row as the list of its cells in that order, a cell the row lacks as null. A 5,000-row batch
 * of a 10-column sheet wrote its column names 50,000 times (about 45 % of its JSON, all of it compressed by the
 * browser and inflated and parsed by the server).
 */
export function rowsAsLists(rows: readonly SheetRow[]): { columns: string[]; rows: unknown[][] } {
  const index = new Map<string, number>();
  for (const row of rows) for (const key in row) if (!index.has(key)) index.set(key, index.size);
  const columns = [...index.keys()];
  const lists = rows.map((row) => {
    const cells: unknown[] = new Array(columns.length).fill(null);
    for (const key in row) {
      const value = row[key];
      if (value !== undefined) cells[index.get(key) as number] = value;
    }
    return cells;
  });
  return { columns, rows: lists };
}

/**
 * The server's side of `rowsAsLists`, on a request body as it came (before its schema): with `columns` a list of
 * at most `MAX_LIST_COLUMNS` texts (none `__proto__`), each row that is a list of at most that many cells becomes
 * the object of its cells by column, in place (a null cell kept as null: the checks treat it as the missing cell
 * it stands for). Anything else is left as it came, for the schema to refuse with its message. Never throws.
 */
export function rowsFromLists(body: unknown): void {
  if (!isPlainObject(body)) return;
  const { columns, rows } = body;
  if (!Array.isArray(columns) || !Array.isArray(rows) || columns.length > MAX_LIST_COLUMNS) return;
  // No column may be `__proto__`: assigned to a new object it would set its prototype (an object row with that
  // key never gets here: the JSON parser refuses it).
  if (!columns.every((column) => typeof column === 'string' && column !== '__proto__')) return;
  const names = columns as string[];
  for (let i = 0; i < rows.length; i++) {
    const cells: unknown = rows[i];
    if (!Array.isArray(cells) || cells.length > names.length) continue;
    const row: Record<string, unknown> = {};
    for (let c = 0; c < cells.length; c++) row[names[c] as string] = cells[c];
    rows[i] = row;
  }
}

/**
 * `lote`: the wizard's lote (opened as processing starts) and the part this batch is (its number): the server
 * stages the batch's valid rows there as it processes them, so that saving them is only confirmar — the rows are
 * not sent a second time. A part sent again (`savePart`: a row edited in review) replaces it.
 */
export const processCargaRequestSchema = z.object({
  rows: rowsArray<UploadRow>('required'),
  loadType: loadTypeSchema,
  lote: z
    .object({
      id: z.uuid({ error: 'Identificador de carga inválido' }),
      parte: z.number().int().min(0).max(MAX_ROWS_PER_CARGA),
    })
    .optional(),
  /**
   * What each row of `processedData` carries. 'rows' (the default, and what a request without the field gets):
   * the row's own cells, cleaned, plus the computed fields (`processedRowSchema`). 'computed': the computed
   * fields only, with the row's `position` in `rows` (`computedRowSchema`): for a client that holds the rows it
   * sent and completes them itself (`completeProcessCargaAnswer`), so that its cells are not sent back (a
   * 5,000-row batch answered ~2.4 MB of JSON for a ~1.7 MB request).
   */
  answer: z.enum(['rows', 'computed']).optional(),
  /**
   * The rows written as lists (`rowsAsLists`): with `columns`, a row may be the list of its cells in the order of
   * `columns` (an empty cell null) instead of an object; the server makes each list the object of its cells
   * (`rowsFromLists`) before any other check, so every rule and answer is that of the object rows.
   */
  columns: z.array(z.string()).max(MAX_LIST_COLUMNS).optional(),
});
export type ProcessCargaRequest = z.infer<typeof processCargaRequestSchema>;
/** The lote and part a process_carga batch stores its valid rows as. */
export type ProcessLote = NonNullable<ProcessCargaRequest['lote']>;
/** What process_carga's answer rows carry (the request's `answer`). */
export type ProcessAnswer = NonNullable<ProcessCargaRequest['answer']>;

/**
 * A valid row with its folio, regions, proposed visitor and formatted address, plus the row's own fields.
 * process_carga's full answer always gives `address_complete_folio`; a row completed from its computed answer
 * (`answer: 'computed'`) has none, and is shown with the address of its own cells (`processedRowAddress`).
 */
export const processedRowSchema = z
  .object({
    id_folio: z.string(),
    visitor_id: z.number().int().nullable(),
    state_of_folio: z.string(),
    state_of_visitor: z.string().nullable(),
    address_complete_folio: z.string().optional(),
    row_index: z.number().int().optional(),
  })
  .catchall(z.unknown());
export type ProcessedRow = z.infer<typeof processedRowSchema>;

/**
 * What process_carga adds to a row for the screen only: a save recomputes the state and the address from the
 * row's cells (and checks the visitor by its id), so these never travel back with the rows of a save.
 */
export const PROCESSED_DISPLAY_KEYS = [
  'state_of_folio',
  'state_of_visitor',
  'address_complete_folio',
] as const;

export const invalidRowSchema = z.object({
  data: z.record(z.string(), z.unknown()),
  reason: z.string(),
  row_index: z.number().int(),
});
export type InvalidRow = z.infer<typeof invalidRowSchema>;

export const processCargaResponseSchema = z.object({
  processedData: z.array(processedRowSchema),
  invalidRows: z.array(invalidRowSchema),
  invalidCount: z.number().int(),
  validCount: z.number().int(),
  /**
   * With a `lote` only: whether the batch's `processedData` (with the visitors proposed) is stored as its part
   * (false: the lote is not the user's or no longer open, and nothing was stored; the part must be sent).
   */
  staged: z.boolean().optional(),
});
export type ProcessCargaResponse = z.infer<typeof processCargaResponseSchema>;

/**
 * A row of process_carga's answer asked with `answer: 'computed'`: what the server computed for the valid row at
 * `position` in the request's `rows` (0 is the first row sent), without the row's own cells. The rows come in
 * request order (their positions increase). No address either: it is the row's own cells and state in one line
 * (`processedRowAddress`), which the browser makes for the rows it shows. Sent, it was ~40 % of the answer's
 * bytes and one more string per row held while the file is open (~80 B a row on V8).
 */
export const computedRowSchema = z.object({
  position: z.number().int().min(0),
  id_folio: z.string(),
  visitor_id: z.number().int().nullable(),
  state_of_folio: z.string(),
  state_of_visitor: z.string().nullable(),
  row_index: z.number().int(),
});
export type ComputedRow = z.infer<typeof computedRowSchema>;

/** process_carga's answer with `answer: 'computed'`: as `processCargaResponseSchema`, each row a `ComputedRow`. */
export const processCargaComputedResponseSchema = processCargaResponseSchema.extend({
  processedData: z.array(computedRowSchema),
});
export type ProcessCargaComputedResponse = z.infer<typeof processCargaComputedResponseSchema>;

/** process_carga's answer in either form (the request's `answer` picks it): the route table's response. */
export const processCargaAnyResponseSchema = z.union([
  processCargaResponseSchema,
  processCargaComputedResponseSchema,
]);

/**
 * A list of objects whose own fields are checked against `schema`'s, each object kept as it came: the list
 * `z.array(schema)` gives is a copy of every object (a million rows: a million more objects to collect).
 * `check`: what else is wrong with an item whose fields passed (path inside the item and message), or null.
 */
function objectsCheckedInPlace<S extends z.ZodObject>(
  schema: S,
  check?: (item: z.output<S>, index: number) => { path: string[]; message: string } | null,
) {
  const fields = Object.entries(schema.shape) as [string, z.ZodType][];
  return z
    .array(z.unknown())
    .superRefine((items, ctx) => {
      for (let i = 0; i < items.length; i++) {
        const item = items[i];
        if (!isPlainObject(item)) {
          ctx.addIssue({ code: 'custom', path: [i], message: 'Cada fila debe ser un objeto' });
          return;
        }
        for (const [key, field] of fields) {
          const result = field.safeParse(item[key]);
          if (!result.success) {
            ctx.addIssue({ code: 'custom', path: [i, key], message: result.error.issues[0]?.message ?? '' });
            return;
          }
        }
        const issue = check?.(item as z.output<S>, i) ?? null;
        if (issue !== null) {
          ctx.addIssue({ code: 'custom', path: [i, ...issue.path], message: issue.message });
          return;
        }
      }
    })
    .transform((items) => items as z.output<S>[]);
}

/**
 * process_carga's answer as the browser reads it (each batch of a carga): the same contract, its rows checked in
 * place rather than copied. The route table keeps `processCargaResponseSchema` (the documented shape).
 */
export const processCargaAnswerSchema = processCargaResponseSchema.extend({
  processedData: objectsCheckedInPlace(processedRowSchema),
});

/**
 * process_carga's computed answer (`answer: 'computed'`) to a request of the rows `sent`, as the browser reads
 * it: its rows checked in place, each pointing at a row of `sent` with that row's `row_index`, in request order.
 */
export function computedProcessCargaAnswerSchema(sent: readonly UploadRow[]) {
  let last = -1;
  return processCargaComputedResponseSchema.extend({
    processedData: objectsCheckedInPlace(computedRowSchema, (row, index) => {
      if (index === 0) last = -1;
      const position = row.position;
      const at = position > last ? sent[position] : undefined;
      last = position;
      if (at !== undefined && at.row_index === row.row_index) return null;
      return { path: ['position'], message: 'La fila no corresponde a una fila enviada' };
    }),
  });
}

/** Whether JSON carries `value` as itself (what a spreadsheet reader gives: text, finite numbers, booleans, null). */
function keptByJson(value: unknown): boolean {
  if (value === null) return true;
  const type = typeof value;
  if (type === 'string' || type === 'boolean') return true;
  return type === 'number' && Number.isFinite(value) && !Object.is(value, -0);
}

/**
 * `row` as the server reads it from a JSON body: the row itself when JSON carries every cell as it is, else its
 * JSON form (a Date as its ISO text, NaN and ±Infinity as null, -0 as 0, an undefined cell left out).
 */
function asSentAsJson(row: SheetRow): SheetRow {
  const proto = Object.getPrototypeOf(row);
  let kept = proto === Object.prototype || proto === null;
  for (const key in row) {
    if (!kept) break;
    if (Object.hasOwn(row, key)) kept = keptByJson(row[key]);
  }
  return kept ? row : (JSON.parse(JSON.stringify(row)) as SheetRow);
}

/** The fields of a computed answer's row that a valid row is given, in the order the full answer's rows carry them. */
export const COMPUTED_FIELDS = [
  'id_folio',
  'visitor_id',
  'state_of_folio',
  'state_of_visitor',
  'row_index',
] as const satisfies ReadonlyArray<keyof ComputedRow & keyof ProcessedRow>;

/** The full answer's address field: a row completed from a computed answer has it only if its file had the column. */
const ADDRESS_KEY = 'address_complete_folio';

/**
 * `row` (cleaned) made a row of process_carga's answer: `computed`'s fields added to it, in `COMPUTED_FIELDS`'
 * order, then `address` (the full answer's `address_complete_folio`) when given. The server's full answer (its rows
 * themselves) and the browser's completion of a computed answer (`completeProcessedRow`, `RowsCompletedInPlace`)
 * all add them here, so their rows have the same keys in the same order, the full answer's address last. A row
 * whose file had a column of that name gets the address in it, as the full answer does (never the file's cell).
 */
export function withComputedFields(row: SheetRow, computed: ComputedRow, address?: string): ProcessedRow {
  for (const key of COMPUTED_FIELDS) row[key] = computed[key];
  if (address !== undefined) row[ADDRESS_KEY] = address;
  else if (Object.hasOwn(row, ADDRESS_KEY)) row[ADDRESS_KEY] = rowAddress(row, computed.state_of_folio);
  return row as ProcessedRow;
}

/**
 * The address a processed row shows: its `address_complete_folio` when it has one (the full answer's, a folio
 * added by hand), else the line of its own cleaned cells and its folio's state — what the full answer would have
 * given (`rowAddress`, as the server writes it).
 */
export function processedRowAddress(row: ProcessedRow): string {
  return row.address_complete_folio ?? rowAddress(row, row.state_of_folio);
}

/**
 * The row process_carga's full answer gives for `sent` (the request's row at `computed.position`): `sent` as the
 * server read it, cleaned with the shared cleaning (`cleanRow`: a copy, `sent` is left as it was), then the
 * computed fields (`withComputedFields`). Same keys, order and values as the full answer's row.
 */
export function completeProcessedRow(sent: SheetRow, computed: ComputedRow): ProcessedRow {
  return withComputedFields(cleanRow(asSentAsJson(sent)), computed);
}

/**
 * Rows sent to process_carga completed in themselves rather than as copies (`complete`): the same keys, order
 * and values as `completeProcessedRow`'s copy, without a second object per row while a file is processed (on V8,
 * 200,000 rows completed grew the heap by 241 B a row in place against 365 as copies; a 1,048,575-row file's tab
 * peaked at 1,357-1,368 MB against 1,390-1,422 in bench:import). A row JSON does not carry as itself (a Date, NaN,
 * an undefined cell) is still completed as a copy, and so is every row once `undo` ran.
 *
 * `undo` takes back what the rows were given, for a processing that failed (the rows go back to step 2, to be
 * shown and sent again): each computed field a row did not have is deleted (last added first, which keeps the
 * row's fast shape), and a cell a computed field replaced gets its value back. The cells stay cleaned
 * (`cleanRowInPlace`): cleaning them again leaves them as they are, so the rows sent again are processed and
 * saved exactly as before, and step 2 shows what the carga would save (a phone's '+' and commas, a cell's outer
 * blanks gone). Keeping every cell as read would take each changed cell's old value — most rows of a file change
 * a cell or more (numeric phones become text) — about as much memory as the copies this saves.
 */
export class RowsCompletedInPlace {
  private rows: SheetRow[] = [];
  /** For each row of `rows`, the computed fields it was given (bit i: `COMPUTED_FIELDS[i]`). */
  private added: number[] = [];
  /**
   * A cell a computed field of the same name replaced (a file's own 'id_folio' or 'address_complete_folio'
   * column): row, key, cell.
   */
  private replaced: unknown[] = [];
  private undone = false;

  /** `sent` completed with `computed` (in itself, or as a copy: see the class). */
  complete(sent: SheetRow, computed: ComputedRow): ProcessedRow {
    if (this.undone || asSentAsJson(sent) !== sent) return completeProcessedRow(sent, computed);
    cleanRowInPlace(sent);
    let added = 0;
    for (let i = 0; i < COMPUTED_FIELDS.length; i++) {
      const key = COMPUTED_FIELDS[i]!;
      if (!Object.hasOwn(sent, key)) added |= 1 << i;
      else if (!Object.is(sent[key], computed[key])) this.replaced.push(sent, key, sent[key]);
    }
    if (Object.hasOwn(sent, ADDRESS_KEY)) this.replaced.push(sent, ADDRESS_KEY, sent[ADDRESS_KEY]);
    this.rows.push(sent);
    this.added.push(added);
    return withComputedFields(sent, computed);
  }

  /** The computed fields taken off every row completed in place; later rows are completed as copies. */
  undo(): void {
    this.undone = true;
    for (let r = 0; r < this.rows.length; r++) {
      const row = this.rows[r]!;
      const added = this.added[r]!;
      for (let i = COMPUTED_FIELDS.length - 1; i >= 0; i--)
        if (added & (1 << i)) delete row[COMPUTED_FIELDS[i]!];
    }
    for (let c = 0; c < this.replaced.length; c += 3)
      (this.replaced[c] as SheetRow)[this.replaced[c + 1] as string] = this.replaced[c + 2];
    this.rows = [];
    this.added = [];
    this.replaced = [];
  }
}

/**
 * Each row of a computed answer to the rows `sent` (checked by `computedProcessCargaAnswerSchema(sent)`) completed
 * with the row it points at — as a copy, or in the row itself with `inPlace`: `completeProcessCargaAnswer`'s step,
 * for a caller that completes an answer a slice at a time.
 */
export function computedRowCompleter(
  sent: readonly UploadRow[],
  inPlace?: RowsCompletedInPlace,
): (row: ComputedRow) => ProcessedRow {
  const folioKey = sent.length > 0 ? findColumnKey(sent[0]!, 'Folio') : undefined;
  return (row) => {
    const at = sent[row.position];
    if (at === undefined) throw new Error(`process_carga: la fila ${row.position} no se envió`);
    return shareTexts(inPlace ? inPlace.complete(at, row) : completeProcessedRow(at, row), folioKey);
  };
}

/**
 * process_carga's full answer rebuilt from its computed answer to the rows `sent` (`computedRowCompleter`): each
 * row completed with the row it points at, the rest as answered.
 */
export function completeProcessCargaAnswer(
  sent: readonly UploadRow[],
  answer: ProcessCargaComputedResponse,
  inPlace?: RowsCompletedInPlace,
): ProcessCargaResponse {
  const complete = computedRowCompleter(sent, inPlace);
  return { ...answer, processedData: answer.processedData.map((row) => complete(row)) };
}

/** Each state name, to give a row the one string of its state (`shareTexts`). */
const SHARED_STATE_NAMES = new Map(STATE_NAMES.map((name) => [name, name]));

/**
 * A completed row's computed texts that the page already holds, as those strings: the folio as the row's own
 * (cleaned) Folio cell, a state as its name in `STATE_NAMES`. JSON.parse makes a fresh string of every value: on
 * V8, 200,000 rows completed kept 64 B a row more without this (same values either way).
 */
function shareTexts(row: ProcessedRow, folioKey: string | undefined): ProcessedRow {
  if (folioKey !== undefined) {
    const cell = row[folioKey];
    if (cell === row.id_folio) row.id_folio = cell;
  }
  row.state_of_folio = SHARED_STATE_NAMES.get(row.state_of_folio) ?? row.state_of_folio;
  if (row.state_of_visitor != null)
    row.state_of_visitor = SHARED_STATE_NAMES.get(row.state_of_visitor) ?? row.state_of_visitor;
  return row;
}

/* ----------------------------------------------------------------------------
 * POST /api/cargas/save_carga
 * -------------------------------------------------------------------------- */

/** Rows to save: what process_carga answered, with the visitor possibly edited in the browser. */
export const saveRowSchema = z
  .object({
    id_folio: z.union([z.string(), z.number()]).optional(),
    visitor_id: z.union([z.number(), z.string(), z.null()]).optional(),
    row_index: z.number().int().optional(),
  })
  .catchall(z.unknown());
export type SaveRow = z.infer<typeof saveRowSchema>;

export const saveCargaRequestSchema = z.object({
  fileName: z.string().trim().max(255).default(''),
  validCount: z.number().int().min(0).optional(),
  invalidCount: z.number().int().min(0).optional(),
  processedData: rowsArray<SaveRow>(SAVE_ROW_INDEX),
  loadType: loadTypeSchema,
  /** Date as the browser shows it (Mexican locale, e.g. '22/11/2026'); kept for the record only. */
  date: z.string().max(64).optional(),
});
export type SaveCargaRequest = z.infer<typeof saveCargaRequestSchema>;

export const saveCargaFailureSchema = z.object({
  row_index: z.number().int().nullable(),
  id_folio: z.string().nullable(),
  reason: z.string(),
});
export type SaveCargaFailure = z.infer<typeof saveCargaFailureSchema>;

export const saveCargaResponseSchema = z.object({
  success: z.boolean(),
  message: z.string(),
  /** ISO timestamp of the save. */
  date: z.string(),
  recordsProcessed: z.number().int(),
  recordsFailed: z.number().int(),
  id_carga: z.number().int().nullable(),
  /** Why each failed row failed (first 1,000). */
  failures: z.array(saveCargaFailureSchema),
});
export type SaveCargaResponse = z.infer<typeof saveCargaResponseSchema>;

/* ----------------------------------------------------------------------------
 * Staged save (a "lote"): POST …/save_carga/lotes, PUT …/lotes/:id/partes/:n, POST …/lotes/:id/confirmar,
 * DELETE …/lotes/:id. The rows travel in parts of at most SAVE_PART_ROWS; confirmar writes them all in one
 * transaction and answers as save_carga.
 * -------------------------------------------------------------------------- */

/** What a lote records of its file (save_carga's body without the rows). */
export const openSaveRequestSchema = saveCargaRequestSchema.omit({ processedData: true });
export type OpenSaveRequest = z.infer<typeof openSaveRequestSchema>;
export type OpenSaveInput = z.input<typeof openSaveRequestSchema>;

export const openSaveResponseSchema = z.object({ id: z.uuid() });
export type OpenSaveResponse = z.infer<typeof openSaveResponseSchema>;

export const loteParamsSchema = z.object({ id: z.uuid({ error: 'Identificador de carga inválido' }) });
export const lotePartParamsSchema = loteParamsSchema.extend({
  n: z.coerce
    .number({ error: 'Debe ser un número' })
    .int('Debe ser un número entero')
    .min(0, 'Debe ser 0 o mayor')
    .max(MAX_ROWS_PER_CARGA, 'Número de parte fuera de rango'),
});

export const savePartRequestSchema = z.object({ processedData: rowsArray<SaveRow>(SAVE_ROW_INDEX) });
export type SavePartRequest = z.infer<typeof savePartRequestSchema>;

/**
 * POST …/lotes/:id/confirmar's optional body: what the file's lote learnt after it was opened (the wizard opens
 * it as processing starts and sends parts meanwhile). `validCount`: the rows the lote must hold (confirmar refuses
 * another count); `invalidCount` and `date` replace what the lote was opened with. No body (null): as opened.
 */
export const confirmSaveRequestSchema = z
  .object({
    validCount: z.number().int().min(0).optional(),
    invalidCount: z.number().int().min(0).optional(),
    date: z.string().max(64).optional(),
  })
  .nullish();
export type ConfirmSaveRequest = NonNullable<z.infer<typeof confirmSaveRequestSchema>>;

export const savePartResponseSchema = z.object({
  /** Rows the lote holds after this part (a part sent again replaces itself: counted once). */
  received: z.number().int(),
});
export type SavePartResponse = z.infer<typeof savePartResponseSchema>;

/* ----------------------------------------------------------------------------
 * GET /api/cargas/active_assignments, assignment_stats
 * -------------------------------------------------------------------------- */

export const ASSIGNMENT_SORT_FIELDS = ['fecha_asignacion', 'estatus'] as const;
export type AssignmentSortField = (typeof ASSIGNMENT_SORT_FIELDS)[number];

/** Longest folio prefix accepted by the search box and the suggestions. */
export const MAX_FOLIO_SEARCH = 64;

/** `''` from an emptied input is the same as leaving the parameter out. */
const blankToUndefined = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);

/** 'YYYY-MM-DD' that exists in the calendar (a day in Mexico City). */
const dayParam = z.preprocess(
  blankToUndefined,
  z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, 'Fecha inválida (AAAA-MM-DD)')
    .refine(isCalendarDate, 'Fecha inválida (AAAA-MM-DD)')
    .optional(),
);

/**
 * Filters of the assignments list and its statistics (issue 20), all optional and combinable:
 * `folio` (prefix, any case), `estatus`, `estado` (official name), `visitador` (id_usuario) and
 * `fecha_desde`/`fecha_hasta` (days of fecha_asignacion in Mexico City, both included).
 * A Visitador's list stays theirs whatever the filters say.
 */
const assignmentFilterFields = {
  folio: z.preprocess(
    blankToUndefined,
    z.string().trim().max(MAX_FOLIO_SEARCH, `Máximo ${MAX_FOLIO_SEARCH} caracteres`).optional(),
  ),
  estatus: z.preprocess(blankToUndefined, asignacionEstatusSchema.optional()),
  estado: z.preprocess(
    blankToUndefined,
    z
      .string()
      .trim()
      .refine((v) => STATE_NAMES.includes(v), 'Estado inválido: usa el nombre oficial del estado')
      .optional(),
  ),
  visitador: z.preprocess(
    blankToUndefined,
    z.coerce
      .number({ error: 'Debe ser un número' })
      .int('Debe ser un número entero')
      .positive('Debe ser un número positivo')
      .max(2_147_483_647, 'Número fuera de rango')
      .optional(),
  ),
  fecha_desde: dayParam,
  fecha_hasta: dayParam,
};
const dateOrder: [
  (f: { fecha_desde?: string; fecha_hasta?: string }) => boolean,
  { message: string; path: string[] },
] = [
  (f) => !f.fecha_desde || !f.fecha_hasta || f.fecha_desde <= f.fecha_hasta,
  { message: 'fecha_desde debe ser anterior o igual a fecha_hasta', path: ['fecha_hasta'] },
];
export const assignmentFiltersSchema = z.object(assignmentFilterFields).refine(...dateOrder);
export type AssignmentFilters = z.infer<typeof assignmentFiltersSchema>;
/** The filter parameters' names, in the order the URL carries them. */
export const ASSIGNMENT_FILTER_KEYS = [
  'folio',
  'estatus',
  'estado',
  'visitador',
  'fecha_desde',
  'fecha_hasta',
] as const satisfies readonly (keyof AssignmentFilters)[];

/**
 * `?page&page_size&sort_by&sort_order` — defaults 1 / 10 / fecha_asignacion / desc; page_size 1–100 —
 * plus the filters of `assignmentFiltersSchema`.
 */
export const activeAssignmentsQuerySchema = pageQuerySchema<AssignmentSortField>({
  sortFields: ASSIGNMENT_SORT_FIELDS,
  defaultSort: 'fecha_asignacion',
  defaultOrder: 'desc',
  defaultPageSize: 10,
  maxPageSize: 100,
})
  .extend(assignmentFilterFields)
  .refine(...dateOrder);
export type ActiveAssignmentsQuery = z.infer<typeof activeAssignmentsQuerySchema>;

export const assignmentSchema = z.object({
  id_asignacion: z.number().int(),
  folio: z.string(),
  id_usuario: z.number().int().nullable(),
  visitador: z.string().nullable(),
  estado: z.string().nullable(),
  direccion: z.string().nullable(),
  estatus: asignacionEstatusSchema,
  /** ISO timestamps. */
  fecha_asignacion: z.string(),
  fecha_agendada: z.string().nullable(),
  fecha_completada: z.string().nullable(),
  id_carga: z.number().int().nullable(),
});
export type Assignment = z.infer<typeof assignmentSchema>;

export const activeAssignmentsResponseSchema = z.object({
  assignments: z.array(assignmentSchema),
  total: z.number().int(),
  total_pages: z.number().int(),
  page: z.number().int(),
  page_size: z.number().int(),
});
export type ActiveAssignmentsResponse = z.infer<typeof activeAssignmentsResponseSchema>;

export const assignmentStatsSchema = z.object({
  total: z.number().int(),
  asignada: z.number().int(),
  agendada: z.number().int(),
  completada: z.number().int(),
  cancelada: z.number().int(),
});
export type AssignmentStats = z.infer<typeof assignmentStatsSchema>;

/* ----------------------------------------------------------------------------
 * GET /api/cargas/active_visitors, regions_available
 * -------------------------------------------------------------------------- */

export const activeVisitorSchema = z.object({
  id_usuario: z.number().int(),
  /** The visitor's state (official name), or null when none is set. */
  region: z.string().nullable(),
  name: z.string(),
});
export type ActiveVisitor = z.infer<typeof activeVisitorSchema>;
export const activeVisitorsResponseSchema = z.object({ visitors: z.array(activeVisitorSchema) });
export type ActiveVisitorsResponse = z.infer<typeof activeVisitorsResponseSchema>;

/* ----------------------------------------------------------------------------
 * POST /api/cargas/save_manual_assignment
 * -------------------------------------------------------------------------- */

const requiredText = z
  .string({ error: CARGAS_MESSAGES.required })
  .trim()
  .min(1, CARGAS_MESSAGES.required)
  .max(500, 'Máximo 500 caracteres');
/** Optional text: '' / null / undefined → null; numbers become text. */
const optionalText = z.preprocess((v) => {
  if (typeof v === 'number') return String(v);
  if (typeof v === 'string' && v.trim() === '') return null;
  return v ?? null;
}, z.string().trim().max(500, 'Máximo 500 caracteres').nullable());
const phoneText = z.preprocess(
  (v) => (typeof v === 'string' || typeof v === 'number' ? String(v).replace(/[,+]/g, '') : v),
  optionalText,
);

/**
 * Whether 'YYYY-MM-DD' is a day of the calendar PostgreSQL stores: a real date (not '2026-02-30') of year 1 or
 * later — JavaScript's dates have a year 0, PostgreSQL's do not (a folio carrying one was refused by the database).
 */
export function isCalendarDate(value: string): boolean {
  const date = new Date(`${value}T00:00:00Z`);
  return (
    !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value && !value.startsWith('0000')
  );
}

/** Manual assignment of a TEC_MTY folio. Fields copied by the browser are accepted and recomputed. */
export const manualAssignmentSchema = z.object({
  loadType: loadTypeSchema,
  visitor_id: z.coerce
    .number({ error: CARGAS_MESSAGES.visitorRequired })
    .int(CARGAS_MESSAGES.visitorRequired)
    .positive(CARGAS_MESSAGES.visitorRequired),
  state_visitor: optionalText.optional(),
  visitor_name: optionalText.optional(),
  date: optionalText.optional(),
  producto: optionalText.optional(),
  folio: z.preprocess((v) => (typeof v === 'number' ? String(v) : v), requiredText),
  nombre_alumno: requiredText,
  campus_ingreso: requiredText,
  correo_alumno: requiredText,
  calle: optionalText.optional(),
  colonia: optionalText.optional(),
  ciudad: optionalText.optional(),
  estado: optionalText.optional(),
  codigo_postal: phoneText.optional(),
  tel1: z.preprocess(
    (v) => (typeof v === 'string' || typeof v === 'number' ? String(v).replace(/[,+]/g, '') : v),
    requiredText,
  ),
  tel2: phoneText.optional(),
  tel3: phoneText.optional(),
  tel4: phoneText.optional(),
  nombre_padre: optionalText.optional(),
  correo_padre: optionalText.optional(),
  nombre_madre: optionalText.optional(),
  correo_madre: optionalText.optional(),
  solicitud_email: optionalText.optional(),
  /** 'YYYY-MM-DD' from a date input, or null. */
  dia_agendo_crm: z.preprocess(
    (v) => (v === '' ? null : v),
    z
      .string()
      .regex(/^\d{4}-\d{2}-\d{2}$/, 'Fecha inválida (AAAA-MM-DD)')
      .refine(isCalendarDate, 'Fecha inválida (AAAA-MM-DD)')
      .nullable()
      .optional(),
  ),
  id_folio: optionalText.optional(),
  state_of_folio: optionalText.optional(),
  address_complete_folio: optionalText.optional(),
});
export type ManualAssignmentRequest = z.input<typeof manualAssignmentSchema>;
export type ManualAssignment = z.infer<typeof manualAssignmentSchema>;

export const manualAssignmentResponseSchema = z.object({ id_asignacion: z.number().int() });
export type ManualAssignmentResponse = z.infer<typeof manualAssignmentResponseSchema>;

/* ----------------------------------------------------------------------------
 * PATCH /api/cargas/asignaciones/{id}
 * -------------------------------------------------------------------------- */

export const patchAssignmentRequestSchema = z.object({
  estatus: z.string().trim().toLowerCase().pipe(asignacionEstatusSchema),
});
export type PatchAssignmentRequest = z.input<typeof patchAssignmentRequestSchema>;
export const patchAssignmentResponseSchema = z.object({ asignacion: assignmentSchema });
export type PatchAssignmentResponse = z.infer<typeof patchAssignmentResponseSchema>;

/* ----------------------------------------------------------------------------
 * PUT /api/cargas/asignaciones/{id}/visitador — reassign an open assignment
 * -------------------------------------------------------------------------- */

/** The new visitor: an active Visitador of the assignment's state. */
export const reassignAssignmentRequestSchema = z.object({
  visitor_id: z.coerce
    .number({ error: CARGAS_MESSAGES.visitorRequired })
    .int(CARGAS_MESSAGES.visitorRequired)
    .positive(CARGAS_MESSAGES.visitorRequired)
    .max(2_147_483_647, CARGAS_MESSAGES.visitorRequired),
});
export type ReassignAssignmentRequest = z.input<typeof reassignAssignmentRequestSchema>;
