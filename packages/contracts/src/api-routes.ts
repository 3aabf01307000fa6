/**
 * The API route table: every HTTP call of the product declared once — method, path (relative to the
 * API base, `/api` by default), the zod schemas of its params, query, body and success response, and
 * the roles allowed. The server registers its routes and role guards from this table; the browser's
 * HTTP adapters build their URLs from it and validate the responses with its schemas; the role test
 * matrix and the OpenAPI document derive from it. See docs/adding-an-api-call.md.
 */
import { z } from 'zod';
import {
  changePasswordRequestSchema,
  changePasswordResponseSchema,
  loginRequestSchema,
  loginResponseSchema,
  meResponseSchema,
} from './auth';
import {
  activeAssignmentsQuerySchema,
  activeAssignmentsResponseSchema,
  activeVisitorsResponseSchema,
  assignmentFiltersSchema,
  assignmentStatsSchema,
  confirmSaveRequestSchema,
  loteParamsSchema,
  lotePartParamsSchema,
  manualAssignmentResponseSchema,
  manualAssignmentSchema,
  openSaveRequestSchema,
  openSaveResponseSchema,
  patchAssignmentRequestSchema,
  patchAssignmentResponseSchema,
  processCargaAnyResponseSchema,
  processCargaRequestSchema,
  reassignAssignmentRequestSchema,
  saveCargaRequestSchema,
  saveCargaResponseSchema,
  savePartRequestSchema,
  savePartResponseSchema,
} from './cargas';
import { clientesResponseSchema, estadosResponseSchema } from './catalogs';
import { dashboardResumenSchema } from './dashboard';
import {
  clientesDestinatariosResponseSchema,
  entregasResponseSchema,
  reintentarEntregaResponseSchema,
  transporteResponseSchema,
  updateDestinatariosRequestSchema,
  updateDestinatariosResponseSchema,
} from './entregas';
import {
  folioFichaSchema,
  folioParamsSchema,
  folioSuggestQuerySchema,
  folioSuggestResponseSchema,
} from './folios';
import {
  createReporteFieldsSchema,
  createReporteResponseSchema,
  enviarReporteResponseSchema,
  marcarEnviadosRequestSchema,
  marcarEnviadosResponseSchema,
  pendientesQuerySchema,
  reportesListResponseSchema,
  reportesQuerySchema,
} from './reportes';
import { ADMIN_ROLES, ALL_ROLES, type Rol, STAFF_ROLES } from './roles';
import {
  allUsersResponseSchema,
  checkUsernameParamsSchema,
  checkUsernameResponseSchema,
  competitivenessStatsResponseSchema,
  editUserRequestSchema,
  editUserResponseSchema,
  newUserRequestSchema,
  newUserResponseSchema,
  percentageCompletionResponseSchema,
  regionsAvailableResponseSchema,
  supervisorsListResponseSchema,
  userIdParamsSchema,
} from './users';

/* ----------------------------------------------------------------------------
 * Roles allowed per call (declared once; the server and the app read them from here).
 * -------------------------------------------------------------------------- */

// ALL_ROLES, STAFF_ROLES and ADMIN_ROLES live in roles.ts (zod-free, read by the app's first screen).

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** `{ id }` of a numeric path parameter (`/reportes/:id/pdf`). */
export const numericIdParamsSchema = z.object({
  id: z.coerce
    .number({ error: 'Debe ser un número' })
    .int('Debe ser un número entero')
    .positive('Debe ser un número positivo')
    .max(2_147_483_647, 'Número fuera de rango'),
});

/** GET /health: the server and its database answer. */
export const healthResponseSchema = z.object({
  status: z.literal('ok'),
  db: z.enum(['pglite', 'postgres']),
});
export type HealthResponse = z.infer<typeof healthResponseSchema>;

/** One API call. */
export interface ApiRoute<
  P extends z.ZodType | undefined = z.ZodType | undefined,
  Q extends z.ZodType | undefined = z.ZodType | undefined,
  B extends z.ZodType | undefined = z.ZodType | undefined,
  R extends z.ZodType | undefined = z.ZodType | undefined,
