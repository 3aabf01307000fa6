import type { Meta, StoryObj } from '@storybook/react-vite';
import { type ReactNode, useId, useRef, useState } from 'react';
import { expect, fn, screen, userEvent, waitFor, within } from 'storybook/test';
import { Button } from '../button/button';
import { DOCS_IN_FRAMES } from '../testing';
import { TextField } from '../text-field/text-field';
import { UserMenu } from '../user-menu/user-menu';
import {
  Modal,
  ModalBody,
  ModalClose,
  ModalContent,
  type ModalContentProps,
  ModalDescription,
  ModalFooter,
  ModalFormActions,
  ModalHeader,
  ModalTitle,
  ModalTrigger,
} from './modal';

interface ExampleProps
  extends Pick<ModalContentProps, 'size' | 'busy' | 'dismissible' | 'showCloseButton' | 'closeLabel'> {
  /** Opens the modal on first render (no trigger needed). */
  defaultOpen?: boolean;
  onOpenChange?: (open: boolean) => void;
  /** Text of the ModalTrigger button; none when empty. */
  triggerLabel?: string;
  title: string;
  description?: string;
  /** ModalBody content. */
  children?: ReactNode;
  /** Shows ModalFormActions ('Cancelar' + 'Crear usuario') submitting the body's form. */
  formActions?: boolean;
  /** ModalFormActions is sending. */
  pending?: boolean;
}

/** The parts assembled the usual way: trigger, header, scrolling body, form actions. */
function ModalExample({
  defaultOpen,
  onOpenChange,
  triggerLabel,
  title,
  description,
  children,
  formActions = false,
  pending = false,
  ...content
}: ExampleProps) {
  const formId = useId();
  return (
    <Modal defaultOpen={defaultOpen} onOpenChange={onOpenChange}>
      {triggerLabel ? (
        <ModalTrigger asChild>
          <Button>{triggerLabel}</Button>
        </ModalTrigger>
      ) : null}
      <ModalContent {...content}>
        <ModalHeader>
          <ModalTitle>{title}</ModalTitle>
          {description ? <ModalDescription>{description}</ModalDescription> : null}
        </ModalHeader>
        <ModalBody>
          <form id={formId} onSubmit={(event) => event.preventDefault()}>
            {children}
          </form>
        </ModalBody>
        {formActions ? (
          <ModalFormActions
            formId={formId}
            submitLabel="Crear usuario"
            pendingLabel="Creando..."
            pending={pending}
          />
        ) : null}
      </ModalContent>
    </Modal>
  );
}
// The docs tab's name (a production build minifies the function's own name).
ModalExample.displayName = 'ModalExample';

const meta = {
  title: 'UI/Modal',
  parameters: DOCS_IN_FRAMES,
  component: ModalExample,
  subcomponents: {
    ModalTrigger,
    ModalContent,
    ModalHeader,
    ModalTitle,
    ModalDescription,
    ModalBody,
    ModalFooter,
    ModalClose,
    ModalFormActions,
  },
  args: {
    title: 'Añadir Nuevo Usuario',
    description: 'Los campos marcados con * son obligatorios.',
    triggerLabel: 'Añadir nuevo usuario',
    onOpenChange: fn(),
    children: <p>Contenido del formulario.</p>,
  },
} satisfies Meta<typeof ModalExample>;

export default meta;
type Story = StoryObj<typeof meta>;

const formBody = (
  <div className="grid gap-4">
    <TextField label="Nombres" required />
    <TextField label="Correo electrónico" type="email" required />
  </div>
);

