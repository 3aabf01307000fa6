import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, fn, screen, userEvent, waitFor } from 'storybook/test';
import { Button } from '../button/button';
import { TextField } from '../text-field/text-field';
import { UserMenu } from '../user-menu/user-menu';
import { Modal, ModalClose } from './modal';

const meta = {
  title: 'UI/Modal',
  component: Modal,
  args: {
    title: 'Añadir Nuevo Usuario',
    description: 'Los campos marcados con * son obligatorios.',
    trigger: <Button>Añadir nuevo usuario</Button>,
    onOpenChange: fn(),
    children: <p>Contenido del formulario.</p>,
  },
} satisfies Meta<typeof Modal>;

export default meta;
type Story = StoryObj<typeof meta>;

const formBody = (
  <div className="grid gap-4">
    <TextField label="Nombres" required />
    <TextField label="Correo electrónico" type="email" required />
  </div>
);

const formFooter = (
  <>
    <ModalClose>
      <Button variant="outline">Cancelar</Button>
    </ModalClose>
    <Button>Crear usuario</Button>
  </>
);

/** Opened by its trigger: focus moves in, Tab stays inside, Escape closes and focus returns. */
export const Default: Story = {
  args: { children: formBody, footer: formFooter },
  play: async ({ canvas, args }) => {
    const trigger = canvas.getByRole('button', { name: 'Añadir nuevo usuario' });
    await userEvent.click(trigger);
    const dialog = await screen.findByRole('dialog', { name: 'Añadir Nuevo Usuario' });
    await expect(dialog).toHaveAccessibleDescription('Los campos marcados con * son obligatorios.');
    await expect(args.onOpenChange).toHaveBeenLastCalledWith(true);

    // Focus moved inside, on the first field.
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'Nombres' })).toHaveFocus());

    // Tab cycles through the 5 focusable elements and wraps around: it never leaves the dialog.
    const visited: string[] = [];
    for (let i = 0; i < 5; i += 1) {
      await userEvent.tab();
      await expect(dialog).toContainElement(document.activeElement as HTMLElement);
      visited.push(
        document.activeElement?.getAttribute('aria-label') ?? document.activeElement?.textContent ?? '',
      );
    }
    await expect(visited).toEqual(['', 'Cancelar', 'Crear usuario', 'Cerrar', '']);
    await expect(screen.getByRole('textbox', { name: 'Nombres' })).toHaveFocus();
    await userEvent.tab({ shift: true });
    await expect(screen.getByRole('button', { name: 'Cerrar' })).toHaveFocus();

    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await expect(args.onOpenChange).toHaveBeenLastCalledWith(false);
    await waitFor(() => expect(trigger).toHaveFocus());
  },
};

export const Open: Story = {
  args: { defaultOpen: true, trigger: undefined },
  play: async () => {
    await expect(await screen.findByRole('dialog', { name: 'Añadir Nuevo Usuario' })).toBeVisible();
  },
};

export const Playground: Story = { args: { size: 'md', busy: false, hideCloseButton: false } };

export const WithFooter: Story = {
  args: { children: formBody, footer: formFooter },
  play: async ({ canvas }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Añadir nuevo usuario' }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(screen.getByRole('button', { name: 'Cancelar' }));
    await waitFor(() => expect(dialog).not.toBeInTheDocument());
  },
};

export const ClosesWithX: Story = {
  play: async ({ canvas, args }) => {
    const trigger = canvas.getByRole('button', { name: 'Añadir nuevo usuario' });
    await userEvent.click(trigger);
    await screen.findByRole('dialog');
    await userEvent.click(screen.getByRole('button', { name: 'Cerrar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await expect(args.onOpenChange).toHaveBeenLastCalledWith(false);
    await waitFor(() => expect(trigger).toHaveFocus());
  },
};

export const ClosesOnBackdropClick: Story = {
  play: async ({ canvas }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Añadir nuevo usuario' }));
    await screen.findByRole('dialog');
    const overlay = document.querySelector<HTMLElement>('[data-slot="modal-overlay"]');
    await expect(overlay).not.toBeNull();
    await userEvent.click(overlay!);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  },
};

/** While busy, Escape, the X, the backdrop and 'Cancelar' do not close it. */
export const BlockedWhileBusy: Story = {
  args: {
    busy: true,
    defaultOpen: true,
    title: 'Nueva Carga',
    description: 'Guardando la carga, espera un momento.',
    children: <p>Guardando...</p>,
    footer: formFooter,
  },
  play: async ({ args }) => {
    const dialog = await screen.findByRole('dialog', { name: 'Nueva Carga' });
    await expect(dialog).toHaveAttribute('aria-busy', 'true');

    await userEvent.keyboard('{Escape}');
    await expect(screen.getByRole('dialog', { name: 'Nueva Carga' })).toBeVisible();

    const close = screen.getByRole('button', { name: 'Cerrar' });
    await expect(close).toBeDisabled();
    await userEvent.click(close, { pointerEventsCheck: 0 });
    await expect(screen.getByRole('dialog', { name: 'Nueva Carga' })).toBeVisible();

    const overlay = document.querySelector<HTMLElement>('[data-slot="modal-overlay"]');
    await userEvent.click(overlay!);
    await expect(screen.getByRole('dialog', { name: 'Nueva Carga' })).toBeVisible();

    await userEvent.click(screen.getByRole('button', { name: 'Cancelar' }));
    await expect(screen.getByRole('dialog', { name: 'Nueva Carga' })).toBeVisible();

    await expect(args.onOpenChange).not.toHaveBeenCalledWith(false);
  },
};

function BusyThenDoneExample() {
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  return (
    <>
      <Button onClick={() => setOpen(true)}>Nueva Carga Manual</Button>
      <Modal
        open={open}
        onOpenChange={setOpen}
        busy={busy}
        title="Nueva Carga Manual"
        description="Complete los datos para crear una asignación manual"
        footer={
          <>
            <ModalClose>
              <Button variant="outline" disabled={busy}>
                Cancelar
              </Button>
            </ModalClose>
            <Button loading={busy} onClick={() => setBusy(true)}>
              {busy ? 'Guardando...' : 'Guardar'}
            </Button>
            {busy ? (
              <Button variant="link" onClick={() => setBusy(false)}>
                Terminar guardado
              </Button>
            ) : null}
          </>
        }
      >
        <TextField label="Folio" required />
      </Modal>
    </>
  );
}

/** Controlled, without a Radix trigger: busy blocks Escape; once done, Escape closes and focus returns. */
export const ControlledBusyThenDone: Story = {
  render: () => <BusyThenDoneExample />,
  play: async ({ canvas }) => {
    const opener = canvas.getByRole('button', { name: 'Nueva Carga Manual' });
    await userEvent.click(opener);
    await screen.findByRole('dialog', { name: 'Nueva Carga Manual' });
    await userEvent.click(screen.getByRole('button', { name: 'Guardar' }));
    await expect(screen.getByRole('button', { name: 'Guardando...' })).toBeDisabled();
    await userEvent.keyboard('{Escape}');
    await expect(screen.getByRole('dialog', { name: 'Nueva Carga Manual' })).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: 'Terminar guardado' }));
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(opener).toHaveFocus());
  },
};

