/**
 * Pure domain of the users screen: wire → row mapping, search, sort, paging, the completion
 * colour band, day formatting and the photo rules. No React, no I/O.
 */
import { capitalize as capitalizeWire, fullName } from '@socio/contracts';
import type { CompetitivenessDTO, UsuarioDTO } from './users.wire';

export const USERS_PAGE_SIZE = 5;
export const COMPETITIVENESS_PAGE_SIZE = 5;
/** Photo limit of the add-user form (spec §9): 5 MB. */
export const PHOTO_MAX_BYTES = 5_242_880;
export const PHOTO_TYPES = ['image/jpeg', 'image/jpg', 'image/png', 'image/gif'] as const;
/** Avatar sent on every creation while photo upload is disabled. */
export const DEFAULT_AVATAR = '/avatars/default.png';
export { USERNAME_MIN_LENGTH as USERNAME_MIN } from '@socio/contracts';
export const USERNAME_DEBOUNCE_MS = 500;

export { ESTATUS as STATUSES, ROLES } from '@socio/contracts';

/** A row of the users table (spec §3: the id is the username). */
export interface UserRow {
  /** The username. */
  id: string;
  /** Server key, used to edit. */
  idUsuario: number;
  name: string;
  email: string;
  role: string;
  /** Supervisor's display name, '' when none. */
  supervisor: string;
  supervisorId: number | null;
  status: string;
  avatar: string | null;
  nombres: string;
  apellido_paterno: string;
  apellido_materno: string;
  estado: number | null;
  region: string | null;
}

/** 'administrador' → 'Administrador' (the server stores rol and estatus lowercase). */
export function capitalize(value: string | null | undefined): string {
  const text = (value ?? '').trim();
  return text ? capitalizeWire(text) : '';
}

export function toUserRow(dto: UsuarioDTO): UserRow {
  return {
    id: dto.username,
    idUsuario: dto.id_usuario,
    name: dto.name?.trim() || fullName(dto),
    email: dto.email,
    role: capitalize(dto.rol),
    supervisor: dto.supervisor_nombre ?? '',
    supervisorId: dto.supervisor,
    status: capitalize(dto.estatus),
    avatar: dto.foto_path,
    nombres: dto.nombres,
    apellido_paterno: dto.apellido_paterno,
    apellido_materno: dto.apellido_materno,
    estado: dto.estado,
    region: dto.region,
  };
}

/** Case- and accent-insensitive comparison key. */
function fold(value: string): string {
  return value
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLocaleLowerCase('es-MX');
}

/** Case-insensitive search over name, id (username), email, role and supervisor (spec §5). */
export function searchUsers(rows: readonly UserRow[], query: string): UserRow[] {
  const needle = fold(query.trim());
  if (!needle) return [...rows];
  return rows.filter((row) =>
    [row.name, row.id, row.email, row.role, row.supervisor].some((field) => fold(field).includes(needle)),
  );
}

export const SORTABLE_USER_COLUMNS = ['name', 'id', 'email', 'role', 'supervisor', 'status'] as const;
export type UserSortColumn = (typeof SORTABLE_USER_COLUMNS)[number];
export type SortDirection = 'asc' | 'desc';
export interface UserSort {
  column: UserSortColumn;
  direction: SortDirection;
}

const collator = new Intl.Collator('es-MX', { sensitivity: 'base', numeric: true });

export function sortUsers(rows: readonly UserRow[], sort: UserSort | null): UserRow[] {
  const copy = [...rows];
  if (!sort) return copy;
  const factor = sort.direction === 'asc' ? 1 : -1;
  return copy.sort((a, b) => {
    const byColumn = collator.compare(a[sort.column], b[sort.column]);
    // Ties keep a stable, predictable order by username.
    return byColumn !== 0 ? byColumn * factor : collator.compare(a.id, b.id);
  });
}

/** State of a client-side table: query, sort and 1-based page. */
export interface TableState<C extends string> {
  query: string;
  sort: { column: C; direction: SortDirection } | null;
  page: number;
}

export type TableAction<C extends string> =
  | { type: 'search'; query: string }
  | { type: 'sort'; column: C }
  | { type: 'page'; page: number };

/**
 * Sorting toggles asc/desc on the same column; a different column starts at asc and page 1
 * (spec §4). A new search also goes back to page 1.
 */
export function tableReducer<C extends string>(state: TableState<C>, action: TableAction<C>): TableState<C> {
  switch (action.type) {
    case 'search':
      return { ...state, query: action.query, page: 1 };
    case 'sort':
      if (state.sort?.column === action.column) {
        return {
          ...state,
          sort: { column: action.column, direction: state.sort.direction === 'asc' ? 'desc' : 'asc' },
        };
      }
      return { ...state, sort: { column: action.column, direction: 'asc' }, page: 1 };
    case 'page':
      return { ...state, page: Math.max(1, Math.floor(action.page)) };
  }
}

