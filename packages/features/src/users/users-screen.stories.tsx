import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, screen, userEvent, waitFor, within } from 'storybook/test';
import { NetworkError } from '../errors';
import { atViewport, createFakeUsersPort, invalidResponse, pending, stubUsersPort } from '../testing';
import type { UsersPort } from './users.port';
import {
  addDialog,
  availabilityShows,
  clearToasts,
  field,
  fillNewUser,
  spied,
  validNewUser,
  withUsers,
} from './users.story-helpers';
import { UsersScreen } from './users-screen';

const meta = {
  title: 'Features/Users/UsersScreen',
  component: UsersScreen,
  args: { canManage: true },
  parameters: { layout: 'fullscreen' },
  beforeEach: clearToasts,
} satisfies Meta<typeof UsersScreen>;

export default meta;
type Story = StoryObj<typeof meta>;

function usersTable(canvas: ReturnType<typeof within>) {
  return canvas.findByRole('table', { name: 'Lista de usuarios' });
}

/** The body rows of the users table (header row left out). */
async function bodyRows(canvas: ReturnType<typeof within>) {
  const table = await usersTable(canvas);
  return within(table).getAllByRole('row').slice(1);
}

async function firstCells(canvas: ReturnType<typeof within>) {
  const rows = await bodyRows(canvas);
  return rows.map((row) => row.querySelector('[data-slot="user-name"]')?.textContent ?? '');
}

/** Administrador: 12 users, 5 per page, add and edit available. */
export const Loaded: Story = {
  decorators: [withUsers(createFakeUsersPort())],
  play: async ({ canvas }) => {
    await canvas.findByRole('heading', { level: 1, name: 'Usuarios' });
    await waitFor(async () => expect(await bodyRows(canvas)).toHaveLength(5));
    const [first] = await bodyRows(canvas);
    await expect(first).toHaveTextContent('Ana García Torres');
    await expect(first).toHaveTextContent('admin');
    await expect(first).toHaveTextContent('Administrador');
    await expect(first).toHaveTextContent('Activo');
    await expect(canvas.getByRole('button', { name: 'Añadir nuevo usuario' })).toBeEnabled();
    await expect(canvas.getAllByRole('button', { name: /^Editar a / })).toHaveLength(5);
    const pager = canvas.getByRole('navigation', { name: 'Paginación de usuarios' });
    await expect(pager).toHaveTextContent('Mostrando 1 a 5 de 12 resultados');
    await expect(canvas.getByRole('heading', { name: 'Competitividad por visitador' })).toBeVisible();
  },
};

export const Loading: Story = {
  decorators: [
    withUsers(
      stubUsersPort({
        allUsers: () => pending(),
        competitiveness: () => pending(),
        completionLast30Days: () => pending(),
      }),
    ),
  ],
  play: async ({ canvas }) => {
    await expect(await canvas.findByText('Cargando usuarios...')).toBeVisible();
    await expect(canvas.queryByRole('button', { name: /^Editar a / })).toBeNull();
    await expect(canvas.queryByRole('navigation', { name: 'Paginación de usuarios' })).toBeNull();
  },
};

/** The first allUsers call fails (offline); the next ones answer. */
const failingOnce = (): UsersPort => {
  const port = createFakeUsersPort();
  let calls = 0;
  return {
    ...port,
    allUsers: (o) => {
      calls += 1;
      return calls === 1 ? Promise.reject(new NetworkError()) : port.allUsers(o);
    },
  };
};

/** The list failed: an error with 'Intentar de nuevo' (never invented sample rows). */
export const ErrorWithRetry: Story = {
  name: 'Error + retry',
  decorators: [withUsers(failingOnce())],
  play: async ({ canvas }) => {
    const alert = await canvas.findByRole('alert');
    await expect(alert).toHaveTextContent('Error al cargar los usuarios');
    await expect(canvas.queryByRole('table', { name: 'Lista de usuarios' })).toBeNull();
    await userEvent.click(within(alert).getByRole('button', { name: 'Intentar de nuevo' }));
    await waitFor(async () => expect(await bodyRows(canvas)).toHaveLength(5));
  },
};

