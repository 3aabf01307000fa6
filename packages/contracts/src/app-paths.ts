/**
 * The app's own paths (browser routes), declared once: the router, the navigation, the role guards
 * and the login redirect read them from here. Paths match case-insensitively, so the spec's
 * '/Socioeconomico/…' spelling lands on the same screens.
 */

import { ADMIN_ROLES, ALL_ROLES, type Rol, STAFF_ROLES } from './roles';

export const APP_PATHS = {
  root: '/',
  login: '/login',
  shell: '/socioeconomico',
  inicio: '/socioeconomico/inicio',
  usuarios: '/socioeconomico/usuarios',
  reportes: '/socioeconomico/reportes',
  cargas: '/socioeconomico/cargas',
  clientes: '/socioeconomico/clientes',
} as const;

export type AppPath = (typeof APP_PATHS)[keyof typeof APP_PATHS];

/** The ficha del folio's segment under /socioeconomico (every role; not a menu entry). */
export const FOLIO_SEGMENT = 'folios/:folio';
/** The address of a folio's ficha: `/socioeconomico/folios/TEC-2026-00412`. */
export function folioPath(folio: string): string {
  return `${APP_PATHS.shell}/folios/${encodeURIComponent(folio)}`;
}

/** The shell's screens, their path segment under /socioeconomico, and who may open them. */
export const APP_SCREENS = {
  inicio: { path: APP_PATHS.inicio, segment: 'inicio', roles: ALL_ROLES },
  usuarios: { path: APP_PATHS.usuarios, segment: 'usuarios', roles: STAFF_ROLES },
  reportes: { path: APP_PATHS.reportes, segment: 'reportes', roles: STAFF_ROLES },
  cargas: { path: APP_PATHS.cargas, segment: 'cargas', roles: ALL_ROLES },
  /** Settings: the e-mail recipients of each client's reports (Administrador). */
  clientes: { path: APP_PATHS.clientes, segment: 'clientes', roles: ADMIN_ROLES },
} as const satisfies Record<string, { path: string; segment: string; roles: readonly Rol[] }>;

export type AppScreen = keyof typeof APP_SCREENS;

/**
 * The built app's page for /login (beside index.html, which every other path gets): index.html with the
 * login screen prerendered into #root and its CSS inlined, so the form shows before any script has run
 * (apps/backoffice/build/prerender-login.ts writes it; the API and the dev server serve it at /login).
 */
export const PRERENDERED_LOGIN_PAGE = 'login.html';

/** Whether `pathname` is /login as the router matches it (any case, one trailing slash allowed). */
export function isLoginPath(pathname: string): boolean {
  return pathname.replace(/\/$/, '').toLowerCase() === APP_PATHS.login;
}
