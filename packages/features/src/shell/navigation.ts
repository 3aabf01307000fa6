import type { Rol } from '@socio/contracts';
import { shellMessages } from './messages.es';

export type SectionId = 'inicio' | 'usuarios' | 'reportes' | 'cargas';

export interface NavEntry {
  id: SectionId;
  label: string;
  href: string;
}

export const BASE_PATH = '/socioeconomico';
export const REPORTES_PATH = `${BASE_PATH}/reportes`;

const ALL: readonly NavEntry[] = [
  { id: 'inicio', label: shellMessages.nav.inicio, href: `${BASE_PATH}/inicio` },
  { id: 'usuarios', label: shellMessages.nav.usuarios, href: `${BASE_PATH}/usuarios` },
  { id: 'reportes', label: shellMessages.nav.reportes, href: REPORTES_PATH },
  { id: 'cargas', label: shellMessages.nav.cargas, href: `${BASE_PATH}/cargas` },
];

const BY_ROLE: Record<Rol, readonly SectionId[]> = {
  Administrador: ['inicio', 'usuarios', 'reportes', 'cargas'],
  Supervisor: ['inicio', 'usuarios', 'reportes', 'cargas'],
  Visitador: ['inicio', 'cargas'],
};

/** The sections a role sees in the menu (wire contract: Visitador only Inicio and Cargas). */
export function navEntriesFor(rol: Rol | null | undefined): NavEntry[] {
  const allowed = BY_ROLE[rol ?? 'Visitador'] ?? BY_ROLE.Visitador;
  return ALL.filter((entry) => allowed.includes(entry.id));
}

/** Which section a path belongs to: '/Socioeconomico/Usuarios/…' → 'usuarios'; anything else 'inicio'. */
export function sectionOf(path: string): SectionId {
  const segment = path.toLowerCase().split('?')[0]?.split('/').filter(Boolean)[1];
  return segment === 'usuarios' || segment === 'reportes' || segment === 'cargas' ? segment : 'inicio';
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
