/**
 * Pure logic of the Cargas screen: the list query in the URL (parse with defaults, tolerate bad
 * values, write back only what differs from the defaults), the sort rule of the table, and which
 * lifecycle actions a row offers to whom.
 */
import {
  type ActiveAssignmentsQuery,
  ASSIGNMENT_FILTER_KEYS,
  ASSIGNMENT_SORT_FIELDS,
  type AsignacionEstatus,
  type Assignment,
  type AssignmentFilters,
  type AssignmentSortField,
  activeAssignmentsQuerySchema,
  allowedTransitions,
  assignmentFiltersSchema,
  can,
  OPEN_ESTATUS,
  type Rol,
} from '@socio/contracts';

/** The 'Por página' choices of the list. */
export const CARGAS_PAGE_SIZES = [10, 20, 50, 100] as const;

/** Page 1, 10 rows, fecha_asignacion descending (the API's defaults). */
export const DEFAULT_CARGAS_QUERY: ActiveAssignmentsQuery = activeAssignmentsQuerySchema.parse({});

/** What a query string looks like to the parser: `URLSearchParams` or a plain record. */
export type SearchLike = URLSearchParams | Record<string, string | null | undefined>;

function read(search: SearchLike, key: string): string | undefined {
  const value = search instanceof URLSearchParams ? search.get(key) : search[key];
  return value === null || value === undefined || value.trim() === '' ? undefined : value.trim();
}

/**
 * The list query of a URL: each of `page`, `page_size`, `sort_by`, `sort_order` is read on its own
 * with the contract's schema; a missing or bad value (`page=abc`, `page_size=7`, `sort_by=folio`)
 * falls back to its default instead of failing the whole query.
 */
export function parseCargasQuery(search: SearchLike): ActiveAssignmentsQuery {
  return { ...parsePaging(search), ...parseCargasFilters(search) };
}

/**
 * The filters of a URL (issue 20): each read on its own with the contract's schema; a bad one (`estatus=x`,
 * `fecha_desde=ayer`) is left out. A range given backwards keeps only its start.
 */
export function parseCargasFilters(search: SearchLike): AssignmentFilters {
  const shape = assignmentFiltersSchema.shape;
  const out: Record<string, unknown> = {};
  for (const key of ASSIGNMENT_FILTER_KEYS) {
    const parsed = shape[key].safeParse(read(search, key));
    if (parsed.success && parsed.data !== undefined) out[key] = parsed.data;
  }
  const filters = out as AssignmentFilters;
  if (filters.fecha_desde && filters.fecha_hasta && filters.fecha_desde > filters.fecha_hasta) {
    delete filters.fecha_hasta;
  }
  return filters;
}

/** Only the filters of a query. */
export function filtersOf(query: AssignmentFilters): AssignmentFilters {
  const out: Record<string, unknown> = {};
  for (const key of ASSIGNMENT_FILTER_KEYS) if (query[key] !== undefined) out[key] = query[key];
  return out as AssignmentFilters;
}

/** Whether any filter is set. */
export function hasCargasFilters(query: AssignmentFilters): boolean {
  return ASSIGNMENT_FILTER_KEYS.some((key) => query[key] !== undefined);
}

/** New filters: back to page 1, page size and sort kept. */
export function withFilters(
  query: ActiveAssignmentsQuery,
  filters: AssignmentFilters,
): ActiveAssignmentsQuery {
  const { page_size, sort_by, sort_order } = query;
  return { page: 1, page_size, sort_by, sort_order, ...filtersOf(filters) };
}

/** Whether two queries ask for the same page (paging, sort and every filter). */
export function sameCargasQuery(a: ActiveAssignmentsQuery, b: ActiveAssignmentsQuery): boolean {
  return (
    a.page === b.page &&
    a.page_size === b.page_size &&
    a.sort_by === b.sort_by &&
    a.sort_order === b.sort_order &&
    ASSIGNMENT_FILTER_KEYS.every((key) => a[key] === b[key])
  );
}

