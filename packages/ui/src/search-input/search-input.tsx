import { Search, X } from 'lucide-react';
import { type ComponentProps, type KeyboardEvent, type Ref, useRef } from 'react';
import { useUiMessages } from '../i18n/ui-provider';
import { cn } from '../lib/cn';
import { useControllableState } from '../lib/use-controllable-state';
import { controlClasses } from '../text-field/field-parts';

export interface SearchInputProps
  extends Omit<ComponentProps<'input'>, 'type' | 'value' | 'defaultValue' | 'size' | 'ref'> {
  /** Accessible name of the box. Defaults to the messages' `searchLabel` ('Buscar'). */
  label?: string;
  /** Controlled text. */
  value?: string;
  /** Initial text when uncontrolled. */
  defaultValue?: string;
  /** Called with the new text on every change (and with `''` when cleared). */
  onValueChange?: (value: string) => void;
  /** Called with the current text when Enter is pressed. */
  onSearch?: (value: string) => void;
  /** Shows a clear button while there is text. */
  clearable?: boolean;
  /** Called after the clear button empties the box. */
  onClear?: () => void;
  /** Name of the clear button. Defaults to the messages' `searchClear`. */
  clearLabel?: string;
  /** Class names of the wrapper (the `<input>` takes `inputClassName`). */
  className?: string;
  /** Class names of the `<input>`. */
  inputClassName?: string;
  /** Ref of the `<input>`. */
  ref?: Ref<HTMLInputElement>;
}

/** A search box (`type="search"`) with a search icon, an optional clear button and `onSearch` on Enter. */
export function SearchInput({
  label,
  value,
  defaultValue = '',
  onValueChange,
  onSearch,
  clearable = true,
  onClear,
  clearLabel,
  className,
  inputClassName,
  ref,
  onChange,
  onKeyDown,
  disabled,
  ...props
}: SearchInputProps) {
  const messages = useUiMessages();
  const [current, update] = useControllableState({ value, defaultValue, onChange: onValueChange });
  const inputRef = useRef<HTMLInputElement | null>(null);

  const setRefs = (node: HTMLInputElement | null) => {
    inputRef.current = node;
    if (typeof ref === 'function') ref(node);
    else if (ref) ref.current = node;
  };

  const handleKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    onKeyDown?.(event);
    if (event.defaultPrevented) return;
    if (onSearch && event.key === 'Enter' && !event.nativeEvent.isComposing) {
      // Enter searches instead of submitting an enclosing form.
      event.preventDefault();
      onSearch(event.currentTarget.value);
    }
  };

  const showClear = clearable && current !== '' && !disabled;

  return (
    <div data-slot="search-input" className={cn('relative', className)}>
      <Search
        aria-hidden="true"
        className="pointer-events-none absolute start-3 top-1/2 size-4 -translate-y-1/2 text-ink-muted"
      />
      <input
        ref={setRefs}
        type="search"
        aria-label={label ?? messages.searchLabel}
        value={current}
        disabled={disabled}
        onChange={(event) => {
          onChange?.(event);
          update(event.target.value);
        }}
        onKeyDown={handleKeyDown}
        className={cn(
          controlClasses,
          'h-10 ps-9 pe-3 [&::-webkit-search-cancel-button]:hidden',
          showClear && 'pe-10',
          inputClassName,
        )}
        {...props}
      />
      {showClear ? (
        <button
          type="button"
          data-slot="search-input-clear"
          aria-label={clearLabel ?? messages.searchClear}
          onClick={() => {
            update('');
            onClear?.();
            inputRef.current?.focus();
          }}
          className="absolute inset-y-1 end-1 flex w-8 items-center justify-center rounded-[var(--radius-control)] text-ink-muted hover:bg-canvas hover:text-ink [&_svg]:size-4"
        >
          <X aria-hidden="true" />
        </button>
      ) : null}
    </div>
  );
}
