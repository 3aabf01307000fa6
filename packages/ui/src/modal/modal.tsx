import { cva, type VariantProps } from 'class-variance-authority';
import { X } from 'lucide-react';
import { Dialog } from 'radix-ui';
import {
  type ComponentProps,
  createContext,
  type RefObject,
  useContext,
  useLayoutEffect,
  useMemo,
  useRef,
} from 'react';
import { Button } from '../button/button';
import { useUiMessages } from '../i18n/ui-provider';
import { IconButton } from '../icon-button/icon-button';
import { cn } from '../lib/cn';
import { useControllableState } from '../lib/use-controllable-state';

/**
 * A modal dialog as compound parts on Radix Dialog, shadcn style:
 *
 * ```tsx
 * <Modal open={open} onOpenChange={setOpen}>
 *   <ModalTrigger asChild><Button>Abrir</Button></ModalTrigger>
 *   <ModalContent size="lg" busy={saving}>
 *     <ModalHeader>
 *       <ModalTitle>Título</ModalTitle>
 *       <ModalDescription>Subtítulo</ModalDescription>
 *     </ModalHeader>
 *     <ModalBody><form id={formId}>…</form></ModalBody>
 *     <ModalFormActions formId={formId} submitLabel="Guardar" pendingLabel="Guardando..." pending={saving} />
 *   </ModalContent>
 * </Modal>
 * ```
 *
 * Radix moves the focus inside and traps it. On close the focus returns to what had it when the
 * modal opened (else to the ModalTrigger). A modal opened from an element that is gone by then
 * (a menu entry) passes `returnFocusRef`.
 */

/** Shared between the root and its content: whether closing is blocked right now. */
interface ModalContextValue {
  /** True while the ModalContent is busy or not dismissible; the root ignores close requests then. */
  lockedRef: RefObject<boolean>;
}

const ModalContext = createContext<ModalContextValue | null>(null);

function useModalContext(part: string): ModalContextValue {
  const context = useContext(ModalContext);
  if (!context) throw new Error(`${part} must be used inside <Modal>`);
  return context;
}

export interface ModalProps {
  /** Controlled open state. */
  open?: boolean;
  /** Initial open state when uncontrolled. */
  defaultOpen?: boolean;
  /** Called when the modal asks to open or close (never with `false` while its content is locked). */
  onOpenChange?: (open: boolean) => void;
  /** The trigger and the content. */
  children?: ComponentProps<typeof Dialog.Root>['children'];
}

/** Root of a modal: holds the open state (controlled or not). Renders no element. */
export function Modal({ open, defaultOpen = false, onOpenChange, children }: ModalProps) {
  const lockedRef = useRef(false);
  const context = useMemo<ModalContextValue>(() => ({ lockedRef }), []);
  // Radix is always driven in controlled mode so that a locked modal cannot close itself.
  const [isOpen, setOpen] = useControllableState({
    value: open,
    defaultValue: defaultOpen,
    onChange: onOpenChange,
  });
  const handleOpenChange = (next: boolean) => {
    if (!next && lockedRef.current) return;
    setOpen(next);
  };
  return (
    <ModalContext.Provider value={context}>
      <Dialog.Root open={isOpen} onOpenChange={handleOpenChange}>
        {children}
      </Dialog.Root>
    </ModalContext.Provider>
  );
}

/** The element that opens the modal; the focus returns to it on close. Use `asChild` around a Button. */
export function ModalTrigger(props: ComponentProps<typeof Dialog.Trigger>) {
  return <Dialog.Trigger data-slot="modal-trigger" {...props} />;
}

export const modalContentVariants = cva(
  'group/modal fixed top-1/2 left-1/2 z-50 flex max-h-[calc(100dvh-2rem)] w-[calc(100vw-2rem)] -translate-x-1/2 -translate-y-1/2 flex-col rounded-xl border border-line bg-surface text-ink shadow-xl outline-none',
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
    if (field.ownerDocument.activeElement === field) return true;
  }
  return false;
}

