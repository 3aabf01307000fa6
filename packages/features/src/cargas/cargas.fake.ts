/**
 * In-memory cargas port for stories and tests (exported only from `@socio/features/testing`):
 * realistic and stateful (server sorting and paging, stats from the rows, the lifecycle rules and the
 * server's 409 texts, manual saves, reassignments), with an optional delay. `stubCargasPort` throws
 * 'no implementado' for every method not overridden.
 */
import {
  type ActiveVisitor,
  type Assignment,
  type AssignmentFilters,
  type AssignmentStats,
  CARGAS_MESSAGES,
  canTransition,
  findColumnKey,
  MAX_ROWS_PER_CARGA,
  normalizeStateName,
  OPEN_ESTATUS,
  rowAddress,
  SAVE_PART_ROWS,
  type SaveCargaResponse,
  type SaveRow,
  validateRow,
} from '@socio/contracts';
import { ApiError } from '../errors';
import { fakeDelay as wait } from '../testing/fake-delay';
import type { CargasPort } from './cargas.port';

/** Six active visitors over four states (two in Nuevo León, two in Jalisco). */
export const demoVisitors: ActiveVisitor[] = [
  { id_usuario: 4, name: 'Juan Pérez López', region: 'Nuevo León' },
  { id_usuario: 5, name: 'María Hernández Cruz', region: 'Nuevo León' },
  { id_usuario: 6, name: 'Carlos Ramírez Soto', region: 'Jalisco' },
  { id_usuario: 13, name: 'Lucía Treviño Garza', region: 'Jalisco' },
  { id_usuario: 7, name: 'Sofía Flores Aguilar', region: 'Ciudad de México' },
  { id_usuario: 9, name: 'Valeria Ortiz Navarro', region: 'Puebla' },
];

const STREETS = [
  'Av. Constitución',
  'Calle Hidalgo',
  'Av. Juárez',
  'Calle Morelos',
  'Av. Reforma',
  'Calle Allende',
];
const STATUS_CYCLE = [
  'asignada',
  'agendada',
  'completada',
  'asignada',
  'cancelada',
  'agendada',
  'asignada',
] as const;

/**
 * `count` assignments spread over the demo visitors, newest first by id; dates one day apart ending
 * on 2026-11-20 (fixed, so stories look the same every day). Every seventh has no address.
 */
export function demoAssignments(count = 57, visitors: readonly ActiveVisitor[] = demoVisitors): Assignment[] {
  const end = Date.UTC(2026, 10, 20, 15, 0, 0);
  return Array.from({ length: count }, (_, index) => {
    const visitor = visitors[index % visitors.length] ?? demoVisitors[0];
    const id = index + 1;
    const estatus = STATUS_CYCLE[index % STATUS_CYCLE.length] ?? 'asignada';
    const fecha = new Date(end - (count - id) * 86_400_000).toISOString();
    return {
      id_asignacion: id,
      folio: `TEC-${String(1000 + id).padStart(6, '0')}`,
      id_usuario: visitor?.id_usuario ?? null,
      visitador: visitor?.name ?? null,
      estado: visitor?.region ?? null,
      direccion:
        id % 7 === 0
          ? null
          : `${STREETS[id % STREETS.length]} ${100 + id}, Centro, ${visitor?.region ?? ''}, CP ${64000 + id}`,
      estatus,
      fecha_asignacion: fecha,
      fecha_agendada: estatus === 'asignada' ? null : fecha,
      fecha_completada: estatus === 'completada' ? fecha : null,
      id_carga: null,
    };
  });
}

export interface CargasSeed {
  assignments?: Assignment[];
  visitors?: ActiveVisitor[];
  /** Answer only the assignments of this visitor (what the API does for a Visitador). */
  viewerId?: number;
}

export interface CargasFakeOptions {
  /** Milliseconds every call waits (default 0). */
  delay?: number;
}

const clone = <T>(value: T): T => structuredClone(value);
const ESTATUS_ORDER = ['asignada', 'agendada', 'completada', 'cancelada'];

