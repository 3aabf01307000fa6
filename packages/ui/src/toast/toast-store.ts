import type { ReactNode } from 'react';

/** Kinds of toast: `error` is announced at once (`role="alert"`), the others politely. */
export type ToastTone = 'success' | 'error' | 'info';

/** Default time a toast stays on screen, in milliseconds. */
export const TOAST_DURATION = 5000;

/** At most this many toasts are kept; older ones are dropped first (more is a wall nobody reads). */
export const TOAST_LIMIT = 3;

export interface ToastOptions {
  /** Bold first line above the message. */
  title?: ReactNode;
  /** Milliseconds before it closes itself; `Infinity` keeps it until dismissed. Default 5000. */
  duration?: number;
  /** Reuse an id to replace a toast instead of stacking a new one. */
  id?: string;
}

export interface ToastRecord {
  id: string;
  tone: ToastTone;
  message: ReactNode;
  title?: ReactNode;
  duration: number;
}

type Listener = () => void;

let records: readonly ToastRecord[] = [];
let counter = 0;
const listeners = new Set<Listener>();

function publish(next: readonly ToastRecord[]) {
  records = next;
  for (const listener of listeners) listener();
}

function show(tone: ToastTone, message: ReactNode, options: ToastOptions = {}): string {
  counter += 1;
  const id = options.id ?? `toast-${counter}`;
  const record: ToastRecord = {
    id,
    tone,
    message,
    title: options.title,
    duration: options.duration ?? TOAST_DURATION,
  };
  publish([...records.filter((item) => item.id !== id), record].slice(-TOAST_LIMIT));
  return id;
}

function dismiss(id?: string) {
  publish(id === undefined ? [] : records.filter((item) => item.id !== id));
}

/** Subscribes to the toast list (for `useSyncExternalStore`). */
export function subscribeToasts(listener: Listener): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

/** The toasts currently shown, oldest first. */
export function getToasts(): readonly ToastRecord[] {
  return records;
}

/**
 * Shows a toast in the app's `<Toaster />` (the accessible replacement of `window.alert`).
 * `toast(text)` is an info toast; use `toast.success`, `toast.error`, `toast.info`.
 * Each returns the toast's id; `toast.dismiss(id)` closes one, `toast.dismiss()` closes all.
 */
export const toast = Object.assign(
  (message: ReactNode, options?: ToastOptions) => show('info', message, options),
  {
    success: (message: ReactNode, options?: ToastOptions) => show('success', message, options),
    error: (message: ReactNode, options?: ToastOptions) => show('error', message, options),
    info: (message: ReactNode, options?: ToastOptions) => show('info', message, options),
    dismiss,
  },
);
