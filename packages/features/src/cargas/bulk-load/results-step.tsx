import { type ActiveVisitor, type ProcessedRow, processedRowAddress } from '@socio/contracts';
import { Banner, Button, Checkbox, type DataTableColumn, NativeSelect, Progress, toast } from '@socio/ui';
import { Download, Pencil, Plus, X } from 'lucide-react';
import { createContext, type Dispatch, useContext, useMemo, useRef, useState } from 'react';
import {
  type BulkLoadAction,
  type BulkLoadState,
  isConfirmingSave,
  isRowUnassigned,
  processedRowId,
  unassignedByState,
} from './bulk-load.reducer';
import { InvalidRowsTable, TABLE_HEIGHT } from './invalid-rows-table';
import { bulkLoadMessages as m } from './messages.es';
import { PagedTable } from './paged-table';
import { WRAPPING_BUTTON } from './validation-step';

/** What the visitor and action cells need; read from context so the table's columns stay stable. */
interface RowEditing {
  editingId: string | null;
  visitors: readonly ActiveVisitor[];
  dispatch: Dispatch<BulkLoadAction>;
  /** Row whose 'Editar Visitante' button takes the focus back after an edit. */
  focusBack: { current: string | null };
  disabled: boolean;
}
const RowEditingContext = createContext<RowEditing | null>(null);
function useRowEditing(): RowEditing {
  const value = useContext(RowEditingContext);
  if (!value) throw new Error('RowEditingContext missing');
  return value;
}

const visitorLabel = (v: ActiveVisitor) => m.visitorOption(v.id_usuario, v.region);

function VisitorCell({ row }: { row: ProcessedRow }) {
  const { editingId, visitors, dispatch, focusBack } = useRowEditing();
  const id = processedRowId(row);
  const options = useMemo(
    () => visitors.map((v) => ({ value: String(v.id_usuario), label: visitorLabel(v) })),
    [visitors],
  );
  if (editingId === id) {
    return (
      <NativeSelect
        label={<span className="sr-only">{m.visitorSelectOf(row.id_folio)}</span>}
        options={options}
        placeholder={m.selectVisitor}
        value={row.visitor_id === null || row.visitor_id === undefined ? '' : String(row.visitor_id)}
        autoFocus
        className="min-w-56 gap-0"
        onChange={(event) => {
          const chosen = visitors.find((v) => String(v.id_usuario) === event.target.value) ?? null;
          focusBack.current = id;
          dispatch({ type: 'setVisitor', id, visitor: chosen });
        }}
        onKeyDown={(event) => {
          if (event.key === 'Escape') {
            event.preventDefault();
            event.stopPropagation();
            focusBack.current = id;
            dispatch({ type: 'cancelEdit' });
          }
        }}
      />
    );
  }
  return isRowUnassigned(row) ? (
    <span className="font-medium">{m.unassigned}</span>
  ) : (
    <span className="tabular-nums">{String(row.visitor_id)}</span>
  );
}

function ActionCell({ row }: { row: ProcessedRow }) {
  const { editingId, dispatch, focusBack, disabled } = useRowEditing();
  const id = processedRowId(row);
  if (editingId === id) {
    return (
      <Button
        variant="ghost"
        size="sm"
        aria-label={m.cancelEditOf(row.id_folio)}
        onClick={() => {
          focusBack.current = id;
          dispatch({ type: 'cancelEdit' });
        }}
      >
        <X aria-hidden="true" />
        {m.cancelEdit}
      </Button>
    );
  }
  return (
    <Button
      variant="outline"
      size="sm"
      disabled={disabled}
      aria-label={m.editVisitorOf(row.id_folio)}
      ref={(element) => {
        if (element && focusBack.current === id) {
          focusBack.current = null;
          element.focus();
        }
      }}
      onClick={() => dispatch({ type: 'editVisitor', id })}
    >
      <Pencil aria-hidden="true" />
      {m.editVisitor}
    </Button>
  );
}

