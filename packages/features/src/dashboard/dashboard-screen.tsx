import {
  Badge,
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
  EmptyState,
  ErrorState,
  Skeleton,
  StatCard,
} from '@socio/ui';
import { Activity, CalendarCheck, CircleCheckBig, Inbox, Percent, Sparkles } from 'lucide-react';
import { lazy, Suspense } from 'react';
import { formatCount, formatPercent, isEmptyResumen } from './dashboard.model';
import type { DashboardResumen } from './dashboard.wire';
import { dashboardMessages as m } from './messages.es';
import { useDashboardResumen } from './use-dashboard';

// nivo is heavy: the charts are a separate chunk, fetched only when the dashboard renders.
const DashboardCharts = lazy(() => import('./dashboard-charts'));

export interface DashboardScreenProps {
  /** The numbers are the signed-in Visitador's own (the server scopes them); shows a note saying so. */
  ownOnly?: boolean;
}

/** Inicio (`APP_PATHS.inicio`): indicator cards, charts and the yearly summary, all from the database. */
export function DashboardScreen({ ownOnly = false }: DashboardScreenProps) {
  const query = useDashboardResumen();
  const resumen = query.data;
  return (
    <div data-slot="dashboard" className="grid grid-cols-1 gap-6">
      <header className="grid gap-1">
        <h1 className="font-semibold text-2xl text-ink">{m.title}</h1>
        <p className="text-ink-muted text-sm">{m.subtitle}</p>
        {ownOnly ? <p className="text-brand-800 text-sm">{m.ownOnly}</p> : null}
      </header>

      {query.isError ? (
        <Card>
          <ErrorState
            message={m.error}
            retryLabel={m.retry}
            onRetry={() => void query.refetch()}
            retrying={query.isFetching}
          />
        </Card>
      ) : (
        <>
          <Indicators resumen={resumen} />
          {!resumen ? (
            <ChartsSkeleton />
          ) : isEmptyResumen(resumen) ? (
            <Card>
              <EmptyState
                icon={<Inbox />}
                titleAs="h2"
                title={m.emptyTitle}
                description={m.emptyDescription}
              />
            </Card>
          ) : (
            <>
              <Suspense fallback={<ChartsSkeleton />}>
                <DashboardCharts resumen={resumen} />
              </Suspense>
              <YearlySummary resumen={resumen} />
            </>
          )}
        </>
      )}
      <PromoCard />
    </div>
  );
}

function Indicators({ resumen }: { resumen: DashboardResumen | undefined }) {
  const i = resumen?.indicadores;
  const loading = !i;
  return (
    <section aria-label={m.indicatorsLabel} className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
      <StatCard
        label={m.activeStudies}
        value={i ? formatCount(i.estudios_activos) : ''}
        description={m.activeStudiesHint}
        icon={<Activity />}
        loading={loading}
      />
      <StatCard
        label={m.completedThisWeek}
        value={i ? formatCount(i.completados_semana) : ''}
        description={m.weekHint}
        icon={<CircleCheckBig />}
        loading={loading}
      />
      <StatCard
        label={m.newThisWeek}
        value={i ? formatCount(i.nuevas_semana) : ''}
        description={m.weekHint}
        icon={<CalendarCheck />}
        loading={loading}
      />
      <StatCard
        // The one definition of this figure (the same label and tooltip as Usuarios').
        label={<Defined term={m.completion30d} definition={m.completion30dDefinition} />}
        value={i ? formatPercent(i.porcentaje_completado_30d) : ''}
        description={m.completion30dHint}
        icon={<Percent />}
        loading={loading}
      />
    </section>
  );
}

/** A term whose definition is its tooltip (as on Usuarios' 'Completado (últimos 30 días)'). */
function Defined({ term, definition }: { term: string; definition: string }) {
  return (
    <span className="cursor-help underline decoration-dotted" title={definition}>
      {term}
    </span>
  );
}

/** Placeholder of the three chart cards and the yearly table while data or the chart chunk loads. */
function ChartsSkeleton() {
  return (
    <div aria-busy="true" className="grid gap-4 lg:grid-cols-3">
      <span className="sr-only" role="status">
        {m.loadingCharts}
      </span>
      {[0, 1, 2].map((n) => (
        <Card key={n} className="gap-3">
          <Skeleton className="h-5 w-48" />
          <Skeleton className="h-56 w-full" />
        </Card>
      ))}
    </div>
  );
}

function YearlySummary({ resumen }: { resumen: DashboardResumen }) {
  const years = resumen.anual;
  const rows = [
    { label: m.received, definition: m.receivedDefinition, key: 'recibidos' },
    { label: m.assigned, definition: m.assignedDefinition, key: 'asignados' },
    { label: m.done, definition: m.doneDefinition, key: 'completados' },
    { label: m.cancelled, definition: m.cancelledDefinition, key: 'cancelados' },
  ] as const;
  return (
    <Card data-slot="dashboard-yearly">
      <CardHeader>
        <CardTitle as="h2" id="dashboard-yearly-title">
          {m.yearly}
        </CardTitle>
        <CardDescription>{m.yearlyDescription}</CardDescription>
      </CardHeader>
      <CardContent className="overflow-x-auto">
        <table aria-labelledby="dashboard-yearly-title" className="w-full text-sm">
          <thead>
            <tr className="border-line border-b text-start text-ink-muted">
              <th scope="col" className="py-2 pe-4 text-start font-medium">
                {m.yearlyStatus}
              </th>
              {years.map((y) => (
                <th key={y.anio} scope="col" className="py-2 ps-4 text-end font-medium">
                  {y.anio}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.key} className="border-line border-b last:border-0">
                <th scope="row" className="py-2 pe-4 text-start font-medium text-ink">
                  <Defined term={row.label} definition={row.definition} />
                </th>
                {years.map((y) => (
                  <td key={y.anio} className="py-2 ps-4 text-end text-ink tabular-nums">
                    {formatCount(y[row.key])}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </CardContent>
    </Card>
  );
}

function PromoCard() {
  return (
    <Card data-slot="dashboard-promo" className="border-brand-200 bg-brand-50">
      <CardHeader>
        <div className="flex items-center gap-2">
          <Sparkles aria-hidden="true" className="size-5 text-brand-700" />
          <CardTitle as="h2">{m.promoTitle}</CardTitle>
          <Badge variant="info">{m.promoBadge}</Badge>
        </div>
      </CardHeader>
      <CardContent className="grid gap-1">
        <p className="text-ink">{m.promoBody}</p>
        <p className="text-ink-muted">{m.promoFootnote}</p>
      </CardContent>
    </Card>
  );
}
