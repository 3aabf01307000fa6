import { Button } from '@socio/ui';
import { holdTimeouts } from '@socio/ui/testing';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, fn, screen, userEvent, waitFor } from 'storybook/test';
import { ApiError } from '../errors';
import {
  createFakeAuthPort,
  createTestSessionController,
  demoAccounts,
  offline,
  pending,
  stubAuthPort,
} from '../testing';
import type { AuthPort } from './auth.port';
import { withAuth } from './auth.story-helpers';
import { ChangePasswordDialog, type ChangePasswordDialogProps } from './change-password-dialog';

const admin = demoAccounts[0]!;
const { password: _p, estatus: _e, ...adminUser } = admin;
const signedIn = () =>
  createTestSessionController({ token: 'fake-token-1', user: adminUser, remember: false });

/** A page with the dialog, opened from a button like the shell's user menu does. */
function Harness({ onOpenChange, autoCloseMs }: Partial<ChangePasswordDialogProps>) {
  const [open, setOpen] = useState(true);
  return (
    <>
      <Button onClick={() => setOpen(true)}>Abrir cambio de contraseña</Button>
      <ChangePasswordDialog
        open={open}
        autoCloseMs={autoCloseMs}
        onOpenChange={(next) => {
          setOpen(next);
          onOpenChange?.(next);
        }}
      />
    </>
  );
}

const meta = {
  title: 'Features/Auth/ChangePasswordDialog',
  component: ChangePasswordDialog,
  args: { open: true, onOpenChange: fn() },
  render: (args) => <Harness onOpenChange={args.onOpenChange} autoCloseMs={args.autoCloseMs} />,
} satisfies Meta<typeof ChangePasswordDialog>;

export default meta;
type Story = StoryObj<typeof meta>;

const fakePort = (): AuthPort => createFakeAuthPort({ accounts: demoAccounts, signedInAs: admin.id_usuario });

async function fill(values: { current?: string; next?: string; confirm?: string }) {
  const dialog = await screen.findByRole('dialog', { name: 'Cambiar contraseña' });
  if (values.current)
    await userEvent.type(screen.getByLabelText('Contraseña actual', { selector: 'input' }), values.current);
  if (values.next)
    await userEvent.type(screen.getByLabelText('Nueva contraseña', { selector: 'input' }), values.next);
  if (values.confirm) {
    await userEvent.type(
      screen.getByLabelText('Confirmar nueva contraseña', { selector: 'input' }),
      values.confirm,
    );
  }
  await userEvent.click(screen.getByRole('button', { name: 'Cambiar contraseña' }));
  return dialog;
}

const valid = { current: 'Admin2026!', next: 'NuevaClave2026', confirm: 'NuevaClave2026' };

/** Opened: three password fields, Cancelar and 'Cambiar contraseña'. */
export const Default: Story = {
  decorators: [withAuth(fakePort(), signedIn())],
  play: async () => {
    const dialog = await screen.findByRole('dialog', { name: 'Cambiar contraseña' });
    await expect(dialog).toBeVisible();
    for (const label of ['Contraseña actual', 'Nueva contraseña', 'Confirmar nueva contraseña']) {
      await expect(screen.getByLabelText(label, { selector: 'input' })).toHaveAttribute('type', 'password');
    }
    await expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  },
};

export const MissingFields: Story = {
  decorators: [withAuth(stubAuthPort(), signedIn())],
  play: async () => {
    await fill({ current: 'Admin2026!' });
    await expect(await screen.findByRole('alert')).toHaveTextContent('Por favor, completa todos los campos');
  },
};

export const NewPasswordTooShort: Story = {
  decorators: [withAuth(stubAuthPort(), signedIn())],
  play: async () => {
    await fill({ current: 'Admin2026!', next: 'corta', confirm: 'corta' });
    await expect(await screen.findByRole('alert')).toHaveTextContent(
      'La nueva contraseña debe tener al menos 8 caracteres',
    );
  },
};

export const PasswordsDoNotMatch: Story = {
  decorators: [withAuth(stubAuthPort(), signedIn())],
  play: async () => {
    await fill({ current: 'Admin2026!', next: 'NuevaClave2026', confirm: 'NuevaClave2027' });
    await expect(await screen.findByRole('alert')).toHaveTextContent('Las contraseñas nuevas no coinciden');
  },
};

