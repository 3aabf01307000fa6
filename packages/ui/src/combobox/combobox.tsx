import { Check, ChevronsUpDown } from 'lucide-react';
import { Popover as PopoverPrimitive } from 'radix-ui';
import {
  type KeyboardEvent,
  type ReactNode,
  type Ref,
  useEffect,
  useId,
  useMemo,
  useRef,
  useState,
} from 'react';
import { useUiMessages } from '../i18n/ui-provider';
import { cn } from '../lib/cn';
import { useControllableState } from '../lib/use-controllable-state';
import { Spinner } from '../spinner/spinner';
import { controlClasses, FieldError, FieldLabel, hasFieldError } from '../text-field/field-parts';

/** One choice of a Combobox. */
export interface ComboboxOption {
  /** What `onValueChange` receives. */
  value: string;
  /** The option's name (bold in the list, and in the trigger once chosen). */
  label: string;
  /** A second line or aside (e.g. 'ID 13 · Jalisco'), in the list and in the trigger. */
  detail?: ReactNode;
}

export interface ComboboxProps {
  /** Visible label of the field. */
  label: string;
  /** Adds '*' and `aria-required`. */
  required?: boolean;
  /** The choices; undefined while they load. */
  options: readonly ComboboxOption[] | undefined;
  /** Shows a spinner in the list instead of choices. */
  loading?: boolean;
  /** Controlled value ('' for none). */
  value?: string;
  /** Initial value when uncontrolled. */
  defaultValue?: string;
  /** Called with the chosen option's value. */
  onValueChange?: (value: string) => void;
  /** Controlled open state of the list. */
  open?: boolean;
  /** Called when the list opens or closes. */
  onOpenChange?: (open: boolean) => void;
  /** Text of the trigger while nothing is chosen, e.g. 'Seleccionar Visitador'. */
  placeholder: string;
  /** Above this many options the list gets a filter box (default 6). */
  filterThreshold?: number;
  /** Accessible name and placeholder of the filter box. */
  filterLabel?: string;
  filterPlaceholder?: string;
  /** Which options match the filter text (default: the label contains it, case ignored). */
  filterOptions?: (options: readonly ComboboxOption[], query: string) => ComboboxOption[];
  /** Accessible name of the list. */
  listLabel?: string;
  /** Shown when there are no options at all. */
  emptyMessage?: string;
  /** Shown when the filter matches none. */
  noMatchMessage?: string;
  /** Label of the list's spinner. */
  loadingLabel?: string;
  /** Error under the field (the trigger is `aria-invalid` and described by it). */
  error?: ReactNode;
  /** Icon at the start of the trigger. */
  icon?: ReactNode;
  /** Ref of the trigger (a form focuses it when the field is invalid). */
  ref?: Ref<HTMLButtonElement>;
  className?: string;
}

const defaultFilter = (options: readonly ComboboxOption[], query: string) => {
  const needle = query.trim().toLocaleLowerCase('es-MX');
  return options.filter((option) => option.label.toLocaleLowerCase('es-MX').includes(needle));
};

/**
 * A field that picks one option from a list that pops up over the page (Radix Popover): it opens
 * where there is room (below, or above when the field sits low on the screen) and scrolls inside.
 * Listbox semantics: the trigger is a `combobox`; in the list ArrowDown / ArrowUp / Home / End move
 * the active option (`aria-activedescendant`), Enter or a click picks it (never submitting the form
 * around), Escape closes the list; the focus returns to the trigger either way. A long list gets a
 * filter box that keeps the focus while the arrows move.
 */
