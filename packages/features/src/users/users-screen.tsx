import { Button, Card, DataTable, ErrorState, SearchInput } from '@socio/ui';
import { UserPlus } from 'lucide-react';
import { useMemo, useRef, useState } from 'react';
import { CompetitivenessTable } from './competitiveness-table';
import { usersMessages as m } from './messages.es';
import { useUsersList } from './use-users';
import { AddUserModal, EditUserModal } from './user-modals';
import { searchUsers, USERS_PAGE_SIZE, type UserRow } from './users.model';
import { userColumns } from './users-columns';

export interface UsersScreenProps {
  /** Administrador: may create and edit users. Otherwise the list is read-only (Supervisor). */
  canManage: boolean;
  /** Photo upload is 'temporalmente deshabilitada'; stories enable it to show its rules. */
  photoUpload?: boolean;
}

/** /socioeconomico/usuarios: the users table (search, sort, 5 per page), add/edit modals, visitor stats. */
export function UsersScreen({ canManage, photoUpload = false }: UsersScreenProps) {
  const users = useUsersList();
  const [query, setQuery] = useState('');
  // The DataTable sorts and pages; the screen only filters, and a new search starts on page 1.
  const [page, setPage] = useState(1);
  const [adding, setAdding] = useState(false);
  const [editing, setEditing] = useState<UserRow | null>(null);
  // The buttons that open the modals: the focus returns to them when the modals close.
  const addButton = useRef<HTMLButtonElement>(null);
  const editButton = useRef<HTMLElement | null>(null);
  const columns = useMemo(
    () =>
      userColumns(canManage, (row, button) => {
        editButton.current = button;
        setEditing(row);
      }),
    [canManage],
  );
  const matching = useMemo(() => searchUsers(users.data ?? [], query), [users.data, query]);
  const needle = query.trim();

  return (
    <div data-slot="users-screen" className="grid grid-cols-1 gap-6">
      <header className="flex flex-wrap items-end justify-between gap-4">
        <div className="grid gap-1">
          <h1 className="font-semibold text-2xl text-ink">{m.pageTitle}</h1>
          {canManage ? null : <p className="text-ink-muted text-sm">{m.readOnlyNotice}</p>}
        </div>
        {canManage ? (
          <Button ref={addButton} onClick={() => setAdding(true)}>
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
              value={query}
              onValueChange={(value) => {
                setQuery(value);
                setPage(1);
              }}
              className="max-w-md"
            />
            <DataTable
              caption={m.usersTableLabel}
              captionHidden
              cardsBelow="sm"
              data={matching}
              columns={columns}
              getRowId={(row) => row.id}
              sorting={{ allColumns: true }}
              pagination={{
                pageSize: USERS_PAGE_SIZE,
                page,
                onPageChange: setPage,
                resetOnSort: 'column-change',
                label: m.usersPager,
              }}
              loading={users.isPending}
              loadingLabel={m.loadingUsers}
              emptyMessage={needle ? m.noUsersMatch(needle) : m.noUsers}
            />
          </>
        )}
      </Card>

      <CompetitivenessTable />

      {canManage ? (
        <>
          <AddUserModal
            open={adding}
            onOpenChange={setAdding}
            photoUpload={photoUpload}
            returnFocusRef={addButton}
          />
          <EditUserModal user={editing} onClose={() => setEditing(null)} returnFocusRef={editButton} />
        </>
      ) : null}
    </div>
  );
}
