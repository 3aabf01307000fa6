/**
 * Roles, declared once (no zod here: the app's first screen reads these without loading the schemas).
 * The server's role guards, the route table, the menu and the route guards all read them from here.
 */

export const ROLES = ['Administrador', 'Supervisor', 'Visitador'] as const;
/** Role as shown on the wire (responses). */
export type Rol = (typeof ROLES)[number];

/** Every signed-in role. */
export const ALL_ROLES: readonly Rol[] = ROLES;
/** Staff who run cargas and reportes and read users. */
export const STAFF_ROLES: readonly Rol[] = ['Administrador', 'Supervisor'];
/** Who manages users. */
export const ADMIN_ROLES: readonly Rol[] = ['Administrador'];
