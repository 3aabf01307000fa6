import { Switch as SwitchPrimitive } from 'radix-ui';
import type { ComponentProps, ReactNode } from 'react';
import { cn } from '../lib/cn';
import { FieldHint, joinIds, useFieldIds } from '../text-field/field-parts';

export interface SwitchProps
  extends Omit<ComponentProps<typeof SwitchPrimitive.Root>, 'children' | 'asChild'> {
  /** Visible label. Without it, pass `aria-label`. */
  label?: ReactNode;
  /** Helper text under the label. */
  description?: ReactNode;
  /** Puts the label before the switch (default: after). */
  labelPosition?: 'start' | 'end';
  /** Class names of the outer wrapper. */
  className?: string;
}

/** An on/off switch on Radix: `checked` + `onCheckedChange`, or `defaultChecked`. */
export function Switch({
  label,
  description,
  labelPosition = 'end',
  id,
  disabled,
  className,
  'aria-describedby': ariaDescribedBy,
  ...props
}: SwitchProps) {
  const ids = useFieldIds(id);
  const text =
    label || description ? (
      <div className="grid gap-0.5">
        {label ? (
          <label
            htmlFor={ids.controlId}
            className={cn('text-ink text-sm', disabled ? 'cursor-not-allowed opacity-70' : 'cursor-pointer')}
          >
            {label}
          </label>
        ) : null}
        {description ? <FieldHint id={ids.hintId}>{description}</FieldHint> : null}
      </div>
    ) : null;
  return (
    <div data-slot="switch-field" className={cn('flex items-start gap-3', className)}>
      {labelPosition === 'start' ? text : null}
      <SwitchPrimitive.Root
        data-slot="switch"
        id={ids.controlId}
        disabled={disabled}
        aria-describedby={joinIds(ariaDescribedBy, description ? ids.hintId : null)}
        className="inline-flex h-6 w-11 shrink-0 cursor-pointer items-center rounded-full border-2 border-transparent bg-ink-muted transition-colors disabled:cursor-not-allowed disabled:opacity-60 data-[state=checked]:bg-brand-600"
        {...props}
      >
        <SwitchPrimitive.Thumb className="pointer-events-none block size-5 rounded-full bg-white shadow transition-transform data-[state=checked]:translate-x-5 data-[state=unchecked]:translate-x-0" />
      </SwitchPrimitive.Root>
      {labelPosition === 'end' ? text : null}
    </div>
  );
}
