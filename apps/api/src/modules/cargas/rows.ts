/**
 * Pure rules of a carga: re-validating spreadsheet rows, choosing a visitor per folio and checking the rows
 * of a save. No I/O: the routes feed them what the database knows (visitors, open folios).
 * Written for 100,000-row files: header names are resolved once per file (`createColumnReader`).
 */
import {
  CARGAS_MESSAGES,
  type ColumnReader,
  type ComputedRow,
  cellText,
  cleanedText,
  cleanRow,
  cleanRowInPlace,
  createColumnReader,
  formatAddress,
  type GrowingColumnReader,
  headerKey,
  type InvalidRow,
  isCalendarDate,
  isMetaKey,
  KNOWN_COLUMNS,
  normalizeStateName,
  PROCESSED_DISPLAY_KEYS,
  type ProcessAnswer,
  type ProcessCargaComputedResponse,
  type ProcessCargaResponse,
  type ProcessedRow,
  rowAddress,
  rowAddressParts,
  type SheetRow,
  validateRow,
  withComputedFields,
  withoutNul,
} from '@socio/contracts';

/** An active Visitador as the assignment sees it. */
export interface VisitorLoad {
  id_usuario: number;
  /** Official name of the visitor's state, or null. */
  region: string | null;
  /** Open assignments (asignada + agendada) the visitor already has. */
  open: number;
}

/** The TEC_MTY fields of a folio, taken from a cleaned row. */
export interface FolioFields {
  folio: string;
  calle: string | null;
  colonia: string | null;
  ciudad: string | null;
  /** Official state name (null only for a manual assignment without a state). */
  estado: string | null;
  codigo_postal: string | null;
  tel1: string | null;
  tel2: string | null;
  tel3: string | null;
  tel4: string | null;
  nombre_alumno: string | null;
  campus_ingreso: string | null;
  correo_alumno: string | null;
  nombre_padre: string | null;
  correo_padre: string | null;
  nombre_madre: string | null;
  correo_madre: string | null;
  solicitud_email: string | null;
  dia_agendo_crm: string | null;
  direccion: string;
  /** Columns that are not TEC_MTY fields, kept as read. */
  extra: Record<string, unknown> | null;
}

/** Spreadsheet header of each optional TEC_MTY field (a header spelled like the field name also works). */
const OPTIONAL_COLUMNS = {
  nombre_alumno: 'Nombre Alumno',
  campus_ingreso: 'Campus Ingreso',
  correo_alumno: 'Correo Alumno',
  nombre_padre: 'Nombre Padre',
  correo_padre: 'Correo Padre',
  nombre_madre: 'Nombre Madre',
  correo_madre: 'Correo Madre',
  solicitud_email: 'Solicitud X E Mail',
  dia_agendo_crm: 'Dia que Agendo en CRM',
} as const;
type OptionalField = keyof typeof OPTIONAL_COLUMNS;
const OPTIONAL_FIELDS = Object.keys(OPTIONAL_COLUMNS) as OptionalField[];

const BASE_COLUMNS: readonly string[] = KNOWN_COLUMNS;

/** Every column the rules read, for `createColumnReader`. */
const READ_COLUMNS: readonly string[] = [
  ...BASE_COLUMNS,
  ...OPTIONAL_FIELDS.map((f) => OPTIONAL_COLUMNS[f]),
  ...OPTIONAL_FIELDS,
  'id_folio',
];

/** The column reader the rules read `rows` with (every column of `READ_COLUMNS`; one pass over the rows' keys). */
export const rulesReader = (rows: readonly SheetRow[]): GrowingColumnReader =>
  createColumnReader(rows, READ_COLUMNS);

/** Keys the processing adds to a row; never stored as extra columns. */
const COMPUTED_KEYS = new Set<string>(['id_folio', 'visitor_id', ...PROCESSED_DISPLAY_KEYS, 'row_index']);

/** Header keys of every known column: the rest of a row is kept as `extra`. */
const KNOWN_KEYS = new Set(
  [...BASE_COLUMNS, ...OPTIONAL_FIELDS, ...Object.values(OPTIONAL_COLUMNS)].map(headerKey),
);

/** Whether a key is a column of its own (kept as `extra`), worked out once per key (headers repeat on every row). */
function isExtraKey(key: string): boolean {
  let extra = EXTRA_KEYS.get(key);
  if (extra === undefined) {
    extra = !(isMetaKey(key) || COMPUTED_KEYS.has(key) || KNOWN_KEYS.has(headerKey(key)));
    if (EXTRA_KEYS.size >= 10_000) EXTRA_KEYS.clear();
    EXTRA_KEYS.set(key, extra);
  }
  return extra;
}
const EXTRA_KEYS = new Map<string, boolean>();