> {
  method: HttpMethod;
  /** Path relative to the API base, with `:name` parameters: `/users/edit_user/:id`. */
  path: string;
  /** OpenAPI tag and summary. */
  tag: string;
  summary: string;
  /** `'public'` (no token) or the roles allowed (401 without a token, 403 for another role). */
  roles: 'public' | readonly Rol[];
  params?: P;
  query?: Q;
  /** JSON body, or the text fields of a multipart body when `multipart` is set. */
  body?: B;
  /** The body is multipart/form-data (fields in `body`, plus file parts). */
  multipart?: boolean;
  /** Success response; undefined for binary answers (`binary`). */
  response?: R;
  /** Success status (200 unless said). */
  status?: number;
  /** The success body is a file (PDF, zip), not JSON. */
  binary?: 'application/pdf' | 'application/zip';
}

function route<
  P extends z.ZodType | undefined = undefined,
  Q extends z.ZodType | undefined = undefined,
  B extends z.ZodType | undefined = undefined,
  R extends z.ZodType | undefined = undefined,
  M extends boolean = false,
>(definition: ApiRoute<P, Q, B, R> & { multipart?: M }): ApiRoute<P, Q, B, R> & { multipart?: M } {
  return definition;
}

export const apiRoutes = {
  sistema: {
    health: route({
      method: 'GET',
      path: '/health',
      tag: 'sistema',
      summary: 'Estado del servidor',
      roles: 'public',
      response: healthResponseSchema,
    }),
  },
  auth: {
    login: route({
      method: 'POST',
      path: '/auth/login',
      tag: 'auth',
      summary: 'Iniciar sesión con correo y contraseña',
      roles: 'public',
      body: loginRequestSchema,
      response: loginResponseSchema,
    }),
    me: route({
      method: 'GET',
      path: '/auth/me',
      tag: 'auth',
      summary: 'Usuario de la sesión',
      roles: ALL_ROLES,
      response: meResponseSchema,
    }),
    changePassword: route({
      method: 'PUT',
      path: '/auth/me/change-password',
      tag: 'auth',
      summary: 'Cambiar la contraseña propia',
      roles: ALL_ROLES,
      body: changePasswordRequestSchema,
      response: changePasswordResponseSchema,
    }),
    logout: route({
      method: 'POST',
      path: '/auth/logout',
      tag: 'auth',
      summary: 'Cerrar sesión (revoca el token actual)',
      roles: ALL_ROLES,
      response: changePasswordResponseSchema,
    }),
  },
  users: {
    all: route({
      method: 'GET',
      path: '/users/all_users',
      tag: 'usuarios',
      summary: 'Todos los usuarios',
      roles: STAFF_ROLES,
      response: allUsersResponseSchema,
    }),
    create: route({
      method: 'POST',
      path: '/users/new_user',
      tag: 'usuarios',
      summary: 'Crear un usuario',
      roles: ADMIN_ROLES,
      body: newUserRequestSchema,
      response: newUserResponseSchema,
      status: 201,
    }),
    edit: route({
      method: 'PUT',
      path: '/users/edit_user/:id',
      tag: 'usuarios',
      summary: 'Editar un usuario (id_usuario, o username si no es numérico); el username no cambia',
      roles: ADMIN_ROLES,
      params: userIdParamsSchema,
      body: editUserRequestSchema,
      response: editUserResponseSchema,
    }),
    checkUsername: route({
      method: 'GET',
      path: '/users/check_username/:username',
      tag: 'usuarios',
      summary: 'Disponibilidad de un nombre de usuario',
      roles: STAFF_ROLES,
      params: checkUsernameParamsSchema,
      response: checkUsernameResponseSchema,
    }),
    supervisors: route({
      method: 'GET',
      path: '/users/supervisors_list',
      tag: 'usuarios',
      summary: 'Supervisores activos',
      roles: STAFF_ROLES,
      response: supervisorsListResponseSchema,
    }),
    regions: route({
      method: 'GET',
      path: '/users/regions_available',
      tag: 'usuarios',
      summary: 'Estados con al menos un visitador activo',
      roles: STAFF_ROLES,
      response: regionsAvailableResponseSchema,
    }),
    competitiveness: route({
      method: 'GET',
      path: '/users/competitiviness_stats',
      tag: 'usuarios',
      summary: 'Competitividad por visitador',
      roles: STAFF_ROLES,
      response: competitivenessStatsResponseSchema,
    }),
    completion30d: route({
      method: 'GET',
      path: '/users/percentage_completion_last_30_days',
      tag: 'usuarios',
      summary: 'Porcentaje completado de los últimos 30 días',
      roles: STAFF_ROLES,
      response: percentageCompletionResponseSchema,
    }),
  },
  catalogos: {
    estados: route({
      method: 'GET',
      path: '/catalogos/estados',
      tag: 'catálogos',
      summary: 'Estados de la República',
      roles: ALL_ROLES,
      response: estadosResponseSchema,
    }),
    clientes: route({
      method: 'GET',
      path: '/catalogos/clientes',
      tag: 'catálogos',
      summary: 'Clientes',
      roles: ALL_ROLES,
      response: clientesResponseSchema,
    }),
  },
  cargas: {
    activeVisitors: route({
      method: 'GET',
      path: '/cargas/active_visitors',
      tag: 'cargas',
      summary: 'Visitadores activos con su región',
      roles: STAFF_ROLES,
      response: activeVisitorsResponseSchema,
    }),
    regions: route({
      method: 'GET',
      path: '/cargas/regions_available',
      tag: 'cargas',
      summary: 'Estados con visitadores activos',
      roles: STAFF_ROLES,
      response: regionsAvailableResponseSchema,
    }),
    process: route({
      method: 'POST',
      path: '/cargas/process_carga',
      tag: 'cargas',
      summary: 'Validar filas y proponer un visitador por folio',
      roles: STAFF_ROLES,
      body: processCargaRequestSchema,
      // The full answer, or the computed one when the request's `answer` is 'computed'.
      response: processCargaAnyResponseSchema,
    }),
    save: route({
      method: 'POST',
      path: '/cargas/save_carga',
      tag: 'cargas',
      summary: 'Guardar una carga (una transacción)',
      roles: STAFF_ROLES,
      body: saveCargaRequestSchema,
      response: saveCargaResponseSchema,
    }),
    openSave: route({
      method: 'POST',
      path: '/cargas/save_carga/lotes',
      tag: 'cargas',
      summary: 'Abrir una carga por partes (lote)',
      roles: STAFF_ROLES,
      body: openSaveRequestSchema,
      response: openSaveResponseSchema,
      status: 201,
    }),
    savePart: route({
      method: 'PUT',
      path: '/cargas/save_carga/lotes/:id/partes/:n',
      tag: 'cargas',
      summary: 'Enviar (o reenviar) una parte de las filas de un lote',
      roles: STAFF_ROLES,
      params: lotePartParamsSchema,
      body: savePartRequestSchema,
      response: savePartResponseSchema,
    }),
    confirmSave: route({
      method: 'POST',
      path: '/cargas/save_carga/lotes/:id/confirmar',
      tag: 'cargas',
      summary: 'Guardar un lote completo (una transacción)',
      roles: STAFF_ROLES,
      params: loteParamsSchema,
      body: confirmSaveRequestSchema,
      response: saveCargaResponseSchema,
    }),
    discardSave: route({
      method: 'DELETE',
      path: '/cargas/save_carga/lotes/:id',
      tag: 'cargas',
      summary: 'Descartar un lote sin guardar',
      roles: STAFF_ROLES,
      params: loteParamsSchema,
      status: 204,
    }),
    activeAssignments: route({
      method: 'GET',
      path: '/cargas/active_assignments',
      tag: 'cargas',
      summary: 'Asignaciones paginadas y filtradas (un Visitador ve solo las suyas)',
      roles: ALL_ROLES,
      query: activeAssignmentsQuerySchema,
      response: activeAssignmentsResponseSchema,
    }),
    stats: route({
      method: 'GET',
      path: '/cargas/assignment_stats',
      tag: 'cargas',
      summary: 'Estadísticas de asignaciones con los mismos filtros (un Visitador ve solo las suyas)',
      roles: ALL_ROLES,
      query: assignmentFiltersSchema,
      response: assignmentStatsSchema,
    }),
    saveManual: route({
      method: 'POST',
      path: '/cargas/save_manual_assignment',
      tag: 'cargas',
      summary: 'Crear una asignación manual',
      roles: STAFF_ROLES,
      body: manualAssignmentSchema,
      response: manualAssignmentResponseSchema,
      status: 201,
    }),
    changeStatus: route({
      method: 'PATCH',
      path: '/cargas/asignaciones/:id',
      tag: 'cargas',
      summary: 'Cambiar el estatus de una asignación (un Visitador: solo agendar o completar las suyas)',
      roles: ALL_ROLES,
      params: numericIdParamsSchema,
      body: patchAssignmentRequestSchema,
      response: patchAssignmentResponseSchema,
    }),
    reassign: route({
      method: 'PUT',
      path: '/cargas/asignaciones/:id/visitador',
      tag: 'cargas',
      summary: 'Reasignar una asignación abierta a otro visitador activo del mismo estado',
      roles: STAFF_ROLES,
      params: numericIdParamsSchema,
      body: reassignAssignmentRequestSchema,
      response: patchAssignmentResponseSchema,
    }),
  },
  folios: {
    suggest: route({
      method: 'GET',
      path: '/folios/sugerencias',
      tag: 'folios',
      summary: 'Folios que empiezan con el texto, de cualquier cliente (un Visitador: solo los suyos)',
      roles: ALL_ROLES,
      query: folioSuggestQuerySchema,
      response: folioSuggestResponseSchema,
    }),
    ficha: route({
      method: 'GET',
      path: '/folios/:folio',
      tag: 'folios',
      summary:
        'Ficha del folio: datos, asignaciones, historial, reportes y entregas (un Visitador: solo los suyos)',
      roles: ALL_ROLES,
      params: folioParamsSchema,
      response: folioFichaSchema,
    }),
  },
  reportes: {
    list: route({
      method: 'GET',
      path: '/reportes',
      tag: 'reportes',
      summary: 'Reportes de un cliente',
      roles: STAFF_ROLES,
      query: reportesQuerySchema,
      response: reportesListResponseSchema,
    }),
    pdf: route({
      method: 'GET',
      path: '/reportes/:id/pdf',
      tag: 'reportes',
      summary: 'PDF de un reporte',
      roles: STAFF_ROLES,
      params: numericIdParamsSchema,
      binary: 'application/pdf',
    }),
    markSent: route({
      method: 'POST',
      path: '/reportes/marcar_enviados',
      tag: 'reportes',
      summary: 'Marcar reportes como enviados',
      roles: STAFF_ROLES,
      body: marcarEnviadosRequestSchema,
      response: marcarEnviadosResponseSchema,
    }),
    send: route({
      method: 'POST',
      path: '/reportes/:id/enviar',
      tag: 'reportes',
      summary: 'Enviar un reporte',
      roles: STAFF_ROLES,
      params: numericIdParamsSchema,
      response: enviarReporteResponseSchema,
    }),
    downloadPending: route({
      method: 'GET',
      path: '/reportes/pendientes/descarga',
      tag: 'reportes',
      summary: 'Zip de los PDF pendientes de un cliente',
      roles: STAFF_ROLES,
      query: pendientesQuerySchema,
      binary: 'application/zip',
    }),
    create: route({
      method: 'POST',
      path: '/reportes',
      tag: 'reportes',
      summary: 'Subir el reporte (PDF) de un folio',
      roles: STAFF_ROLES,
      multipart: true,
      body: createReporteFieldsSchema,
      response: createReporteResponseSchema,
      status: 201,
    }),
    entregas: route({
      method: 'GET',
      path: '/reportes/:id/entregas',
      tag: 'entregas',
      summary: 'Historial de entregas por correo de un reporte',
      roles: STAFF_ROLES,
      params: numericIdParamsSchema,
      response: entregasResponseSchema,
    }),
    retryEntrega: route({
      method: 'POST',
      path: '/reportes/:id/entregas/reintentar',
      tag: 'entregas',
      summary: 'Reintentar la entrega fallida de un reporte',
      roles: STAFF_ROLES,
      params: numericIdParamsSchema,
      response: reintentarEntregaResponseSchema,
    }),
  },
  clientes: {
    destinatarios: route({
      method: 'GET',
      path: '/clientes/destinatarios',
      tag: 'clientes',
      summary: 'Clientes y sus destinatarios de reportes',
      roles: ADMIN_ROLES,
      response: clientesDestinatariosResponseSchema,
    }),
    updateDestinatarios: route({
      method: 'PUT',
      path: '/clientes/:id/destinatarios',
      tag: 'clientes',
      summary: 'Cambiar los destinatarios de reportes de un cliente',
      roles: ADMIN_ROLES,
      params: numericIdParamsSchema,
      body: updateDestinatariosRequestSchema,
      response: updateDestinatariosResponseSchema,
    }),
  },
  entregas: {
    transporte: route({
      method: 'GET',
      path: '/entregas/transporte',
      tag: 'entregas',
      summary: 'Cómo entrega el servidor: SMTP o archivos .eml',
      roles: STAFF_ROLES,
      response: transporteResponseSchema,
    }),
  },
  dashboard: {
    resumen: route({
      method: 'GET',
      path: '/dashboard/resumen',
      tag: 'dashboard',
      summary: 'Indicadores del tablero',
      roles: ALL_ROLES,
      response: dashboardResumenSchema,
    }),
  },
} as const;

