import { Button } from '@socio/ui';
import { holdTimeouts, settled } from '@socio/ui/testing';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, fireEvent, screen, userEvent, waitFor, within } from 'storybook/test';
import { createFakeUsersPort, offline, pending, stubCatalogosPort, stubUsersPort } from '../testing';
import { usersMessages as m } from './messages.es';
import { AddUserModal } from './user-modals';
import { USERNAME_DEBOUNCE_MS } from './users.model';
import type { UsersPort } from './users.port';
import {
  addDialog,
  apiFailure,
  availabilityShows,
  clearToasts,
  field,
  fillNewUser,
  spied,
  validNewUser,
  withUsers,
} from './users.story-helpers';

/** A page with the 'Añadir nuevo usuario' button, the modal starting open. */
function Harness({ photoUpload }: { photoUpload?: boolean }) {
  const [open, setOpen] = useState(true);
  return (
    <>
      <Button onClick={() => setOpen(true)}>{m.addUser}</Button>
      <AddUserModal open={open} onOpenChange={setOpen} photoUpload={photoUpload} />
    </>
  );
}

const meta = {
  title: 'Features/Users/AddUserModal',
  component: Harness,
  beforeEach: clearToasts,
} satisfies Meta<typeof Harness>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Fills every required field validly and waits for 'Usuario disponible'. */
async function fillValid() {
  await fillNewUser(validNewUser);
  await availabilityShows('Usuario disponible');
}

async function submit() {
  const dialog = await addDialog();
  await userEvent.click(within(dialog).getByRole('button', { name: 'Crear usuario' }));
}

/** A fake port whose createUser is replaced. */
const withCreate = (createUser: UsersPort['createUser']) => ({ ...createFakeUsersPort(), createUser });

export const Empty: Story = {
  decorators: [withUsers(createFakeUsersPort())],
  play: async () => {
    const dialog = await addDialog();
    await expect(within(dialog).getByText('Los campos marcados con * son obligatorios.')).toBeVisible();
    await expect(
      within(dialog).getByText('La carga de fotos está temporalmente deshabilitada.'),
    ).toBeVisible();
    await expect(within(dialog).getByRole('button', { name: 'Seleccionar archivo' })).toBeDisabled();
    for (const label of [
      'Nombres',
      'Apellido paterno',
      'Apellido materno',
      'Usuario',
      'Correo electrónico',
    ]) {
      await expect(within(dialog).getByRole('textbox', { name: label })).toHaveValue('');
    }
    await expect(
      within(dialog).getByText('Solo letras minúsculas, números y puntos, sin espacios'),
    ).toBeVisible();
    await expect(within(dialog).getByText('Mínimo 8 caracteres')).toBeVisible();
    await expect(field('Rol')).toHaveValue('');
    await expect(within(dialog).getByRole('combobox', { name: 'Estatus' })).toHaveValue('Activo');
    // The supervisor only applies to a Visitador.
    await expect(within(dialog).queryByRole('combobox', { name: 'Supervisor' })).toBeNull();
    await waitFor(() => expect(within(field('Estado (región)')).getAllByRole('option')).toHaveLength(33));
    await expect(within(dialog).getByRole('button', { name: 'Crear usuario' })).toBeEnabled();
    await expect(within(dialog).getByRole('button', { name: 'Cancelar' })).toBeEnabled();
    // The actions sit in the modal's footer (outside the scrolling body), the submit tied to the form
    // (so Enter in a field still submits: checked with real key presses in e2e/users.spec.ts).
    const createButton = within(dialog).getByRole<HTMLButtonElement>('button', { name: 'Crear usuario' });
    await expect(createButton.closest('[data-slot="modal-footer"]')).not.toBeNull();
    await expect(createButton.form).toBe(within(dialog).getByRole('form', { name: 'Añadir Nuevo Usuario' }));
  },
};