export interface ModalContentProps
  extends ComponentProps<typeof Dialog.Content>,
    VariantProps<typeof modalContentVariants> {
  /** Marks the modal busy (`aria-busy`) and blocks every way of closing it (e.g. while saving). */
  busy?: boolean;
  /** When false, Escape, a click outside, the X and ModalClose do not close the modal. */
  dismissible?: boolean;
  /** Shows the X button in the top corner (disabled while closing is blocked). */
  showCloseButton?: boolean;
  /** Name of the X button. Defaults to the messages' `modalClose` ('Cerrar'). */
  closeLabel?: string;
  /**
   * Where the focus goes on close instead of the element that had it at open time, e.g. the button
   * of the menu whose entry opened the modal (the entry itself is gone by then).
   */
  returnFocusRef?: RefObject<HTMLElement | null>;
}

/**
 * The dialog itself, in a portal over a backdrop. It opens on its first editable field (Radix
 * would take the first tabbable element, which may be a read-only field), keeps toasts clickable
 * while open, and cannot be closed while `busy` or not `dismissible`.
 */
export function ModalContent({
  size,
  busy = false,
  dismissible = true,
  showCloseButton = true,
  closeLabel,
  returnFocusRef,
  className,
  children,
  onOpenAutoFocus,
  onCloseAutoFocus,
  onPointerDownOutside,
  onInteractOutside,
  ...props
}: ModalContentProps) {
  const messages = useUiMessages();
  const { lockedRef } = useModalContext('ModalContent');
  const locked = busy || !dismissible;
  useLayoutEffect(() => {
    lockedRef.current = locked;
    return () => {
      lockedRef.current = false;
    };
  }, [locked, lockedRef]);

  /** What had the focus when the modal opened; the focus returns there on close. */
  const openerRef = useRef<HTMLElement | null>(null);

  // Consumer handlers run first and may preventDefault the behaviour below. A locked modal needs
  // nothing here: the root ignores its close requests (Escape, outside click, X, ModalClose).
  const keepOpen = (event: Event) => {
    if (event.defaultPrevented) return;
    const target = event.target;
    if (target instanceof Element && target.closest(KEEP_OPEN_SELECTOR)) event.preventDefault();
  };

  return (
    <Dialog.Portal>
      <Dialog.Overlay data-slot="modal-overlay" className="fixed inset-0 z-50 bg-ink/50 dark:bg-black/60" />
      <Dialog.Content
        data-slot="modal"
        data-size={size ?? 'md'}
        data-close={showCloseButton ? 'shown' : 'hidden'}
        aria-busy={busy || undefined}
        className={cn(modalContentVariants({ size }), className)}
        onOpenAutoFocus={(event) => {
          const active = document.activeElement;
          openerRef.current =
            active instanceof HTMLElement &&
            active !== document.body &&
            !(event.target instanceof Node && event.target.contains(active))
              ? active
              : null;
          onOpenAutoFocus?.(event);
          if (event.defaultPrevented) return;
          if (event.target instanceof HTMLElement && focusFirstField(event.target)) event.preventDefault();
        }}
        onCloseAutoFocus={(event) => {
          onCloseAutoFocus?.(event);
          const opener = openerRef.current;
          openerRef.current = null;
          if (event.defaultPrevented) return;
          // Without a target Radix focuses the ModalTrigger, if any (else the focus falls to <body>).
          const target = [returnFocusRef?.current, opener].find((element) => element?.isConnected);
          if (target) {
            event.preventDefault();
            target.focus();
          }
        }}
        onPointerDownOutside={(event) => {
          onPointerDownOutside?.(event);
          keepOpen(event);
        }}
        onInteractOutside={(event) => {
          onInteractOutside?.(event);
          keepOpen(event);
        }}
        {...props}
      >
        {children}
        {showCloseButton ? (
          <Dialog.Close asChild>
            <IconButton
              data-slot="modal-close-button"
              label={closeLabel ?? messages.modalClose}
              size="sm"
              disabled={locked}
              className="absolute end-3 top-3"
            >
              <X />
            </IconButton>
          </Dialog.Close>
        ) : null}
      </Dialog.Content>
    </Dialog.Portal>
  );
}

