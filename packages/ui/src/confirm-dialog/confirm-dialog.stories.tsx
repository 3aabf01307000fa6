import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, fn, screen, userEvent, waitFor, within } from 'storybook/test';
import { Button } from '../button/button';
import { Modal, ModalBody, ModalContent, ModalHeader, ModalTitle } from '../modal/modal';
import { DOCS_IN_FRAMES } from '../testing';
import { ConfirmDialog } from './confirm-dialog';

/** A modal whose closing asks first, the way a wizard with unsaved work does. */
function Harness({ onConfirm }: { onConfirm: () => void }) {
  const [open, setOpen] = useState(true);
  const [asking, setAsking] = useState(false);
  return (
    <>
      <Button onClick={() => setOpen(true)}>Abrir</Button>
      <Modal open={open} onOpenChange={(next) => (next ? setOpen(true) : setAsking(true))}>
        <ModalContent>
          <ModalHeader>
            <ModalTitle>Carga en curso</ModalTitle>
          </ModalHeader>
          <ModalBody>
            <Button>Otra acción</Button>
          </ModalBody>
        </ModalContent>
      </Modal>
      <ConfirmDialog
        open={asking}
        onOpenChange={setAsking}
        title="¿Descartar la carga?"
        description="Se perderán 15 filas leídas y los cambios de visitador."
        confirmLabel="Descartar"
        cancelLabel="Seguir editando"
        tone="danger"
        onConfirm={() => {
          onConfirm();
          setOpen(false);
        }}
      />
    </>
  );
}

const meta = {
  title: 'UI/ConfirmDialog',
  component: Harness,
  parameters: DOCS_IN_FRAMES,
  args: { onConfirm: fn() },
} satisfies Meta<typeof Harness>;
export default meta;
type Story = StoryObj<typeof meta>;

const modal = () => screen.findByRole('dialog', { name: 'Carga en curso' });

/** Escape asks; the question opens on the safe button; Escape again closes only the question. */
export const KeepEditing: Story = {
  play: async ({ args }) => {
    await modal();
    await userEvent.keyboard('{Escape}');
    const question = await screen.findByRole('alertdialog', { name: '¿Descartar la carga?' });
    await expect(question).toHaveAccessibleDescription(
      'Se perderán 15 filas leídas y los cambios de visitador.',
    );
    await expect(within(question).getByRole('button', { name: 'Seguir editando' })).toHaveFocus();
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    await expect(await modal()).toBeVisible();
    await expect(args.onConfirm).not.toHaveBeenCalled();
  },
};

export const Confirmed: Story = {
  play: async ({ args }) => {
    const dialog = await modal();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cerrar' }));
    const question = await screen.findByRole('alertdialog', { name: '¿Descartar la carga?' });
    await userEvent.click(within(question).getByRole('button', { name: 'Descartar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await expect(screen.queryByRole('alertdialog')).toBeNull();
    await expect(args.onConfirm).toHaveBeenCalledTimes(1);
  },
};