export const RequiredFields: Story = {
  name: 'Validation: required fields',
  decorators: [withUsers(stubUsersPort(), stubCatalogosPort({ estados: () => Promise.resolve([]) }))],
  play: async () => {
    await submit();
    const dialog = await addDialog();
    for (const text of [
      'Nombres son obligatorios',
      'Apellido paterno es obligatorio',
      'Apellido materno es obligatorio',
      'Usuario es obligatorio',
      'Correo electrónico es obligatorio',
      'Contraseña es obligatoria',
      'Rol es obligatorio',
    ]) {
      await expect(await within(dialog).findByText(text)).toBeVisible();
    }
    await expect(within(dialog).getByRole('textbox', { name: 'Nombres' })).toHaveAttribute(
      'aria-invalid',
      'true',
    );
    // Focus lands on the first invalid field on screen (Nombres), not the first one registered.
    await waitFor(() => expect(within(dialog).getByRole('textbox', { name: 'Nombres' })).toHaveFocus());
  },
};

/**
 * What the browser does on Tab, step by step: the focus leaves the field first (the form validates it
 * on blur and React renders its error meanwhile), and only then lands on the next one. A node removed
 * from the dialog in between made Radix's focus trap pull the focus to the dialog itself.
 */
async function leaveByKeyboard(dialog: HTMLElement, from: HTMLElement) {
  from.blur();
  await settled();
  await expect(dialog).not.toHaveFocus();
}

/** Issue 14 item 1: an error replacing a hint (Usuario empty, Contraseña 'abc') is no keyboard trap. */
export const KeyboardThroughInvalidForm: Story = {
  name: 'Keyboard: tab order follows the fields while invalid',
  decorators: [withUsers(createFakeUsersPort())],
  play: async () => {
    const dialog = await addDialog();
    const inDialog = within(dialog);
    field('Usuario').focus();
    await leaveByKeyboard(dialog, field('Usuario'));
    await expect(await inDialog.findByText('Usuario es obligatorio')).toBeVisible();
    field('Contraseña').focus();
    await userEvent.keyboard('abc');
    await leaveByKeyboard(dialog, field('Contraseña'));
    await waitFor(() => expect(field('Contraseña')).toHaveAttribute('aria-invalid', 'true'));

    // Now Tab walks the invalid form in screen order, once.
    field('Nombres').focus();
    const order: HTMLElement[] = [
      field('Apellido paterno'),
      field('Apellido materno'),
      field('Usuario'),
      field('Correo electrónico'),
      field('Contraseña'),
      inDialog.getByRole('button', { name: 'Mostrar contraseña' }),
      field('Rol'),
      field('Estado (región)'),
      field('Estatus'),
      inDialog.getByRole('button', { name: 'Cancelar' }),
      inDialog.getByRole('button', { name: 'Crear usuario' }),
    ];
    for (const next of order) {
      await userEvent.tab();
      await expect(next).toHaveFocus();
    }
  },
};

const tooShort = spied(createFakeUsersPort());

export const UsernameTooShort: Story = {
  name: 'Validation: username < 3',
  decorators: [withUsers(tooShort)],
  play: async () => {
    const pause = holdTimeouts(USERNAME_DEBOUNCE_MS);
    try {
      await userEvent.type(field('Usuario'), 'ab');
      await userEvent.tab();
      await expect(await screen.findByText('El usuario debe tener al menos 3 caracteres')).toBeVisible();
      // No availability check below 3 characters, even once the typing pause has passed.
      await waitFor(() => expect(pause.pending).toBe(1));
      pause.fire();
      await settled();
      await expect(tooShort.checkUsername).not.toHaveBeenCalled();
      await expect(screen.queryByText('Verificando disponibilidad...')).toBeNull();
      await expect(screen.queryByText('Usuario disponible')).toBeNull();
    } finally {
      pause.restore();
    }
  },
};

export const UsernameInvalidCharacters: Story = {
  name: 'Validation: username characters',
  decorators: [withUsers(createFakeUsersPort())],
  play: async () => {
    await userEvent.type(field('Usuario'), 'juan_perez');
    await userEvent.tab();
    const dialog = await addDialog();
    const input = within(dialog).getByRole('textbox', { name: 'Usuario' });
    await expect(input).toHaveAttribute('aria-invalid', 'true');
    await expect(input).toHaveAccessibleDescription(/Solo letras minúsculas, números y puntos, sin espacios/);
  },
};

