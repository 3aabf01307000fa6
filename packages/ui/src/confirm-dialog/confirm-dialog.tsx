import { AlertDialog } from 'radix-ui';
import type { ReactNode } from 'react';
import { Button } from '../button/button';
import { useUiMessages } from '../i18n/ui-provider';
import { cn } from '../lib/cn';
import { modalContentVariants } from '../modal/modal';

export interface ConfirmDialogProps {
  /** Controlled open state. */
  open: boolean;
  /** Asked to close (Escape, 'cancel', or after `onConfirm`). */
  onOpenChange: (open: boolean) => void;
  /** The question, e.g. '¿Descartar la carga?'. */
  title: ReactNode;
  /** What confirming means, e.g. 'Se perderán 15 filas leídas…'. */
  description: ReactNode;
  /** Text of the confirming button, e.g. 'Descartar'. */
  confirmLabel: string;
  /** Text of the button that keeps things as they are. Defaults to the messages' `cancel` ('Cancelar'). */
  cancelLabel?: string;
  /** `danger` for a confirmation that throws work away. */
  tone?: 'default' | 'danger';
  /** The user confirmed; the dialog then asks to close. */
  onConfirm: () => void;
}

/**
 * A yes/no question over the page or over another dialog (Radix AlertDialog: `role="alertdialog"`,
 * focus starts on the safe button, Escape or a click on the safe button keep things as they are,
 * a click outside does nothing). Stacked over a Modal, Escape closes only this question.
 */
export function ConfirmDialog({
  open,
  onOpenChange,
  title,
  description,
  confirmLabel,
  cancelLabel,
  tone = 'default',
  onConfirm,
}: ConfirmDialogProps) {
  const messages = useUiMessages();
  return (
    <AlertDialog.Root open={open} onOpenChange={onOpenChange}>
      <AlertDialog.Portal>
        <AlertDialog.Overlay
          data-slot="confirm-dialog-overlay"
          className="fixed inset-0 z-50 bg-ink/50 dark:bg-black/60"
        />
        <AlertDialog.Content
          data-slot="confirm-dialog"
          className={cn(modalContentVariants({ size: 'sm' }), 'gap-4 p-6')}
        >
          <div className="grid gap-1">
            <AlertDialog.Title className="font-semibold text-ink text-lg">{title}</AlertDialog.Title>
            <AlertDialog.Description className="text-ink-muted text-sm">
              {description}
            </AlertDialog.Description>
          </div>
          <div className="flex flex-wrap justify-end gap-2">
            <AlertDialog.Cancel asChild>
              <Button variant="outline">{cancelLabel ?? messages.cancel}</Button>
            </AlertDialog.Cancel>
            <AlertDialog.Action asChild>
              <Button variant={tone === 'danger' ? 'destructive' : 'primary'} onClick={onConfirm}>
                {confirmLabel}
              </Button>
            </AlertDialog.Action>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
