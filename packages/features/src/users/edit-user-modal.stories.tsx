import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, screen, userEvent, waitFor, within } from 'storybook/test';
import { createFakeUsersPort, demoUsers, offline, pending } from '../testing';
import { EditUserModal } from './user-modals';
import { toUserRow } from './users.model';
import type { UsersPort } from './users.port';
import { apiFailure, clearToasts, spied, withUsers } from './users.story-helpers';

const juan = toUserRow(demoUsers[3]!);
const laura = toUserRow(demoUsers[1]!);

const meta = {
  title: 'Features/Users/EditUserModal',
  component: EditUserModal,
  args: { user: juan, onClose: fn() },
  beforeEach: clearToasts,
} satisfies Meta<typeof EditUserModal>;

export default meta;
type Story = StoryObj<typeof meta>;

const editDialog = () => screen.findByRole('dialog', { name: 'Editar usuario' });
const withEdit = (editUser: UsersPort['editUser']) => ({ ...createFakeUsersPort(), editUser });

async function save() {
  const dialog = await editDialog();
  await userEvent.click(within(dialog).getByRole('button', { name: 'Guardar cambios' }));
}

export const Loaded: Story = {
  decorators: [withUsers(createFakeUsersPort())],
  play: async () => {
    const dialog = await editDialog();
    await expect(dialog).toHaveAccessibleDescription('Actualiza los datos de jperez.');
    const username = within(dialog).getByRole('textbox', { name: 'Usuario' });
    await expect(username).toHaveValue('jperez');
    await expect(username).toHaveAttribute('readonly');
    await expect(within(dialog).getByRole('textbox', { name: 'Nombres' })).toHaveValue('Juan');
    await expect(within(dialog).getByRole('textbox', { name: 'Correo electrónico' })).toHaveValue(
      'jperez@socioeconomico.mx',
    );
    await expect(within(dialog).getByRole('combobox', { name: 'Rol' })).toHaveValue('Visitador');
    await expect(within(dialog).getByRole('combobox', { name: 'Estatus' })).toHaveValue('Activo');
    // The supervisor list loads, then the current supervisor shows selected.
    await waitFor(() =>
      expect(within(dialog).getByRole('combobox', { name: 'Supervisor' })).toHaveValue('2'),
    );
    await expect(within(dialog).getByRole('option', { name: 'Ricardo Salinas Vega' })).toBeInTheDocument();
    // The actions sit in the modal's footer, 'Guardar cambios' tied to the form.
    const saveButton = within(dialog).getByRole<HTMLButtonElement>('button', { name: 'Guardar cambios' });
    await expect(saveButton.closest('[data-slot="modal-footer"]')).not.toBeNull();
    await expect(saveButton.form).toBe(within(dialog).getByRole('form', { name: 'Editar usuario' }));
    await expect(within(dialog).getByRole('button', { name: 'Cancelar' })).toBeEnabled();
  },
};

/** 'Cancelar' in the footer closes without saving. */
export const CancelCloses: Story = {
  decorators: [withUsers(createFakeUsersPort())],
  play: async ({ args }) => {
    const dialog = await editDialog();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
    await expect(args.onClose).toHaveBeenCalled();
  },
};

/** A Supervisor has no supervisor field and is not offered as their own supervisor. */
export const SupervisorUser: Story = {
  args: { user: laura },
  decorators: [withUsers(createFakeUsersPort())],
};

/** Turning the supervisor into a visitor asks for a supervisor (not themself). Test only: out of the sidebar and docs, so the story above shows its state untouched. */
export const SupervisorBecomesVisitador: Story = {
  ...SupervisorUser,
  tags: ['!dev', '!autodocs'],
  play: async () => {
    const dialog = await editDialog();
    await expect(within(dialog).queryByRole('combobox', { name: 'Supervisor' })).toBeNull();
    await userEvent.selectOptions(within(dialog).getByRole('combobox', { name: 'Rol' }), 'Visitador');
    const supervisor = await within(dialog).findByRole('combobox', { name: 'Supervisor' });
    await waitFor(() => expect(within(supervisor).getAllByRole('option')).toHaveLength(2));
    await expect(within(supervisor).queryByRole('option', { name: 'Laura Méndez Ríos' })).toBeNull();
  },
};

