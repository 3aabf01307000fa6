import type { ActiveVisitor } from '@socio/contracts';
import { Button, FieldError, SearchInput, Spinner } from '@socio/ui';
import { MapPin, UserRound } from 'lucide-react';
import { type KeyboardEvent, type Ref, useCallback, useEffect, useId, useRef, useState } from 'react';
import { filterVisitors } from './manual-assignment';
import { cargasMessages as m } from './messages.es';

/** Above this many visitors the list gets a filter box. */
export const VISITOR_FILTER_THRESHOLD = 6;

export interface VisitorPickerProps {
  /** Active visitors; undefined while loading. */
  visitors: readonly ActiveVisitor[] | undefined;
  loading: boolean;
  /** Chosen visitor id ('' for none). */
  value: string;
  onChange: (value: string) => void;
  /** 'Debe seleccionar un visitador'. */
  error?: string;
  /** Ref of the focusable control (the form focuses it when the visitor is missing). */
  ref?: Ref<HTMLButtonElement>;
}

/** Hands `node` to a ref of any kind (callback or object). */
function assignRef<T>(ref: Ref<T> | undefined, node: T | null) {
  if (typeof ref === 'function') ref(node);
  else if (ref) ref.current = node;
}

/** Where the focus goes after the next render: into the list, or to the chosen visitor's 'Cambiar'. */
type PendingFocus = 'list' | 'chosen' | null;

/**
 * 'Seleccionar Visitador' opens a scrollable list (name, id, region; a filter box when long) or
 * 'No hay visitadores disponibles'; the chosen one shows with 'Cambiar' to pick again.
 *
 * Keyboard: Enter or Space opens the list; ArrowDown (from the button or the filter box) enters it;
 * ArrowDown / ArrowUp / Home / End move between visitors; Enter chooses one, and the focus goes to
 * 'Cambiar' (it would otherwise fall to the page when the list closes). 'Cambiar' reopens the list
 * with the focus in it.
 */