export function Combobox({
  label,
  required = false,
  options,
  loading = false,
  value: valueProp,
  defaultValue = '',
  onValueChange,
  open: openProp,
  onOpenChange,
  placeholder,
  filterThreshold = 6,
  filterLabel,
  filterPlaceholder,
  filterOptions = defaultFilter,
  listLabel,
  emptyMessage,
  noMatchMessage,
  loadingLabel,
  error,
  icon,
  ref,
  className,
}: ComboboxProps) {
  const messages = useUiMessages();
  const [value, setValue] = useControllableState({
    value: valueProp,
    defaultValue,
    onChange: onValueChange,
  });
  const [open, setOpen] = useControllableState({
    value: openProp,
    defaultValue: false,
    onChange: onOpenChange,
  });
  const [query, setQuery] = useState('');
  const [active, setActive] = useState(0);
  const triggerId = useId();
  const listId = useId();
  const errorId = useId();
  const optionId = (index: number) => `${listId}-option-${index}`;
  const listRef = useRef<HTMLDivElement>(null);

  const all = options ?? [];
  const withFilter = all.length > filterThreshold;
  const shown = useMemo(
    () => (withFilter && query.trim() ? filterOptions(all, query) : [...all]),
    [all, withFilter, query, filterOptions],
  );
  const chosen = value ? all.find((option) => option.value === value) : undefined;
  const invalid = hasFieldError(error);

  const openList = (next: boolean) => {
    if (next) {
      setQuery('');
      setActive(
        Math.max(
          0,
          all.findIndex((option) => option.value === value),
        ),
      );
    }
    setOpen(next);
  };

  // The active option stays in view as the arrows move it.
  useEffect(() => {
    if (!open) return;
    listRef.current?.querySelector(`[data-index="${active}"]`)?.scrollIntoView?.({ block: 'nearest' });
  }, [open, active]);

  const pick = (option: ComboboxOption | undefined) => {
    if (!option) return;
    setValue(option.value);
    setOpen(false);
  };

  const onListKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    const last = shown.length - 1;
    const moves: Record<string, number> = {
      ArrowDown: Math.min(active + 1, last),
      ArrowUp: Math.max(active - 1, 0),
      Home: 0,
      End: last,
    };
    const to = moves[event.key];
    if (to !== undefined && last >= 0) {
      event.preventDefault();
      setActive(to);
    } else if (event.key === 'Enter') {
      // Enter picks; it must never reach the form the field lives in.
      event.preventDefault();
      event.stopPropagation();
      pick(shown[active]);
    }
  };

  const activeDescendant = shown[active] ? optionId(active) : undefined;

  return (
    <div data-slot="combobox" className={cn('grid gap-1.5', className)}>
      <FieldLabel htmlFor={triggerId} required={required}>
        {label}
      </FieldLabel>
      <PopoverPrimitive.Root open={open} onOpenChange={openList}>
        <PopoverPrimitive.Trigger asChild>
          <button
            ref={ref}
            id={triggerId}
            type="button"
            role="combobox"
            aria-haspopup="listbox"
            aria-expanded={open}
            aria-required={required || undefined}
            aria-invalid={invalid || undefined}
            aria-describedby={invalid ? errorId : undefined}
            data-slot="combobox-trigger"
            onKeyDown={(event) => {
              if (event.key === 'ArrowDown' && !open) {
                event.preventDefault();
                openList(true);
              }
            }}
            className={cn(
              controlClasses,
              'flex min-h-10 items-center gap-2 px-3 py-2 text-start',
              '[&_svg]:size-4 [&_svg]:shrink-0 [&_svg]:text-ink-muted',
            )}
          >
            {icon}
            {chosen ? (
              <span className="grid min-w-0 flex-1">
                <span className="truncate font-medium text-ink">{chosen.label}</span>
                {chosen.detail ? <span className="truncate text-ink-muted">{chosen.detail}</span> : null}
              </span>
            ) : (
              <span className="min-w-0 flex-1 truncate">{placeholder}</span>
            )}
            <ChevronsUpDown aria-hidden="true" />
          </button>
        </PopoverPrimitive.Trigger>
        <PopoverPrimitive.Portal>
          <PopoverPrimitive.Content
            data-slot="combobox-content"
            side="bottom"
            align="start"
            sideOffset={4}
            collisionPadding={8}
            aria-label={listLabel ?? label}
            onOpenAutoFocus={(event) => {
              // Into the filter box when there is one, else onto the list itself.
              event.preventDefault();
              const target = event.currentTarget as HTMLElement;
              (target.querySelector<HTMLElement>('input') ?? listRef.current)?.focus();
            }}
            className="z-50 flex max-h-[min(22rem,var(--radix-popover-content-available-height))] w-[var(--radix-popover-trigger-width)] min-w-64 max-w-[calc(100vw-1rem)] flex-col gap-2 rounded-[var(--radius-control)] border border-line bg-surface p-2 text-ink shadow-lg outline-none"
          >
            {loading ? (
              <Spinner label={loadingLabel ?? messages.loading} className="p-2" />
            ) : all.length === 0 ? (
              <p className="p-2 text-ink-muted text-sm">{emptyMessage ?? messages.comboboxEmpty}</p>
            ) : (
              <>
                {withFilter ? (
                  <input
                    type="search"
                    role="combobox"
                    aria-label={filterLabel ?? messages.comboboxFilter}
                    aria-expanded="true"
                    aria-controls={listId}
                    aria-autocomplete="list"
                    aria-activedescendant={activeDescendant}
                    placeholder={filterPlaceholder}
                    autoComplete="off"
                    value={query}
                    onChange={(event) => {
                      setQuery(event.target.value);
                      setActive(0);
                    }}
                    onKeyDown={onListKeyDown}
                    className={cn(controlClasses, 'h-9 shrink-0 px-3')}
                  />
                ) : null}
                <div
                  ref={listRef}
                  id={listId}
                  role="listbox"
                  aria-label={listLabel ?? label}
                  aria-activedescendant={withFilter ? undefined : activeDescendant}
                  tabIndex={withFilter ? -1 : 0}
                  onKeyDown={withFilter ? undefined : onListKeyDown}
                  className="grid min-h-0 gap-0.5 overflow-y-auto outline-none"
                >
                  {shown.length === 0 ? (
                    <div
                      role="option"
                      tabIndex={-1}
                      aria-disabled="true"
                      aria-selected="false"
                      className="p-2 text-ink-muted text-sm"
                    >
                      {noMatchMessage ?? messages.comboboxNoMatch}
                    </div>
                  ) : null}
                  {shown.map((option, index) => (
                    // biome-ignore lint/a11y/useKeyWithClickEvents: the keys live on the focused filter box or list (aria-activedescendant).
                    <div
                      key={option.value}
                      tabIndex={-1}
                      id={optionId(index)}
                      role="option"
                      data-index={index}
                      data-active={index === active || undefined}
                      aria-selected={option.value === value}
                      onClick={() => pick(option)}
                      onPointerMove={() => setActive(index)}
                      className="flex cursor-pointer items-center gap-2 rounded-sm px-3 py-2 text-sm data-[active]:bg-brand-50 data-[active]:outline-2 data-[active]:outline-brand-600"
                    >
                      <span className="grid min-w-0 flex-1 gap-0.5">
                        <span className="font-medium text-ink">{option.label}</span>
                        {option.detail ? <span className="text-ink-muted">{option.detail}</span> : null}
                      </span>
                      {option.value === value ? (
                        <Check aria-hidden="true" className="size-4 shrink-0 text-brand-600" />
                      ) : null}
                    </div>
                  ))}
                </div>
              </>
            )}
          </PopoverPrimitive.Content>
        </PopoverPrimitive.Portal>
      </PopoverPrimitive.Root>
      {invalid ? <FieldError id={errorId}>{error}</FieldError> : null}
    </div>
  );
}