/** Fails the first supervisors load, answers the next one. */
function failingOnce(): UsersPort {
  const port = createFakeUsersPort();
  let calls = 0;
  return { ...port, supervisors: (o) => (calls++ === 0 ? offline() : port.supervisors(o)) };
}

export const SupervisorsFailure: Story = {
  name: 'Supervisors failed to load',
  decorators: [withUsers(failingOnce())],
  play: async () => {
    const dialog = await editDialog();
    await expect(await within(dialog).findByText('No hay supervisores disponibles')).toBeVisible();
    await expect(within(dialog).getByRole('combobox', { name: 'Supervisor' })).toBeDisabled();
  },
};

/** 'Intentar de nuevo' fills the supervisors. Test only: out of the sidebar and docs, so the story above stays on the state its name says. */
export const SupervisorsFailureRetry: Story = {
  tags: ['!dev', '!autodocs'],
  decorators: [withUsers(failingOnce())],
  play: async (context) => {
    await SupervisorsFailure.play?.(context);
    const dialog = await editDialog();
    // 'Intentar de nuevo' asks again; the list then fills the select.
    await userEvent.click(within(dialog).getByRole('button', { name: 'Intentar de nuevo' }));
    await waitFor(() => expect(within(dialog).getByRole('combobox', { name: 'Supervisor' })).toBeEnabled());
    await expect(within(dialog).queryByText('No hay supervisores disponibles')).toBeNull();
  },
};

export const Validation: Story = {
  decorators: [withUsers(createFakeUsersPort())],
  play: async () => {
    const dialog = await editDialog();
    await userEvent.clear(within(dialog).getByRole('textbox', { name: 'Nombres' }));
    await userEvent.clear(within(dialog).getByRole('textbox', { name: 'Correo electrónico' }));
    await save();
    await expect(await within(dialog).findByText('Nombres son obligatorios')).toBeVisible();
    await expect(within(dialog).getByText('Correo electrónico es obligatorio')).toBeVisible();
  },
};

export const Saving: Story = {
  name: 'Saving (Guardando...)',
  decorators: [withUsers(withEdit(() => pending()))],
  play: async () => {
    await save();
    const dialog = await editDialog();
    await expect(await within(dialog).findByRole('button', { name: 'Guardando...' })).toBeDisabled();
    await expect(within(dialog).getByRole('button', { name: 'Cancelar' })).toBeDisabled();
  },
};

export const ErrorWithDetail: Story = {
  name: 'Error: server detail',
  decorators: [withUsers(withEdit(apiFailure(409, 'El email ya está registrado', 'email_taken')))],
  play: async ({ args }) => {
    await save();
    await expect(await screen.findByText('El email ya está registrado')).toBeVisible();
    await expect(await editDialog()).toBeVisible();
    await expect(args.onClose).not.toHaveBeenCalled();
  },
};

export const ErrorWithoutDetail: Story = {
  name: 'Error: default text',
  decorators: [withUsers(withEdit(() => offline()))],
  play: async () => {
    await save();
    await expect(await screen.findByText('Error al actualizar el usuario')).toBeVisible();
  },
};

const successPort = spied(createFakeUsersPort());

/** Trimmed, e-mail lowercased, no supervisor sent as null; then it closes. */
export const Success: Story = {
  decorators: [withUsers(successPort)],
  play: async ({ args }) => {
    const dialog = await editDialog();
    const nombres = within(dialog).getByRole('textbox', { name: 'Nombres' });
    await userEvent.clear(nombres);
    await userEvent.type(nombres, '  Juan Carlos ');
    const email = within(dialog).getByRole('textbox', { name: 'Correo electrónico' });
    await userEvent.clear(email);
    await userEvent.type(email, 'JCPEREZ@Socioeconomico.MX');
    const supervisor = await within(dialog).findByRole('combobox', { name: 'Supervisor' });
    await waitFor(() => expect(supervisor).toHaveValue('2'));
    await userEvent.selectOptions(supervisor, 'Sin supervisor');
    await save();
    await expect(await screen.findByText('Usuario actualizado exitosamente')).toBeVisible();
    await expect(successPort.editUser).toHaveBeenCalledWith(4, {
      nombres: 'Juan Carlos',
      apellido_paterno: 'Pérez',
      apellido_materno: 'López',
      email: 'jcperez@socioeconomico.mx',
      role: 'Visitador',
      supervisor: null,
      status: 'Activo',
    });
    await waitFor(() => expect(args.onClose).toHaveBeenCalled());
  },
};
