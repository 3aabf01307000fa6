import { STATE_NAMES } from '@socio/contracts';
import { settled } from '@socio/ui/testing';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, screen, userEvent, waitFor, within } from 'storybook/test';
import { ApiError, NetworkError } from '../errors';
import {
  atViewport,
  besideNavRail,
  createFakeCargasPort,
  createFakeSpreadsheetParser,
  invalidResponse,
  isInView,
  pending,
  stubCargasPort,
  tableFit,
} from '../testing';
import type { CargasPort } from './cargas.port';
import {
  assignmentsTable,
  bodyRows,
  ControlledCargasScreen,
  clearToasts,
  shownIds,
  spied,
  visitorUser,
  withCargas,
} from './cargas.story-helpers';

const meta = {
  title: 'Features/Cargas/CargasScreen',
  component: ControlledCargasScreen,
  args: { viewer: 'Administrador', onQueryChange: fn() },
  parameters: { layout: 'fullscreen' },
  beforeEach: clearToasts,
} satisfies Meta<typeof ControlledCargasScreen>;

export default meta;
type Story = StoryObj<typeof meta>;
type Canvas = ReturnType<typeof within>;

function pager(canvas: Canvas) {
  return canvas.getByRole('navigation', { name: 'Paginación de asignaciones' });
}

function statValue(canvas: Canvas, label: string) {
  const panel = canvas.getByRole('region', { name: 'Estadísticas' });
  const card = within(panel).getByText(label).closest('[data-slot="stat-card"]');
  return card?.querySelector('[data-slot="stat-card-value"]')?.textContent ?? null;
}

async function rowOf(canvas: Canvas, id: number) {
  const rows = await bodyRows(canvas);
  const row = rows.find((r) => r.querySelectorAll('td')[1]?.textContent === String(id));
  if (!row) throw new Error(`sin fila ${id}`);
  return row;
}

/** Opens the row menu of assignment `id` with the keyboard and answers the menu. */
async function openRowMenu(canvas: Canvas, id: number) {
  const trigger = canvas.getByRole('button', { name: `Acciones de la asignación ${id}` });
  trigger.focus();
  await userEvent.keyboard('{Enter}');
  return screen.findByRole('menu');
}

const loaded = async (canvas: Canvas) => waitFor(async () => expect(await bodyRows(canvas)).toHaveLength(10));

/** Staff: title, buttons, 57 assignments newest first (10 a page), statistics. */
export const List: Story = {
  decorators: [withCargas(createFakeCargasPort())],
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('heading', { level: 1, name: 'Cargas' })).toBeVisible();
    await expect(canvas.getByText('Gestión de cargas y asignaciones')).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Nueva Carga Manual' })).toBeEnabled();
    await expect(canvas.getByRole('button', { name: /^Nueva Carga$/ })).toBeEnabled();
    await loaded(canvas);
    await expect(canvas.getByText('57 registros totales')).toBeVisible();
    await expect(await shownIds(canvas)).toEqual([
      '57',
      '56',
      '55',
      '54',
      '53',
      '52',
      '51',
      '50',
      '49',
      '48',
    ]);
    const [first] = await bodyRows(canvas);
    await expect(first?.querySelector('td')).toHaveTextContent('1');
    await expect(first).toHaveTextContent('Jalisco');
    await expect(first).toHaveTextContent('asignada');
    await expect(first).toHaveTextContent('20/11/2026');
    // id 56 has no address: '-'.
    await expect(await rowOf(canvas, 56)).toHaveTextContent('-');
    const table = await assignmentsTable(canvas);
    await expect(within(table).getByRole('columnheader', { name: /Fecha de asignación/ })).toHaveAttribute(
      'aria-sort',
      'descending',
    );
    await expect(within(table).getByRole('columnheader', { name: /Estatus/ })).toHaveAttribute(
      'aria-sort',
      'none',
    );
    await expect(within(table).getByRole('columnheader', { name: /Dirección/ })).not.toHaveAttribute(
      'aria-sort',
    );
    await expect(pager(canvas)).toHaveTextContent('Mostrando 1 a 10 de 57 resultados');
    await waitFor(() => expect(statValue(canvas, 'Total Asignaciones')).toBe('57'));
    await expect(statValue(canvas, 'Asignadas')).toBe('25');
    await expect(statValue(canvas, 'Agendadas')).toBe('16');
    await expect(statValue(canvas, 'Completadas')).toBe('8');
    await expect(statValue(canvas, 'Canceladas')).toBe('8');
  },
};

/** First load: the spinner 'Cargando...', skeletons in the statistics, no count yet. */
export const Loading: Story = {
  decorators: [withCargas(stubCargasPort({ activeAssignments: () => pending(), stats: () => pending() }))],
  play: async ({ canvas }) => {
    const table = await assignmentsTable(canvas);
    await expect(await within(table).findByText('Cargando...')).toBeVisible();
    await expect(canvas.queryByText(/registros totales/)).toBeNull();
    await expect(canvas.queryByRole('navigation', { name: 'Paginación de asignaciones' })).toBeNull();
    const panel = canvas.getByRole('region', { name: 'Estadísticas' });
    await expect(panel.querySelectorAll('[aria-busy="true"]')).toHaveLength(5);
  },
};

