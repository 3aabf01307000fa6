import { cva, type VariantProps } from 'class-variance-authority';
import { X } from 'lucide-react';
import { Dialog } from 'radix-ui';
import { type ComponentProps, type ReactNode, useEffect, useRef, useState } from 'react';
import { useUiMessages } from '../i18n/ui-provider';
import { IconButton } from '../icon-button/icon-button';
import { cn } from '../lib/cn';

export const modalVariants = cva(
  'fixed top-1/2 left-1/2 z-50 flex max-h-[calc(100dvh-2rem)] w-[calc(100vw-2rem)] -translate-x-1/2 -translate-y-1/2 flex-col rounded-xl border border-line bg-surface text-ink shadow-xl outline-none',
  {
    variants: {
      size: {
        sm: 'max-w-sm',
        md: 'max-w-lg',
        lg: 'max-w-2xl',
        xl: 'max-w-4xl',
        full: 'max-w-[min(96rem,calc(100vw-2rem))]',
      },
    },
    defaultVariants: { size: 'md' },
  },
);

/** Elements that live outside the dialog but must not close it when clicked (e.g. toasts). */
const KEEP_OPEN_SELECTOR = '[data-slot="toaster"]';

function isInsideKeepOpen(target: EventTarget | null): boolean {
  return target instanceof Element && target.closest(KEEP_OPEN_SELECTOR) !== null;
}

/**
 * The button that opens the menu or sheet holding `element` (e.g. the user-menu button for its
 * 'Cambiar contraseña' entry): Radix gives that button `aria-controls` = the popup's id.
 */
function controllingTrigger(element: HTMLElement): HTMLElement | null {
  const popup = element.closest<HTMLElement>('[role="menu"][id], [role="dialog"][id]');
  if (!popup) return null;
  const button = document.querySelector(`[aria-controls="${CSS.escape(popup.id)}"]`);
  return button instanceof HTMLElement ? button : null;
}

/** Fields a modal may open on: editable and not a (usually visually hidden) file input. */
const EDITABLE_FIELD = [
  'input:not([type="hidden"]):not([type="file"]):not([readonly]):not([disabled])',
  'select:not([disabled])',
  'textarea:not([readonly]):not([disabled])',
].join(', ');

/** Focuses the first editable field of `container` that takes the focus; false when there is none. */
function focusFirstField(container: HTMLElement): boolean {
  for (const field of container.querySelectorAll<HTMLElement>(EDITABLE_FIELD)) {
    field.focus();
    if (document.activeElement === field) return true;
  }
  return false;
}

/** The last focused element and the button controlling its menu or sheet, noted on focus. */
let lastFocus: { element: HTMLElement; trigger: HTMLElement | null } | null = null;
let trackingFocus = false;

function trackFocus() {
  if (trackingFocus) return;
  trackingFocus = true;
  document.addEventListener(
    'focusin',
    (event) => {
      if (event.target instanceof HTMLElement)
        lastFocus = { element: event.target, trigger: controllingTrigger(event.target) };
    },
    true,
  );
}

export interface ModalProps extends VariantProps<typeof modalVariants> {
  /** Controlled open state. */
  open?: boolean;
  /** Initial open state when uncontrolled. */
  defaultOpen?: boolean;
  /** Called when the modal asks to open or close (never with `false` while `busy`/`preventClose`). */
  onOpenChange?: (open: boolean) => void;
  /** Optional element that opens the modal (rendered as the Radix trigger; focus returns to it). */
  trigger?: ReactNode;
  /** Title of the dialog (its accessible name). */
  title: ReactNode;
  /** Optional subtitle (its accessible description). */
  description?: ReactNode;
  /** Body of the modal. */
  children?: ReactNode;
  /** Actions row at the bottom (e.g. Cancelar + Guardar). */
  footer?: ReactNode;
  /** Marks the modal busy (`aria-busy`) and blocks every way of closing it. */
  busy?: boolean;
  /** Blocks every way of closing it (X, Escape, backdrop, ModalClose) without marking it busy. */
  preventClose?: boolean;
  /** Name of the X button. Defaults to the messages' `modalClose` ('Cerrar'). */
  closeLabel?: string;
  /** Hides the X button (Escape and the backdrop still close it). */
  hideCloseButton?: boolean;
  /** Class names of the dialog panel. */
  className?: string;
  /** Class names of the body area. */
  bodyClassName?: string;
}

/**
 * A modal dialog on Radix Dialog: focus moves inside, stays trapped and returns to the trigger
 * (or to the element focused before opening). Closes by X, Escape and backdrop click unless busy.
 */