/** The day of an instant in Mexico City (UTC-6 all year): 'YYYY-MM-DD'. */
const mexicoDay = (iso: string) => new Date(Date.parse(iso) - 6 * 3_600_000).toISOString().slice(0, 10);

/** Whether an assignment passes the list filters, as the server reads them (folio: prefix, any case). */
function matchesFilters(a: Assignment, f: AssignmentFilters): boolean {
  const day = mexicoDay(a.fecha_asignacion);
  return (
    (f.folio === undefined || a.folio.toUpperCase().startsWith(f.folio.toUpperCase())) &&
    (f.estatus === undefined || a.estatus === f.estatus) &&
    (f.estado === undefined || a.estado === f.estado) &&
    (f.visitador === undefined || a.id_usuario === f.visitador) &&
    (f.fecha_desde === undefined || day >= f.fecha_desde) &&
    (f.fecha_hasta === undefined || day <= f.fecha_hasta)
  );
}

export function createFakeCargasPort(
  seed: CargasSeed = {},
  { delay = 0 }: CargasFakeOptions = {},
): CargasPort {
  const assignments = clone(seed.assignments ?? demoAssignments());
  const visitors = clone(seed.visitors ?? demoVisitors);
  let nextId = Math.max(0, ...assignments.map((a) => a.id_asignacion)) + 1;

  const visible = () =>
    seed.viewerId === undefined ? assignments : assignments.filter((a) => a.id_usuario === seed.viewerId);
  const find = (id: number) => {
    const found = visible().find((a) => a.id_asignacion === id);
    if (!found) throw new ApiError(404, CARGAS_MESSAGES.assignmentNotFound, 'assignment_not_found');
    return found;
  };
  const isOpen = (a: Assignment) => (OPEN_ESTATUS as readonly string[]).includes(a.estatus);
  /** Open staged saves by id: their parts by number. */
  const lotes = new Map<string, { parts: Map<number, SaveRow[]> }>();
  let nextLote = 1;
  const loteOf = (id: string) => {
    const lote = lotes.get(id);
    if (!lote) throw new ApiError(404, CARGAS_MESSAGES.loteNotFound, 'lote_not_found');
    return lote;
  };

  return {
    async activeAssignments(q, o) {
      await wait(delay, o?.signal);
      const direction = q.sort_order === 'asc' ? 1 : -1;
      const rows = visible()
        .filter((a) => matchesFilters(a, q))
        .sort((a, b) => {
          const primary =
            q.sort_by === 'estatus'
              ? ESTATUS_ORDER.indexOf(a.estatus) - ESTATUS_ORDER.indexOf(b.estatus)
              : a.fecha_asignacion.localeCompare(b.fecha_asignacion);
          return primary * direction || (a.id_asignacion - b.id_asignacion) * direction;
        });
      const start = (q.page - 1) * q.page_size;
      return {
        assignments: clone(rows.slice(start, start + q.page_size)),
        total: rows.length,
        total_pages: Math.max(1, Math.ceil(rows.length / q.page_size)),
        page: q.page,
        page_size: q.page_size,
      };
    },
    async stats(filters, o) {
      await wait(delay, o?.signal);
      const stats: AssignmentStats = { total: 0, asignada: 0, agendada: 0, completada: 0, cancelada: 0 };
      for (const a of visible().filter((x) => matchesFilters(x, filters ?? {}))) {
        stats.total += 1;
        stats[a.estatus] += 1;
      }
      return stats;
    },
    async activeVisitors(o) {
      await wait(delay, o?.signal);
      return clone(visitors);
    },
    async regions(o) {
      await wait(delay, o?.signal);
      return [...new Set(visitors.map((v) => v.region).filter((r): r is string => r !== null))].sort();
    },
    async saveManual(body) {
      await wait(delay);
      const folio = String(body.folio).trim();
      // The server's order and statuses: the visitor (422), the state (422), then the open folio (409).
      const visitor = visitors.find((v) => v.id_usuario === Number(body.visitor_id));
      if (!visitor)
        throw new ApiError(422, CARGAS_MESSAGES.invalidVisitor(String(body.visitor_id)), 'invalid_visitor');
      // A blank text field is absent, as the contract's schema reads it.
      const present = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? null : (v ?? null));
      const rawState = present(body.estado) ?? present(body.state_of_folio);
      if (rawState !== null && normalizeStateName(String(rawState)) === null)
        throw new ApiError(422, CARGAS_MESSAGES.unknownState(String(rawState)), 'unknown_state');
      if (assignments.some((a) => a.folio === folio && isOpen(a))) {
        throw new ApiError(409, CARGAS_MESSAGES.openAssignment(folio), 'folio_open_assignment');
      }
      const created: Assignment = {
        id_asignacion: nextId++,
        folio,
        id_usuario: visitor.id_usuario,
        visitador: visitor.name,
        estado: normalizeStateName(body.estado) ?? visitor.region,
        direccion:
          typeof body.address_complete_folio === 'string' && body.address_complete_folio !== ''
            ? body.address_complete_folio
            : null,
        estatus: 'asignada',
        fecha_asignacion: new Date().toISOString(),
        fecha_agendada: null,
        fecha_completada: null,
        id_carga: null,
      };
      assignments.push(created);
      return { id_asignacion: created.id_asignacion };
    },
    async changeStatus(id, estatus) {
      await wait(delay);
      const target = find(id);
      if (!canTransition(target.estatus, estatus)) {
        throw new ApiError(
          409,
          CARGAS_MESSAGES.transition(target.estatus, estatus),
          'transition_not_allowed',
        );
      }
      target.estatus = estatus;
      const now = new Date().toISOString();
      if (estatus === 'agendada') target.fecha_agendada = now;
      if (estatus === 'completada') target.fecha_completada = now;
      return clone(target);
    },
    async reassign(id, visitorId) {
      await wait(delay);
      const target = find(id);
      // The server's order and statuses: closed, same visitor (409), not an active visitor, other state (422).
      if (!isOpen(target))
        throw new ApiError(409, CARGAS_MESSAGES.reassignClosed(target.estatus), 'assignment_closed');
      if (target.id_usuario === visitorId)
        throw new ApiError(409, CARGAS_MESSAGES.reassignSameVisitor, 'same_visitor');
      const visitor = visitors.find((v) => v.id_usuario === visitorId);
      if (!visitor)
        throw new ApiError(422, CARGAS_MESSAGES.invalidVisitor(String(visitorId)), 'invalid_visitor');
      if (visitor.region !== target.estado) {
        throw new ApiError(
          422,
          CARGAS_MESSAGES.reassignOtherState(target.estado ?? ''),
          'visitor_other_state',
        );
      }
      target.id_usuario = visitor.id_usuario;
      target.visitador = visitor.name;
      return clone(target);
    },
    // Nothing to write ahead in memory: the fake's body is the rows themselves (its delay is the request's).
    async prepareProcess(_rows, _loadType, o) {
      o?.signal?.throwIfAborted();
      return { preparedFor: 'process' };
    },
    async process(rows, _loadType, o) {
      await wait(delay, o?.signal);
      const processedData = [];
      const invalidRows = [];
      for (const row of rows) {
        const validity = validateRow(row);
        const stateKey = findColumnKey(row, 'Estado');
        const state = normalizeStateName(stateKey ? row[stateKey] : null);
        if (!validity.valid || !state) {
          const reason = validity.valid
            ? CARGAS_MESSAGES.unknownState(String(row.Estado ?? ''))
            : validity.reason;
          invalidRows.push({ data: { ...row }, reason, row_index: row.row_index });
          continue;
        }
        const visitor = visitors.find((v) => v.region === state) ?? null;
        const folioKey = findColumnKey(row, 'Folio');
        processedData.push({
          ...row,
          id_folio: String(folioKey ? row[folioKey] : ''),
          visitor_id: visitor?.id_usuario ?? null,
          state_of_folio: state,
          state_of_visitor: visitor?.region ?? null,
          // The server's line for the row's cells (its full answer's address).
          address_complete_folio: rowAddress(row, state),
        });
      }
      return {
        processedData,
        invalidRows,
        invalidCount: invalidRows.length,
        validCount: processedData.length,
      };
    },
    async save(load, o) {
      await wait(delay, o?.signal);
      return saveRows(load.processedData);
    },
    async openSave(_meta, o) {
      await wait(delay, o?.signal);
      const id = `00000000-0000-4000-8000-${String(nextLote++).padStart(12, '0')}`;
      lotes.set(id, { parts: new Map() });
      return { id };
    },
    async savePart(id, n, rows, o) {
      await wait(delay, o?.signal);
      const lote = loteOf(id);
      if (rows.length > SAVE_PART_ROWS)
        throw new ApiError(422, CARGAS_MESSAGES.tooManyRowsPerPart, 'too_many_rows');
      lote.parts.set(n, [...rows]);
      let received = 0;
      for (const part of lote.parts.values()) received += part.length;
      if (received > MAX_ROWS_PER_CARGA)
        throw new ApiError(422, CARGAS_MESSAGES.tooManyRows, 'too_many_rows');
      return { received };
    },
    async confirmSave(id, o) {
      await wait(delay, o?.signal);
      const lote = loteOf(id);
      const rows = [...lote.parts.entries()].sort(([a], [b]) => a - b).flatMap(([, part]) => part);
      const expected = o?.file?.validCount;
      if (expected !== undefined && expected !== rows.length)
        throw new ApiError(
          422,
          CARGAS_MESSAGES.loteRowsMismatch(expected, rows.length),
          'lote_rows_mismatch',
        );
      lotes.delete(id);
      return saveRows(rows);
    },
    async discardSave(id) {
      await wait(delay);
      loteOf(id);
      lotes.delete(id);
    },
  };

  /** Rows saved as the server would (each needs an active visitor), first failures listed. */
  function saveRows(processedData: readonly SaveRow[]): SaveCargaResponse {
    let saved = 0;
    const failures = [];
    for (const row of processedData) {
      const visitor = visitors.find((v) => v.id_usuario === Number(row.visitor_id));
      const folio = String(row.id_folio ?? '');
      if (!visitor) {
        failures.push({
          row_index: row.row_index ?? null,
          id_folio: folio,
          reason: CARGAS_MESSAGES.missingVisitor,
        });
        continue;
      }
      assignments.push({
        id_asignacion: nextId++,
        folio,
        id_usuario: visitor.id_usuario,
        visitador: visitor.name,
        estado: typeof row.state_of_folio === 'string' ? row.state_of_folio : visitor.region,
        direccion: typeof row.address_complete_folio === 'string' ? row.address_complete_folio : null,
        estatus: 'asignada',
        fecha_asignacion: new Date().toISOString(),
        fecha_agendada: null,
        fecha_completada: null,
        id_carga: 1,
      });
      saved += 1;
    }
    return {
      success: failures.length === 0,
      message:
        failures.length === 0
          ? CARGAS_MESSAGES.saved(saved)
          : CARGAS_MESSAGES.savedPartial(saved, failures.length),
      date: new Date().toISOString(),
      recordsProcessed: saved,
      recordsFailed: failures.length,
      id_carga: 1,
      failures,
    };
  }
}

/** A port whose every method rejects with 'no implementado' unless overridden. */
export function stubCargasPort(overrides: Partial<CargasPort> = {}): CargasPort {
  const missing = (name: string) => () => Promise.reject(new Error(`no implementado: cargas.${name}`));
  return {
    activeAssignments: missing('activeAssignments'),
    stats: missing('stats'),
    activeVisitors: missing('activeVisitors'),
    regions: missing('regions'),
    saveManual: missing('saveManual'),
    changeStatus: missing('changeStatus'),
    reassign: missing('reassign'),
    process: missing('process'),
    prepareProcess: missing('prepareProcess'),
    save: missing('save'),
    openSave: missing('openSave'),
    savePart: missing('savePart'),
    confirmSave: missing('confirmSave'),
    discardSave: missing('discardSave'),
    ...overrides,
  };
}
