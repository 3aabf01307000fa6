import type { ReportItem } from '@socio/contracts';
import { type DataTableColumn, StatusBadge, TruncatedText } from '@socio/ui';
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
    // The delivery badge goes under the status, not beside it: a narrow column, rows of two lines at most.
    cell: ({ row }) => (
      <span className="flex flex-col items-start gap-1 whitespace-nowrap">
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
    headerClassName: 'whitespace-normal',
  },
  // The list is of one client (the selector says which): while the PDF sits beside the table (xl up to
  // 2xl) this column gives its width to the others.
  {
    id: 'cliente',
    header: m.columns.cliente,
    cell: ({ row }) => <TruncatedText text={row.cliente} className="max-w-32" />,
    className: 'xl:hidden 2xl:table-cell',
    headerClassName: 'xl:hidden 2xl:table-cell',
  },
  {
    id: 'visitador',
    header: m.columns.visitador,
    cell: ({ row }) => <TruncatedText text={row.visitador} className="max-w-32" />,
  },
  {
    id: 'notas',
    header: m.columns.notas,
    // Takes the width left over, one line (the full note in a tooltip on hover and on focus).
    cell: ({ row }) => <TruncatedText text={row.notas} />,
    className: 'w-full max-w-0',
  },
];
