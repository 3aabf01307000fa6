import { CalendarDays } from 'lucide-react';
import { Popover as PopoverPrimitive } from 'radix-ui';
import { type ChangeEvent, type FocusEvent, type ReactNode, type Ref, useRef, useState } from 'react';
import { useUiMessages } from '../i18n/ui-provider';
import { cn } from '../lib/cn';
import { useControllableState } from '../lib/use-controllable-state';
import { PopoverContent } from '../popover/popover';
import { controlClasses, describedControlProps, FieldFrame, useFieldIds } from '../text-field/field-parts';
import { DateCalendar } from './date-calendar';
import {
  dateTextFromValue,
  dateValueError,
  dateValueFromText,
  dateValueProblem,
  maskDateText,
} from './date-text';

export interface DateFieldProps {
  /** Visible label of the field. */
  label: ReactNode;
  /**
   * Controlled value: an ISO date 'YYYY-MM-DD', '' for none, or the text typed so far when it is not
   * (yet) a real day ('05/0', '31/02/2026'): a form refuses that with `dateValueError`.
   */
  value?: string;
  /** Initial value when uncontrolled. */
  defaultValue?: string;
  /** Called with the new value (see `value`) on every change. */
  onValueChange?: (value: string) => void;
  /** Called when the text box loses the focus. */
  onBlur?: (event: FocusEvent<HTMLInputElement>) => void;
  /** Helper text under the field. */
  hint?: ReactNode;
  /** Error text; wins over the field's own ('Fecha incompleta…', 'La fecha … no existe'). */
  error?: ReactNode;
  /** Adds '*' and `required`. */
  required?: boolean;
  disabled?: boolean;
  /** Offers a calendar beside the text box (default true). */
  calendar?: boolean;
  /** Id of the text box (generated when absent). */
  id?: string;
  /** Name of a hidden input that carries the value in a native form submission. */
  name?: string;
  /** Ref of the text box (a form focuses it when the field is invalid). */
  ref?: Ref<HTMLInputElement>;
  /** Class names of the wrapper. */
  className?: string;
}

/**
 * A date typed as dd/mm/aaaa whatever the browser's language (a native date input follows the
 * browser's locale: mm/dd/yyyy on an English one). One text box, masked as digits are typed
 * ('05032026' shows '05/03/2026'), with an optional calendar on Radix Popover. Its value is the ISO
 * date the wire schemas take. A day that does not exist is refused as soon as the year is whole; a
 * partial date when the focus leaves.
 */
export function DateField({
  label,
  value: valueProp,
  defaultValue = '',
  onValueChange,
  onBlur,
  hint,
  error,
  required = false,
  disabled = false,
  calendar = true,
  id,
  name,
  ref,
  className,
}: DateFieldProps) {
  const messages = useUiMessages();
  const ids = useFieldIds(id);
  const formatId = `${ids.controlId}-format`;
  const [value, setValue] = useControllableState({ value: valueProp, defaultValue, onChange: onValueChange });
  const [left, setLeft] = useState(false);
  const [open, setOpen] = useState(false);
  const dayRef = useRef<HTMLButtonElement | null>(null);
  const problem = dateValueProblem(value);
  const own =
    problem === 'impossible' || (problem === 'incomplete' && left)
      ? dateValueError(value, messages)
      : undefined;
  const shown = error ?? own;

  const onChange = (event: ChangeEvent<HTMLInputElement>) => {
    setLeft(false);
    setValue(dateValueFromText(maskDateText(event.target.value)));
  };

  return (
    <FieldFrame
      slot="date-field"
      ids={ids}
      label={label}
      required={required}
      hint={hint}
      error={shown}
      className={className}
    >
      <span id={formatId} hidden>
        {messages.dateFormat}
      </span>
      <div className="relative">
        <input
          data-slot="date-field-input"
          ref={ref}
          id={ids.controlId}
          type="text"
          inputMode="numeric"
          autoComplete="off"
          placeholder={messages.datePlaceholder}
          maxLength={10}
          required={required}
          disabled={disabled}
          value={dateTextFromValue(value)}
          onChange={onChange}
          onBlur={(event) => {
            setLeft(true);
            onBlur?.(event);
          }}
          {...describedControlProps(ids, { hint, error: shown, describedBy: formatId })}
          className={cn(controlClasses, 'h-10 px-3 tabular-nums', calendar && 'pe-11')}
        />
        {name ? <input type="hidden" name={name} value={value} /> : null}
        {calendar ? (
          <PopoverPrimitive.Root open={open} onOpenChange={setOpen}>
            <PopoverPrimitive.Trigger
              type="button"
              data-slot="date-field-calendar"
              aria-label={messages.dateCalendarOpen}
              title={messages.dateCalendarOpen}
              disabled={disabled}
              className="absolute inset-y-1 end-1 flex w-9 items-center justify-center rounded-[var(--radius-control)] text-ink-muted hover:bg-canvas hover:text-ink disabled:pointer-events-none disabled:opacity-60 [&_svg]:size-4"
            >
              <CalendarDays aria-hidden="true" />
            </PopoverPrimitive.Trigger>
            <PopoverContent
              role="dialog"
              aria-label={messages.dateCalendarOpen}
              className="w-auto p-3"
              onOpenAutoFocus={(event) => {
                event.preventDefault();
                dayRef.current?.focus();
              }}
            >
              <DateCalendar
                value={value}
                focusRef={dayRef}
                onPick={(iso) => {
                  setLeft(false);
                  setValue(iso);
                  setOpen(false);
                }}
              />
            </PopoverContent>
          </PopoverPrimitive.Root>
        ) : null}
      </div>
    </FieldFrame>
  );
}
