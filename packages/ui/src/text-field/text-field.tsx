import { Eye, EyeOff } from 'lucide-react';
import { type ComponentProps, type ReactNode, useState } from 'react';
import { useUiMessages } from '../i18n/ui-provider';
import { cn } from '../lib/cn';
import { controlClasses, describedControlProps, FieldFrame, useFieldIds } from './field-parts';

/** Input types a TextField supports (a date takes DateField: a native date input follows the browser's locale). */
export type TextFieldType = 'text' | 'email' | 'password' | 'number' | 'tel' | 'url';

export interface TextFieldProps extends Omit<ComponentProps<'input'>, 'type' | 'size'> {
  /** Visible label of the field. */
  label: ReactNode;
  /** Input type. */
  type?: TextFieldType;
  /** Helper text under the field, linked with `aria-describedby`. */
  hint?: ReactNode;
  /** Error text; sets `aria-invalid` and is linked with `aria-describedby`. */
  error?: ReactNode;
  /** For `type="password"`: shows a button that reveals the password. */
  revealable?: boolean;
  /** Name of the reveal button while the password is hidden. Defaults to the messages' `passwordShow`. */
  showPasswordLabel?: string;
  /** Name of the reveal button while the password is shown. Defaults to the messages' `passwordHide`. */
  hidePasswordLabel?: string;
  /** Class names of the wrapper (the `<input>` takes `inputClassName`). */
  className?: string;
  /** Class names of the `<input>`. */
  inputClassName?: string;
}

/**
 * A labelled text input with hint and error. `ref` goes to the `<input>`, so
 * `<TextField label="Correo" {...register('email')} />` works with react-hook-form.
 */
export function TextField({
  label,
  type = 'text',
  hint,
  error,
  revealable = true,
  showPasswordLabel,
  hidePasswordLabel,
  id,
  required,
  disabled,
  className,
  inputClassName,
  'aria-describedby': ariaDescribedBy,
  ...props
}: TextFieldProps) {
  const messages = useUiMessages();
  const ids = useFieldIds(id);
  const [revealed, setRevealed] = useState(false);
  const withToggle = type === 'password' && revealable;
  const inputType = withToggle && revealed ? 'text' : type;
  return (
    <FieldFrame
      slot="text-field"
      ids={ids}
      label={label}
      required={required}
      hint={hint}
      error={error}
      className={className}
    >
      <div className="relative">
        <input
          data-slot="text-field-input"
          id={ids.controlId}
          type={inputType}
          required={required}
          disabled={disabled}
          {...describedControlProps(ids, { hint, error, describedBy: ariaDescribedBy })}
          className={cn(controlClasses, 'h-10 px-3', withToggle && 'pe-11', inputClassName)}
          {...props}
        />
        {withToggle ? (
          <button
            type="button"
            data-slot="text-field-reveal"
            aria-controls={ids.controlId}
            aria-label={
              revealed
                ? (hidePasswordLabel ?? messages.passwordHide)
                : (showPasswordLabel ?? messages.passwordShow)
            }
            disabled={disabled}
            onClick={() => setRevealed((value) => !value)}
            className="absolute inset-y-1 end-1 flex w-9 items-center justify-center rounded-[var(--radius-control)] text-ink-muted hover:bg-canvas hover:text-ink disabled:pointer-events-none disabled:opacity-60 [&_svg]:size-4"
          >
            {revealed ? <EyeOff aria-hidden="true" /> : <Eye aria-hidden="true" />}
          </button>
        ) : null}
      </div>
    </FieldFrame>
  );
}
