import type { ReportItem } from '@socio/contracts';
import { type DataTableColumn, StatusBadge } from '@socio/ui';
import { EntregaBadge } from './entregas-panel';
import { reportesMessages as m } from './messages.es';
import { compareFechaRecibido } from './reportes.model';

/**
 * Columns of the reports table. Every column sorts on the client in the DataTable (ascending on the
 * first click, then toggling; ties keep the server's order, newest first): text with the Spanish
 * collation (numbers inside a folio in numeric order), 'Fecha recibido' by the date, not by its
 * dd/mm/aa text. A module constant, so the table never sees a new column list.
 */
export const reportesColumns: DataTableColumn<ReportItem>[] = [
  {
    id: 'estatus',
    header: m.columns.estatus,
    cell: ({ row }) => (
      <span className="flex flex-wrap items-center gap-1.5">
        <StatusBadge status={row.estatus} />
        <EntregaBadge entrega={row.entrega} />
      </span>
    ),
  },
  {
    id: 'id',
    header: m.columns.id,
    cell: ({ row }) => <span className="whitespace-nowrap font-medium">{row.id}</span>,
  },
  {
    id: 'fechaRecibido',
    header: m.columns.fechaRecibido,
    accessor: 'fecha_recibido',
    cell: ({ row }) => row.fechaRecibido,
    sortFn: compareFechaRecibido,
    className: 'whitespace-nowrap tabular-nums',
  },
  { id: 'cliente', header: m.columns.cliente, className: 'whitespace-nowrap' },
  { id: 'visitador', header: m.columns.visitador, className: 'whitespace-nowrap' },
  { id: 'notas', header: m.columns.notas, className: 'min-w-40' },
];