export function Modal({
  open,
  defaultOpen,
  onOpenChange,
  trigger,
  title,
  description,
  children,
  footer,
  size,
  busy = false,
  preventClose = false,
  closeLabel,
  hideCloseButton = false,
  className,
  bodyClassName,
}: ModalProps) {
  const messages = useUiMessages();
  const locked = busy || preventClose;
  const returnFocusRef = useRef<HTMLElement | null>(null);
  const fallbackFocusRef = useRef<HTMLElement | null>(null);
  useEffect(trackFocus, []);
  // Radix is always driven in controlled mode so that a locked modal cannot close itself.
  const [innerOpen, setInnerOpen] = useState(defaultOpen ?? false);
  const isOpen = open ?? innerOpen;

  const handleOpenChange = (next: boolean) => {
    if (!next && locked) return;
    if (open === undefined) setInnerOpen(next);
    onOpenChange?.(next);
  };

  const blockWhileLocked = (event: { preventDefault: () => void }) => {
    if (locked) event.preventDefault();
  };

  return (
    <Dialog.Root open={isOpen} onOpenChange={handleOpenChange}>
      {trigger ? <Dialog.Trigger asChild>{trigger}</Dialog.Trigger> : null}
      <Dialog.Portal>
        <Dialog.Overlay data-slot="modal-overlay" className="fixed inset-0 z-50 bg-ink/50" />
        <Dialog.Content
          data-slot="modal"
          data-size={size ?? 'md'}
          aria-busy={busy || undefined}
          // Without a description, tell Radix there is none on purpose.
          {...(description ? {} : { 'aria-describedby': undefined })}
          className={cn(modalVariants({ size }), className)}
          onOpenAutoFocus={(event) => {
            const active = document.activeElement;
            const opener = active instanceof HTMLElement && active !== document.body ? active : null;
            // Opened from a sheet or menu entry that unmounted in the same update: the focus is
            // already on <body>, so use the last focus noted while that entry still existed.
            const origin = opener ? { element: opener, trigger: controllingTrigger(opener) } : lastFocus;
            returnFocusRef.current = origin?.element ?? null;
            fallbackFocusRef.current = origin?.trigger ?? null;
            // Start on the first field one can type into; Radix would take the first tabbable
            // element, which may be a read-only field (the username of 'Editar usuario').
            if (event.target instanceof HTMLElement && focusFirstField(event.target)) event.preventDefault();
          }}
          onCloseAutoFocus={(event) => {
            // With a Radix trigger, Radix returns focus to it. Without one (controlled modal opened
            // by any button), send focus back to the element that was focused before opening; when
            // that was an entry of a menu or sheet that has closed since, to the button that opens it.
            if (trigger) return;
            const target = [returnFocusRef.current, fallbackFocusRef.current].find(
              (element) => element?.isConnected,
            );
            returnFocusRef.current = null;
            fallbackFocusRef.current = null;
            if (target) {
              event.preventDefault();
              target.focus();
            }
          }}
          onEscapeKeyDown={blockWhileLocked}
          onPointerDownOutside={(event) => {
            if (locked || isInsideKeepOpen(event.target)) event.preventDefault();
          }}
          onInteractOutside={(event) => {
            if (locked || isInsideKeepOpen(event.target)) event.preventDefault();
          }}
        >
          <div className={cn('grid gap-1 px-6 pt-6', hideCloseButton ? 'pe-6' : 'pe-14')}>
            <Dialog.Title className="font-semibold text-ink text-lg">{title}</Dialog.Title>
            {description ? (
              <Dialog.Description className="text-ink-muted text-sm">{description}</Dialog.Description>
            ) : null}
          </div>
          <div
            data-slot="modal-body"
            className={cn('min-h-0 flex-1 overflow-y-auto px-6 py-4', bodyClassName)}
          >
            {children}
          </div>
          {footer ? (
            <div
              data-slot="modal-footer"
              className="flex flex-wrap items-center justify-end gap-2 border-line border-t px-6 py-4"
            >
              {footer}
            </div>
          ) : null}
          {hideCloseButton ? null : (
            <Dialog.Close asChild>
              <IconButton
                label={closeLabel ?? messages.modalClose}
                size="sm"
                disabled={locked}
                className="absolute end-3 top-3"
              >
                <X />
              </IconButton>
            </Dialog.Close>
          )}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

/** Makes its child (e.g. a 'Cancelar' Button) close the enclosing Modal (blocked while busy). */
export function ModalClose({ children, ...props }: Omit<ComponentProps<typeof Dialog.Close>, 'asChild'>) {
  return (
    <Dialog.Close asChild {...props}>
      {children}
    </Dialog.Close>
  );
}