export const PreventClose: Story = {
  args: { preventClose: true, defaultOpen: true, trigger: undefined, title: 'Confirmación obligatoria' },
  play: async () => {
    const dialog = await screen.findByRole('dialog', { name: 'Confirmación obligatoria' });
    await expect(dialog).not.toHaveAttribute('aria-busy');
    await userEvent.keyboard('{Escape}');
    await expect(screen.getByRole('dialog', { name: 'Confirmación obligatoria' })).toBeVisible();
  },
};

export const WithoutDescription: Story = {
  args: { description: undefined, defaultOpen: true, trigger: undefined, title: 'Cambiar contraseña' },
  play: async () => {
    const dialog = await screen.findByRole('dialog', { name: 'Cambiar contraseña' });
    await expect(dialog).not.toHaveAttribute('aria-describedby');
  },
};

export const Small: Story = {
  args: {
    size: 'sm',
    defaultOpen: true,
    trigger: undefined,
    title: '¿Cerrar sesión?',
    description: undefined,
  },
};

export const Large: Story = {
  args: { size: 'xl', defaultOpen: true, trigger: undefined, title: 'Nueva Carga' },
};

const longFormLabels = Array.from({ length: 30 }, (_, index) => `Campo ${index + 1}`);

export const LongContentScrolls: Story = {
  args: {
    defaultOpen: true,
    trigger: undefined,
    title: 'Aviso de privacidad',
    children: (
      <div className="grid gap-3">
        {longFormLabels.map((label) => (
          <TextField key={label} label={label} />
        ))}
      </div>
    ),
  },
  play: async () => {
    await screen.findByRole('dialog', { name: 'Aviso de privacidad' });
    const body = document.querySelector<HTMLElement>('[data-slot="modal-body"]');
    await expect(body!.scrollHeight).toBeGreaterThan(body!.clientHeight);
  },
};

/** A read-only field first (the username of 'Editar usuario'): the focus starts on the first editable one. */
export const StartsOnTheFirstEditableField: Story = {
  args: {
    defaultOpen: true,
    trigger: undefined,
    title: 'Editar usuario',
    description: undefined,
    children: (
      <div className="grid gap-4">
        <TextField label="Usuario" readOnly defaultValue="admin" />
        <TextField label="Nombres" required defaultValue="Administrador" />
      </div>
    ),
  },
  play: async () => {
    await screen.findByRole('dialog', { name: 'Editar usuario' });
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'Nombres' })).toHaveFocus());
    await expect(screen.getByRole('textbox', { name: 'Usuario' })).toHaveAttribute('readonly');
  },
};

function OpenedFromMenuExample() {
  const [open, setOpen] = useState(false);
  return (
    <div className="flex justify-end pb-40">
      <UserMenu
        name="Ana López"
        items={[{ key: 'password', label: 'Cambiar contraseña', onSelect: () => setOpen(true) }]}
      />
      <Modal open={open} onOpenChange={setOpen} title="Cambiar contraseña">
        <TextField label="Contraseña actual" type="password" />
      </Modal>
    </div>
  );
}

/** Opened from a menu entry (gone once the menu closes): closing returns the focus to the menu's button. */
export const OpenedFromAMenuEntry: Story = {
  render: () => <OpenedFromMenuExample />,
  play: async ({ canvas }) => {
    const menuButton = canvas.getByRole('button', { name: 'Ana López' });
    await userEvent.click(menuButton);
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Cambiar contraseña' }));
    await screen.findByRole('dialog', { name: 'Cambiar contraseña' });
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(menuButton).toHaveFocus());
  },
};
