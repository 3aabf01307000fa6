import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, screen, userEvent, waitFor } from 'storybook/test';
import { Button } from '../button/button';
import { Modal, ModalBody, ModalContent, ModalFooter, ModalHeader, ModalTitle } from '../modal/modal';
import { holdTimeouts } from '../testing';
import { toast } from './toast-store';
import { Toaster } from './toaster';

const meta = {
  title: 'UI/Toast',
  component: Toaster,
  beforeEach: () => {
    toast.dismiss();
    return () => toast.dismiss();
  },
  render: (args) => (
    <div className="flex flex-wrap gap-2">
      <Toaster {...args} />
      <Button onClick={() => toast.success('Usuario creado exitosamente!')}>Crear usuario</Button>
      <Button variant="destructive" onClick={() => toast.error('Error al crear el usuario')}>
        Provocar error
      </Button>
      <Button variant="outline" onClick={() => toast.info('Descargando 3 reportes pendientes...')}>
        Descargar
      </Button>
    </div>
  ),
} satisfies Meta<typeof Toaster>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async () => {
    toast.success('Usuario creado exitosamente!');
    const status = await screen.findByRole('status');
    await expect(status).toHaveTextContent('Usuario creado exitosamente!');
    await expect(screen.getByRole('region', { name: 'Notificaciones' })).toContainElement(status);
  },
};

export const Playground: Story = { args: { label: 'Notificaciones' } };

export const Success: Story = {
  play: async ({ canvas }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Crear usuario' }));
    await expect(await screen.findByRole('status')).toHaveTextContent('Usuario creado exitosamente!');
    await expect(screen.queryByRole('alert')).toBeNull();
  },
};

export const ErrorToast: Story = {
  name: 'Error',
  play: async ({ canvas }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Provocar error' }));
    await expect(await screen.findByRole('alert')).toHaveTextContent('Error al crear el usuario');
    await expect(screen.queryByRole('status')).toBeNull();
  },
};

export const InfoToast: Story = {
  name: 'Info',
  play: async ({ canvas }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Descargar' }));
    await expect(await screen.findByRole('status')).toHaveTextContent('Descargando 3 reportes pendientes...');
  },
};

export const WithTitle: Story = {
  play: async () => {
    toast.success('El usuario maria.lopez (María López) ya puede iniciar sesión.', {
      title: 'Usuario creado exitosamente!',
    });
    const status = await screen.findByRole('status');
    await expect(status).toHaveTextContent('Usuario creado exitosamente!');
    await expect(status).toHaveTextContent('maria.lopez');
  },
};

export const Dismiss: Story = {
  play: async () => {
    toast.error('Error al guardar la carga', { duration: Number.POSITIVE_INFINITY });
    await screen.findByRole('alert');
    await userEvent.click(screen.getByRole('button', { name: 'Cerrar notificación' }));
    await waitFor(() => expect(screen.queryByRole('alert')).toBeNull());
  },
};

export const Stack: Story = {
  play: async () => {
    toast.success('Reporte enviado exitosamente');
    toast.info('Descargando 2 reportes pendientes...');
    toast.error('Error al marcar reportes: sin conexión');
    await waitFor(() => expect(screen.getAllByRole('status')).toHaveLength(2));
    await expect(screen.getAllByRole('alert')).toHaveLength(1);
    const region = screen.getByRole('region', { name: 'Notificaciones' });
    const texts = [...region.querySelectorAll('[data-slot="toast"]')].map((node) => node.textContent);
    await expect(texts[0]).toContain('Reporte enviado exitosamente');
    await expect(texts[2]).toContain('Error al marcar reportes');
  },
};

/** Issue 19 item 11: at most three toasts; the oldest go first. */
export const KeepsAtMostThree: Story = {
  play: async () => {
    for (let n = 1; n <= 7; n += 1) toast.info(`Aviso ${n}`);
    await waitFor(() => expect(screen.getAllByRole('status')).toHaveLength(3));
    await expect(screen.queryByText('Aviso 4')).toBeNull();
    await expect(screen.getByText('Aviso 5')).toBeVisible();
    await expect(screen.getByText('Aviso 7')).toBeVisible();
  },
};

export const ReplaceById: Story = {
  play: async () => {
    toast.info('Guardando...', { id: 'carga' });
    await screen.findByText('Guardando...');
    toast.success('Carga guardada exitosamente: 25 registros procesados', { id: 'carga' });
    await waitFor(() => expect(screen.getAllByRole('status')).toHaveLength(1));
    await expect(screen.getByRole('status')).toHaveTextContent('Carga guardada exitosamente');
  },
};