/** Opened by its trigger: focus moves in, Tab stays inside, Escape closes and focus returns. */
export const Default: Story = {
  args: { children: formBody, formActions: true },
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

/** Every part driven by args; opens already. */
export const Playground: Story = {
  args: {
    defaultOpen: true,
    triggerLabel: '',
    size: 'md',
    busy: false,
    dismissible: true,
    showCloseButton: true,
    formActions: true,
  },
  play: async () => {
    const dialog = await screen.findByRole('dialog', { name: 'Añadir Nuevo Usuario' });
    await expect(dialog).toHaveAttribute('data-size', 'md');
    await expect(within(dialog).getByRole('button', { name: 'Cerrar' })).toBeEnabled();
  },
};

/** Uncontrolled and open from the start, without a trigger. */
export const Open: Story = {
  args: { defaultOpen: true, triggerLabel: '' },
  play: async () => {
    await expect(await screen.findByRole('dialog', { name: 'Añadir Nuevo Usuario' })).toBeVisible();
  },
};

/** ModalFormActions: 'Cancelar' closes; the submit button belongs to the body's form. */
export const WithFormActions: Story = {
  args: { children: formBody, formActions: true },
  play: async ({ canvas, args }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Añadir nuevo usuario' }));
    const dialog = await screen.findByRole('dialog');
    const submit = within(dialog).getByRole('button', { name: 'Crear usuario' });
    await expect(submit).toHaveAttribute('type', 'submit');
    await expect(submit.getAttribute('form')).toBe(dialog.querySelector('form')?.id);
    await userEvent.click(screen.getByRole('button', { name: 'Cancelar' }));
    await waitFor(() => expect(dialog).not.toBeInTheDocument());
    await expect(args.onOpenChange).toHaveBeenLastCalledWith(false);
  },
};

/** ModalFormActions while sending: the submit spins with its pending label, both buttons are disabled. */
export const FormActionsPending: Story = {
  args: {
    defaultOpen: true,
    triggerLabel: '',
    children: formBody,
    formActions: true,
    pending: true,
    busy: true,
  },
  play: async () => {
    const dialog = await screen.findByRole('dialog', { name: 'Añadir Nuevo Usuario' });
    const submit = within(dialog).getByRole('button', { name: 'Creando...' });
    await expect(submit).toBeDisabled();
    await expect(submit).toHaveAttribute('aria-busy', 'true');
    await expect(within(dialog).getByRole('button', { name: 'Cancelar' })).toBeDisabled();
    await expect(within(dialog).queryByRole('button', { name: 'Crear usuario' })).toBeNull();
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
    triggerLabel: '',
    title: 'Nueva Carga',
    description: 'Guardando la carga, espera un momento.',
    children: <p>Guardando...</p>,
    formActions: true,
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

    // 'Cancelar' is enabled here (the form is not pending) but closing is blocked all the same.
    await userEvent.click(screen.getByRole('button', { name: 'Cancelar' }));
    await expect(screen.getByRole('dialog', { name: 'Nueva Carga' })).toBeVisible();

    await expect(args.onOpenChange).not.toHaveBeenCalledWith(false);
  },
};

function BusyThenDoneExample() {
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  return (
    <Modal open={open} onOpenChange={setOpen}>
      <ModalTrigger asChild>
        <Button>Nueva Carga Manual</Button>
      </ModalTrigger>
      <ModalContent busy={busy}>
        <ModalHeader>
          <ModalTitle>Nueva Carga Manual</ModalTitle>
          <ModalDescription>Complete los datos para crear una asignación manual</ModalDescription>
        </ModalHeader>
        <ModalBody>
          <TextField label="Folio" required />
        </ModalBody>
        <ModalFooter>
          <ModalClose asChild>
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
        </ModalFooter>
      </ModalContent>
    </Modal>
  );
}

/** Controlled: busy blocks Escape; once done, Escape closes and focus returns to the trigger. */
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

/** `dismissible={false}`: closing is blocked without marking the modal busy. */
export const NotDismissible: Story = {
  args: {
    dismissible: false,
    defaultOpen: true,
    triggerLabel: '',
    title: 'Confirmación obligatoria',
  },
  play: async ({ args }) => {
    const dialog = await screen.findByRole('dialog', { name: 'Confirmación obligatoria' });
    await expect(dialog).not.toHaveAttribute('aria-busy');
    await userEvent.keyboard('{Escape}');
    await expect(screen.getByRole('dialog', { name: 'Confirmación obligatoria' })).toBeVisible();
    await expect(screen.getByRole('button', { name: 'Cerrar' })).toBeDisabled();
    await expect(args.onOpenChange).not.toHaveBeenCalledWith(false);
  },
};

/** Without the X: Escape still closes. */
export const WithoutCloseButton: Story = {
  args: { showCloseButton: false, defaultOpen: true, triggerLabel: '', title: '¿Cerrar sesión?' },
  play: async ({ args }) => {
    const dialog = await screen.findByRole('dialog', { name: '¿Cerrar sesión?' });
    await expect(within(dialog).queryByRole('button', { name: 'Cerrar' })).toBeNull();
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await expect(args.onOpenChange).toHaveBeenLastCalledWith(false);
  },
};

export const WithoutDescription: Story = {
  args: { description: undefined, defaultOpen: true, triggerLabel: '', title: 'Cambiar contraseña' },
  play: async () => {
    const dialog = await screen.findByRole('dialog', { name: 'Cambiar contraseña' });
    await expect(dialog).not.toHaveAttribute('aria-describedby');
  },
};

export const Small: Story = {
  args: { size: 'sm', defaultOpen: true, triggerLabel: '', title: '¿Cerrar sesión?', description: undefined },
  play: async () => {
    const dialog = await screen.findByRole('dialog', { name: '¿Cerrar sesión?' });
    await expect(dialog).toHaveAttribute('data-size', 'sm');
    await expect(dialog.getBoundingClientRect().width).toBeLessThanOrEqual(384);
  },
};

export const Large: Story = {
  args: { size: 'xl', defaultOpen: true, triggerLabel: '', title: 'Nueva Carga' },
  play: async () => {
    const dialog = await screen.findByRole('dialog', { name: 'Nueva Carga' });
    await expect(dialog).toHaveAttribute('data-size', 'xl');
  },
};

const sizes = ['sm', 'md', 'lg', 'xl', 'full'] as const;

/** Each size caps the width of the panel; a wider size never gives a narrower panel. */
export const Sizes: Story = {
  render: () => (
    <div className="flex flex-wrap gap-2">
      {sizes.map((size) => (
        <ModalExample key={size} size={size} triggerLabel={`Tamaño ${size}`} title={`Tamaño ${size}`} />
      ))}
    </div>
  ),
  play: async ({ canvas }) => {
    const widths: number[] = [];
    for (const size of sizes) {
      await userEvent.click(canvas.getByRole('button', { name: `Tamaño ${size}` }));
      const dialog = await screen.findByRole('dialog', { name: `Tamaño ${size}` });
      await expect(dialog).toHaveAttribute('data-size', size);
      widths.push(dialog.getBoundingClientRect().width);
      await userEvent.keyboard('{Escape}');
      await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    }
    await expect([...widths].sort((a, b) => a - b)).toEqual(widths);
  },
};

const longFormLabels = Array.from({ length: 30 }, (_, index) => `Campo ${index + 1}`);

/** The body scrolls; the header and the actions stay in view. */
export const LongContentScrolls: Story = {
  args: {
    defaultOpen: true,
    triggerLabel: '',
    title: 'Aviso de privacidad',
    formActions: true,
    children: (
      <div className="grid gap-3">
        {longFormLabels.map((label) => (
          <TextField key={label} label={label} />
        ))}
      </div>
    ),
  },
  play: async () => {
    const dialog = await screen.findByRole('dialog', { name: 'Aviso de privacidad' });
    const body = dialog.querySelector<HTMLElement>('[data-slot="modal-body"]');
    await expect(body!.scrollHeight).toBeGreaterThan(body!.clientHeight);
    const submit = within(dialog).getByRole('button', { name: 'Crear usuario' });
    const bottom = dialog.getBoundingClientRect().bottom;
    await expect(submit.getBoundingClientRect().bottom).toBeLessThanOrEqual(bottom);
  },
};

/** A read-only field first (the username of 'Editar usuario'): the focus starts on the first editable one. */
export const StartsOnTheFirstEditableField: Story = {
  args: {
    defaultOpen: true,
    triggerLabel: '',
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
  const menuButton = useRef<HTMLButtonElement>(null);
  return (
    <div className="flex justify-end pb-40">
      <UserMenu
        ref={menuButton}
        name="Ana López"
        items={[{ key: 'password', label: 'Cambiar contraseña', onSelect: () => setOpen(true) }]}
      />
      <Modal open={open} onOpenChange={setOpen}>
        <ModalContent returnFocusRef={menuButton}>
          <ModalHeader>
            <ModalTitle>Cambiar contraseña</ModalTitle>
          </ModalHeader>
          <ModalBody>
            <TextField label="Contraseña actual" type="password" />
          </ModalBody>
        </ModalContent>
      </Modal>
    </div>
  );
}

/** Opened from a menu entry (gone once the menu closes): `returnFocusRef` sends the focus back to the menu's button. */
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

function OpenedByAButtonExample() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button onClick={() => setOpen(true)}>Subir reporte</Button>
      <Modal open={open} onOpenChange={setOpen}>
        <ModalContent>
          <ModalHeader>
            <ModalTitle>Subir reporte</ModalTitle>
          </ModalHeader>
          <ModalBody>
            <TextField label="Nombre del reporte" />
          </ModalBody>
        </ModalContent>
      </Modal>
    </>
  );
}

/** Opened by a plain button (no ModalTrigger, no `returnFocusRef`): the focus returns to it on close. */
export const ReturnsFocusToTheOpener: Story = {
  render: () => <OpenedByAButtonExample />,
  play: async ({ canvas }) => {
    const opener = canvas.getByRole('button', { name: 'Subir reporte' });
    await userEvent.click(opener);
    await screen.findByRole('dialog', { name: 'Subir reporte' });
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'Nombre del reporte' })).toHaveFocus());
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(opener).toHaveFocus());
  },
};
