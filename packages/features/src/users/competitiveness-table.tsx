import { COMPLETION_30D_DEFINITION } from '@socio/contracts';
import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
  DataTable,
  ErrorState,
  Skeleton,
} from '@socio/ui';
import { usersMessages as m } from './messages.es';
import { useCompetitiveness, useCompletion30d } from './use-users';
import { COMPETITIVENESS_PAGE_SIZE, type CompetitivenessRow, formatPercent } from './users.model';
import { competitivenessColumns } from './users-columns';

const NO_ROWS: CompetitivenessRow[] = [];

/** 'Competitividad por visitador': 5 per page, completion colour band with its name, days or 'N/A'. */
export function CompetitivenessTable() {
  const stats = useCompetitiveness(m.notAvailable);
  const completion = useCompletion30d();

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
          <DataTable
            caption={m.competitivenessTitle}
            captionHidden
            data={stats.data ?? NO_ROWS}
            columns={competitivenessColumns}
            getRowId={(row) => String(row.id)}
            sorting={{ allColumns: true }}
            pagination={{ pageSize: COMPETITIVENESS_PAGE_SIZE, label: m.competitivenessPager }}
            loading={stats.isPending}
            loadingLabel={m.competitivenessLoading}
            emptyMessage={m.competitivenessEmpty}
          />
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
      {/* The one definition of this figure (the same as Inicio's), as the label's tooltip. */}
      <span
        className="cursor-help text-ink-muted underline decoration-dotted"
        title={COMPLETION_30D_DEFINITION}
      >
        {m.completion30d}:
      </span>
      {status === 'pending' || value === undefined ? (
        <Skeleton className="h-4 w-12" />
      ) : (
        <span className="font-semibold text-ink tabular-nums">{formatPercent(value)}</span>
      )}
    </div>
  );
}