function parsePaging(search: SearchLike): ActiveAssignmentsQuery {
  const shape = activeAssignmentsQuerySchema.shape;
  const page = shape.page.safeParse(read(search, 'page'));
  const size = shape.page_size.safeParse(read(search, 'page_size'));
  const sortBy = shape.sort_by.safeParse(read(search, 'sort_by'));
  const order = shape.sort_order.safeParse(read(search, 'sort_order')?.toLowerCase());
  const pageSize =
    size.success && (CARGAS_PAGE_SIZES as readonly number[]).includes(size.data)
      ? size.data
      : DEFAULT_CARGAS_QUERY.page_size;
  return {
    page: page.success ? page.data : DEFAULT_CARGAS_QUERY.page,
    page_size: pageSize,
    sort_by: sortBy.success ? sortBy.data : DEFAULT_CARGAS_QUERY.sort_by,
    sort_order: order.success ? order.data : DEFAULT_CARGAS_QUERY.sort_order,
  };
}

/** The query as URL parameters, leaving out the defaults (so the plain address stays clean). */
export function cargasQueryToSearch(query: ActiveAssignmentsQuery): Record<string, string> {
  const out: Record<string, string> = {};
  if (query.page !== DEFAULT_CARGAS_QUERY.page) out.page = String(query.page);
  if (query.page_size !== DEFAULT_CARGAS_QUERY.page_size) out.page_size = String(query.page_size);
  if (query.sort_by !== DEFAULT_CARGAS_QUERY.sort_by) out.sort_by = query.sort_by;
  if (query.sort_order !== DEFAULT_CARGAS_QUERY.sort_order) out.sort_order = query.sort_order;
  for (const key of ASSIGNMENT_FILTER_KEYS) {
    const value = query[key];
    if (value !== undefined) out[key] = String(value);
  }
  return out;
}

export function isAssignmentSortField(value: string): value is AssignmentSortField {
  return (ASSIGNMENT_SORT_FIELDS as readonly string[]).includes(value);
}

/** A new sort from the table (first click ascending, again toggles): always back to page 1. */
export function withSort(
  query: ActiveAssignmentsQuery,
  sort: { id: string; desc: boolean } | null,
): ActiveAssignmentsQuery {
  if (!sort || !isAssignmentSortField(sort.id)) return query;
  return { ...query, sort_by: sort.id, sort_order: sort.desc ? 'desc' : 'asc', page: 1 };
}

/** A new page size: back to page 1. */
export function withPageSize(query: ActiveAssignmentsQuery, pageSize: number): ActiveAssignmentsQuery {
  return { ...query, page_size: pageSize, page: 1 };
}

export function withPage(query: ActiveAssignmentsQuery, page: number): ActiveAssignmentsQuery {
  return { ...query, page: Math.max(1, Math.trunc(page)) };
}

/**
 * A page past the end (a shared link after rows were cancelled, or `?page=999`): the last page that
 * exists, or null when the current page is fine.
 */
export function clampedPage(query: ActiveAssignmentsQuery, total: number): number | null {
  const last = Math.max(1, Math.ceil(total / query.page_size));
  return query.page > last ? last : null;
}

/* ------------------------------------------------------------------------------------------------
 * Lifecycle actions of a row.
 * ---------------------------------------------------------------------------------------------- */

/** `agendada` / `completada` / `cancelada` move the status; `reassign` changes the visitor. */
export type AssignmentAction = 'agendada' | 'completada' | 'cancelada' | 'reassign';

/** Who is looking: their role decides what the screen offers (a Visitador's list holds only their own rows). */
export type CargasViewer = Rol;

export function isOpen(estatus: AsignacionEstatus): boolean {
  return (OPEN_ESTATUS as readonly AsignacionEstatus[]).includes(estatus);
}

/**
 * What the row menu offers, read from the policy: the moves `allowedTransitions` grants the viewer's role
 * (asignada → agendada → completada; cancelada for staff), and 'reassign' on an open row where the role may
 * reassign. The server checks the same policy, and a Visitador's ownership.
 */
export function assignmentActions(assignment: Pick<Assignment, 'estatus'>, viewer: CargasViewer) {
  const moves = allowedTransitions(viewer, assignment.estatus);
  const actions: AssignmentAction[] = moves.filter(
    (to): to is 'agendada' | 'completada' => to === 'agendada' || to === 'completada',
  );
  if (isOpen(assignment.estatus) && can(viewer, 'asignaciones.reasignar')) actions.push('reassign');
  if (moves.includes('cancelada')) actions.push('cancelada');
  return actions;
}