export const Empty: Story = {
  decorators: [withCargas(createFakeCargasPort({ assignments: [] }))],
  play: async ({ canvas }) => {
    await expect(await canvas.findByText('No hay asignaciones')).toBeVisible();
    await expect(canvas.queryByText(/registros totales/)).toBeNull();
    await expect(canvas.queryByRole('navigation', { name: 'Paginación de asignaciones' })).toBeNull();
    await waitFor(() => expect(statValue(canvas, 'Total Asignaciones')).toBe('0'));
  },
};

/** fecha_asignacion: first click ascending (oldest first), again descending; always page 1. */
export const SortByFechaAscending: Story = {
  args: { query: { page: 3, page_size: 10, sort_by: 'fecha_asignacion', sort_order: 'desc' } },
  decorators: [withCargas(createFakeCargasPort())],
  play: async ({ canvas, args }) => {
    await loaded(canvas);
    await expect(await shownIds(canvas)).toContain('37');
    const table = await assignmentsTable(canvas);
    const header = within(table).getByRole('columnheader', { name: /Fecha de asignación/ });
    await userEvent.click(within(header).getByRole('button'));
    await expect(args.onQueryChange).toHaveBeenLastCalledWith({
      page: 1,
      page_size: 10,
      sort_by: 'fecha_asignacion',
      sort_order: 'asc',
    });
    await waitFor(async () => expect((await shownIds(canvas))[0]).toBe('1'));
    await expect(header).toHaveAttribute('aria-sort', 'ascending');
    await expect(within(pager(canvas)).getByRole('button', { name: 'Página 1' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    await userEvent.click(within(header).getByRole('button'));
    await waitFor(async () => expect((await shownIds(canvas))[0]).toBe('57'));
    await expect(header).toHaveAttribute('aria-sort', 'descending');
  },
};

/** estatus: ascending (asignada first) on the first click, then descending (cancelada first). */
export const SortByEstatus: Story = {
  args: { query: { page: 2, page_size: 10, sort_by: 'fecha_asignacion', sort_order: 'desc' } },
  decorators: [withCargas(createFakeCargasPort())],
  play: async ({ canvas, args }) => {
    await loaded(canvas);
    const table = await assignmentsTable(canvas);
    const header = within(table).getByRole('columnheader', { name: /Estatus/ });
    await userEvent.click(within(header).getByRole('button'));
    await expect(args.onQueryChange).toHaveBeenLastCalledWith(
      expect.objectContaining({ sort_by: 'estatus', sort_order: 'asc', page: 1 }),
    );
    await waitFor(async () => {
      const rows = await bodyRows(canvas);
      await expect(rows.every((row) => row.textContent?.includes('asignada'))).toBe(true);
    });
    await expect(header).toHaveAttribute('aria-sort', 'ascending');
    await expect(within(table).getByRole('columnheader', { name: /Fecha de asignación/ })).toHaveAttribute(
      'aria-sort',
      'none',
    );
    await userEvent.click(within(header).getByRole('button'));
    await waitFor(async () => {
      // 8 cancelada, then completada.
      const rows = await bodyRows(canvas);
      await expect(rows.slice(0, 8).every((row) => row.textContent?.includes('cancelada'))).toBe(true);
      await expect(rows[8]).toHaveTextContent('completada');
    });
    await expect(header).toHaveAttribute('aria-sort', 'descending');
  },
};

/** Paging: 'Siguiente', numbers continue (11…), a window of 5 pages, the last page. */
export const Paging: Story = {
  decorators: [withCargas(createFakeCargasPort())],
  play: async ({ canvas, args }) => {
    await loaded(canvas);
    const nav = pager(canvas);
    await userEvent.click(within(nav).getByRole('button', { name: /Siguiente/ }));
    await expect(args.onQueryChange).toHaveBeenLastCalledWith(expect.objectContaining({ page: 2 }));
    await waitFor(() => expect(nav).toHaveTextContent('Mostrando 11 a 20 de 57 resultados'));
    await waitFor(async () => expect((await shownIds(canvas))[0]).toBe('47'));
    const [first] = await bodyRows(canvas);
    await expect(first?.querySelector('td')).toHaveTextContent('11');
    await expect(within(nav).getAllByRole('button', { name: /^Página / })).toHaveLength(5);
    await userEvent.click(within(nav).getByRole('button', { name: 'Página 5' }));
    await userEvent.click(within(nav).getByRole('button', { name: 'Página 6' }));
    await waitFor(async () => expect(await bodyRows(canvas)).toHaveLength(7));
    await expect(nav).toHaveTextContent('Mostrando 51 a 57 de 57 resultados');
    await expect(within(nav).getByRole('button', { name: /Siguiente/ })).toBeDisabled();
    await userEvent.click(within(nav).getByRole('button', { name: /Anterior/ }));
    await waitFor(() => expect(nav).toHaveTextContent('Mostrando 41 a 50 de 57 resultados'));
  },
};

function pageSizeStory(size: 20 | 50 | 100, shown: number): Story {
  return {
    name: `Page size ${size}`,
    args: { query: { page: 3, page_size: 10, sort_by: 'fecha_asignacion', sort_order: 'desc' } },
    decorators: [withCargas(createFakeCargasPort())],
    play: async ({ canvas, args }) => {
      await loaded(canvas);
      await userEvent.selectOptions(canvas.getByRole('combobox', { name: 'Por página' }), String(size));
      // A new size always goes back to page 1.
      await expect(args.onQueryChange).toHaveBeenLastCalledWith(
        expect.objectContaining({ page_size: size, page: 1 }),
      );
      await waitFor(async () => expect(await bodyRows(canvas)).toHaveLength(shown));
      await expect(pager(canvas)).toHaveTextContent(`Mostrando 1 a ${shown} de 57 resultados`);
      await expect((await shownIds(canvas))[0]).toBe('57');
    },
  };
}

export const PageSize20 = pageSizeStory(20, 20);
export const PageSize50 = pageSizeStory(50, 50);
export const PageSize100 = pageSizeStory(100, 57);

/**
 * A shared link past the end (?page=99) lands on the last page that exists. The correction replaces
 * the history entry (Back must not land on ?page=99 and bounce forward again); a person's own page
 * change adds one (Paging: called without options).
 */
export const PagePastTheEnd: Story = {
  args: { query: { page: 99, page_size: 10, sort_by: 'fecha_asignacion', sort_order: 'desc' } },
  decorators: [withCargas(createFakeCargasPort())],
  play: async ({ canvas, args }) => {
    await waitFor(() =>
      expect(args.onQueryChange).toHaveBeenLastCalledWith(expect.objectContaining({ page: 6 }), {
        replace: true,
      }),
    );
    await expect(args.onQueryChange).toHaveBeenCalledTimes(1);
    await waitFor(async () => expect(await bodyRows(canvas)).toHaveLength(7));
  },
};

/**
 * The port answers page `late` only when `release` is called, and regardless of its abort signal (a
 * server that answers anyway, or an answer already on its way); every other page answers at once.
 */
function latePagePort(late: number) {
  const port = createFakeCargasPort();
  let release = () => {};
  const gate = new Promise<void>((resolve) => {
    release = resolve;
  });
  const signals: AbortSignal[] = [];
  const cargas: CargasPort = {
    ...port,
    activeAssignments: async (q, o) => {
      if (q.page !== late) return port.activeAssignments(q, o);
      if (o?.signal) signals.push(o.signal);
      const answer = await port.activeAssignments(q);
      await gate;
      return answer;
    },
  };
  return { cargas, release: () => release(), signals };
}

const late2 = latePagePort(2);

/**
 * A stale answer never lands: page 2 is asked for, then page 3 before page 2 answers; page 3 shows,
 * then page 2's answer arrives (its request was aborted, and the answer is ignored): still page 3.
 */
export const StaleResponseIgnored: Story = {
  decorators: [withCargas(late2.cargas)],
  play: async ({ canvas, args }) => {
    await loaded(canvas);
    const nav = pager(canvas);
    await userEvent.click(within(nav).getByRole('button', { name: /Siguiente/ }));
    await expect(args.onQueryChange).toHaveBeenLastCalledWith(expect.objectContaining({ page: 2 }));
    await userEvent.click(within(nav).getByRole('button', { name: 'Página 3' }));
    await expect(args.onQueryChange).toHaveBeenLastCalledWith(expect.objectContaining({ page: 3 }));
    await waitFor(async () => expect((await shownIds(canvas))[0]).toBe('37'));
    await expect(nav).toHaveTextContent('Mostrando 21 a 30 de 57 resultados');
    await expect(late2.signals.at(-1)?.aborted).toBe(true);

    late2.release();
    // Let page 2's answer run its course (turns of the event loop, not a time), then check nothing moved.
    await settled();
    await expect(await shownIds(canvas)).toEqual([
      '37',
      '36',
      '35',
      '34',
      '33',
      '32',
      '31',
      '30',
      '29',
      '28',
    ]);
    const [first] = await bodyRows(canvas);
    await expect(first?.querySelector('td')).toHaveTextContent('21');
    await expect(nav).toHaveTextContent('Mostrando 21 a 30 de 57 resultados');
    await expect(within(nav).getByRole('button', { name: 'Página 3' })).toHaveAttribute(
      'aria-current',
      'page',
    );
  },
};

/**
 * Every list call after the first waits for `release()` (one gate per call), like a slow network:
 * the first page shows at once, each later page, size or sort is held until the play lets it through.
 */
function heldListPort() {
  const port = createFakeCargasPort();
  let calls = 0;
  const gates: Array<() => void> = [];
  const cargas: CargasPort = {
    ...port,
    activeAssignments: async (q, o) => {
      calls += 1;
      const answer = await port.activeAssignments(q);
      if (calls > 1) await new Promise<void>((resolve) => gates.push(resolve));
      if (o?.signal?.aborted) throw new DOMException('Aborted', 'AbortError');
      return answer;
    },
  };
  const release = () => {
    for (const open of gates.splice(0)) open();
  };
  return { cargas, release };
}

const heldPages = heldListPort();

/**
 * Issue 19 item 4: while the next page (or size, or sort) loads, the old rows stay dimmed under a
 * thin progress bar, the table is `aria-busy`, and 'Mostrando 1 a 10' still describes the rows on
 * screen (it jumped to 'Mostrando 11 a 20' over page 1's rows). Once the page lands, all three agree.
 */
export const PageLoading: Story = {
  decorators: [withCargas(heldPages.cargas)],
  play: async ({ canvas }) => {
    await loaded(canvas);
    const table = await assignmentsTable(canvas);
    const nav = pager(canvas);
    await expect(table).not.toHaveAttribute('aria-busy');
    await expect(canvas.queryByRole('progressbar')).toBeNull();

    await userEvent.click(within(nav).getByRole('button', { name: /Siguiente/ }));
    await expect(await canvas.findByRole('progressbar', { name: 'Actualizando la tabla...' })).toBeVisible();
    await expect(table).toHaveAttribute('aria-busy', 'true');
    await expect(nav).toHaveTextContent('Mostrando 1 a 10 de 57 resultados');
    await expect((await shownIds(canvas))[0]).toBe('57');
    const [first] = await bodyRows(canvas);
    await expect(first?.querySelector('td')).toHaveTextContent('1');
    await waitFor(() =>
      expect(getComputedStyle(table.querySelector('tbody') as Element).opacity).toBe('0.5'),
    );

    heldPages.release();
    await waitFor(async () => expect((await shownIds(canvas))[0]).toBe('47'));
    await expect(nav).toHaveTextContent('Mostrando 11 a 20 de 57 resultados');
    await expect(table).not.toHaveAttribute('aria-busy');
    await expect(canvas.queryByRole('progressbar')).toBeNull();

    // A new size: the same until its rows land.
    await userEvent.selectOptions(canvas.getByRole('combobox', { name: 'Por página' }), '20');
    await expect(await canvas.findByRole('progressbar')).toBeVisible();
    await expect(nav).toHaveTextContent('Mostrando 11 a 20 de 57 resultados');
    heldPages.release();
    await waitFor(() => expect(nav).toHaveTextContent('Mostrando 1 a 20 de 57 resultados'));
    await expect(await bodyRows(canvas)).toHaveLength(20);
    await expect(canvas.queryByRole('progressbar')).toBeNull();
  },
};

/** The longest state name there is ('Baja California Sur'). */
const LONGEST_STATE = STATE_NAMES.reduce((longest, name) => (name.length > longest.length ? name : longest));

/**
 * Issue 19 item 5: at 1366×768, beside the app's nav rail, every column of 'Asignaciones activas' fits without sideways scrolling ('FECHA DE
 * AS…' was cut and Acciones hidden); long addresses truncate to one line with the full text on hover; every
 * state, the longest included, on one line.
 */
export const FitsLaptop: Story = {
  ...atViewport('laptop1366'),
  decorators: [besideNavRail, withCargas(longAddressPort(LONGEST_STATE))],
  play: async ({ canvas }) => {
    await loaded(canvas);
    const table = await assignmentsTable(canvas);
    await expect(tableFit(table)).toEqual({ overflow: 0, cut: [], outOfView: [], wrapped: [] });
    const menus = canvas.getAllByRole('button', { name: /Acciones de la asignación/ });
    await expect(isInView(menus[0] as HTMLElement)).toBe(true);
  },
};

const LONG_ADDRESS =
  'Privada de los Fresnos 1234 interior 5, entre Av. Revolución y Calle Hidalgo, Colonia Jardines del Valle, Monterrey, Nuevo León, CP 64890';

/** The fake's assignments, the first one with an address far longer than its column (and `estado`, if given). */
function longAddressPort(estado?: string): CargasPort {
  const port = createFakeCargasPort();
  return {
    ...port,
    activeAssignments: async (q, o) => {
      const answer = await port.activeAssignments(q, o);
      return {
        ...answer,
        assignments: answer.assignments.map((row, index) =>
          index === 0 ? { ...row, direccion: LONG_ADDRESS, estado: estado ?? row.estado } : row,
        ),
      };
    },
  };
}

/**
 * Issue 19 item 5: a cut address shows in full on keyboard focus, not only on hover: Tab from the row
 * reaches the cut text and a tooltip (role="tooltip") holds the whole address.
 */
export const AddressTooltipOnFocus: Story = {
  ...atViewport('laptop1366'),
  decorators: [besideNavRail, withCargas(longAddressPort())],
  play: async ({ canvas }) => {
    await loaded(canvas);
    const [first] = await bodyRows(canvas);
    const address = within(first as HTMLElement).getByText(LONG_ADDRESS);
    await waitFor(() => expect(address).toHaveAttribute('tabindex', '0'));
    await expect(address.scrollWidth).toBeGreaterThan(address.clientWidth);
    address.focus();
    await expect(await screen.findByRole('tooltip')).toHaveTextContent(LONG_ADDRESS);
    await expect(address).toHaveAccessibleDescription(LONG_ADDRESS);
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('tooltip')).toBeNull());
  },
};

/**
 * Issue 19 item 5 at 390 px: each assignment is a card (the table scrolled sideways, Estado and
 * everything after it off-screen): no header row, every value under its column's name, the row menu
 * on screen, and the page never scrolls sideways.
 */
export const PhoneCards: Story = {
  ...atViewport('movil390'),
  decorators: [withCargas(longAddressPort())],
  play: async ({ canvas }) => {
    await loaded(canvas);
    const [first] = await bodyRows(canvas);
    const table = await assignmentsTable(canvas);
    await expect(getComputedStyle(table.querySelector('thead') as HTMLElement).display).toBe('none');
    await expect(getComputedStyle(first as HTMLElement).display).toBe('grid');
    await expect(tableFit(table).overflow).toBe(0);
    await expect(document.documentElement.scrollWidth).toBeLessThanOrEqual(window.innerWidth);
    const menu = within(first as HTMLElement).getByRole('button', { name: /Acciones de la asignación/ });
    await expect(menu.getBoundingClientRect().right).toBeLessThanOrEqual(window.innerWidth);
    // The long address wraps inside the card instead of being cut.
    const address = within(first as HTMLElement).getByText(LONG_ADDRESS);
    await expect(address.scrollWidth).toBeLessThanOrEqual(address.clientWidth);
  },
};

/** The first list call fails (offline); the next ones answer. */
function failingOnce(error: unknown): CargasPort {
  const port = createFakeCargasPort();
  let calls = 0;
  return {
    ...port,
    activeAssignments: (q, o) => {
      calls += 1;
      return calls === 1 ? Promise.reject(error) : port.activeAssignments(q, o);
    },
  };
}

/** A failed load: the red banner 'Error al cargar las asignaciones' with 'Intentar de nuevo'. */
export const ErrorBanner: Story = {
  decorators: [withCargas(failingOnce(new NetworkError()))],
  play: async ({ canvas }) => {
    const alert = await canvas.findByRole('alert');
    await expect(alert).toHaveTextContent('Error al cargar las asignaciones');
    // No table while failed: an empty one would claim there are no assignments.
    await expect(canvas.queryByRole('table', { name: 'Asignaciones activas' })).toBeNull();
    await expect(canvas.queryByText('No hay asignaciones')).toBeNull();
  },
};

/** 'Intentar de nuevo' loads the list and the banner goes. Test only: out of the sidebar and docs, so the story above stays on the state its name says. */
export const ErrorBannerRetry: Story = {
  tags: ['!dev', '!autodocs'],
  decorators: [withCargas(failingOnce(new NetworkError()))],
  play: async (context) => {
    await ErrorBanner.play?.(context);
    const { canvas } = context;
    const alert = canvas.getByRole('alert');
    await userEvent.click(within(alert).getByRole('button', { name: 'Intentar de nuevo' }));
    await loaded(canvas);
    await expect(canvas.queryByRole('alert')).toBeNull();
  },
};

/** The banner is dismissible. */
export const ErrorBannerDismissed: Story = {
  decorators: [
    withCargas(
      stubCargasPort({
        activeAssignments: () => Promise.reject(new ApiError(500, undefined)),
        stats: () => pending(),
      }),
    ),
  ],
  play: async ({ canvas }) => {
    const alert = await canvas.findByRole('alert');
    await userEvent.click(within(alert).getByRole('button', { name: 'Cerrar aviso' }));
    await expect(canvas.queryByText('Error al cargar las asignaciones')).toBeNull();
  },
};

/** An answer that breaks the contract (InvalidResponseError from the adapter) is a failed load. */
export const InvalidResponse: Story = {
  decorators: [
    withCargas(
      stubCargasPort({
        activeAssignments: () => invalidResponse('GET /cargas/active_assignments'),
        stats: () => pending(),
      }),
    ),
  ],
  play: async ({ canvas }) => {
    const alert = await canvas.findByRole('alert');
    await expect(alert).toHaveTextContent('Error al cargar las asignaciones');
    await expect(within(alert).getByRole('button', { name: 'Intentar de nuevo' })).toBeVisible();
  },
};

const noSessionPort = spied(createFakeCargasPort());

/** No token: 'Sesión expirada…' and no request at all. */
export const SessionExpired: Story = {
  decorators: [withCargas(noSessionPort, null)],
  play: async ({ canvas }) => {
    const alert = await canvas.findByRole('alert');
    await expect(alert).toHaveTextContent('Sesión expirada. Por favor, inicia sesión nuevamente.');
    await expect(within(alert).queryByRole('button', { name: 'Intentar de nuevo' })).toBeNull();
    await expect(noSessionPort.activeAssignments).not.toHaveBeenCalled();
    await expect(noSessionPort.stats).not.toHaveBeenCalled();
    await expect(statValue(canvas, 'Total Asignaciones')).toBe('-');
  },
};

/** A 401: the same message (the app then goes back to login). */
export const Unauthorized: Story = {
  name: 'Session expired (401)',
  decorators: [
    withCargas(
      stubCargasPort({
        activeAssignments: () => Promise.reject(new ApiError(401, 'Token expirado')),
        stats: () => pending(),
      }),
    ),
  ],
  play: async ({ canvas }) => {
    const alert = await canvas.findByRole('alert');
    await expect(alert).toHaveTextContent('Sesión expirada. Por favor, inicia sesión nuevamente.');
    await expect(within(alert).queryByRole('button', { name: 'Intentar de nuevo' })).toBeNull();
  },
};

export const StatsLoading: Story = {
  decorators: [withCargas({ ...createFakeCargasPort(), stats: () => pending() })],
  play: async ({ canvas }) => {
    await loaded(canvas);
    const panel = canvas.getByRole('region', { name: 'Estadísticas' });
    await expect(panel.querySelectorAll('[data-slot="skeleton"]').length).toBeGreaterThanOrEqual(5);
    await expect(panel.querySelectorAll('[data-slot="stat-card-value"]')).toHaveLength(0);
  },
};

/** Statistics failed: only logged; the panel shows '-' (never zeros that look real), the list is fine. */
export const StatsFailed: Story = {
  decorators: [withCargas({ ...createFakeCargasPort(), stats: () => Promise.reject(new NetworkError()) })],
  play: async ({ canvas }) => {
    await loaded(canvas);
    await waitFor(() => expect(statValue(canvas, 'Total Asignaciones')).toBe('-'));
    for (const label of ['Asignadas', 'Agendadas', 'Completadas', 'Canceladas']) {
      await expect(statValue(canvas, label)).toBe('-');
    }
    await expect(canvas.queryByRole('alert')).toBeNull();
  },
};

/** 'Nueva Carga' lists TEC_MTY; Escape closes the menu. */
export const NewLoadMenu: Story = {
  decorators: [withCargas(createFakeCargasPort())],
  play: async ({ canvas }) => {
    const trigger = canvas.getByRole('button', { name: /^Nueva Carga$/ });
    await userEvent.click(trigger);
    const menu = await screen.findByRole('menu');
    await expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((item) => item.textContent),
    ).toEqual(['TEC_MTY']);
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('menu')).toBeNull());
    await expect(trigger).toHaveFocus();
    // A click outside closes it too.
    await userEvent.click(trigger);
    await screen.findByRole('menu');
    await userEvent.click(canvas.getByRole('heading', { level: 1, name: 'Cargas' }));
    await waitFor(() => expect(screen.queryByRole('menu')).toBeNull());
  },
};