export type ApiRoutes = typeof apiRoutes;
export type ApiModule = keyof ApiRoutes;

/** Every call of the table, flat, with its module and name (`cargas.save`). */
export function listApiRoutes(): { module: ApiModule; name: string; route: ApiRoute }[] {
  return Object.entries(apiRoutes).flatMap(([module, calls]) =>
    Object.entries(calls).map(([name, r]) => ({ module: module as ApiModule, name, route: r as ApiRoute })),
  );
}

/** Whether `rol` may call `r` (public routes: everybody). */
export function isRoleAllowed(r: Pick<ApiRoute, 'roles'>, rol: Rol): boolean {
  return r.roles === 'public' || r.roles.includes(rol);
}

type OutputOf<S> = S extends z.ZodType ? z.output<S> : undefined;
type InputOf<S> = S extends z.ZodType ? z.input<S> : undefined;

/** What a call answers (its response schema's output). */
export type RouteResponse<R> =
  R extends ApiRoute<infer _P, infer _Q, infer _B, infer S> ? OutputOf<S> : never;
/** What a call's body takes (its body schema's input). */
export type RouteBody<R> = R extends ApiRoute<infer _P, infer _Q, infer B, infer _S> ? InputOf<B> : never;
/** What a call sends as its body: a FormData for a multipart call, else its body schema's input. */
export type RouteRequestBody<R> = R extends { multipart?: true } ? FormData : RouteBody<R>;
/** A call's path parameters as its URL takes them (each one text or a number). */
export type RouteParams<R> =
  R extends ApiRoute<infer P, infer _Q, infer _B, infer _S>
    ? P extends z.ZodType
      ? { [K in keyof z.output<P>]: string | number }
      : undefined
    : never;
/** What a call's query string takes (its query schema's input). */
export type RouteQuery<R> = R extends ApiRoute<infer _P, infer Q, infer _B, infer _S> ? InputOf<Q> : never;
