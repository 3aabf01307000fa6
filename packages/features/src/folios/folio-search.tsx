import { FOLIO_SUGGEST_MIN_CHARS, type FolioSuggestion } from '@socio/contracts';
import { SearchInput, StatusBadge } from '@socio/ui';
import { useQuery } from '@tanstack/react-query';
import { type KeyboardEvent, useId, useRef, useState } from 'react';
import { useOptionalPort } from '../ports';
import { useDebouncedValue } from '../use-debounced-value';
import { foliosMessages as m } from './messages.es';
import { foliosKeys } from './use-folios';

/** Suggestions are asked once typing pauses this long. */
export const FOLIO_SUGGEST_DEBOUNCE_MS = 250;

export interface FolioSearchProps {
  /** Accessible name and placeholder ('Buscar info de folio'). */
  label: string;
  /** Plain Enter in the box (the spec's behaviour: Reportes with the folio). */
  onSearch: (text: string) => void;
  /** A suggestion chosen (click, or arrows + Enter): open its ficha. */
  onOpenFolio: (folio: string) => void;
}

export interface FolioSuggestionsListProps {
  suggestions: readonly FolioSuggestion[];
  onOpenFolio: (folio: string) => void;
  /** Arrow Up on the first item, or Escape: back to the box. */
  onLeave: () => void;
  /** Focus left a suggestion. */
  onBlur?: (event: { relatedTarget: EventTarget | null }) => void;
  id?: string;
}

/** The list under the box: one button per folio (client and status beside it); arrows move between them. */
export function FolioSuggestionsList({
  suggestions,
  onOpenFolio,
  onLeave,
  onBlur,
  id,
}: FolioSuggestionsListProps) {
  const move = (event: KeyboardEvent<HTMLButtonElement>, index: number) => {
    const items = event.currentTarget.closest('ul')?.querySelectorAll<HTMLButtonElement>('button');
    if (event.key === 'ArrowDown') {
      event.preventDefault();
      items?.[Math.min(index + 1, suggestions.length - 1)]?.focus();
    } else if (event.key === 'ArrowUp') {
      event.preventDefault();
      if (index === 0) onLeave();
      else items?.[index - 1]?.focus();
    } else if (event.key === 'Escape') {
      event.preventDefault();
      onLeave();
    }
  };
  return (
    <ul
      id={id}
      aria-label={m.suggestionsLabel}
      data-slot="folio-suggestions"
      className="absolute inset-x-0 top-full z-50 mt-1 grid gap-0.5 rounded-[var(--radius-control)] border border-line bg-surface p-1 shadow-lg"
    >
      {suggestions.map((s, index) => (
        <li key={s.folio}>
          <button
            type="button"
            className="flex w-full items-center justify-between gap-3 rounded px-2 py-1.5 text-left text-sm hover:bg-canvas focus-visible:bg-canvas focus-visible:outline-2 focus-visible:outline-brand-600"
            onClick={() => onOpenFolio(s.folio)}
            onKeyDown={(event) => move(event, index)}
            onBlur={onBlur}
          >
            <span className="font-medium text-ink">{s.folio}</span>
            <span className="flex items-center gap-2 text-ink-muted text-xs">
              {s.cliente ?? m.noClient}
              {s.estatus ? <StatusBadge status={s.estatus} /> : null}
            </span>
          </button>
        </li>
      ))}
    </ul>
  );
}

/**
 * The top bar's 'Buscar info de folio' (issue 20.3): from 3 characters it lists up to 8 folios starting with
 * the text (any client; debounced). Arrow Down moves into the list, Enter on a folio opens its ficha; Enter in
 * the box keeps the spec's behaviour. Without a folios port it is the plain search box.
 */
export function FolioSearch({ label, onSearch, onOpenFolio }: FolioSearchProps) {
  const port = useOptionalPort('folios');
  const [text, setText] = useState('');
  const [dismissed, setDismissed] = useState(false);
  const prefix = useDebouncedValue(text.trim(), FOLIO_SUGGEST_DEBOUNCE_MS);
  const input = useRef<HTMLInputElement | null>(null);
  const wrapper = useRef<HTMLDivElement | null>(null);
  const listId = useId();
  const enabled = port !== undefined && prefix.length >= FOLIO_SUGGEST_MIN_CHARS;
  const query = useQuery({
    queryKey: foliosKeys.suggest(prefix),
    queryFn: ({ signal }) => (port ? port.suggest(prefix, { signal }) : Promise.resolve([])),
    enabled,
    staleTime: 10_000,
  });
  const suggestions =
    enabled && text.trim().length >= FOLIO_SUGGEST_MIN_CHARS && !dismissed ? (query.data ?? []) : [];
  /** Focus left the box and its list: the list closes. */
  const leaveIfOutside = (event: { relatedTarget: EventTarget | null }) => {
    if (!wrapper.current?.contains(event.relatedTarget as Node | null)) setDismissed(true);
  };
  const open = (folio: string) => {
    setText('');
    setDismissed(true);
    onOpenFolio(folio);
  };
  return (
    <div ref={wrapper} className="relative">
      <SearchInput
        ref={input}
        label={label}
        placeholder={label}
        value={text}
        onValueChange={(value) => {
          setText(value);
          setDismissed(false);
        }}
        onSearch={(value) => {
          // The list must not stay open over the page the search leads to.
          setDismissed(true);
          onSearch(value);
        }}
        onBlur={leaveIfOutside}
        aria-controls={suggestions.length > 0 ? listId : undefined}
        onKeyDown={(event) => {
          if (event.key === 'ArrowDown' && suggestions.length > 0) {
            event.preventDefault();
            wrapper.current
              ?.querySelector<HTMLButtonElement>('[data-slot="folio-suggestions"] button')
              ?.focus();
          } else if (event.key === 'Escape') setDismissed(true);
        }}
      />
      {suggestions.length > 0 ? (
        <FolioSuggestionsList
          id={listId}
          suggestions={suggestions}
          onOpenFolio={open}
          onLeave={() => input.current?.focus()}
          onBlur={leaveIfOutside}
        />
      ) : null}
    </div>
  );
}
