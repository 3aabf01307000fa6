import { CircleAlert, CircleCheck, Info, X } from 'lucide-react';
import { type ReactNode, useEffect, useLayoutEffect, useState, useSyncExternalStore } from 'react';
import { createPortal } from 'react-dom';
import { useUiMessages } from '../i18n/ui-provider';
import { cn } from '../lib/cn';
import { getToasts, subscribeToasts, type ToastRecord, type ToastTone, toast } from './toast-store';

const toneClasses: Record<ToastTone, { box: string; icon: string }> = {
  success: { box: 'border-success-700/30 bg-success-50', icon: 'text-success-700' },
  error: { box: 'border-danger-700/30 bg-danger-50', icon: 'text-danger-700' },
  info: { box: 'border-info-700/30 bg-info-50', icon: 'text-info-700' },
};

const toneIcons: Record<ToastTone, ReactNode> = {
  success: <CircleCheck />,
  error: <CircleAlert />,
  info: <Info />,
};

interface ToastItemProps {
  record: ToastRecord;
  dismissLabel: string;
  paused: boolean;
  onDismiss: (id: string) => void;
}

function ToastItem({ record, dismissLabel, paused, onDismiss }: ToastItemProps) {
  const { id, duration } = record;

  useEffect(() => {
    if (paused || !Number.isFinite(duration)) return;
    const timer = window.setTimeout(() => toast.dismiss(id), duration);
    return () => window.clearTimeout(timer);
  }, [id, duration, paused]);

  return (
    <div
      role={record.tone === 'error' ? 'alert' : 'status'}
      data-slot="toast"
      data-tone={record.tone}
      className={cn(
        'pointer-events-auto flex w-full items-start gap-3 rounded-[var(--radius-control)] border p-4 text-ink text-sm shadow-lg',
        toneClasses[record.tone].box,
      )}
    >
      <span
        aria-hidden="true"
        className={cn('mt-0.5 shrink-0 [&_svg]:size-5', toneClasses[record.tone].icon)}
      >
        {toneIcons[record.tone]}
      </span>
      <div className="grid min-w-0 flex-1 gap-0.5">
        {record.title ? <p className="font-semibold">{record.title}</p> : null}
        <div className="break-words">{record.message}</div>
      </div>
      <button
        type="button"
        aria-label={dismissLabel}
        title={dismissLabel}
        onClick={() => onDismiss(id)}
        className="-me-1 -mt-1 flex size-8 shrink-0 items-center justify-center rounded-[var(--radius-control)] text-ink hover:bg-surface/70 [&_svg]:size-4"
      >
        <X aria-hidden="true" />
      </button>
    </div>
  );
}

export interface ToasterProps {
  /** Accessible name of the notifications region. Defaults to the messages' `toastRegion`. */
  label?: string;
  /** Name of each dismiss button. Defaults to the messages' `toastDismiss`. */
  dismissLabel?: string;
  /** Class names of the stack. */
  className?: string;
}

/**
 * Shows the toasts raised with `toast()`. Render it once near the root of the app. It renders in a
 * portal on `document.body`, and only while there is something to show, so it stays reachable when
 * a modal dialog is open. It sits at the top centre, away from the footer (and its buttons) of any modal.
 */
/** Space between an open dialog's header and the stack, in px. */
const BELOW_HEADER_GAP = 8;

/**
 * Where the stack starts while a dialog is open: just under its header, so a toast covers neither the
 * dialog's title and close button nor (it sits at the top) its footer. Null without an open dialog.
 */
function useTopBelowOpenDialogHeader(active: boolean): number | null {
  const [top, setTop] = useState<number | null>(null);
  useLayoutEffect(() => {
    if (!active) return;
    const measure = () => {
      const dialogs = document.querySelectorAll('[data-slot="modal"][data-state="open"]');
      const header = dialogs[dialogs.length - 1]?.querySelector('[data-slot="modal-header"]');
      setTop(header ? Math.max(0, header.getBoundingClientRect().bottom + BELOW_HEADER_GAP) : null);
    };
    measure();
    // A dialog opening or closing, or the window resizing, moves the header.
    const observer = new MutationObserver(measure);
    observer.observe(document.body, { childList: true, subtree: true, attributeFilter: ['data-state'] });
    window.addEventListener('resize', measure);
    return () => {
      observer.disconnect();
      window.removeEventListener('resize', measure);
    };
  }, [active]);
  return active ? top : null;
}

export function Toaster({ label, dismissLabel, className }: ToasterProps) {
  const messages = useUiMessages();
  const items = useSyncExternalStore(subscribeToasts, getToasts, getToasts);
  const belowHeader = useTopBelowOpenDialogHeader(items.length > 0);
  // Timers pause while the pointer or the focus is on the stack, so nobody loses a message mid-read.
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  if (items.length === 0 && (hovered || focused)) {
    // The stack disappeared under the pointer or the focus: no leave/blur event will come.
    setHovered(false);
    setFocused(false);
  }
  if (items.length === 0 || typeof document === 'undefined') return null;
  return createPortal(
    <section
      data-slot="toaster"
      aria-label={label ?? messages.toastRegion}
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      onFocus={() => setFocused(true)}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget)) setFocused(false);
      }}
      data-below-dialog-header={belowHeader === null ? undefined : ''}
      style={belowHeader === null ? undefined : { top: belowHeader }}
      className={cn(
        // Top centre: modals keep their actions in a footer at the bottom, so a toast never hides them;
        // with a dialog open, just under its header (style.top).
        'pointer-events-none fixed top-4 left-1/2 z-[60] flex w-[calc(100vw-2rem)] max-w-sm -translate-x-1/2 flex-col gap-2',
        className,
      )}
    >
      {items.map((record) => (
        <ToastItem
          key={record.id}
          record={record}
          paused={hovered || focused}
          onDismiss={(id) => {
            // The focused dismiss button is removed with its toast, so no blur event will come.
            setFocused(false);
            toast.dismiss(id);
          }}
          dismissLabel={dismissLabel ?? messages.toastDismiss}
        />
      ))}
    </section>,
    document.body,
  );
}
