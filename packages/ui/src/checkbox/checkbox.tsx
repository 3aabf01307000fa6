import { Check, Minus } from 'lucide-react';
import { Checkbox as CheckboxPrimitive } from 'radix-ui';
import type { ComponentProps, ReactNode } from 'react';
import { cn } from '../lib/cn';
import { FieldError, FieldHint, joinIds, useFieldIds } from '../text-field/field-parts';

/** `true`, `false`, or `'indeterminate'` (some but not all rows selected). */
export type CheckedState = CheckboxPrimitive.CheckedState;

export interface CheckboxProps
  extends Omit<ComponentProps<typeof CheckboxPrimitive.Root>, 'children' | 'asChild'> {
  /** Visible label. Without it, pass `aria-label` (e.g. 'Seleccionar todos'). */
  label?: ReactNode;
  /** Helper text under the label. */
  description?: ReactNode;
  /** Error text; marks the checkbox `aria-invalid`. */
  error?: ReactNode;
  /** Class names of the outer wrapper (the checkbox box itself takes `boxClassName`). */
  className?: string;
  /** Class names of the checkbox box. */
  boxClassName?: string;
}

/**
 * A checkbox on Radix: controlled (`checked` + `onCheckedChange`) or uncontrolled (`defaultChecked`).
 * `checked="indeterminate"` renders a dash and `aria-checked="mixed"`, for select-all headers.
 */
export function Checkbox({
  label,
  description,
  error,
  id,
  className,
  boxClassName,
  disabled,
  required,
  'aria-describedby': ariaDescribedBy,
  ...props
}: CheckboxProps) {
  const ids = useFieldIds(id);
  const hasError = error !== undefined && error !== null && error !== false && error !== '';
  return (
    <div data-slot="checkbox-field" className={cn('flex items-start gap-2', className)}>
      <CheckboxPrimitive.Root
        data-slot="checkbox"
        id={ids.controlId}
        disabled={disabled}
        required={required}
        aria-invalid={hasError || undefined}
        aria-describedby={joinIds(ariaDescribedBy, description ? ids.hintId : null, hasError && ids.errorId)}
        className={cn(
          'group peer mt-0.5 flex size-5 shrink-0 items-center justify-center rounded border border-ink-muted bg-surface text-white transition-colors',
          'data-[state=checked]:border-brand-600 data-[state=checked]:bg-brand-600',
          'data-[state=indeterminate]:border-brand-600 data-[state=indeterminate]:bg-brand-600',
          'disabled:cursor-not-allowed disabled:opacity-60 aria-invalid:border-danger-700',
          boxClassName,
        )}
        {...props}
      >
        <CheckboxPrimitive.Indicator className="flex items-center justify-center">
          <Check
            aria-hidden="true"
            className="hidden size-4 group-data-[state=checked]:block"
            strokeWidth={3}
          />
          <Minus
            aria-hidden="true"
            className="hidden size-4 group-data-[state=indeterminate]:block"
            strokeWidth={3}
          />
        </CheckboxPrimitive.Indicator>
      </CheckboxPrimitive.Root>
      {label || description || hasError ? (
        <div className="grid gap-0.5">
          {label ? (
            <label
              htmlFor={ids.controlId}
              className={cn(
                // 24 px line: its middle meets the middle of the box (2 px offset + 20 px box).
                'text-ink text-sm leading-6',
                disabled ? 'cursor-not-allowed opacity-70' : 'cursor-pointer',
              )}
            >
              {label}
            </label>
          ) : null}
          {description ? <FieldHint id={ids.hintId}>{description}</FieldHint> : null}
          {hasError ? <FieldError id={ids.errorId}>{error}</FieldError> : null}
        </div>
      ) : null}
    </div>
  );
}
