import { z } from 'zod';
import { ERROR_CODES } from './error-codes';
import { ROLES, type Rol } from './roles';

/* ----------------------------------------------------------------------------
 * Error shapes (FastAPI style): every error body carries `detail` and a stable `code` (error-codes.ts).
 * -------------------------------------------------------------------------- */

/** The `code` of an error body: one of `ERROR_CODES`. */
export const errorCodeSchema = z.enum(ERROR_CODES);

/** `{ "detail": "texto en español", "code": "email_taken" }` — any non-validation error. */
export const errorDetailSchema = z.object({ detail: z.string(), code: errorCodeSchema });
export type ErrorDetail = z.infer<typeof errorDetailSchema>;

/** One item of a 422 detail array: `{ loc: ['body','email'], msg, type }`. */
export const validationIssueSchema = z.object({
  loc: z.array(z.union([z.string(), z.number()])),
  msg: z.string(),
  type: z.string(),
});
export type ValidationIssue = z.infer<typeof validationIssueSchema>;

/** 422 body produced by request validation: `{ detail: ValidationIssue[], code }`. */
export const validationErrorSchema = z.object({
  detail: z.array(validationIssueSchema),
  code: errorCodeSchema,
});
export type ValidationError = z.infer<typeof validationErrorSchema>;

/** Any error body the API may answer. */
export const apiErrorSchema = z.object({
  detail: z.union([z.string(), z.array(validationIssueSchema)]),
  code: errorCodeSchema,
  request_id: z.string().optional(),
});
export type ApiError = z.infer<typeof apiErrorSchema>;

/** Narrow an unknown JSON body to an API error shape. */
export function isApiError(body: unknown): body is ApiError {
  return apiErrorSchema.safeParse(body).success;
}

/* ----------------------------------------------------------------------------
 * Capitalisation helpers (the DB stores lowercase; the wire shows 'Administrador').
 * -------------------------------------------------------------------------- */

/** 'ADMINISTRADOR' | 'administrador' → 'Administrador'. */
export function capitalize(value: string): string {
  const lower = value.toLocaleLowerCase('es-MX');
  return lower.charAt(0).toLocaleUpperCase('es-MX') + lower.slice(1);
}

/* ----------------------------------------------------------------------------
 * Roles and user status.
 * -------------------------------------------------------------------------- */

/** Role as shown on the wire (responses); the list lives in roles.ts. */
export const rolSchema = z.enum(ROLES);
/** Role as stored in the database. */
export type RolStored = Lowercase<Rol>;

export const ESTATUS = ['Activo', 'Inactivo'] as const;
/** User status as shown on the wire (responses). */
export const estatusSchema = z.enum(ESTATUS);
export type Estatus = z.infer<typeof estatusSchema>;
export type EstatusStored = Lowercase<Estatus>;

function caseInsensitiveEnum<const T extends readonly [string, ...string[]]>(values: T, message: string) {
  return z
    .string()
    .trim()
    .transform((raw) => capitalize(raw))
    .pipe(z.enum(values, { error: message }));
}

/** Role in a request: any case accepted ('visitador', 'VISITADOR'), output capitalised. */
export const rolInputSchema = caseInsensitiveEnum(
  ROLES,
  'Rol inválido: usa Administrador, Supervisor o Visitador',
);
/** Status in a request: any case accepted, output capitalised. */
export const estatusInputSchema = caseInsensitiveEnum(ESTATUS, 'Estatus inválido: usa Activo o Inactivo');

/** 'Administrador' → 'administrador' (DB form). */
export function toStoredRol(rol: Rol): RolStored {
  return rol.toLowerCase() as RolStored;
}
/** 'Activo' → 'activo' (DB form). */
export function toStoredEstatus(estatus: Estatus): EstatusStored {
  return estatus.toLowerCase() as EstatusStored;
}
/** Stored (lowercase) → wire form of each role and status: a look-up, since lists of users map thousands. */
const WIRE_ROL = new Map<string, Rol>(ROLES.map((rol) => [toStoredRol(rol), rol]));
const WIRE_ESTATUS = new Map<string, Estatus>(ESTATUS.map((estatus) => [toStoredEstatus(estatus), estatus]));

/** DB value → wire value; unknown values fall back to the capitalised text. */
export function toWireRol(stored: string): Rol {
  return WIRE_ROL.get(stored) ?? (capitalize(stored) as Rol);
}
export function toWireEstatus(stored: string): Estatus {
  return WIRE_ESTATUS.get(stored) ?? (capitalize(stored) as Estatus);
}

/* ----------------------------------------------------------------------------
 * Server-side pagination.
 * -------------------------------------------------------------------------- */

export const SORT_ORDERS = ['asc', 'desc'] as const;
export const sortOrderSchema = z.enum(SORT_ORDERS);
export type SortOrder = z.infer<typeof sortOrderSchema>;

/** Query of a paginated, sortable list (`?page=1&page_size=10&sort_by=x&sort_order=desc`). */
export interface PageQuery<S extends string = string> {
  page: number;
  page_size: number;
  sort_by: S;
  sort_order: SortOrder;
}

/** One page of results. */
export interface Page<T> {
  items: T[];
  total: number;
  page: number;
  page_size: number;
  total_pages: number;
}

export interface PageQueryOptions<S extends string> {
  sortFields: readonly [S, ...S[]];
  defaultSort: S;
  defaultOrder?: SortOrder;
  defaultPageSize?: number;
  /** Allowed page sizes; when omitted any size from 1 to `maxPageSize` is accepted. */
  pageSizes?: readonly number[];
  maxPageSize?: number;
}

/**
 * Query-string schema for a paginated list. Values arrive as strings and are coerced;
 * missing values take the defaults.
 */
export function pageQuerySchema<S extends string>(options: PageQueryOptions<S>) {
  const maxPageSize = options.maxPageSize ?? 100;
  const sizes = options.pageSizes;
  const pageSize = z.coerce
    .number({ error: 'Debe ser un número' })
    .int('Debe ser un número entero')
    .min(1, 'Debe ser al menos 1')
    .max(maxPageSize, `Debe ser como máximo ${maxPageSize}`)
    .refine((n) => !sizes || sizes.includes(n), `Valores permitidos: ${(sizes ?? []).join(', ')}`);
  return z.object({
    page: z.coerce
      .number({ error: 'Debe ser un número' })
      .int('Debe ser un número entero')
      .min(1, 'Debe ser al menos 1')
      .max(1_000_000, 'Página fuera de rango')
      .default(1),
    page_size: pageSize.default(options.defaultPageSize ?? 10),
    sort_by: z.enum(options.sortFields).default(options.defaultSort as never),
    sort_order: sortOrderSchema.default(options.defaultOrder ?? 'desc'),
  });
}

/** Number of pages for `total` rows (at least 1 so the UI always has a page to show). */
export function totalPages(total: number, pageSize: number): number {
  return Math.max(1, Math.ceil(total / pageSize));
}
