import { type ActiveAssignmentsQuery, type Assignment, ownAssignmentsOnly } from '@socio/contracts';
import {
  DataTable,
  type DataTableColumn,
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuTrigger,
  IconButton,
  StatusBadge,
  TruncatedText,
} from '@socio/ui';
import { CalendarCheck, CircleCheck, CircleX, Ellipsis, UserRoundCog } from 'lucide-react';
import { memo, type ReactNode, useMemo, useRef } from 'react';
import { type AssignmentAction, assignmentActions, type CargasViewer } from './cargas.model';
import { cargasMessages as m } from './messages.es';

const ACTION_ICONS: Record<AssignmentAction, ReactNode> = {
  agendada: <CalendarCheck />,
  completada: <CircleCheck />,
  reassign: <UserRoundCog />,
  cancelada: <CircleX />,
};

export interface RowMenuProps {
  assignment: Assignment;
  viewer: CargasViewer;
  /** Runs an action; `trigger` is the menu's button (dialogs opened from the menu return the focus to it). */
  onAction: (assignment: Assignment, action: AssignmentAction, trigger: HTMLElement | null) => void;
}

/** The lifecycle menu of one row (Enter/Space opens it, arrows move, Escape closes); none when nothing applies. */
export function RowMenu({ assignment, viewer, onAction }: RowMenuProps) {
  const trigger = useRef<HTMLButtonElement>(null);
  const actions = assignmentActions(assignment, viewer);
  // Nothing to do: an empty box of the button's size, so rows with and without a menu are of one height.
  if (actions.length === 0)
    return <span aria-hidden="true" data-slot="row-menu-none" className="inline-block size-8 align-middle" />;
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <IconButton ref={trigger} label={m.rowActions(assignment.id_asignacion)} size="sm" variant="ghost">
          <Ellipsis />
        </IconButton>
      </DropdownMenuTrigger>
      <DropdownMenuContent>
        {actions.map((action) => (
          <DropdownMenuItem
            key={action}
            icon={ACTION_ICONS[action]}
            destructive={action === 'cancelada'}
            onSelect={() => onAction(assignment, action, trigger.current)}
          >
            {m.actions[action]}
          </DropdownMenuItem>
        ))}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}

function assignmentColumns(
  viewer: CargasViewer,
  onAction: RowMenuProps['onAction'],
  renderFolio: ((folio: string) => ReactNode) | undefined,
): DataTableColumn<Assignment>[] {
  return [
    // The two ID headers and the date's wrap to two lines: room for the Folio (issue 20) on a 1366 px screen.
    {
      id: 'id_asignacion',
      header: m.columns.id_asignacion,
      type: 'number',
      sortable: false,
      headerClassName: 'whitespace-normal',
    },
    {
      id: 'id_usuario',
      header: m.columns.id_usuario,
      type: 'number',
      sortable: false,
      headerClassName: 'whitespace-normal',
    },
    {
      id: 'folio',
      header: m.columns.folio,
      sortable: false,
      cell: ({ row }) => (
        <span className="block max-w-[9rem] truncate" title={row.folio}>
          {renderFolio ? renderFolio(row.folio) : row.folio}
        </span>
      ),
    },
    // One line ('Nuevo León', 'Baja California Sur'): the address column gives up the width.
    { id: 'estado', header: m.columns.estado, sortable: false, className: 'whitespace-nowrap' },
    {
      id: 'direccion',
      header: m.columns.direccion,
      sortable: false,
      // Takes the width left over and truncates to one line (the full address in a tooltip on hover
      // and on focus), so every other column, the row menu included, fits a 1366 px screen.
      className: 'w-full max-w-0',
      cell: ({ row }) => (row.direccion ? <TruncatedText text={row.direccion} /> : null),
    },
    {
      id: 'estatus',
      header: m.columns.estatus,
      sortable: true,
      cell: ({ row }) => <StatusBadge status={row.estatus} />,
    },
    {
      id: 'fecha_asignacion',
      header: m.columns.fecha_asignacion,
      type: 'date',
      sortable: true,
      headerClassName: 'whitespace-normal',
    },
    {
      id: 'actions',
      header: <span className="sr-only">{m.columns.actions}</span>,
      sortable: false,
      align: 'end',
      cell: ({ row }) => <RowMenu assignment={row} viewer={viewer} onAction={onAction} />,
    },
  ];
}

export interface AssignmentsTableProps {
  rows: readonly Assignment[];
  total: number;
  /** Page and size of `rows` (the answer's, so row numbers never run ahead of the rows shown). */
  page: number;
  pageSize: number;
  sortBy: ActiveAssignmentsQuery['sort_by'];
  sortOrder: ActiveAssignmentsQuery['sort_order'];
  viewer: CargasViewer;
  /** First load: the spinner 'Cargando...' instead of rows. */
  loading: boolean;
  /** Another page, size or sort is on its way: the rows shown are dimmed under a progress bar. */
  refreshing?: boolean;
  onSortChange: (sort: { id: string; desc: boolean } | null) => void;
  onAction: RowMenuProps['onAction'];
  /** The folio cell's content, e.g. a link to its ficha (the app knows the addresses); plain text otherwise. */
  renderFolio?: (folio: string) => ReactNode;
}

/**
 * 'Asignaciones activas' (memoised: while the next page loads, the rows shown do not render again): running row number across pages, the six spec columns, server sorting on
 * fecha_asignacion and estatus only (`aria-sort`), a row menu for the lifecycle.
 */
export const AssignmentsTable = memo(function AssignmentsTable({
  rows,
  total,
  page,
  pageSize,
  sortBy,
  sortOrder,
  viewer,
  loading,
  refreshing = false,
  onSortChange,
  onAction,
  renderFolio,
}: AssignmentsTableProps) {
  const columns = useMemo(
    () => assignmentColumns(viewer, onAction, renderFolio),
    [viewer, onAction, renderFolio],
  );
  const sorting = useMemo(() => ({ id: sortBy, desc: sortOrder === 'desc' }), [sortBy, sortOrder]);
  return (
    <DataTable
      caption={m.tableCaption}
      captionHidden
      cardsBelow="sm"
      data={rows}
      columns={columns}
      getRowId={(row) => String(row.id_asignacion)}
      showRowNumbers
      pagination={{ manual: true, page, pageSize, total }}
      sorting={{ manual: true, value: sorting, onChange: onSortChange }}
      loading={loading}
      refreshing={refreshing}
      loadingLabel={m.loading}
      emptyMessage={m.empty}
      emptyDescription={ownAssignmentsOnly(viewer) ? m.emptyVisitorDescription : m.emptyDescription}
    />
  );
});
