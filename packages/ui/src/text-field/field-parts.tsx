import { CircleAlert } from 'lucide-react';
import { type ComponentProps, type ReactNode, useId } from 'react';
import { useUiMessages } from '../i18n/ui-provider';
import { cn } from '../lib/cn';

/** Ids that tie a control to its label, hint and error text. */
export interface FieldIds {
  controlId: string;
  labelId: string;
  hintId: string;
  errorId: string;
}

/** Stable ids for a form control; `id` wins over the generated one. */
export function useFieldIds(id?: string): FieldIds {
  const generated = useId();
  const controlId = id ?? generated;
  return {
    controlId,
    labelId: `${controlId}-label`,
    hintId: `${controlId}-hint`,
    errorId: `${controlId}-error`,
  };
}

/** Joins the ids that are present into an `aria-describedby` value (undefined when none). */
export function joinIds(...ids: Array<string | false | null | undefined>): string | undefined {
  const present = ids.filter((value): value is string => Boolean(value));
  return present.length > 0 ? present.join(' ') : undefined;
}

export interface FieldLabelProps extends ComponentProps<'label'> {
  /** Id of the control this label names. */
  htmlFor: string;
  /** Adds a visual `*`; the control itself must carry `required` so that it is announced once. */
  required?: boolean;
}

/** The visible label of a form control. */
export function FieldLabel({ htmlFor, required = false, className, children, ...props }: FieldLabelProps) {
  const messages = useUiMessages();
  return (
    <label
      data-slot="field-label"
      htmlFor={htmlFor}
      className={cn('font-medium text-ink text-sm', className)}
      {...props}
    >
      {children}
      {required ? (
        <span aria-hidden="true" title={messages.required} className="ms-0.5 text-danger-700">
          *
        </span>
      ) : null}
    </label>
  );
}

/** Whether an `error` prop holds something to show. */
export function hasFieldError(error: ReactNode): boolean {
  return error !== undefined && error !== null && error !== false && error !== '';
}

/**
 * `aria-invalid` and `aria-describedby` of a control: it points at its hint, or at its error once
 * there is one (the error replaces the hint), after any ids the caller gave.
 */
export function describedControlProps(
  ids: FieldIds,
  { hint, error, describedBy }: { hint?: ReactNode; error?: ReactNode; describedBy?: string },
) {
  const invalid = hasFieldError(error);
  return {
    'aria-invalid': invalid || undefined,
    'aria-describedby': joinIds(describedBy, hint && !invalid ? ids.hintId : null, invalid && ids.errorId),
  };
}

export interface FieldFrameProps {
  /** `data-slot` of the wrapper. */
  slot: string;
  ids: FieldIds;
  label: ReactNode;
  /** Gives the label its id, for a control named with `aria-labelledby`. */
  labelled?: boolean;
  required?: boolean;
  hint?: ReactNode;
  error?: ReactNode;
  /** Class names of the wrapper. */
  className?: string;
  /** The control. */
  children: ReactNode;
}

/**
 * The wrapper of a form control: its label above it, its hint and error below it. An error replaces
 * the hint on screen, but the hint stays in the DOM (hidden): removing a node while the focus moves
 * between two fields of a modal (a field validated on blur) makes Radix's focus trap pull the focus
 * to the dialog itself, a keyboard trap.
 */
export function FieldFrame({
  slot,
  ids,
  label,
  labelled = false,
  required,
  hint,
  error,
  className,
  children,
}: FieldFrameProps) {
  return (
    <div data-slot={slot} className={cn('grid content-start gap-1.5', className)}>
      <FieldLabel id={labelled ? ids.labelId : undefined} htmlFor={ids.controlId} required={required}>
        {label}
      </FieldLabel>
      {children}
      {hint ? (
        <FieldHint id={ids.hintId} hidden={hasFieldError(error)}>
          {hint}
        </FieldHint>
      ) : null}
      <FieldError id={ids.errorId}>{error}</FieldError>
    </div>
  );
}

/** Helper text under a control; link it with `aria-describedby`. */
export function FieldHint({ className, ...props }: ComponentProps<'p'>) {
  return <p data-slot="field-hint" className={cn('text-ink-muted text-sm', className)} {...props} />;
}

export interface FieldErrorProps extends Omit<ComponentProps<'p'>, 'children'> {
  children?: ReactNode;
}

/** Error text under a control (no live role: the control points at it with `aria-describedby`). */
export function FieldError({ className, children, ...props }: FieldErrorProps) {
  if (!hasFieldError(children)) return null;
  return (
    <p
      data-slot="field-error"
      className={cn('flex items-start gap-1 text-danger-700 text-sm', className)}
      {...props}
    >
      <CircleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
      <span>{children}</span>
    </p>
  );
}

/** Border and focus classes shared by text inputs, selects and triggers. */
export const controlClasses =
  'w-full rounded-[var(--radius-control)] border border-line bg-surface text-ink text-sm placeholder:text-ink-muted transition-colors disabled:cursor-not-allowed disabled:bg-canvas disabled:opacity-70 aria-invalid:border-danger-700';