/** Opens the bulk-load wizard through 'Nueva Carga' → TEC_MTY, as a person does. */
async function openWizard(canvas: Canvas) {
  const opener = canvas.getByRole('button', { name: /^Nueva Carga$/ });
  await userEvent.click(opener);
  await userEvent.click(await screen.findByRole('menuitem', { name: 'TEC_MTY' }));
  return { opener, wizard: await screen.findByRole('dialog', { name: /Nueva Carga: TEC_MTY/ }) };
}

/** The TEC_MTY option opens the bulk-load wizard; closing it puts focus back on 'Nueva Carga'. */
export const NewLoadOpensWizard: Story = {
  decorators: [withCargas(createFakeCargasPort(), undefined, { spreadsheet: createFakeSpreadsheetParser() })],
  play: async ({ canvas }) => {
    const { opener, wizard } = await openWizard(canvas);
    await expect(wizard).toBeVisible();
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    // The menu entry that opened it is gone; focus returns to the menu's button, not to the page.
    await waitFor(() => expect(opener).toHaveFocus());
  },
};

/**
 * Issue 19 item 1: with a file read, 'Cancelar' asks '¿Descartar la carga?'; after 'Descartar' the
 * focus goes back to 'Nueva Carga' (the wizard and the question are both gone), not to the page.
 */
