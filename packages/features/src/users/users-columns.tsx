import { Avatar, Button, type DataTableColumn, StatusBadge } from '@socio/ui';
import { Pencil } from 'lucide-react';
import { CompletionBadge } from './completion-badge';
import { usersMessages as m } from './messages.es';
import type { CompetitivenessRow, UserRow } from './users.model';

/** A person's avatar (decorative) and name; `slot` names the name for tests and styles. */
function PersonName({ slot, name, avatar }: { slot: string; name: string; avatar: string | null }) {
  return (
    <span className="flex items-center gap-2">
      <Avatar size="sm" name={name} src={avatar} decorative />
      <span data-slot={slot} className="whitespace-nowrap font-medium text-ink">
        {name}
      </span>
    </span>
  );
}

/**
 * Columns of the users table. Every data column sorts on the client (the DataTable's Spanish
 * collation; ties keep the list's order); 'Acciones' (only for who may manage) does not.
 */
export function userColumns(
  canManage: boolean,
  onEdit: (row: UserRow, button: HTMLButtonElement) => void,
): DataTableColumn<UserRow>[] {
  const columns: DataTableColumn<UserRow>[] = [
    {
      id: 'name',
      header: m.columns.name,
      cell: ({ row }) => <PersonName slot="user-name" name={row.name} avatar={row.avatar} />,
    },
    { id: 'id', header: m.columns.id },
    { id: 'email', header: m.columns.email },
    { id: 'role', header: m.columns.role },
    { id: 'supervisor', header: m.columns.supervisor },
    {
      id: 'status',
      header: m.columns.status,
      cell: ({ row }) => <StatusBadge status={row.status} />,
    },
  ];
  if (canManage) {
    columns.push({
      id: 'actions',
      header: m.columns.actions,
      sortable: false,
      align: 'end',
      cell: ({ row }) => (
        <Button
          variant="ghost"
          size="sm"
          aria-label={m.editUserOf(row.name)}
          onClick={(event) => onEdit(row, event.currentTarget)}
        >
          <Pencil aria-hidden="true" />
          {m.edit}
        </Button>
      ),
    });
  }
  return columns;
}

/**
 * Columns of 'Competitividad por visitador'. Visitors without a completion or without average
 * days ('N/A') stay last whichever way those columns are sorted.
 */
export const competitivenessColumns: DataTableColumn<CompetitivenessRow>[] = [
  {
    id: 'name',
    header: m.compColumns.visitor,
    cell: ({ row }) => <PersonName slot="visitor-name" name={row.name} avatar={row.avatar} />,
  },
  { id: 'assignments', header: m.compColumns.assignments, type: 'number' },
  { id: 'studiesCompleted', header: m.compColumns.studiesCompleted, type: 'number' },
  {
    id: 'completionPercentage',
    header: m.compColumns.completion,
    sortEmptyLast: true,
    cell: ({ row }) => <CompletionBadge band={row.band} percentText={row.percentText} />,
  },
  {
    id: 'averageResponseDays',
    header: m.compColumns.averageDays,
    align: 'end',
    sortEmptyLast: true,
    cell: ({ row }) => <span className="tabular-nums">{row.daysText}</span>,
  },
];