/** The list came back in a shape that breaks the contract: the same error state, no rows. */
export const InvalidResponse: Story = {
  decorators: [
    withUsers({
      ...createFakeUsersPort(),
      allUsers: () => invalidResponse('GET /users/all_users'),
    }),
  ],
  play: async ({ canvas }) => {
    const alert = await canvas.findByRole('alert');
    await expect(alert).toHaveTextContent('Error al cargar los usuarios');
    await expect(within(alert).getByRole('button', { name: 'Intentar de nuevo' })).toBeEnabled();
    await expect(canvas.queryByRole('table', { name: 'Lista de usuarios' })).toBeNull();
  },
};

export const Search: Story = {
  decorators: [withUsers(createFakeUsersPort())],
  play: async ({ canvas }) => {
    await waitFor(async () => expect(await bodyRows(canvas)).toHaveLength(5));
    const search = canvas.getByRole('searchbox', { name: 'Buscar usuarios' });
    // By supervisor name, case- and accent-insensitive.
    await userEvent.type(search, 'LAURA MENDEZ');
    await waitFor(async () => expect(await firstCells(canvas)).toHaveLength(5));
    await expect(canvas.getByRole('navigation', { name: 'Paginación de usuarios' })).toHaveTextContent(
      'Mostrando 1 a 5 de 5 resultados',
    );
    await userEvent.clear(search);
    await userEvent.type(search, 'rsalinas');
    await waitFor(async () => expect(await firstCells(canvas)).toEqual(['Ricardo Salinas Vega']));
  },
};

/** A new search starts on page 1 (here from page 3: 9 visitors fill 2 pages). */
export const SearchStartsOnPageOne: Story = {
  decorators: [withUsers(createFakeUsersPort())],
  play: async ({ canvas }) => {
    await waitFor(async () => expect(await bodyRows(canvas)).toHaveLength(5));
    const pager = canvas.getByRole('navigation', { name: 'Paginación de usuarios' });
    await userEvent.click(within(pager).getByRole('button', { name: 'Página 3' }));
    await expect(pager).toHaveTextContent('Mostrando 11 a 12 de 12 resultados');
    await userEvent.type(canvas.getByRole('searchbox', { name: 'Buscar usuarios' }), 'visitador');
    await waitFor(() => expect(pager).toHaveTextContent('Mostrando 1 a 5 de 9 resultados'));
    await expect(within(pager).getByRole('button', { name: 'Página 1' })).toHaveAttribute(
      'aria-current',
      'page',
    );
  },
};

/** Closing a dialog returns the focus to the button that opened it ('Añadir nuevo usuario', a row's 'Editar'). */
export const FocusReturnsAfterDialogs: Story = {
  decorators: [withUsers(createFakeUsersPort())],
  play: async ({ canvas }) => {
    await waitFor(async () => expect(await bodyRows(canvas)).toHaveLength(5));
    const add = canvas.getByRole('button', { name: 'Añadir nuevo usuario' });
    await userEvent.click(add);
    await screen.findByRole('dialog', { name: 'Añadir Nuevo Usuario' });
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(add).toHaveFocus());

    const edit = canvas.getByRole('button', { name: 'Editar a Juan Pérez López' });
    await userEvent.click(edit);
    const dialog = await screen.findByRole('dialog', { name: 'Editar usuario' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(edit).toHaveFocus());
  },
};

export const EmptySearchResult: Story = {
  decorators: [withUsers(createFakeUsersPort())],
  play: async ({ canvas }) => {
    await waitFor(async () => expect(await bodyRows(canvas)).toHaveLength(5));
    await userEvent.type(canvas.getByRole('searchbox', { name: 'Buscar usuarios' }), 'zzz');
    await expect(await canvas.findByText('No se encontraron usuarios para «zzz»')).toBeVisible();
    await expect(canvas.queryByRole('navigation', { name: 'Paginación de usuarios' })).toBeNull();
  },
};