/** Title and description at the top (leaves room for the X). */
export function ModalHeader({ className, ...props }: ComponentProps<'div'>) {
  return (
    <div
      data-slot="modal-header"
      className={cn('grid gap-1 px-6 pt-6 pe-14 group-data-[close=hidden]/modal:pe-6', className)}
      {...props}
    />
  );
}

/** The dialog's accessible name. Required in every ModalContent. */
export function ModalTitle({ className, ...props }: ComponentProps<typeof Dialog.Title>) {
  return (
    <Dialog.Title
      data-slot="modal-title"
      className={cn('font-semibold text-ink text-lg', className)}
      {...props}
    />
  );
}

/** The dialog's accessible description (optional: without it the dialog has no `aria-describedby`). */
export function ModalDescription({ className, ...props }: ComponentProps<typeof Dialog.Description>) {
  return (
    <Dialog.Description
      data-slot="modal-description"
      className={cn('text-ink-muted text-sm', className)}
      {...props}
    />
  );
}

/** The main area; it scrolls when the content is taller than the screen, header and footer stay. */
export function ModalBody({ className, ...props }: ComponentProps<'div'>) {
  return (
    <div
      data-slot="modal-body"
      className={cn('min-h-0 flex-1 overflow-y-auto px-6 py-4', className)}
      {...props}
    />
  );
}

/** The actions row at the bottom, aligned to the end. */
export function ModalFooter({ className, ...props }: ComponentProps<'div'>) {
  return (
    <div
      data-slot="modal-footer"
      className={cn(
        'flex flex-wrap items-center justify-end gap-2 border-line border-t px-6 py-4',
        className,
      )}
      {...props}
    />
  );
}

/** Closes the modal (blocked while its content is busy or not dismissible). Use `asChild` around a Button. */
export function ModalClose(props: ComponentProps<typeof Dialog.Close>) {
  return <Dialog.Close data-slot="modal-close" {...props} />;
}

export interface ModalFormActionsProps extends Omit<ComponentProps<'div'>, 'children'> {
  /** `id` of the form the submit button submits (the form lives in the ModalBody). */
  formId: string;
  /** Text of the submit button, e.g. 'Crear usuario'. */
  submitLabel: string;
  /** Text of the submit button while `pending`, e.g. 'Creando...'. Defaults to `submitLabel`. */
  pendingLabel?: string;
  /** The form is being sent: the submit button spins and both buttons are disabled. */
  pending?: boolean;
  /** Disables the submit button (e.g. the username is taken, or the form is done). */
  submitDisabled?: boolean;
  /** Text of the cancel button. Defaults to the messages' `cancel` ('Cancelar'). */
  cancelLabel?: string;
}

/** The footer of a form modal: 'Cancelar' (closes it) and the submit button of the form `formId`. */
export function ModalFormActions({
  formId,
  submitLabel,
  pendingLabel,
  pending = false,
  submitDisabled = false,
  cancelLabel,
  ...props
}: ModalFormActionsProps) {
  const messages = useUiMessages();
  return (
    <ModalFooter {...props}>
      <ModalClose asChild>
        <Button variant="outline" disabled={pending}>
          {cancelLabel ?? messages.cancel}
        </Button>
      </ModalClose>
      <Button type="submit" form={formId} loading={pending} disabled={submitDisabled}>
        {pending ? (pendingLabel ?? submitLabel) : submitLabel}
      </Button>
    </ModalFooter>
  );
}