export const InvalidEmail: Story = {
  name: 'Validation: e-mail',
  decorators: [withUsers(createFakeUsersPort())],
  play: async () => {
    await userEvent.type(field('Correo electrónico'), 'juan@');
    await userEvent.tab();
    await expect(await screen.findByText('Ingresa un correo electrónico válido')).toBeVisible();
  },
};

export const ShortPassword: Story = {
  name: 'Validation: password < 8',
  decorators: [withUsers(createFakeUsersPort())],
  play: async () => {
    await userEvent.type(field('Contraseña'), '1234567');
    await userEvent.tab();
    await waitFor(() => expect(field('Contraseña')).toHaveAttribute('aria-invalid', 'true'));
    await expect(field('Contraseña')).toHaveAccessibleDescription('Mínimo 8 caracteres');
  },
};

const slowCheck = spied(createFakeUsersPort({}, { delay: 400 }));

/** 'Juan Perez' is typed as 'juanperez'; 500 ms after typing stops the check runs. */
export const UsernameAvailable: Story = {
  name: 'Username: checking → available',
  decorators: [withUsers(slowCheck)],
  play: async () => {
    await userEvent.type(field('Usuario'), 'Juan Perez');
    await expect(field('Usuario')).toHaveValue('juanperez');
    await expect(await screen.findByText('Verificando disponibilidad...')).toBeVisible();
    await availabilityShows('Usuario disponible');
    await expect(slowCheck.checkUsername).toHaveBeenCalledTimes(1);
    await expect(slowCheck.checkUsername).toHaveBeenCalledWith('juanperez', expect.anything());
  },
};

export const UsernameTaken: Story = {
  name: 'Username: taken',
  decorators: [withUsers(createFakeUsersPort())],
  play: async () => {
    await userEvent.type(field('Usuario'), 'jperez');
    await availabilityShows('Este usuario ya está en uso');
    const dialog = await addDialog();
    await expect(within(dialog).getByRole('button', { name: 'Crear usuario' })).toBeDisabled();
  },
};

export const UsernameCheckError: Story = {
  name: 'Username: check failed',
  decorators: [withUsers({ ...createFakeUsersPort(), checkUsername: () => offline() })],
  play: async () => {
    await userEvent.type(field('Usuario'), 'nuevo.usuario');
    await availabilityShows('Error al verificar disponibilidad');
  },
};

/** Submitting while the check is still pending is refused. */
export const UsernamePendingSubmit: Story = {
  name: 'Username: submit while checking',
  decorators: [withUsers({ ...createFakeUsersPort(), checkUsername: () => pending() })],
  play: async () => {
    await fillNewUser(validNewUser);
    await expect(await screen.findByText('Verificando disponibilidad...')).toBeVisible();
    await submit();
    await expect(
      await screen.findByText('Por favor, espera a que se verifique la disponibilidad del usuario.'),
    ).toBeVisible();
    await expect(await addDialog()).toBeVisible();
  },
};

export const Submitting: Story = {
  name: 'Submitting (Creando...)',
  decorators: [withUsers(withCreate(() => pending()))],
  play: async () => {
    await fillValid();
    await submit();
    const dialog = await addDialog();
    const button = await within(dialog).findByRole('button', { name: 'Creando...' });
    await expect(button).toBeDisabled();
    await expect(within(dialog).getByRole('button', { name: 'Cancelar' })).toBeDisabled();
    // Cannot be closed while sending.
    await userEvent.keyboard('{Escape}');
    await expect(await addDialog()).toBeVisible();
  },
};

export const ServerUsernameTaken: Story = {
  name: 'Server error: username taken',
  decorators: [withUsers(withCreate(apiFailure(409, 'El usuario ya existe', 'username_taken')))],
  play: async () => {
    await fillValid();
    await submit();
    await expect(
      await screen.findByText('Error: El nombre de usuario ya está en uso. Por favor, elige otro.'),
    ).toBeVisible();
    await expect(await addDialog()).toBeVisible();
  },
};