export type UsersTableState = TableState<UserSortColumn>;
export type UsersTableAction = TableAction<UserSortColumn>;
export const initialUsersTableState: UsersTableState = { query: '', sort: null, page: 1 };
export const usersTableReducer: (state: UsersTableState, action: UsersTableAction) => UsersTableState =
  tableReducer;

export function pageCount(total: number, pageSize: number): number {
  return Math.max(1, Math.ceil(total / pageSize));
}

/** The rows of a 1-based page; a page past the end is clamped to the last one. */
export function paginate<T>(
  rows: readonly T[],
  page: number,
  pageSize: number,
): { rows: T[]; page: number; pageCount: number } {
  const pages = pageCount(rows.length, pageSize);
  const current = Math.min(Math.max(1, page), pages);
  const start = (current - 1) * pageSize;
  return { rows: rows.slice(start, start + pageSize), page: current, pageCount: pages };
}

/** Search, then sort, then page: what the table shows. */
export function visibleUsers(rows: readonly UserRow[], state: UsersTableState, pageSize = USERS_PAGE_SIZE) {
  const matching = sortUsers(searchUsers(rows, state.query), state.sort);
  return { ...paginate(matching, state.page, pageSize), total: matching.length };
}

export type CompletionBand = 'green' | 'yellow' | 'orange' | 'red';

/** Spec §9: ≥ 80 green, 50–79 yellow, 25–49 orange, < 25 red. */
export function completionBand(percentage: number): CompletionBand {
  if (percentage >= 80) return 'green';
  if (percentage >= 50) return 'yellow';
  if (percentage >= 25) return 'orange';
  return 'red';
}

const oneDecimal = new Intl.NumberFormat('es-MX', { minimumFractionDigits: 1, maximumFractionDigits: 1 });
const percentFormat = new Intl.NumberFormat('es-MX', { maximumFractionDigits: 1 });

/** Average response days to 1 decimal, or 'N/A' when missing. */
export function formatDays(days: number | null | undefined, notAvailable = 'N/A'): string {
  return typeof days === 'number' && Number.isFinite(days) ? oneDecimal.format(days) : notAvailable;
}

export function formatPercent(value: number): string {
  return `${percentFormat.format(Number.isFinite(value) ? value : 0)}%`;
}

export interface CompetitivenessRow extends CompetitivenessDTO {
  /** Colour band of the completion; null when there is no completion to measure ('N/A'). */
  band: CompletionBand | null;
  daysText: string;
  /** '83.3%', or `notAvailable` for a visitor without assignments in the last 30 days. */
  percentText: string;
}

export function toCompetitivenessRow(dto: CompetitivenessDTO, notAvailable = 'N/A'): CompetitivenessRow {
  const completion = dto.completionPercentage;
  const measured = typeof completion === 'number' && Number.isFinite(completion);
  return {
    ...dto,
    band: measured ? completionBand(completion) : null,
    daysText: formatDays(dto.averageResponseDays, notAvailable),
    percentText: measured ? formatPercent(completion) : notAvailable,
  };
}

export type PhotoProblem = 'invalid-type' | 'too-large';

/** Photo rules (spec §5): JPG, PNG or GIF only, at most 5,242,880 bytes. */
export function validatePhoto(file: { type: string; size: number }): PhotoProblem | null {
  if (!(PHOTO_TYPES as readonly string[]).includes(file.type.toLowerCase())) return 'invalid-type';
  if (file.size > PHOTO_MAX_BYTES) return 'too-large';
  return null;
}

export const SORTABLE_COMPETITIVENESS_COLUMNS = [
  'name',
  'assignments',
  'studiesCompleted',
  'completionPercentage',
  'averageResponseDays',
] as const;
export type CompetitivenessSortColumn = (typeof SORTABLE_COMPETITIVENESS_COLUMNS)[number];

/** Sorts visitor rows; rows without average days or without completion ('N/A') always go last. */
export function sortCompetitiveness(
  rows: readonly CompetitivenessRow[],
  sort: TableState<CompetitivenessSortColumn>['sort'],
): CompetitivenessRow[] {
  const copy = [...rows];
  if (!sort) return copy;
  const factor = sort.direction === 'asc' ? 1 : -1;
  return copy.sort((a, b) => {
    if (sort.column === 'name') return collator.compare(a.name, b.name) * factor;
    const x = a[sort.column];
    const y = b[sort.column];
    if (x === null || y === null) return x === y ? 0 : x === null ? 1 : -1;
    return (x - y) * factor || collator.compare(a.name, b.name);
  });
}
