import { Check, ChevronDown } from 'lucide-react';
import { Select as SelectPrimitive } from 'radix-ui';
import type { ComponentProps, FocusEventHandler, ReactNode, Ref } from 'react';
import { useUiMessages } from '../i18n/ui-provider';
import { cn } from '../lib/cn';
import { controlClasses, describedControlProps, FieldFrame, useFieldIds } from '../text-field/field-parts';

/** One choice of a Select or NativeSelect. `value` must not be empty. */
export interface SelectOption {
  value: string;
  label: string;
  disabled?: boolean;
}

export interface SelectProps extends Omit<ComponentProps<typeof SelectPrimitive.Root>, 'children' | 'dir'> {
  /** Visible label of the field. */
  label: ReactNode;
  /** The choices. */
  options: readonly SelectOption[];
  /** Text shown while nothing is chosen. Defaults to the messages' `selectPlaceholder`. */
  placeholder?: string;
  /** Helper text under the field. */
  hint?: ReactNode;
  /** Error text; marks the field `aria-invalid` and links the text with `aria-describedby`. */
  error?: ReactNode;
  /** Id of the trigger (generated when absent). */
  id?: string;
  /** Class names of the wrapper. */
  className?: string;
  /** Class names of the trigger button. */
  triggerClassName?: string;
  /** Ref of the trigger button. */
  ref?: Ref<HTMLButtonElement>;
  /** Called when the trigger loses focus (for form libraries). */
  onBlur?: FocusEventHandler<HTMLButtonElement>;
}

/**
 * A labelled select on Radix (a listbox popup, keyboard and typeahead included).
 * Controlled with `value` + `onValueChange` (use `''` to show the placeholder again) or uncontrolled
 * with `defaultValue`. With `name` it also posts its value inside a `<form>`.
 */
export function Select({
  label,
  options,
  placeholder,
  hint,
  error,
  id,
  required,
  disabled,
  className,
  triggerClassName,
  ref,
  onBlur,
  ...rootProps
}: SelectProps) {
  const messages = useUiMessages();
  const ids = useFieldIds(id);
  return (
    <FieldFrame
      slot="select-field"
      ids={ids}
      label={label}
      labelled
      required={required}
      hint={hint}
      error={error}
      className={className}
    >
      <SelectPrimitive.Root required={required} disabled={disabled} {...rootProps}>
        <SelectPrimitive.Trigger
          ref={ref}
          id={ids.controlId}
          data-slot="select-trigger"
          aria-labelledby={ids.labelId}
          {...describedControlProps(ids, { hint, error })}
          onBlur={onBlur}
          className={cn(
            controlClasses,
            'flex h-10 items-center justify-between gap-2 px-3 text-start data-[placeholder]:text-ink-muted',
            triggerClassName,
          )}
        >
          <span className="truncate">
            <SelectPrimitive.Value placeholder={placeholder ?? messages.selectPlaceholder} />
          </span>
          <SelectPrimitive.Icon asChild>
            <ChevronDown aria-hidden="true" className="size-4 shrink-0 text-ink-muted" />
          </SelectPrimitive.Icon>
        </SelectPrimitive.Trigger>
        <SelectPrimitive.Portal>
          <SelectPrimitive.Content
            data-slot="select-content"
            position="popper"
            sideOffset={4}
            className="z-50 max-h-[min(var(--radix-select-content-available-height),20rem)] min-w-[var(--radix-select-trigger-width)] overflow-hidden rounded-[var(--radius-control)] border border-line bg-surface text-ink shadow-lg"
          >
            <SelectPrimitive.Viewport className="p-1">
              {options.map((option) => (
                <SelectPrimitive.Item
                  key={option.value}
                  value={option.value}
                  disabled={option.disabled}
                  data-slot="select-item"
                  className="relative flex cursor-default select-none items-center rounded-sm py-2 ps-8 pe-3 text-sm outline-none data-[disabled]:pointer-events-none data-[highlighted]:bg-brand-50 data-[highlighted]:text-brand-800 data-[disabled]:opacity-60"
                >
                  <span className="absolute start-2 flex size-4 items-center justify-center">
                    <SelectPrimitive.ItemIndicator>
                      <Check aria-hidden="true" className="size-4" />
                    </SelectPrimitive.ItemIndicator>
                  </span>
                  <SelectPrimitive.ItemText>{option.label}</SelectPrimitive.ItemText>
                </SelectPrimitive.Item>
              ))}
            </SelectPrimitive.Viewport>
          </SelectPrimitive.Content>
        </SelectPrimitive.Portal>
      </SelectPrimitive.Root>
    </FieldFrame>
  );
}

export interface NativeSelectProps extends Omit<ComponentProps<'select'>, 'children'> {
  /** Visible label of the field. */
  label: ReactNode;
  /** The choices. */
  options: readonly SelectOption[];
  /**
   * First, empty choice (value `''`) shown while nothing is chosen, e.g. 'Seleccionar visitador...'.
   * Pass `false` to render no empty choice.
   */
  placeholder?: string | false;
  /** Helper text under the field. */
  hint?: ReactNode;
  /** Error text; marks the field `aria-invalid` and links the text with `aria-describedby`. */
  error?: ReactNode;
  /** Class names of the wrapper (the `<select>` takes `selectClassName`). */
  className?: string;
  /** Class names of the `<select>` element. */
  selectClassName?: string;
}

/**
 * A styled native `<select>`: works with react-hook-form's `register` (ref is a prop) and with
 * `selectOptions` in tests.
 */
export function NativeSelect({
  label,
  options,
  placeholder,
  hint,
  error,
  id,
  required,
  className,
  selectClassName,
  'aria-describedby': ariaDescribedBy,
  ...props
}: NativeSelectProps) {
  const messages = useUiMessages();
  const ids = useFieldIds(id);
  const emptyChoice = placeholder === false ? null : (placeholder ?? messages.selectPlaceholder);
  return (
    <FieldFrame
      slot="native-select-field"
      ids={ids}
      label={label}
      required={required}
      hint={hint}
      error={error}
      className={className}
    >
      <div className="relative">
        <select
          data-slot="native-select"
          id={ids.controlId}
          required={required}
          {...describedControlProps(ids, { hint, error, describedBy: ariaDescribedBy })}
          className={cn(controlClasses, 'h-10 appearance-none ps-3 pe-9', selectClassName)}
          {...props}
        >
          {emptyChoice === null ? null : <option value="">{emptyChoice}</option>}
          {options.map((option) => (
            <option key={option.value} value={option.value} disabled={option.disabled}>
              {option.label}
            </option>
          ))}
        </select>
        <ChevronDown
          aria-hidden="true"
          className="pointer-events-none absolute end-3 top-1/2 size-4 -translate-y-1/2 text-ink-muted"
        />
      </div>
    </FieldFrame>
  );
}
