/**
 * Policy, declared once: which role may do what, and which assignment moves each role may make. The server
 * enforces it (services, SQL parameters), the screens read it to offer only what will be accepted, and the
 * tests compare it with a table written out by hand. No zod here (the app's first screen reads it).
 */
import type { AsignacionEstatus } from './cargas';
import { ADMIN_ROLES, ALL_ROLES, type Rol, STAFF_ROLES } from './roles';

/** What a role may do, by action. */
export const POLICY = {
  /** Create, edit and deactivate users. */
  'usuarios.gestionar': ADMIN_ROLES,
  /** Read the users list and its statistics. */
  'usuarios.ver': STAFF_ROLES,
  /** Edit a client's report recipients. */
  'clientes.gestionar': ADMIN_ROLES,
  /** Upload, review, mark and send reports. */
  'reportes.gestionar': STAFF_ROLES,
  /** Load assignments (bulk and manual) and see every visitor's. Others see only their own. */
  'cargas.gestionar': STAFF_ROLES,
  /** Give an open assignment to another visitor. */
  'asignaciones.reasignar': STAFF_ROLES,
  /** Move an assignment to agendada (a Visitador: only their own). */
  'asignaciones.agendar': ALL_ROLES,
  /** Move an assignment to completada (a Visitador: only their own). */
  'asignaciones.completar': ALL_ROLES,
  /** Cancel an open assignment. */
  'asignaciones.cancelar': STAFF_ROLES,
  /** Dashboard figures of everyone (others see their own). */
  'tablero.ver_todo': STAFF_ROLES,
} as const satisfies Record<string, readonly Rol[]>;

export type PolicyAction = keyof typeof POLICY;

/** Whether `rol` may do `action`. */
export function can(rol: Rol, action: PolicyAction): boolean {
  return (POLICY[action] as readonly Rol[]).includes(rol);
}

/** The role whose people visit homes and work only their own assignments. */
export const VISITOR_ROLE = 'Visitador' as const satisfies Rol;
/** The same role as the database stores it (SQL parameters). */
export const VISITOR_ROLE_STORED = 'visitador' as const satisfies Lowercase<Rol>;

/** Whether `rol` sees and works only its own assignments (and its own dashboard). */
export function ownAssignmentsOnly(rol: Rol): boolean {
  return !can(rol, 'cargas.gestionar');
}

/** The life of an assignment: asignada → agendada → completada; any open status → cancelada. */
const TRANSITIONS: Record<AsignacionEstatus, readonly AsignacionEstatus[]> = {
  asignada: ['agendada', 'cancelada'],
  agendada: ['completada', 'cancelada'],
  completada: [],
  cancelada: [],
};

/** The action a move to each status needs; null: no role rule (asignada is only ever the start, by the life). */
const MOVE_ACTION: Record<AsignacionEstatus, PolicyAction | null> = {
  asignada: null,
  agendada: 'asignaciones.agendar',
  completada: 'asignaciones.completar',
  cancelada: 'asignaciones.cancelar',
};

/** Whether the life of an assignment allows `from` → `to` (whoever asks). */
export function canTransition(from: AsignacionEstatus, to: AsignacionEstatus): boolean {
  return TRANSITIONS[from].includes(to);
}

/**
 * Whether the policy lets `rol` move an assignment to `to` at all (a refusal is a 403); whether the move fits
 * the assignment's life from its current status is `canTransition` (a refusal there is a 409).
 */
export function canMoveTo(rol: Rol, to: AsignacionEstatus): boolean {
  const action = MOVE_ACTION[to];
  return action === null || can(rol, action);
}

/** The statuses `rol` may move an assignment in `from` to. */
export function allowedTransitions(rol: Rol, from: AsignacionEstatus): AsignacionEstatus[] {
  return TRANSITIONS[from].filter((to) => canMoveTo(rol, to));
}
