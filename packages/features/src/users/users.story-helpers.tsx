import type { ErrorCode } from '@socio/contracts';
import { toast } from '@socio/ui';
import type { Decorator } from '@storybook/react-vite';
import { fn, screen, userEvent, waitFor } from 'storybook/test';
import { createFakeCatalogosPort } from '../catalogos/catalogos.fake';
import type { CatalogosPort } from '../catalogos/catalogos.port';
import { ApiError } from '../errors';
import { FeatureProviders } from '../testing/story-providers';
import type { UsersPort } from './users.port';

/** Wraps every method of a port in a spy (same behaviour), so plays can assert the calls. */
export function spied(port: UsersPort): UsersPort {
  return Object.fromEntries(
    Object.entries(port).map(([name, method]) => [name, fn(method as (...args: never[]) => unknown)]),
  ) as unknown as UsersPort;
}

/** The users port and the catalogues (the states of the add-user form; the demo ones unless given). */
export function withUsers(users: UsersPort, catalogos: CatalogosPort = createFakeCatalogosPort()): Decorator {
  return (Story) => (
    <FeatureProviders ports={{ users, catalogos }}>
      <div className="bg-canvas p-6">
        <Story />
      </div>
    </FeatureProviders>
  );
}

/** Toasts live in a module-level store: start every story without the previous story's toasts. */
export function clearToasts() {
  toast.dismiss();
}

export const apiFailure = (status: number, detail?: string, code?: ErrorCode) => () =>
  Promise.reject(new ApiError(status, detail, code));

/** The open add-user dialog. */
export function addDialog() {
  return screen.findByRole('dialog', { name: 'Añadir Nuevo Usuario' });
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** An input or select by its label; required labels end in a visual '*'. */
export function field(label: string): HTMLInputElement | HTMLSelectElement {
  return screen.getByLabelText(new RegExp(`^${escapeRegExp(label)}\\*?$`), { selector: 'input, select' });
}

export interface NewUserFields {
  nombres?: string;
  apellido_paterno?: string;
  apellido_materno?: string;
  username?: string;
  email?: string;
  password?: string;
  role?: string;
}

export const validNewUser: Required<NewUserFields> = {
  nombres: 'Lucía',
  apellido_paterno: 'Treviño',
  apellido_materno: 'Garza',
  username: 'Lucia Trevino',
  email: ' Lucia.Trevino@Ejemplo.MX ',
  password: 'Segura2026',
  role: 'Visitador',
};

/** Types the given fields of the add-user form. */
export async function fillNewUser(values: NewUserFields) {
  const text: [keyof NewUserFields, string][] = [
    ['nombres', 'Nombres'],
    ['apellido_paterno', 'Apellido paterno'],
    ['apellido_materno', 'Apellido materno'],
    ['username', 'Usuario'],
    ['email', 'Correo electrónico'],
    ['password', 'Contraseña'],
  ];
  for (const [key, label] of text) {
    const value = values[key];
    if (value !== undefined) await userEvent.type(field(label), value);
  }
  if (values.role) await userEvent.selectOptions(field('Rol'), values.role);
}

/** Waits for the username check to settle on `text`. */
export async function availabilityShows(text: string) {
  await waitFor(() => screen.getByText(text), { timeout: 4000 });
}