/**
 * `cellText` of a cell of a row `cleanRow` already cleaned (or of a column it lacks): such a cell is null, a
 * trimmed non-blank string, a number or a boolean, which `cellText` gives back as text without cleaning it again
 * (a trim per cell, ~30 per staged row).
 */
function optional(row: SheetRow, field: OptionalField, reader: ColumnReader): string | null {
  const byHeader = reader.get(row, OPTIONAL_COLUMNS[field]);
  return cleanedText(byHeader !== undefined ? byHeader : reader.get(row, field));
}

/** 'YYYY-MM-DD…' or 'dd/mm/yyyy' → 'YYYY-MM-DD' when it is a day of the calendar (`isCalendarDate`); else null. */
export function toIsoDate(value: string | null): string | null {
  if (value === null) return null;
  const iso = /^(\d{4})-(\d{2})-(\d{2})/.exec(value);
  let date: string | null = null;
  if (iso) date = `${iso[1]}-${iso[2]}-${iso[3]}`;
  const mx = /^(\d{1,2})\/(\d{1,2})\/(\d{2}|\d{4})$/.exec(value);
  if (mx) {
    const year = mx[3]!.length === 2 ? `20${mx[3]}` : mx[3]!;
    date = `${year}-${mx[2]!.padStart(2, '0')}-${mx[1]!.padStart(2, '0')}`;
  }
  return date !== null && isCalendarDate(date) ? date : null;
}

/** Folio fields of a valid row cleaned by `cleanRow` (or in place) whose state is already normalised. */
export function folioFields(row: SheetRow, estado: string, reader: ColumnReader): FolioFields {
  const text = (column: string) => cleanedText(reader.get(row, column));
  let extra: Record<string, unknown> | null = null;
  for (const key in row) {
    const value = row[key];
    if (value === null || !isExtraKey(key)) continue;
    extra ??= {};
    // A header is kept as read, but for NUL characters (a CSV's), which the jsonb cannot hold: as in cells.
    extra[withoutNul(key)] = value;
  }
  const address = rowAddressParts(row, estado, reader);
  return {
    folio: text('Folio') ?? '',
    ...address,
    tel1: text('Tel1'),
    tel2: text('Tel2'),
    tel3: text('Tel3'),
    tel4: text('Tel4'),
    nombre_alumno: optional(row, 'nombre_alumno', reader),
    campus_ingreso: optional(row, 'campus_ingreso', reader),
    correo_alumno: optional(row, 'correo_alumno', reader),
    nombre_padre: optional(row, 'nombre_padre', reader),
    correo_padre: optional(row, 'correo_padre', reader),
    nombre_madre: optional(row, 'nombre_madre', reader),
    correo_madre: optional(row, 'correo_madre', reader),
    solicitud_email: optional(row, 'solicitud_email', reader),
    dia_agendo_crm: toIsoDate(optional(row, 'dia_agendo_crm', reader)),
    // rowAddress's, from the cells read above.
    direccion: formatAddress(address),
    extra,
  };
}

type RowCheck =
  | { ok: true; row: SheetRow; folio: string; estado: string }
  | { ok: false; row: SheetRow; reason: string };

/**
 * Cleans a row and applies the shared validity rules plus the state normalisation. `inPlace`: the caller hands
 * `raw` over, and it is cleaned itself (the answer's `row` is then `raw`) instead of copied.
 */
export function checkRow(raw: SheetRow, reader: ColumnReader, inPlace = false): RowCheck {
  const row = inPlace ? cleanRowInPlace(raw) : cleanRow(raw);
  const validity = validateRow(row, reader);
  if (!validity.valid) return { ok: false, row, reason: validity.reason };
  const rawState = reader.get(row, 'Estado');
  const estado = normalizeStateName(rawState);
  if (estado === null) return { ok: false, row, reason: CARGAS_MESSAGES.unknownState(String(rawState)) };
  return { ok: true, row, folio: cellText(reader.get(row, 'Folio')) ?? '', estado };
}

function withoutMeta(row: SheetRow): Record<string, unknown> {
  const data: Record<string, unknown> = {};
  for (const key in row) if (!isMetaKey(key)) data[key] = row[key];
  return data;
}

function rowIndexOf(row: SheetRow, fallback: number): number {
  const value = row.row_index;
  return typeof value === 'number' && Number.isInteger(value) ? value : fallback;
}

/**
 * Picks visitors: each call returns the active visitor of `region` with the fewest open assignments
 * (the ones given so far by this picker counted), ties to the lowest id; null when the region has none.
 */
