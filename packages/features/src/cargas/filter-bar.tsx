import { ASIGNACION_ESTATUS, type AssignmentFilters } from '@socio/contracts';
import { Button, DateField, isIsoDate, SearchInput, Select } from '@socio/ui';
import { X } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useDebouncedValue } from '../use-debounced-value';
import { hasCargasFilters } from './cargas.model';
import { cargasMessages as m } from './messages.es';

/** Value of the 'Todos' choice of a select (Radix items cannot be empty). */
const ALL = '__todos__';
/** The folio box asks once typing pauses this long. */
export const FOLIO_SEARCH_DEBOUNCE_MS = 300;

/**
 * A day of fecha_asignacion ('YYYY-MM-DD'; undefined when emptied), typed dd/mm/aaaa. What is typed stays
 * in the box; the filter changes only once it is a whole, real day (or emptied).
 */
function DayField(props: {
  label: string;
  value: string | undefined;
  onChange: (day: string | undefined) => void;
}) {
  const [draft, setDraft] = useState(props.value ?? '');
  // The URL changed under the box (Back, 'Limpiar filtros'): show what it says.
  useEffect(() => {
    setDraft((current) =>
      current === (props.value ?? '') || isIsoDate(current) || current === '' ? (props.value ?? '') : current,
    );
  }, [props.value]);
  return (
    <DateField
      label={props.label}
      value={draft}
      onValueChange={(next) => {
        setDraft(next);
        if (next === '') props.onChange(undefined);
        else if (isIsoDate(next)) props.onChange(next);
      }}
      className="w-44"
    />
  );
}

export interface CargasFilterBarProps {
  /** The filters in force (from the URL). */
  filters: AssignmentFilters;
  /** New filters (the screen goes back to page 1 and writes them to the URL). */
  onFiltersChange: (filters: AssignmentFilters) => void;
  /** State names for the estado filter (the catalogue); undefined while it loads. */
  estados: readonly string[] | undefined;
  /** Visitors for the visitador filter; absent for a Visitador (their list is already theirs). */
  visitors?: ReadonlyArray<{ id_usuario: number; name: string }>;
}

/**
 * 'Buscar por folio...' (folio prefix, debounced) and the estatus, estado, visitador and date-range filters of
 * the Cargas list, with 'Limpiar filtros'. Controlled by the URL: the filters come in, changes go out.
 */
export function CargasFilterBar({ filters, onFiltersChange, estados, visitors }: CargasFilterBarProps) {
  const [text, setText] = useState(filters.folio ?? '');
  const typed = useDebouncedValue(text, FOLIO_SEARCH_DEBOUNCE_MS);
  const latest = useRef({ filters, onFiltersChange });
  latest.current = { filters, onFiltersChange };
  // The URL changed under the box (Back, 'Limpiar filtros'): show what it says.
  const shown = useRef(filters.folio ?? '');
  useEffect(() => {
    if ((filters.folio ?? '') !== shown.current) {
      shown.current = filters.folio ?? '';
      setText(shown.current);
    }
  }, [filters.folio]);
  useEffect(() => {
    const folio = typed.trim();
    if (folio === (latest.current.filters.folio ?? '') || folio !== text.trim()) return;
    shown.current = folio;
    latest.current.onFiltersChange({ ...latest.current.filters, folio: folio || undefined });
  }, [typed, text]);

  const set = (change: AssignmentFilters) => onFiltersChange({ ...filters, ...change });
  const choice = (value: string) => (value === ALL ? undefined : value);

  return (
    <search aria-label={m.filtersLabel} data-slot="cargas-filters" className="flex flex-wrap items-end gap-3">
      <SearchInput
        label={m.searchFolio}
        placeholder={m.searchFolio}
        value={text}
        onValueChange={setText}
        onSearch={(value) => set({ folio: value.trim() || undefined })}
        clearable
        className="w-56"
      />
      <Select
        label={m.filters.estatus}
        value={filters.estatus ?? ALL}
        onValueChange={(v) => set({ estatus: choice(v) as AssignmentFilters['estatus'] })}
        options={[
          { value: ALL, label: m.filters.all },
          ...ASIGNACION_ESTATUS.map((e) => ({ value: e, label: e })),
        ]}
        className="w-36"
      />
      <Select
        label={m.filters.estado}
        value={filters.estado ?? ALL}
        onValueChange={(v) => set({ estado: choice(v) })}
        options={[
          { value: ALL, label: m.filters.all },
          ...(estados ?? []).map((e) => ({ value: e, label: e })),
        ]}
        className="w-44"
      />
      {visitors ? (
        <Select
          label={m.filters.visitador}
          value={filters.visitador === undefined ? ALL : String(filters.visitador)}
          onValueChange={(v) => set({ visitador: v === ALL ? undefined : Number(v) })}
          options={[
            { value: ALL, label: m.filters.all },
            ...visitors.map((v) => ({ value: String(v.id_usuario), label: v.name })),
          ]}
          className="w-52"
        />
      ) : null}
      <DayField
        label={m.filters.desde}
        value={filters.fecha_desde}
        onChange={(day) => set({ fecha_desde: day })}
      />
      <DayField
        label={m.filters.hasta}
        value={filters.fecha_hasta}
        onChange={(day) => set({ fecha_hasta: day })}
      />
      {hasCargasFilters(filters) ? (
        <Button
          variant="ghost"
          onClick={() => {
            shown.current = '';
            setText('');
            onFiltersChange({});
          }}
        >
          <X aria-hidden="true" />
          {m.clearFilters}
        </Button>
      ) : null}
    </search>
  );
}
