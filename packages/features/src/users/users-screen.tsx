import {
  Avatar,
  Button,
  Card,
  DataTable,
  type DataTableColumn,
  type DataTableSort,
  ErrorState,
  Pager,
  SearchInput,
  StatusBadge,
} from '@socio/ui';
import { Pencil, UserPlus } from 'lucide-react';
import { useMemo, useReducer, useState } from 'react';
import { CompetitivenessTable } from './competitiveness-table';
import { usersMessages as m } from './messages.es';
import { useUsersList } from './use-users';
import { AddUserModal, EditUserModal } from './user-modals';
import {
  initialUsersTableState,
  USERS_PAGE_SIZE,
  type UserRow,
  type UserSortColumn,
  usersTableReducer,
  visibleUsers,
} from './users.model';

export interface UsersScreenProps {
  /** Administrador: may create and edit users. Otherwise the list is read-only (Supervisor). */
  canManage: boolean;
  /** Photo upload is 'temporalmente deshabilitada'; stories enable it to show its rules. */
  photoUpload?: boolean;
}

function userColumns(canManage: boolean, onEdit: (row: UserRow) => void): DataTableColumn<UserRow>[] {
  const columns: DataTableColumn<UserRow>[] = [
    {
      id: 'name',
      header: m.columns.name,
      cell: ({ row }) => (
        <span className="flex items-center gap-2">
          <Avatar size="sm" name={row.name} src={row.avatar} decorative />
          <span data-slot="user-name" className="whitespace-nowrap font-medium text-ink">
            {row.name}
          </span>
        </span>
      ),
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
        <Button variant="ghost" size="sm" aria-label={m.editUserOf(row.name)} onClick={() => onEdit(row)}>
          <Pencil aria-hidden="true" />
          {m.edit}
        </Button>
      ),
    });
  }
  return columns;
}

/** /socioeconomico/usuarios: the users table (search, sort, 5 per page), add/edit modals, visitor stats. */
export function UsersScreen({ canManage, photoUpload = false }: UsersScreenProps) {
  const users = useUsersList();
  const [state, dispatch] = useReducer(usersTableReducer, initialUsersTableState);
  const [adding, setAdding] = useState(false);
  const [editing, setEditing] = useState<UserRow | null>(null);
  const columns = useMemo(() => userColumns(canManage, setEditing), [canManage]);
  const view = useMemo(() => visibleUsers(users.data ?? [], state, USERS_PAGE_SIZE), [users.data, state]);
  const sorting: DataTableSort | null = state.sort
    ? { id: state.sort.column, desc: state.sort.direction === 'desc' }
    : null;
  const query = state.query.trim();

  return (
    <div data-slot="users-screen" className="grid grid-cols-1 gap-6">
      <header className="flex flex-wrap items-end justify-between gap-4">
        <div className="grid gap-1">
          <h1 className="font-semibold text-2xl text-ink">{m.pageTitle}</h1>
          {canManage ? null : <p className="text-ink-muted text-sm">{m.readOnlyNotice}</p>}
        </div>
        {canManage ? (
          <Button onClick={() => setAdding(true)}>
            <UserPlus aria-hidden="true" />
            {m.addUser}
          </Button>
        ) : null}
      </header>

      <Card className="gap-3">
        {users.isError ? (
          <ErrorState
            message={m.loadUsersError}
            retryLabel={m.retry}
            onRetry={() => void users.refetch()}
            retrying={users.isFetching}
          />
        ) : (
          <>
            <SearchInput
              label={m.searchLabel}
              placeholder={m.searchPlaceholder}
              value={state.query}
              onValueChange={(value) => dispatch({ type: 'search', query: value })}
              className="max-w-md"
            />
            <DataTable
              caption={m.usersTableLabel}
              captionHidden
              data={view.rows}
              columns={columns}
              getRowId={(row) => row.id}
              sortable
              manualSorting
              sorting={sorting}
              onSortingChange={(next) => {
                const column = (next?.id ?? state.sort?.column) as UserSortColumn | undefined;
                if (column) dispatch({ type: 'sort', column });
              }}
              rowIndexOffset={(view.page - 1) * USERS_PAGE_SIZE}
              totalRowCount={view.total}
              loading={users.isPending}
              loadingLabel={m.loadingUsers}
              emptyMessage={query ? m.noUsersMatch(query) : m.noUsers}
            />
            {view.total > 0 ? (
              <Pager
                aria-label={m.usersPager}
                page={view.page}
                pageSize={USERS_PAGE_SIZE}
                total={view.total}
                onPageChange={(page) => dispatch({ type: 'page', page })}
              />
            ) : null}
          </>
        )}
      </Card>

      <CompetitivenessTable />

      {canManage ? (
        <>
          <AddUserModal open={adding} onOpenChange={setAdding} photoUpload={photoUpload} />
          <EditUserModal user={editing} onClose={() => setEditing(null)} />
        </>
      ) : null}
    </div>
  );
}