export function createVisitorPicker(visitors: readonly VisitorLoad[]) {
  const byRegion = new Map<string, VisitorLoad[]>();
  for (const v of visitors) {
    if (v.region === null) continue;
    const list = byRegion.get(v.region) ?? [];
    list.push({ ...v });
    byRegion.set(v.region, list);
  }
  for (const list of byRegion.values()) list.sort((a, b) => a.id_usuario - b.id_usuario);
  return (region: string): VisitorLoad | null => {
    const list = byRegion.get(region);
    if (!list || list.length === 0) return null;
    let best = list[0]!;
    for (const v of list) if (v.open < best.open) best = v;
    best.open += 1;
    return best;
  };
}

/** What `processRows` reads besides the rows. */
export interface ProcessContext {
  visitors: readonly VisitorLoad[];
  openFolios: ReadonlySet<string>;
  /** When given, each valid row's folio fields are pushed here (one per answer row, in order): a lote stages them. */
  fields?: FolioFields[];
  /** What each answer row carries: the row and the computed fields ('rows', the default), or those alone. */
  answer?: ProcessAnswer;
}

/**
 * process_carga: re-validates every row (header = row 1), rejects unknown states, folios repeated in the batch
 * and folios with an open assignment, and proposes a visitor for each valid row. The rows are cleaned in place
 * (the caller hands over `rows`). With `answer` 'rows' (the default) the valid rows' objects are reused as the
 * answer's rows, computed fields added; with 'computed' each answer row is the computed fields and the row's
 * position in `rows` alone (`ComputedRow`: the client completes it with the row it sent).
 */
export function processRows(
  rows: readonly SheetRow[],
  ctx: ProcessContext & { answer: 'computed' },
): ProcessCargaComputedResponse;
export function processRows(
  rows: readonly SheetRow[],
  ctx: ProcessContext & { answer?: 'rows' },
): ProcessCargaResponse;
export function processRows(
  rows: readonly SheetRow[],
  ctx: ProcessContext,
): ProcessCargaResponse | ProcessCargaComputedResponse;
export function processRows(
  rows: readonly SheetRow[],
  ctx: ProcessContext,
): ProcessCargaResponse | ProcessCargaComputedResponse {
  const processing = createRowProcessing(rows, ctx);
  processing.run(0, rows.length);
  return processing.answer();
}

/**
 * `processRows` in steps: `run(from, to)` processes rows [from, to) (each row once, in order), `answer()` answers
 * once every row ran, as `processRows` would; so that a caller can let other requests run between steps of a
 * large request. `reader`: `rulesReader(rows)`, when the caller already made it.
 */
export function createRowProcessing(
  rows: readonly SheetRow[],
  ctx: ProcessContext,
  reader: ColumnReader = rulesReader(rows),
): {
  run: (from: number, to: number) => void;
  answer: () => ProcessCargaResponse | ProcessCargaComputedResponse;
} {
  const computedOnly = ctx.answer === 'computed';
  const pick = createVisitorPicker(ctx.visitors);
  const seen = new Set<string>();
  // Full answer rows, or (`computedOnly`) ComputedRows: the computed fields of a ProcessedRow and its position.
  const processedData: ProcessedRow[] = [];
  const invalidRows: InvalidRow[] = [];
  const run = (from: number, to: number) => {
    for (let i = from; i < to; i++) {
      const raw = rows[i]!;
      const rowIndex = rowIndexOf(raw, i + 2);
      const check = checkRow(raw, reader, true);
      let reason: string | null = null;
      if (!check.ok) reason = check.reason;
      else if (seen.has(check.folio)) reason = CARGAS_MESSAGES.duplicateInFile(check.folio);
      else if (ctx.openFolios.has(check.folio)) reason = CARGAS_MESSAGES.openAssignment(check.folio);
      if (reason !== null || !check.ok) {
        invalidRows.push({ data: withoutMeta(check.row), reason: reason ?? '', row_index: rowIndex });
        continue;
      }
      seen.add(check.folio);
      const fields = ctx.fields && folioFields(check.row, check.estado, reader);
      if (fields) ctx.fields?.push(fields);
      const visitor = pick(check.estado);
      const computed: ComputedRow = {
        position: i,
        id_folio: check.folio,
        visitor_id: visitor?.id_usuario ?? null,
        state_of_folio: check.estado,
        state_of_visitor: visitor?.region ?? null,
        row_index: rowIndex,
      };
      // The row's own object, cleaned in place, becomes the full answer's row with the computed fields and the
      // address: a 100,000-row file is held once, not twice, and no row is copied. The computed answer has no
      // address (the browser shows the one of the row's cells, `processedRowAddress`).
      processedData.push(
        computedOnly
          ? computed
          : withComputedFields(
              raw,
              computed,
              fields ? fields.direccion : rowAddress(check.row, check.estado, reader),
            ),
      );
    }
  };
  return {
    run,
    answer: () => ({
      processedData,
      invalidRows,
      invalidCount: invalidRows.length,
      validCount: processedData.length,
    }),
  };
}