const COLUMNS: DataTableColumn<ProcessedRow>[] = [
  // The folio stays in view when the table scrolls sideways (a phone, the visitor dropdown open).
  {
    id: 'id_folio',
    header: m.columns.folio,
    className:
      'sticky start-0 z-[1] whitespace-nowrap bg-surface [[data-tone=danger]>&]:bg-danger-50 [[data-tone=warning]>&]:bg-warning-50',
    headerClassName: 'sticky start-0 z-20',
  },
  { id: 'visitor_id', header: m.columns.visitor, cell: ({ row }) => <VisitorCell row={row} /> },
  { id: 'state_of_visitor', header: m.columns.visitorRegion },
  { id: 'state_of_folio', header: m.columns.folioRegion },
  // Made for the rows on screen only: the rows of a computed answer carry no address (`processedRowAddress`).
  {
    id: 'address_complete_folio',
    header: m.columns.address,
    className: 'min-w-64',
    accessor: processedRowAddress,
  },
  {
    id: 'actions',
    header: m.columns.actions,
    accessor: () => null,
    cell: ({ row }) => <ActionCell row={row} />,
  },
];

const rowTone = (row: ProcessedRow) => (isRowUnassigned(row) ? ('danger' as const) : undefined);

/**
 * Assignment by state (`m.assignTitle`): every unassigned folio of a state to one visitor, or balanced over its
 * visitors.
 */
function AssignByState({
  rows,
  unassigned,
  visitors,
  dispatch,
  disabled,
}: {
  rows: readonly ProcessedRow[];
  /** How many of `rows` lack a visitor: none, and there is nothing to go through. */
  unassigned: number;
  visitors: readonly ActiveVisitor[];
  dispatch: Dispatch<BulkLoadAction>;
  disabled: boolean;
}) {
  const states = useMemo(() => (unassigned > 0 ? unassignedByState(rows) : []), [rows, unassigned]);
  const [state, setState] = useState('');
  const [choice, setChoice] = useState('');
  const current = states.find((s) => s.state === state);
  const stateVisitors = visitors.filter((v) => v.region === state);
  const offered = stateVisitors.length > 0 ? stateVisitors : visitors;
  const BALANCE = 'balance';
  const options = [
    ...(stateVisitors.length > 1 ? [{ value: BALANCE, label: m.assignBalance }] : []),
    ...offered.map((v) => ({ value: String(v.id_usuario), label: visitorLabel(v) })),
  ];
  if (states.length === 0) return null;
  const apply = () => {
    if (!current) return;
    const chosen =
      choice === BALANCE ? stateVisitors : offered.filter((v) => String(v.id_usuario) === choice);
    if (chosen.length === 0) return;
    dispatch({ type: 'assignState', state: current.state, visitors: chosen });
    toast.success(m.assignDone(current.count));
    setState('');
    setChoice('');
  };
  return (
    <fieldset
      data-slot="bulk-load-assign"
      className="flex flex-wrap items-end gap-3 rounded-[var(--radius-control)] border border-line p-3"
    >
      <legend className="px-1 font-semibold text-ink text-sm">{m.assignTitle}</legend>
      <p className="w-full text-ink-muted text-xs">{m.assignDescription}</p>
      <NativeSelect
        label={m.assignState}
        className="min-w-56 flex-1"
        placeholder={m.assignStatePlaceholder}
        options={states.map((s) => ({
          value: s.state,
          label: m.assignStateOption(s.state, s.count),
        }))}
        value={state}
        disabled={disabled}
        onChange={(event) => {
          setState(event.target.value);
          setChoice('');
        }}
      />
      <NativeSelect
        label={m.assignVisitor}
        className="min-w-56 flex-1"
        placeholder={m.selectVisitor}
        options={options}
        value={choice}
        disabled={disabled || !current}
        hint={current && stateVisitors.length === 0 ? m.assignNoStateVisitors(current.state) : undefined}
        onChange={(event) => setChoice(event.target.value)}
      />
      <Button variant="secondary" disabled={disabled || !current || choice === ''} onClick={apply}>
        {m.assignApply}
      </Button>
    </fieldset>
  );
}