/** Closes itself after 5 seconds: its dismissal is scheduled 5,000 ms out, and firing that timer closes it. */
export const AutoDismiss: Story = {
  play: async () => {
    const clock = holdTimeouts(5000);
    try {
      toast.success('Reporte enviado exitosamente');
      const status = await screen.findByRole('status');
      await waitFor(() => expect(clock.pending).toBe(1));
      await expect(status).toBeVisible();
      clock.fire();
      await waitFor(() => expect(screen.queryByRole('status')).toBeNull());
    } finally {
      clock.restore();
    }
  },
};

/** The pointer on the stack stops the countdown; it starts again when the pointer leaves. */
export const PausesOnHover: Story = {
  play: async () => {
    const clock = holdTimeouts(400);
    try {
      toast.info('Pasa el puntero para leer con calma', { duration: 400 });
      const status = await screen.findByRole('status');
      await waitFor(() => expect(clock.pending).toBe(1));
      await userEvent.hover(status);
      await waitFor(() => expect(clock.pending).toBe(0));
      await expect(screen.getByRole('status')).toBeVisible();
      await userEvent.unhover(status);
      await waitFor(() => expect(clock.pending).toBe(1));
      clock.fire();
      await waitFor(() => expect(screen.queryByRole('status')).toBeNull());
    } finally {
      clock.restore();
    }
  },
};

/** A toast raised while a modal is open can be dismissed without closing the modal. */
export const OverModal: Story = {
  render: (args) => (
    <>
      <Toaster {...args} />
      <Modal defaultOpen>
        <ModalContent>
          <ModalHeader>
            <ModalTitle>Editar usuario</ModalTitle>
          </ModalHeader>
          <ModalBody>
            <p>Datos del usuario.</p>
          </ModalBody>
          <ModalFooter>
            <Button
              onClick={() =>
                toast.error('Error al actualizar el usuario', { duration: Number.POSITIVE_INFINITY })
              }
            >
              Guardar
            </Button>
          </ModalFooter>
        </ModalContent>
      </Modal>
    </>
  ),
  play: async () => {
    await userEvent.click(await screen.findByRole('button', { name: 'Guardar' }));
    const alert = await screen.findByRole('alert');
    await expect(alert).toHaveTextContent('Error al actualizar el usuario');
    await userEvent.click(screen.getByRole('button', { name: 'Cerrar notificación' }));
    await waitFor(() => expect(screen.queryByRole('alert')).toBeNull());
    await expect(screen.getByRole('dialog', { name: 'Editar usuario' })).toBeVisible();
  },
};

function overlaps(a: DOMRect, b: DOMRect): boolean {
  return a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
}

/**
 * Issue 14 item 6: a toast never hides a modal's footer (an error toast covered 'Crear usuario'),
 * even when the modal is as tall as the screen.
 */
export const NeverCoversModalFooter: Story = {
  render: (args) => (
    <>
      <Toaster {...args} />
      <Modal defaultOpen>
        <ModalContent size="lg">
          <ModalHeader>
            <ModalTitle>Añadir Nuevo Usuario</ModalTitle>
          </ModalHeader>
          <ModalBody>
            <div className="h-[150vh]">Formulario largo</div>
          </ModalBody>
          <ModalFooter>
            <Button
              onClick={() => toast.error('Error al crear el usuario', { duration: Number.POSITIVE_INFINITY })}
            >
              Crear usuario
            </Button>
          </ModalFooter>
        </ModalContent>
      </Modal>
    </>
  ),
  play: async () => {
    await userEvent.click(await screen.findByRole('button', { name: 'Crear usuario' }));
    const alert = await screen.findByRole('alert');
    const footer = document.querySelector('[data-slot="modal-footer"]');
    if (!footer) throw new Error('no modal footer');
    await expect(overlaps(alert.getBoundingClientRect(), footer.getBoundingClientRect())).toBe(false);
  },
};

/** Issue 19 item 11: a toast raised in a dialog never covers its header (title and close button). */
export const NeverCoversModalHeader: Story = {
  render: NeverCoversModalFooter.render,
  play: async () => {
    await userEvent.click(await screen.findByRole('button', { name: 'Crear usuario' }));
    const alert = await screen.findByRole('alert');
    const header = document.querySelector('[data-slot="modal-header"]');
    const close = document.querySelector('[data-slot="modal-close-button"]');
    if (!header || !close) throw new Error('no modal header');
    await waitFor(() =>
      expect(overlaps(alert.getBoundingClientRect(), header.getBoundingClientRect())).toBe(false),
    );
    await expect(overlaps(alert.getBoundingClientRect(), close.getBoundingClientRect())).toBe(false);
    const footer = document.querySelector('[data-slot="modal-footer"]');
    if (!footer) throw new Error('no modal footer');
    await expect(overlaps(alert.getBoundingClientRect(), footer.getBoundingClientRect())).toBe(false);
  },
};