/** A row of save_carga that passed every check: what is written. */
export interface SaveCandidate {
  rowIndex: number | null;
  fields: FolioFields;
  visitorId: number;
}
export interface SaveFailure {
  row_index: number | null;
  id_folio: string | null;
  reason: string;
}

/** Reads the visitor id the browser sent: a number or digit string; anything else is "unassigned". */
export function parseVisitorId(value: unknown): number | null {
  if (typeof value === 'number' && Number.isInteger(value) && value > 0 && value < 2 ** 31) return value;
  if (typeof value === 'string' && /^\d{1,9}$/.test(value.trim())) {
    const n = Number(value.trim());
    return n > 0 ? n : null;
  }
  return null;
}

/** Per-row reason of a row saved without a visitor. */
export const MISSING_VISITOR_REASON = 'Fila sin visitador asignado';

/** What the save checks answer for one row: written, or failed with its reason. */
export type SaveCheck = { ok: true; candidate: SaveCandidate } | { ok: false; failure: SaveFailure };

/**
 * save_carga checks, trusting nothing from the browser: every row again through the row rules and the state
 * normaliser, its visitor must be an active Visitador, a folio once per batch and not already open.
 * A row without a Folio column but with `id_folio` (what process_carga answered) uses that as its folio.
 * Returns a checker of one row at a time (the rows of `rows`, in order), so a save can write as it checks
 * without holding every row's folio fields at once. Rows that arrive later (a body read as it arrives) are
 * given to `reader.add` before they are checked, and their open folios added to `ctx.openFolios`: the answers
 * are those of one checker made with every row.
 */
export function createSaveChecker(
  rows: readonly SheetRow[],
  ctx: { activeVisitors: ReadonlySet<number>; openFolios: ReadonlySet<string> },
): { check: (raw: SheetRow) => SaveCheck; reader: GrowingColumnReader } {
  const reader = rulesReader(rows);
  const seen = new Set<string>();
  const check = (raw: SheetRow): SaveCheck => {
    const rowIndex = typeof raw.row_index === 'number' ? raw.row_index : null;
    const source =
      reader.get(raw, 'Folio') === undefined && raw.id_folio !== undefined
        ? { ...raw, Folio: raw.id_folio }
        : raw;
    const check = checkRow(source, source === raw ? reader : rulesReader([source]));
    if (!check.ok) {
      return {
        ok: false,
        failure: { row_index: rowIndex, id_folio: cellText(raw.id_folio), reason: check.reason },
      };
    }
    const fail = (reason: string): SaveCheck => ({
      ok: false,
      failure: { row_index: rowIndex, id_folio: check.folio, reason },
    });
    const visitorId = parseVisitorId(raw.visitor_id);
    if (visitorId === null) return fail(MISSING_VISITOR_REASON);
    if (!ctx.activeVisitors.has(visitorId)) return fail(CARGAS_MESSAGES.invalidVisitor(String(visitorId)));
    if (seen.has(check.folio)) return fail(CARGAS_MESSAGES.duplicateInFile(check.folio));
    if (ctx.openFolios.has(check.folio)) return fail(CARGAS_MESSAGES.openAssignment(check.folio));
    seen.add(check.folio);
    const reader1 = source === raw ? reader : rulesReader([check.row]);
    return {
      ok: true,
      candidate: { rowIndex, fields: folioFields(check.row, check.estado, reader1), visitorId },
    };
  };
  return { check, reader };
}

/** The save checks over a whole list (see `createSaveChecker`). */
export function checkSaveRows(
  rows: readonly SheetRow[],
  ctx: { activeVisitors: ReadonlySet<number>; openFolios: ReadonlySet<string> },
): { candidates: SaveCandidate[]; failures: SaveFailure[] } {
  const { check } = createSaveChecker(rows, ctx);
  const candidates: SaveCandidate[] = [];
  const failures: SaveFailure[] = [];
  for (const raw of rows) {
    const result = check(raw);
    if (result.ok) candidates.push(result.candidate);
    else failures.push(result.failure);
  }
  return { candidates, failures };
}

/** Folios of rows, for the open-assignment lookup (cheap: no full validation). */
export function foliosOf(
  rows: readonly SheetRow[],
  reader: ColumnReader = createColumnReader(rows, ['Folio']),
): string[] {
  const out = new Set<string>();
  for (const row of rows) {
    const value = reader.get(row, 'Folio');
    const folio = cellText(value === undefined ? row.id_folio : value);
    if (folio !== null) out.add(folio);
  }
  return [...out];
}
