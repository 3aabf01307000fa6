import { ALL_ROLES, APP_SCREENS, type AppScreen, type Rol } from '@socio/contracts';
import { shellMessages } from './messages.es';

/** A section of the shell: one of the app's screens (declared once in `APP_SCREENS`). */
export type SectionId = AppScreen;

export interface NavEntry {
  id: SectionId;
  label: string;
  href: string;
}

/** Menu order, the order of `APP_SCREENS`: Inicio, Usuarios, Reportes, Cargas. */
const SECTIONS = Object.keys(APP_SCREENS) as SectionId[];

/** Whether a role may open a screen (the same roles the route guards check). */
export function canOpen(rol: Rol | null | undefined, section: SectionId): boolean {
  return rol != null && APP_SCREENS[section].roles.includes(rol);
}

/**
 * The sections a role sees in the menu: only the screens it may open (a Visitador sees Inicio
 * and Cargas). Without a known role, the narrowest menu: the screens every role may open.
 */
export function navEntriesFor(rol: Rol | null | undefined): NavEntry[] {
  return SECTIONS.filter((id) =>
    rol == null ? ALL_ROLES.every((r) => canOpen(r, id)) : canOpen(rol, id),
  ).map((id) => ({ id, label: shellMessages.nav[id], href: APP_SCREENS[id].path }));
}

/** Which section a path belongs to: '/Socioeconomico/Usuarios/…' → 'usuarios'; anything else 'inicio'. */
export function sectionOf(path: string): SectionId {
  const segment = path.toLowerCase().split('?')[0]?.split('/').filter(Boolean)[1];
  return SECTIONS.find((id) => id === segment) ?? 'inicio';
}

/** Top-bar page name (spec: Usuarios, Reportes, Cargas, otherwise Inicio). */
export function pageTitle(path: string): string {
  return shellMessages.nav[sectionOf(path)];
}

/** 'Ana' + 'Martínez' → 'Ana Martínez'; nothing → 'Usuario'. */
export function displayName(
  user: { nombres?: string | null; apellido_paterno?: string | null } | null | undefined,
): string {
  const name = [user?.nombres, user?.apellido_paterno]
    .map((part) => part?.trim())
    .filter(Boolean)
    .join(' ');
  return name || shellMessages.defaultUserName;
}