export const DiscardReturnsFocus: Story = {
  decorators: [withCargas(createFakeCargasPort(), undefined, { spreadsheet: createFakeSpreadsheetParser() })],
  play: async ({ canvas }) => {
    const { opener, wizard } = await openWizard(canvas);
    await userEvent.upload(
      within(wizard).getByLabelText('Archivo a cargar'),
      new File(['contenido'], 'folios.xlsx'),
    );
    await within(wizard).findByRole('heading', { name: /Filas válidas/ });
    await userEvent.click(within(wizard).getByRole('button', { name: 'Cancelar' }));
    const question = await screen.findByRole('alertdialog', { name: '¿Descartar la carga?' });
    await userEvent.click(within(question).getByRole('button', { name: 'Descartar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await expect(screen.queryByRole('alertdialog')).toBeNull();
    await waitFor(() => expect(opener).toHaveFocus());
  },
};

/** Row menu, keyboard only: asignada → 'Agendar'. */
export const Schedule: Story = {
  decorators: [withCargas(createFakeCargasPort())],
  play: async ({ canvas }) => {
    await loaded(canvas);
    const menu = await openRowMenu(canvas, 57);
    await expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((item) => item.textContent),
    ).toEqual(['Agendar', 'Reasignar', 'Cancelar asignación']);
    await expect(within(menu).getByRole('menuitem', { name: 'Agendar' })).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    await expect(await screen.findByText('Asignación 57 agendada')).toBeVisible();
    await waitFor(async () => expect(await rowOf(canvas, 57)).toHaveTextContent('agendada'));
    await waitFor(() => expect(statValue(canvas, 'Agendadas')).toBe('17'));
  },
};

/**
 * Row menu and confirmation, keyboard only: Enter opens the menu, the arrows reach 'Cancelar
 * asignación', Enter asks; Tab reaches the confirm button and Enter cancels.
 */
export const CancelByKeyboard: Story = {
  decorators: [withCargas(createFakeCargasPort())],
  play: async ({ canvas }) => {
    await loaded(canvas);
    const menu = await openRowMenu(canvas, 53);
    await expect(within(menu).getByRole('menuitem', { name: 'Agendar' })).toHaveFocus();
    await userEvent.keyboard('{ArrowDown}{ArrowDown}');
    await expect(within(menu).getByRole('menuitem', { name: 'Cancelar asignación' })).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    const dialog = await screen.findByRole('dialog', { name: 'Cancelar asignación' });
    const confirm = within(dialog).getByRole('button', { name: 'Cancelar asignación' });
    for (let i = 0; i < 5 && document.activeElement !== confirm; i += 1) await userEvent.tab();
    await expect(confirm).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    await expect(await screen.findByText('Asignación 53 cancelada')).toBeVisible();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(async () => expect(await rowOf(canvas, 53)).toHaveTextContent('cancelada'));
  },
};

/** agendada → 'Completar'; a completed row has no menu. */
export const Complete: Story = {
  decorators: [withCargas(createFakeCargasPort())],
  play: async ({ canvas }) => {
    await loaded(canvas);
    const menu = await openRowMenu(canvas, 55);
    await userEvent.click(within(menu).getByRole('menuitem', { name: 'Completar' }));
    await expect(await screen.findByText('Asignación 55 completada')).toBeVisible();
    await waitFor(async () => expect(await rowOf(canvas, 55)).toHaveTextContent('completada'));
    await expect(canvas.queryByRole('button', { name: 'Acciones de la asignación 55' })).toBeNull();
  },
};

/** Cancel asks first: 'Volver' keeps it, 'Cancelar asignación' cancels. */
export const Cancel: Story = {
  decorators: [withCargas(createFakeCargasPort())],
  play: async ({ canvas }) => {
    await loaded(canvas);
    let menu = await openRowMenu(canvas, 57);
    await userEvent.click(within(menu).getByRole('menuitem', { name: 'Cancelar asignación' }));
    let dialog = await screen.findByRole('dialog', { name: 'Cancelar asignación' });
    await expect(dialog).toHaveTextContent('La asignación 57 del folio TEC-001057 se cancelará');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Volver' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await expect(canvas.getByRole('button', { name: 'Acciones de la asignación 57' })).toHaveFocus();
    await expect(await rowOf(canvas, 57)).toHaveTextContent('asignada');

    menu = await openRowMenu(canvas, 57);
    await userEvent.click(within(menu).getByRole('menuitem', { name: 'Cancelar asignación' }));
    dialog = await screen.findByRole('dialog', { name: 'Cancelar asignación' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancelar asignación' }));
    await expect(await screen.findByText('Asignación 57 cancelada')).toBeVisible();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(async () => expect(await rowOf(canvas, 57)).toHaveTextContent('cancelada'));
    await waitFor(() => expect(statValue(canvas, 'Canceladas')).toBe('9'));
  },
};

const reassignPort = spied(createFakeCargasPort());

/** Reassign to another active visitor of the same state (Jalisco: only Lucía besides Carlos). */
export const Reassign: Story = {
  decorators: [withCargas(reassignPort)],
  play: async ({ canvas }) => {
    await loaded(canvas);
    const menu = await openRowMenu(canvas, 57);
    await userEvent.click(within(menu).getByRole('menuitem', { name: 'Reasignar' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reasignar asignación' });
    const select = await within(dialog).findByRole('combobox', { name: 'Nuevo visitador' });
    const options = within(select)
      .getAllByRole('option')
      .map((o) => o.textContent);
    await expect(options).toEqual(['Seleccionar visitador...', 'Lucía Treviño Garza · ID 13 · Jalisco']);
    await expect(within(dialog).getByRole('button', { name: 'Reasignar' })).toBeDisabled();
    await userEvent.selectOptions(select, '13');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Reasignar' }));
    await expect(await screen.findByText('Asignación 57 reasignada a Lucía Treviño Garza')).toBeVisible();
    await expect(reassignPort.reassign).toHaveBeenCalledWith(57, 13);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(async () =>
      expect((await rowOf(canvas, 57)).querySelectorAll('td')[2]).toHaveTextContent('13'),
    );
  },
};

/** The server refuses a reassignment: its 409 text shows in the dialog, which stays open. */
export const ReassignRefused: Story = {
  decorators: [
    withCargas({
      ...createFakeCargasPort(),
      reassign: () =>
        Promise.reject(new ApiError(409, 'El visitador "13" no es un Visitador activo', 'invalid_visitor')),
    }),
  ],
  play: async ({ canvas }) => {
    await loaded(canvas);
    const menu = await openRowMenu(canvas, 57);
    await userEvent.click(within(menu).getByRole('menuitem', { name: 'Reasignar' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reasignar asignación' });
    await userEvent.selectOptions(
      await within(dialog).findByRole('combobox', { name: 'Nuevo visitador' }),
      '13',
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Reasignar' }));
    await expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'El visitador "13" no es un Visitador activo',
    );
    await expect(within(dialog).getByRole('button', { name: 'Reasignar' })).toBeEnabled();
  },
};

/** A refused transition (409): the server's text as it comes, in the dismissible banner. */
export const TransitionRefused: Story = {
  decorators: [
    withCargas({
      ...createFakeCargasPort(),
      changeStatus: () =>
        Promise.reject(
          new ApiError(409, 'Transición no permitida: de "cancelada" a "agendada"', 'transition_not_allowed'),
        ),
    }),
  ],
  play: async ({ canvas }) => {
    await loaded(canvas);
    const menu = await openRowMenu(canvas, 57);
    await userEvent.click(within(menu).getByRole('menuitem', { name: 'Agendar' }));
    const alert = await canvas.findByRole('alert');
    await expect(alert).toHaveTextContent('Transición no permitida: de "cancelada" a "agendada"');
    await userEvent.click(within(alert).getByRole('button', { name: 'Cerrar aviso' }));
    await waitFor(() => expect(canvas.queryByRole('alert')).toBeNull());
  },
};

/** A Visitador: only their own rows, no 'Nueva Carga' buttons, and only schedule / complete. */
export const VisitadorView: Story = {
  args: { viewer: 'Visitador' },
  decorators: [withCargas(createFakeCargasPort({ viewerId: 4 }), visitorUser)],
  play: async ({ canvas }) => {
    await loaded(canvas);
    await expect(canvas.queryByRole('button', { name: 'Nueva Carga Manual' })).toBeNull();
    await expect(canvas.queryByRole('button', { name: /^Nueva Carga$/ })).toBeNull();
    await expect(canvas.getByText('10 registros totales')).toBeVisible();
    for (const row of await bodyRows(canvas))
      await expect(row.querySelectorAll('td')[2]).toHaveTextContent('4');
    const asignada = (await bodyRows(canvas)).find((row) => row.textContent?.includes('asignada'));
    const id = Number(asignada?.querySelectorAll('td')[1]?.textContent);
    const menu = await openRowMenu(canvas, id);
    await expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((item) => item.textContent),
    ).toEqual(['Agendar']);
    await userEvent.keyboard('{Escape}');
  },
};

/** 'Cancelar' (or Escape) closes the manual modal and forgets what was typed. */
export const ManualAssignmentCancelResets: Story = {
  decorators: [withCargas(createFakeCargasPort())],
  play: async ({ canvas }) => {
    await loaded(canvas);
    const opener = canvas.getByRole('button', { name: 'Nueva Carga Manual' });
    await userEvent.click(opener);
    let dialog = await screen.findByRole('dialog', { name: 'Nueva Carga Manual' });
    await userEvent.selectOptions(within(dialog).getByRole('combobox', { name: /Tipo de carga/ }), 'TEC_MTY');
    await userEvent.type(within(dialog).getByRole('textbox', { name: /^Folio/ }), 'TEC-1');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await expect(opener).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    dialog = await screen.findByRole('dialog', { name: 'Nueva Carga Manual' });
    await expect(within(dialog).getByRole('combobox', { name: /Tipo de carga/ })).toHaveValue('');
    await expect(within(dialog).queryByRole('textbox', { name: /^Folio/ })).toBeNull();
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  },
};

const createPort = spied(createFakeCargasPort());

/** A manual assignment from the header: the modal closes, the list and statistics reload. */
export const ManualAssignmentCreated: Story = {
  decorators: [withCargas(createPort)],
  play: async ({ canvas }) => {
    await loaded(canvas);
    await userEvent.click(canvas.getByRole('button', { name: 'Nueva Carga Manual' }));
    const dialog = await screen.findByRole('dialog', { name: 'Nueva Carga Manual' });
    await userEvent.selectOptions(within(dialog).getByRole('combobox', { name: /Tipo de carga/ }), 'TEC_MTY');
    await userEvent.type(within(dialog).getByRole('textbox', { name: /^Folio/ }), 'TEC-900001');
    await userEvent.type(within(dialog).getByRole('textbox', { name: /^Nombre del alumno/ }), 'Ana Ruiz');
    await userEvent.type(within(dialog).getByRole('textbox', { name: /^Campus de ingreso/ }), 'Monterrey');
    await userEvent.type(within(dialog).getByRole('textbox', { name: /^Correo del alumno/ }), 'ana@tec.mx');
    await userEvent.type(within(dialog).getByRole('textbox', { name: /^Teléfono 1/ }), '8112345678');
    await userEvent.click(within(dialog).getByRole('combobox', { name: 'Visitador' }));
    await userEvent.click(await screen.findByRole('option', { name: /Juan Pérez López/ }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Crear Asignación' }));
    await expect(await screen.findByText('Asignación creada exitosamente (ID 58)')).toBeVisible();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(canvas.getByText('58 registros totales')).toBeVisible());
    await waitFor(() => expect(statValue(canvas, 'Total Asignaciones')).toBe('58'));
    await expect(createPort.stats).toHaveBeenCalledTimes(2);
  },
};
