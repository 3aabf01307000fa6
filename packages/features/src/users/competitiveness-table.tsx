import {
  Avatar,
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
  DataTable,
  type DataTableColumn,
  type DataTableSort,
  ErrorState,
  Pager,
  Skeleton,
} from '@socio/ui';
import { useMemo, useReducer } from 'react';
import { CompletionBadge } from './completion-badge';
import { usersMessages as m } from './messages.es';
import { useCompetitiveness, useCompletion30d } from './use-users';
import {
  COMPETITIVENESS_PAGE_SIZE,
  type CompetitivenessRow,
  type CompetitivenessSortColumn,
  formatPercent,
  paginate,
  sortCompetitiveness,
  type TableState,
  tableReducer,
} from './users.model';

const columns: DataTableColumn<CompetitivenessRow>[] = [
  {
    id: 'name',
    header: m.compColumns.visitor,
    cell: ({ row }) => (
      <span className="flex items-center gap-2">
        <Avatar size="sm" name={row.name} src={row.avatar} decorative />
        <span data-slot="visitor-name" className="whitespace-nowrap font-medium text-ink">
          {row.name}
        </span>
      </span>
    ),
  },
  { id: 'assignments', header: m.compColumns.assignments, type: 'number' },
  { id: 'studiesCompleted', header: m.compColumns.studiesCompleted, type: 'number' },
  {
    id: 'completionPercentage',
    header: m.compColumns.completion,
    cell: ({ row }) => <CompletionBadge band={row.band} percentText={row.percentText} />,
  },
  {
    id: 'averageResponseDays',
    header: m.compColumns.averageDays,
    align: 'end',
    cell: ({ row }) => <span className="tabular-nums">{row.daysText}</span>,
  },
];

const initialState: TableState<CompetitivenessSortColumn> = { query: '', sort: null, page: 1 };

/** 'Competitividad por visitador': 5 per page, completion colour band with its name, days or 'N/A'. */
export function CompetitivenessTable() {
  const stats = useCompetitiveness(m.notAvailable);
  const completion = useCompletion30d();
  const [state, dispatch] = useReducer(tableReducer<CompetitivenessSortColumn>, initialState);
  const sorted = useMemo(() => sortCompetitiveness(stats.data ?? [], state.sort), [stats.data, state.sort]);
  const page = paginate(sorted, state.page, COMPETITIVENESS_PAGE_SIZE);
  const sorting: DataTableSort | null = state.sort
    ? { id: state.sort.column, desc: state.sort.direction === 'desc' }
    : null;

  return (
    <Card data-slot="competitiveness">
      <CardHeader>
        <CardTitle as="h2" id="competitiveness-title">
          {m.competitivenessTitle}
        </CardTitle>
        <CompletionSummary status={completion.status} value={completion.data} />
        <CardDescription>{m.competitivenessDescription}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-3">
        {stats.isError ? (
          <ErrorState
            size="sm"
            message={m.competitivenessError}
            onRetry={() => void stats.refetch()}
            retrying={stats.isFetching}
          />
        ) : (
          <>
            <DataTable
              caption={m.competitivenessTitle}
              captionHidden
              data={page.rows}
              columns={columns}
              getRowId={(row) => String(row.id)}
              sortable
              manualSorting
              sorting={sorting}
              onSortingChange={(next) => {
                const column = (next?.id ?? state.sort?.column) as CompetitivenessSortColumn | undefined;
                if (column) dispatch({ type: 'sort', column });
              }}
              rowIndexOffset={(page.page - 1) * COMPETITIVENESS_PAGE_SIZE}
              totalRowCount={sorted.length}
              loading={stats.isPending}
              loadingLabel={m.competitivenessLoading}
              emptyMessage={m.competitivenessEmpty}
            />
            {sorted.length > COMPETITIVENESS_PAGE_SIZE ? (
              <Pager
                aria-label={m.competitivenessPager}
                page={page.page}
                pageSize={COMPETITIVENESS_PAGE_SIZE}
                total={sorted.length}
                onPageChange={(next) => dispatch({ type: 'page', page: next })}
              />
            ) : null}
          </>
        )}
      </CardContent>
    </Card>
  );
}

function CompletionSummary({
  status,
  value,
}: {
  status: 'pending' | 'error' | 'success';
  value: number | undefined;
}) {
  if (status === 'error') return null;
  return (
    <div className="flex items-center gap-2 text-sm">
      <span className="text-ink-muted">{m.completion30d}:</span>
      {status === 'pending' || value === undefined ? (
        <Skeleton className="h-4 w-12" />
      ) : (
        <span className="font-semibold text-ink tabular-nums">{formatPercent(value)}</span>
      )}
    </div>
  );
}
