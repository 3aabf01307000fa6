import type { ActiveAssignmentsQuery, SessionUser } from '@socio/contracts';
import { toast } from '@socio/ui';
import type { Decorator } from '@storybook/react-vite';
import { useState } from 'react';
import { fn, type within } from 'storybook/test';
import { SessionProvider } from '../auth/session-provider';
import { createFakeCatalogosPort } from '../catalogos/catalogos.fake';
import type { Ports } from '../ports';
import { createTestSessionController } from '../testing';
import { FeatureProviders } from '../testing/story-providers';
import { DEFAULT_CARGAS_QUERY } from './cargas.model';
import type { CargasPort } from './cargas.port';
import { CargasScreen, type CargasScreenProps } from './cargas-screen';

export const staffUser: SessionUser = {
  id_usuario: 1,
  nombres: 'Ana',
  apellido_paterno: 'Martínez',
  apellido_materno: 'Ruiz',
  email: 'admin@socioeconomico.mx',
  rol: 'Administrador',
  foto_path: null,
};

export const visitorUser: SessionUser = {
  id_usuario: 4,
  nombres: 'Juan',
  apellido_paterno: 'Pérez',
  apellido_materno: 'López',
  email: 'visitador1@socioeconomico.mx',
  rol: 'Visitador',
  foto_path: null,
};

/** Wraps every method of a port in a spy (same behaviour), so plays can assert the calls. */
export function spied(port: CargasPort): CargasPort {
  return Object.fromEntries(
    Object.entries(port).map(([name, method]) => [name, fn(method as (...args: never[]) => unknown)]),
  ) as unknown as CargasPort;
}

/** The cargas port, a session (signed in as `user`, or none) and toasts; the demo catalogues unless `others` has its own. */
export function withCargas(
  cargas: CargasPort,
  user: SessionUser | null = staffUser,
  others: Partial<Ports> = {},
): Decorator {
  return (Story) => (
    <FeatureProviders ports={{ catalogos: createFakeCatalogosPort(), ...others, cargas }}>
      <SessionProvider
        controller={createTestSessionController(
          user ? { token: `fake-token-${user.id_usuario}`, user, remember: false } : null,
        )}
      >
        <div className="bg-canvas p-6">
          <Story />
        </div>
      </SessionProvider>
    </FeatureProviders>
  );
}

/** Toasts live in a module-level store: start every story without the previous story's toasts. */
export function clearToasts() {
  toast.dismiss();
}

/**
 * The screen with its query held in state, as the app holds it in the URL; `onQueryChange` (a story
 * arg spy) sees every change.
 */
export function ControlledCargasScreen({
  query: initial = DEFAULT_CARGAS_QUERY,
  onQueryChange,
  viewer,
}: Partial<CargasScreenProps> & Pick<CargasScreenProps, 'viewer'>) {
  const [query, setQuery] = useState<ActiveAssignmentsQuery>(initial);
  return (
    <CargasScreen
      query={query}
      viewer={viewer}
      onQueryChange={(next, ...options) => {
        onQueryChange?.(next, ...options);
        setQuery(next);
      }}
    />
  );
}

type Canvas = ReturnType<typeof within>;

export function assignmentsTable(canvas: Canvas) {
  return canvas.findByRole('table', { name: 'Asignaciones activas' });
}

/** The body rows of the assignments table (header row left out). */
export async function bodyRows(canvas: Canvas) {
  const table: HTMLElement = await assignmentsTable(canvas);
  // By their slot, not by role: on a phone the header row is hidden (rows are cards).
  return Array.from(table.querySelectorAll<HTMLElement>('tbody tr[data-slot="data-table-row"]'));
}

/** The id_asignacion shown in each body row (second cell, after the row number). */
export async function shownIds(canvas: Canvas) {
  const rows = await bodyRows(canvas);
  return rows.map((row) => row.querySelectorAll('td')[1]?.textContent ?? '');
}

/** Presses keys in user-event's syntax (`'TEC{Tab}'`, `'{Enter}'`). */
export type PressKeys = (keys: string) => Promise<void>;

/**
 * Real key presses: trusted events from the browser driver when the story runs as a Vitest browser
 * test. user-event's synthetic keys cannot do what only the browser does with a key (a native
 * `<select>` choosing an option as the person types its first letters), so a keyboard-only story
 * needs these. Outside Vitest (the Storybook UI) there are none: such a story is tagged `!dev`.
 */
export async function realKeyboard(): Promise<PressKeys> {
  if (!('__vitest_browser_runner__' in globalThis)) {
    throw new Error('Esta historia usa teclas reales: solo corre como prueba de Vitest en el navegador');
  }
  const { userEvent } = await import('vitest/browser');
  return (keys) => userEvent.keyboard(keys);
}

/** Presses Tab (with `press`) until `target` has the focus; fails after `max` presses. */
export async function tabTo(press: PressKeys, target: HTMLElement, max = 40) {
  for (let i = 0; i < max && document.activeElement !== target; i += 1) await press('{Tab}');
  if (document.activeElement !== target) throw new Error(`Tab no llegó a ${target.outerHTML.slice(0, 80)}`);
}