export const SameAsCurrent: Story = {
  decorators: [withAuth(stubAuthPort(), signedIn())],
  play: async () => {
    await fill({ current: 'Admin2026!', next: 'Admin2026!', confirm: 'Admin2026!' });
    await expect(await screen.findByRole('alert')).toHaveTextContent(
      'La nueva contraseña debe ser diferente a la actual',
    );
  },
};

/** No token in the session. */
export const NotAuthenticated: Story = {
  decorators: [withAuth(stubAuthPort(), createTestSessionController())],
  play: async () => {
    await fill(valid);
    await expect(await screen.findByRole('alert')).toHaveTextContent(
      'No estás autenticado. Por favor, inicia sesión nuevamente.',
    );
  },
};

/** 400 from the server: its detail as is. */
export const WrongCurrentPassword: Story = {
  decorators: [withAuth(fakePort(), signedIn())],
  play: async () => {
    await fill({ ...valid, current: 'NoEsLaMia1' });
    await expect(await screen.findByRole('alert')).toHaveTextContent('La contraseña actual es incorrecta');
    // The form stays usable for another try.
    await expect(screen.getByRole('button', { name: 'Cambiar contraseña' })).toBeEnabled();
  },
};

/** A failure without detail. */
export const ServerErrorWithoutDetail: Story = {
  decorators: [
    withAuth(
      stubAuthPort({ changePassword: () => Promise.reject(new ApiError(500, undefined)) }),
      signedIn(),
    ),
  ],
  play: async () => {
    await fill(valid);
    await expect(await screen.findByRole('alert')).toHaveTextContent('Error al cambiar la contraseña');
  },
};

export const NetworkFailure: Story = {
  decorators: [withAuth(stubAuthPort({ changePassword: () => offline() }), signedIn())],
  play: async () => {
    await fill(valid);
    await expect(await screen.findByRole('alert')).toHaveTextContent(
      'Error de conexión. Por favor, intenta de nuevo.',
    );
  },
};

/** While saving: busy, the button shows a spinner and the dialog cannot be closed. */
export const Submitting: Story = {
  decorators: [withAuth(stubAuthPort({ changePassword: () => pending() }), signedIn())],
  play: async ({ args }) => {
    const dialog = await fill(valid);
    const button = await screen.findByRole('button', { name: 'Cambiando...' });
    await expect(button).toBeDisabled();
    await expect(dialog).toHaveAttribute('aria-busy', 'true');
    await userEvent.keyboard('{Escape}');
    await expect(dialog).toBeVisible();
    await expect(args.onOpenChange).not.toHaveBeenCalledWith(false);
  },
};

/** Success: '¡Contraseña actualizada exitosamente!', then the dialog closes itself after 2 s. */
export const SuccessThenAutoClose: Story = {
  decorators: [withAuth(fakePort(), signedIn())],
  play: async ({ args }) => {
    const clock = holdTimeouts(2000);
    try {
      const dialog = await fill(valid);
      await expect(await screen.findByText('¡Contraseña actualizada exitosamente!')).toBeVisible();
      await expect(screen.getByRole('button', { name: 'Cambiar contraseña' })).toBeDisabled();
      // The close is scheduled 2 s out and nothing closes the dialog before it fires.
      await waitFor(() => expect(clock.pending).toBe(1));
      await expect(dialog).toBeVisible();
      await expect(args.onOpenChange).not.toHaveBeenCalledWith(false);
      clock.fire();
      await waitFor(() => expect(dialog).not.toBeInTheDocument());
      await expect(args.onOpenChange).toHaveBeenCalledWith(false);
    } finally {
      clock.restore();
    }
  },
};

/** Cancelar closes; opening again shows an empty form. */
export const CancelResetsTheForm: Story = {
  decorators: [withAuth(stubAuthPort(), signedIn())],
  play: async ({ canvas, args }) => {
    await fill({ current: 'algo' });
    await expect(await screen.findByRole('alert')).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: 'Cancelar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await expect(args.onOpenChange).toHaveBeenCalledWith(false);
    await userEvent.click(canvas.getByRole('button', { name: 'Abrir cambio de contraseña' }));
    await screen.findByRole('dialog', { name: 'Cambiar contraseña' });
    await expect(screen.getByLabelText('Contraseña actual', { selector: 'input' })).toHaveValue('');
    await expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  },
};