export const ServerEmailTaken: Story = {
  name: 'Server error: e-mail taken',
  decorators: [withUsers(withCreate(apiFailure(409, 'El email ya está registrado', 'email_taken')))],
  play: async () => {
    await fillValid();
    await submit();
    await expect(
      await screen.findByText('Error: El correo electrónico ya está registrado. Por favor, usa otro.'),
    ).toBeVisible();
  },
};

export const ServerUnreachable: Story = {
  name: 'Server error: network',
  decorators: [withUsers(withCreate(() => offline()))],
  play: async () => {
    await fillValid();
    await submit();
    await expect(
      await screen.findByText(
        'Error: No se pudo conectar con el servidor. Verifica que el backend esté ejecutándose.',
      ),
    ).toBeVisible();
  },
};

export const ServerOtherError: Story = {
  name: 'Server error: other detail',
  decorators: [
    withUsers(withCreate(apiFailure(403, 'No tienes permiso para realizar esta acción', 'forbidden'))),
  ],
  play: async () => {
    await fillValid();
    await submit();
    await expect(
      await screen.findByText('Error al crear el usuario: No tienes permiso para realizar esta acción'),
    ).toBeVisible();
  },
};

export const ServerInvalidResponse: Story = {
  name: 'Server error: no usuario in response',
  decorators: [withUsers(withCreate(() => Promise.resolve({})))],
  play: async () => {
    await fillValid();
    await submit();
    await expect(await screen.findByText('Respuesta inválida del servidor')).toBeVisible();
  },
};

export const Success: Story = {
  decorators: [withUsers(createFakeUsersPort())],
  play: async () => {
    await fillValid();
    await submit();
    await expect(await screen.findByText('Usuario creado exitosamente!')).toBeVisible();
    await expect(screen.getByText('Usuario: luciatrevino · Nombre: Lucía Treviño Garza')).toBeVisible();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Añadir Nuevo Usuario' })).toBeNull());
  },
};

/** Closing by 'Cancelar', X or Escape discards what was typed. */
export const CloseClearsForm: Story = {
  decorators: [withUsers(createFakeUsersPort())],
  play: async ({ canvas }) => {
    for (const close of ['Cancelar', 'Cerrar', '{Escape}']) {
      await userEvent.type(field('Nombres'), 'Temporal');
      const dialog = await addDialog();
      if (close === '{Escape}') await userEvent.keyboard(close);
      else await userEvent.click(within(dialog).getByRole('button', { name: close }));
      await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
      await userEvent.click(canvas.getByRole('button', { name: 'Añadir nuevo usuario' }));
      await addDialog();
      await expect(field('Nombres')).toHaveValue('');
    }
  },
};

function imageFile(name: string, type: string, bytes: number) {
  return new File([new Uint8Array(bytes)], name, { type });
}

async function dropPhoto(file: File) {
  const input = screen.getByLabelText('Archivo a cargar') as HTMLInputElement;
  fireEvent.change(input, { target: { files: [file] } });
}

/** (Upload enabled only here) a photo over 5 MB is refused. */
export const PhotoTooLarge: Story = {
  name: 'Photo: too large',
  args: { photoUpload: true },
  decorators: [withUsers(createFakeUsersPort())],
  play: async () => {
    await addDialog();
    await dropPhoto(imageFile('grande.png', 'image/png', 5_242_881));
    await expect(
      await screen.findByText('El archivo es demasiado grande. El tamaño máximo es 5MB.'),
    ).toBeVisible();
  },
};

export const PhotoWrongType: Story = {
  name: 'Photo: wrong type',
  args: { photoUpload: true },
  decorators: [withUsers(createFakeUsersPort())],
  play: async () => {
    await addDialog();
    // An image, but not JPG/PNG/GIF.
    await dropPhoto(imageFile('foto.webp', 'image/webp', 2000));
    await expect(await screen.findByText('Por favor, selecciona un archivo de imagen válido.')).toBeVisible();
    // Not an image at all.
    await dropPhoto(imageFile('documento.pdf', 'application/pdf', 2000));
    await expect(await screen.findByText('Por favor, selecciona un archivo de imagen válido.')).toBeVisible();
  },
};
