/**
 * Pure domain of the users screen: wire → row mapping, search, the completion colour band, day
 * formatting and the photo rules. No React, no I/O. Sorting and paging are the DataTable's
 * (see users-columns.tsx for the sort rules of each column).
 */
import { capitalize as capitalizeWire, fullName } from '@socio/contracts';
import { fold } from '../text';
import type { CompetitivenessDTO, UsuarioDTO } from './users.wire';

export const USERS_PAGE_SIZE = 5;
export const COMPETITIVENESS_PAGE_SIZE = 5;
/** Photo limit of the add-user form: 5 MB. */
export const PHOTO_MAX_BYTES = 5_242_880;
export const PHOTO_TYPES = ['image/jpeg', 'image/jpg', 'image/png', 'image/gif'] as const;
/** Avatar sent on every creation while photo upload is disabled. */
export const DEFAULT_AVATAR = '/avatars/default.png';
export { USERNAME_MIN_LENGTH as USERNAME_MIN } from '@socio/contracts';
export const USERNAME_DEBOUNCE_MS = 500;

export { ESTATUS as STATUSES, ROLES } from '@socio/contracts';

/** A row of the users table (its id is the username). */
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

/** Case-insensitive search over name, id (username), email, role and supervisor. */
export function searchUsers(rows: readonly UserRow[], query: string): UserRow[] {
  const needle = fold(query.trim());
  if (!needle) return [...rows];
  return rows.filter((row) =>
    [row.name, row.id, row.email, row.role, row.supervisor].some((field) => fold(field).includes(needle)),
  );
}

export type CompletionBand = 'green' | 'yellow' | 'orange' | 'red';

/** Completion bands: ≥ 80 green, 50–79 yellow, 25–49 orange, < 25 red. */
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

/**
 * The completion percentage with the precision that keeps it in its colour band: one decimal
 * ('33.3%'), more only where rounding would cross a band's edge ('49.99%', never '50%' beside
 * 'Bajo').
 */
export function formatCompletion(value: number): string {
  const band = completionBand(value);
  for (let digits = 1; digits <= 4; digits++) {
    const factor = 10 ** digits;
    const rounded = Math.round(value * factor) / factor;
    if (completionBand(rounded) === band) {
      return `${new Intl.NumberFormat('es-MX', { maximumFractionDigits: digits }).format(rounded)}%`;
    }
  }
  // Closer to the edge than 0.0001: cut instead of rounding up into the next band.
  return `${new Intl.NumberFormat('es-MX', { maximumFractionDigits: 4, roundingMode: 'trunc' }).format(value)}%`;
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
    percentText: measured ? formatCompletion(completion) : notAvailable,
  };
}

export type PhotoProblem = 'invalid-type' | 'too-large';

/** Photo rules: JPG, PNG or GIF only, at most 5,242,880 bytes. */
export function validatePhoto(file: { type: string; size: number }): PhotoProblem | null {
  if (!(PHOTO_TYPES as readonly string[]).includes(file.type.toLowerCase())) return 'invalid-type';
  if (file.size > PHOTO_MAX_BYTES) return 'too-large';
  return null;
}