/** Sort toggles asc/desc on a column; another column starts ascending on page 1. */
export const Sorted: Story = {
  decorators: [withUsers(createFakeUsersPort())],
  play: async ({ canvas }) => {
    const table = await usersTable(canvas);
    await waitFor(async () => expect(await bodyRows(canvas)).toHaveLength(5));
    const nameHeader = within(table).getByRole('columnheader', { name: /Nombre/ });
    await userEvent.click(within(nameHeader).getByRole('button'));
    await expect(nameHeader).toHaveAttribute('aria-sort', 'ascending');
    await expect((await firstCells(canvas))[0]).toBe('Ana García Torres');
    await userEvent.click(within(nameHeader).getByRole('button'));
    await expect(nameHeader).toHaveAttribute('aria-sort', 'descending');
    await expect((await firstCells(canvas))[0]).toBe('Valeria Ortiz Navarro');

    // Go to page 2, then sort by another column: back to page 1, ascending.
    const pager = canvas.getByRole('navigation', { name: 'Paginación de usuarios' });
    await userEvent.click(within(pager).getByRole('button', { name: 'Página 2' }));
    await expect(within(pager).getByRole('button', { name: 'Página 2' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    const emailHeader = within(table).getByRole('columnheader', { name: /Correo electrónico/ });
    await userEvent.click(within(emailHeader).getByRole('button'));
    await expect(emailHeader).toHaveAttribute('aria-sort', 'ascending');
    await expect(nameHeader).toHaveAttribute('aria-sort', 'none');
    await expect(within(pager).getByRole('button', { name: 'Página 1' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    const [first] = await bodyRows(canvas);
    await expect(first).toHaveTextContent('admin@socioeconomico.mx');
  },
};

export const Paged: Story = {
  decorators: [withUsers(createFakeUsersPort())],
  play: async ({ canvas }) => {
    await waitFor(async () => expect(await bodyRows(canvas)).toHaveLength(5));
    const pager = canvas.getByRole('navigation', { name: 'Paginación de usuarios' });
    await userEvent.click(within(pager).getByRole('button', { name: /Siguiente/ }));
    await expect(pager).toHaveTextContent('Mostrando 6 a 10 de 12 resultados');
    await expect(await firstCells(canvas)).toEqual([
      'Carlos Ramírez Soto',
      'Sofía Flores Aguilar',
      'Diego Morales Castillo',
      'Valeria Ortiz Navarro',
      'Emilio Gutiérrez Reyes',
    ]);
    await userEvent.click(within(pager).getByRole('button', { name: 'Página 3' }));
    await expect(await bodyRows(canvas)).toHaveLength(2);
    await expect(within(pager).getByRole('button', { name: /Siguiente/ })).toBeDisabled();
  },
};

/** Supervisor: the same list without 'Añadir nuevo usuario' nor 'Editar'. */
export const ReadOnly: Story = {
  name: 'Read-only (Supervisor)',
  args: { canManage: false },
  decorators: [withUsers(createFakeUsersPort())],
  play: async ({ canvas }) => {
    await waitFor(async () => expect(await bodyRows(canvas)).toHaveLength(5));
    await expect(canvas.getByText(/Solo lectura/)).toBeVisible();
    await expect(canvas.queryByRole('button', { name: 'Añadir nuevo usuario' })).toBeNull();
    await expect(canvas.queryByRole('button', { name: /Editar/ })).toBeNull();
    await expect(canvas.queryByRole('columnheader', { name: 'Acciones' })).toBeNull();
  },
};

const createPort = spied(createFakeUsersPort());

/** Create → toast with username and name → the list is fetched again and shows the new user. */
export const CreateUser: Story = {
  decorators: [withUsers(createPort)],
  play: async ({ canvas }) => {
    await waitFor(async () => expect(await bodyRows(canvas)).toHaveLength(5));
    await userEvent.click(canvas.getByRole('button', { name: 'Añadir nuevo usuario' }));
    const dialog = await addDialog();
    await fillNewUser(validNewUser);
    await availabilityShows('Usuario disponible');
    await userEvent.selectOptions(
      await within(dialog).findByRole('combobox', { name: 'Supervisor' }),
      'Laura Méndez Ríos',
    );
    await userEvent.selectOptions(field('Estado (región)'), 'Nuevo León');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Crear usuario' }));

    const success = await screen.findByText('Usuario: luciatrevino · Nombre: Lucía Treviño Garza');
    await expect(success).toBeVisible();
    await expect(screen.getByText('Usuario creado exitosamente!')).toBeVisible();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Añadir Nuevo Usuario' })).toBeNull());
    await expect(createPort.createUser).toHaveBeenCalledWith({
      nombres: 'Lucía',
      apellido_paterno: 'Treviño',
      apellido_materno: 'Garza',
      username: 'luciatrevino',
      email: 'lucia.trevino@ejemplo.mx',
      password: 'Segura2026',
      role: 'Visitador',
      supervisor: 2,
      estado: 19,
      status: 'Activo',
      avatar: '/avatars/default.png',
    });
    await waitFor(() => expect(createPort.allUsers).toHaveBeenCalledTimes(2));
    await userEvent.type(canvas.getByRole('searchbox', { name: 'Buscar usuarios' }), 'luciatrevino');
    await waitFor(async () => expect(await firstCells(canvas)).toEqual(['Lucía Treviño Garza']));
  },
};

const editPort = spied(createFakeUsersPort());

/** Edit a row: deactivate Juan; the list is fetched again and shows 'Inactivo'. */
export const EditAndDeactivate: Story = {
  decorators: [withUsers(editPort)],
  play: async ({ canvas }) => {
    await waitFor(async () => expect(await bodyRows(canvas)).toHaveLength(5));
    await userEvent.click(canvas.getByRole('button', { name: 'Editar a Juan Pérez López' }));
    const dialog = await screen.findByRole('dialog', { name: 'Editar usuario' });
    await expect(within(dialog).getByRole('textbox', { name: 'Usuario' })).toHaveAttribute('readonly');
    await userEvent.selectOptions(within(dialog).getByRole('combobox', { name: 'Estatus' }), 'Inactivo');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Guardar cambios' }));
    await expect(await screen.findByText('Usuario actualizado exitosamente')).toBeVisible();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Editar usuario' })).toBeNull());
    await expect(editPort.editUser).toHaveBeenCalledWith(4, expect.objectContaining({ status: 'Inactivo' }));
    await waitFor(async () => {
      const juan = (await bodyRows(canvas)).find((row) => row.textContent?.includes('jperez'));
      await expect(juan).toHaveTextContent('Inactivo');
    });
  },
};

export const NoUsersYet: Story = {
  name: 'Empty list',
  decorators: [withUsers(createFakeUsersPort({ users: [], competitiveness: [] }))],
  play: async ({ canvas }) => {
    await expect(await canvas.findByText('Aún no hay usuarios registrados')).toBeVisible();
    await expect(await canvas.findByText('No se encontraron visitadores')).toBeVisible();
  },
};

const mobileViewport = atViewport('movil390').parameters;

/**
 * Issue 14 item 7: at 390 px each user is a card with every field and 'Editar' on screen, no
 * sideways swipe (the table showed only NOMBRE).
 */
export const MobileCards: Story = {
  decorators: [withUsers(createFakeUsersPort())],
  parameters: mobileViewport,
  globals: { viewport: { value: 'movil390', isRotated: false } },
  play: async ({ canvas, canvasElement }) => {
    await expect(window.innerWidth).toBeLessThanOrEqual(390);
    const table = await usersTable(canvas);
    // The header row is left out of the cards, so the body rows are the table's rows here.
    const cards = () => Array.from(table.querySelectorAll('[data-slot="data-table-row"]'));
    await waitFor(() => expect(cards()).toHaveLength(5));
    const scroll = canvasElement.querySelector<HTMLElement>(
      '[data-slot="users-screen"] [data-slot="data-table-scroll"]',
    );
    if (!scroll) throw new Error('no users table');
    await expect(scroll.scrollWidth).toBeLessThanOrEqual(scroll.clientWidth + 1);
    const first = cards()[0] as HTMLElement | undefined;
    if (!first) throw new Error('no rows');
    const inView = (element: Element) => {
      const rect = element.getBoundingClientRect();
      return rect.width > 0 && rect.left >= 0 && rect.right <= window.innerWidth;
    };
    await expect(inView(within(first).getByText('Activo'))).toBe(true);
    await expect(inView(within(first).getByRole('button', { name: /^Editar a / }))).toBe(true);
    await expect(inView(within(first).getByText('Administrador'))).toBe(true);
    // Each value says which field it is.
    await expect(within(first).getByText('Activo').closest('td')).toHaveAttribute('data-label', 'Estatus');
  },
};
