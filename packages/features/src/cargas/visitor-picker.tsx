import type { ActiveVisitor } from '@socio/contracts';
import { Combobox, type ComboboxOption } from '@socio/ui';
import { MapPin, UserRound } from 'lucide-react';
import { type Ref, useMemo } from 'react';
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

/** 'ID 13 · Jalisco' under a visitor's name. */
function visitorDetail(visitor: ActiveVisitor) {
  return (
    <span className="inline-flex flex-wrap items-center gap-x-2">
      <span>{m.visitorId(visitor.id_usuario)}</span>
      {visitor.region ? (
        <span className="inline-flex items-center gap-1">
          <MapPin aria-hidden="true" className="size-3.5" />
          {visitor.region}
        </span>
      ) : null}
    </span>
  );
}

/**
 * 'Seleccionar Visitador': a combobox of the active visitors (name, id, region; a filter box by name,
 * id or region when the list is long) or 'No hay visitadores disponibles'. The list opens where it
 * fits, arrows move, Enter picks (never submitting the form), Escape closes.
 */
export function VisitorPicker({ visitors, loading, value, onChange, error, ref }: VisitorPickerProps) {
  const options = useMemo<ComboboxOption[] | undefined>(
    () =>
      visitors?.map((visitor) => ({
        value: String(visitor.id_usuario),
        label: visitor.name,
        detail: visitorDetail(visitor),
      })),
    [visitors],
  );
  // By name, id or region, accents ignored (the visitors' own filter).
  const filter = useMemo(
    () => (shown: readonly ComboboxOption[], query: string) => {
      const matching = new Set(filterVisitors(visitors ?? [], query).map((v) => String(v.id_usuario)));
      return shown.filter((option) => matching.has(option.value));
    },
    [visitors],
  );
  return (
    <Combobox
      ref={ref}
      label={m.visitor}
      required
      icon={<UserRound aria-hidden="true" />}
      placeholder={m.selectVisitor}
      options={options}
      loading={loading}
      loadingLabel={m.loadingVisitors}
      value={value}
      onValueChange={onChange}
      filterThreshold={VISITOR_FILTER_THRESHOLD}
      filterLabel={m.visitorFilter}
      filterPlaceholder={m.visitorFilterPlaceholder}
      filterOptions={filter}
      listLabel={m.visitorList}
      emptyMessage={m.noVisitors}
      noMatchMessage={m.noVisitorMatch}
      error={error}
    />
  );
}