export interface ResultsStepProps {
  state: BulkLoadState;
  dispatch: Dispatch<BulkLoadAction>;
  visitors: readonly ActiveVisitor[];
  onDownloadInvalid: () => void;
  onAddFolio: () => void;
}

/** While saving: the rows of the lote sent so far, then its confirmation (no measure: indeterminate). */
function SaveProgress({ state }: { state: BulkLoadState }) {
  const progress = state.phase === 'saving' ? state.progress : null;
  if (!progress) return null;
  const confirming = isConfirmingSave(state);
  return (
    <Progress
      label={m.savingLabel}
      fraction={confirming ? null : progress.done / Math.max(1, progress.total)}
      text={confirming ? m.confirmingSave : m.savingProgress(progress.done, progress.total)}
    />
  );
}

/**
 * Step 3: the processed folios with their visitors, banners, filter, assignment by state and adding a folio
 * (`m.addFolio`).
 */
export function ResultsStep({ state, dispatch, visitors, onDownloadInvalid, onAddFolio }: ResultsStepProps) {
  const { processed, invalid, onlyUnassigned, editingId, unassigned } = state;
  const saving = state.phase === 'saving';
  const shown = useMemo(
    () => (onlyUnassigned ? processed.filter(isRowUnassigned) : processed),
    [processed, onlyUnassigned],
  );
  const focusBack = useRef<string | null>(null);
  const editing = useMemo<RowEditing>(
    () => ({ editingId, visitors, dispatch, focusBack, disabled: saving }),
    [editingId, visitors, dispatch, saving],
  );

  return (
    <div data-slot="bulk-load-results" className="flex flex-col gap-4">
      <SaveProgress state={state} />
      {unassigned > 0 ? (
        <Banner tone="warning" title={m.unassignedTitle} message={m.unassignedMessage(unassigned)} />
      ) : null}
      {invalid.length > 0 ? (
        <Banner
          tone="info"
          title={m.invalidDetectedTitle}
          message={m.invalidDetectedMessage(invalid.length)}
          actions={
            <Button variant="outline" size="sm" className={WRAPPING_BUTTON} onClick={onDownloadInvalid}>
              <Download aria-hidden="true" />
              {m.downloadInvalid}
            </Button>
          }
        />
      ) : null}
      {invalid.length > 0 ? (
        // Why each row will not be loaded, on screen (the file's and those the server refused).
        <InvalidRowsTable
          rows={invalid}
          headers={state.headers}
          caption={m.notLoadedCaption}
          pagerLabel={m.notLoadedPager}
        />
      ) : null}
      <AssignByState
        rows={processed}
        unassigned={unassigned}
        visitors={visitors}
        dispatch={dispatch}
        disabled={saving}
      />
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h3 className="flex flex-wrap items-baseline gap-2 font-semibold text-ink">
          {m.processedCaption}
          <span className="font-normal text-ink-muted text-sm">{m.processedCount(processed.length)}</span>
        </h3>
        <div className="flex flex-wrap items-center gap-4">
          <Checkbox
            label={m.onlyUnassigned}
            checked={onlyUnassigned}
            onCheckedChange={(value) => dispatch({ type: 'toggleOnlyUnassigned', value: value === true })}
          />
          <Button variant="outline" size="sm" disabled={saving} onClick={onAddFolio}>
            <Plus aria-hidden="true" />
            {m.addFolio}
          </Button>
        </div>
      </div>
      <RowEditingContext.Provider value={editing}>
        <PagedTable
          key={onlyUnassigned ? 'sin-asignar' : 'todos'}
          rows={shown}
          pagerLabel={m.processedPager}
          columns={COLUMNS}
          getRowId={processedRowId}
          caption={m.processedCaption}
          captionHidden
          maxHeight={TABLE_HEIGHT.processed}
          getRowTone={rowTone}
          getRowToneLabel={() => m.unassignedRow}
          emptyMessage={onlyUnassigned ? m.noUnassigned : m.noRows}
        />
      </RowEditingContext.Provider>
    </div>
  );
}