export function VisitorPicker({ visitors, loading, value, onChange, error, ref }: VisitorPickerProps) {
  const [open, setOpen] = useState(false);
  const [filter, setFilter] = useState('');
  const listId = useId();
  const errorId = useId();
  const legendId = useId();
  const panel = useRef<HTMLDivElement>(null);
  const changeButton = useRef<HTMLButtonElement | null>(null);
  const pendingFocus = useRef<PendingFocus>(null);
  const chosen = value ? visitors?.find((v) => String(v.id_usuario) === value) : undefined;
  const shown = filterVisitors(visitors ?? [], filter);

  const options = () => [
    ...(panel.current?.querySelectorAll<HTMLButtonElement>('[data-slot="visitor-option"]') ?? []),
  ];
  /** Into the list: the filter box when there is one, else the first visitor. */
  const enterList = useCallback(() => {
    const target =
      panel.current?.querySelector<HTMLElement>('input') ??
      panel.current?.querySelector<HTMLElement>('[data-slot="visitor-option"]');
    target?.focus();
  }, []);

  // The list and 'Cambiar' exist only after the render that follows the key or click.
  useEffect(() => {
    if (pendingFocus.current === 'chosen' && chosen) {
      pendingFocus.current = null;
      changeButton.current?.focus();
    } else if (pendingFocus.current === 'list' && open && !loading) {
      pendingFocus.current = null;
      enterList();
    }
  });

  const pick = (visitor: ActiveVisitor) => {
    pendingFocus.current = 'chosen';
    onChange(String(visitor.id_usuario));
    setOpen(false);
    setFilter('');
  };

  const onToggleKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    if (event.key !== 'ArrowDown') return;
    event.preventDefault();
    if (open) enterList();
    else {
      pendingFocus.current = 'list';
      setOpen(true);
    }
  };

  const onFilterKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key !== 'ArrowDown' || !(event.target instanceof HTMLInputElement)) return;
    event.preventDefault();
    options()[0]?.focus();
  };

  const onListKeyDown = (event: KeyboardEvent<HTMLUListElement>) => {
    const all = options();
    const at = all.indexOf(event.target as HTMLButtonElement);
    if (at < 0) return;
    const to: Record<string, number> = {
      ArrowDown: Math.min(at + 1, all.length - 1),
      ArrowUp: Math.max(at - 1, 0),
      Home: 0,
      End: all.length - 1,
    };
    const next = to[event.key];
    if (next === undefined) return;
    event.preventDefault();
    all[next]?.focus();
  };

  const setChangeButton = useCallback(
    (node: HTMLButtonElement | null) => {
      changeButton.current = node;
      assignRef(ref, node);
    },
    [ref],
  );

  return (
    <fieldset
      data-slot="visitor-picker"
      className="grid gap-2"
      aria-describedby={error ? errorId : undefined}
    >
      <legend id={legendId} className="mb-1 font-medium text-ink text-sm">
        {m.visitor}
        <span aria-hidden="true" className="text-danger-700">
          *
        </span>
      </legend>
      {chosen ? (
        <div
          data-slot="visitor-chosen"
          className="flex flex-wrap items-center justify-between gap-3 rounded-[var(--radius-control)] border border-line bg-canvas p-3"
        >
          <div className="grid gap-0.5 text-sm">
            <span className="sr-only">{m.visitorChosen}</span>
            <span className="font-medium text-ink">{chosen.name}</span>
            <span className="text-ink-muted">
              {m.visitorId(chosen.id_usuario)}
              {chosen.region ? ` · ${chosen.region}` : ''}
            </span>
          </div>
          <Button
            ref={setChangeButton}
            variant="outline"
            size="sm"
            onClick={() => {
              pendingFocus.current = 'list';
              onChange('');
              setOpen(true);
            }}
          >
            {m.change}
          </Button>
        </div>
      ) : (
        <>
          <Button
            ref={ref}
            variant="outline"
            className="justify-start"
            aria-expanded={open}
            aria-controls={open ? listId : undefined}
            aria-describedby={error ? errorId : undefined}
            onClick={() => setOpen((was) => !was)}
            onKeyDown={onToggleKeyDown}
          >
            <UserRound aria-hidden="true" />
            {m.selectVisitor}
          </Button>
          {open ? (
            // biome-ignore lint/a11y/noStaticElementInteractions: ArrowDown from the filter box into the list (the box and the visitors are the controls).
            <div ref={panel} id={listId} className="grid gap-2" onKeyDown={onFilterKeyDown}>
              {loading ? (
                <Spinner label={m.loadingVisitors} />
              ) : !visitors || visitors.length === 0 ? (
                <p className="text-ink-muted text-sm">{m.noVisitors}</p>
              ) : (
                <>
                  {visitors.length > VISITOR_FILTER_THRESHOLD ? (
                    <SearchInput
                      label={m.visitorFilter}
                      placeholder={m.visitorFilterPlaceholder}
                      value={filter}
                      onValueChange={setFilter}
                    />
                  ) : null}
                  {shown.length === 0 ? (
                    <p className="text-ink-muted text-sm">{m.noVisitorMatch}</p>
                  ) : (
                    <ul
                      aria-label={m.visitorList}
                      onKeyDown={onListKeyDown}
                      className="grid max-h-56 gap-1 overflow-y-auto rounded-[var(--radius-control)] border border-line p-1"
                    >
                      {shown.map((visitor) => (
                        <li key={visitor.id_usuario}>
                          <button
                            type="button"
                            data-slot="visitor-option"
                            onClick={() => pick(visitor)}
                            className="flex w-full flex-wrap items-center justify-between gap-x-3 gap-y-0.5 rounded-sm px-3 py-2 text-start text-sm hover:bg-brand-50 focus-visible:bg-brand-50 focus-visible:outline-2 focus-visible:outline-brand-600"
                          >
                            <span className="font-medium text-ink">{visitor.name}</span>
                            <span className="flex items-center gap-2 text-ink-muted">
                              <span>{m.visitorId(visitor.id_usuario)}</span>
                              {visitor.region ? (
                                <span className="inline-flex items-center gap-1">
                                  <MapPin aria-hidden="true" className="size-3.5" />
                                  {visitor.region}
                                </span>
                              ) : null}
                            </span>
                          </button>
                        </li>
                      ))}
                    </ul>
                  )}
                </>
              )}
            </div>
          ) : null}
        </>
      )}
      {error ? <FieldError id={errorId}>{error}</FieldError> : null}
    </fieldset>
  );
}
