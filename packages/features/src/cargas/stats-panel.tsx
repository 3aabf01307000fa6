import type { AssignmentStats } from '@socio/contracts';
import { Card, CardHeader, CardTitle, StatCard } from '@socio/ui';
import { useId } from 'react';
import { cargasMessages as m } from './messages.es';

const ORDER: (keyof AssignmentStats)[] = ['total', 'asignada', 'agendada', 'completada', 'cancelada'];

export interface StatsPanelProps {
  /** The figures; undefined while loading or after a failure. */
  stats: AssignmentStats | undefined;
  /** Skeletons instead of figures. */
  loading: boolean;
  /** The statistics could not be loaded: '-' rather than zeros that look real. */
  failed: boolean;
}

/** Side panel 'Estadísticas': Total Asignaciones, Asignadas, Agendadas, Completadas, Canceladas (es-MX numbers). */
export function StatsPanel({ stats, loading, failed }: StatsPanelProps) {
  const titleId = useId();
  return (
    <Card data-slot="cargas-stats" aria-labelledby={titleId} role="region" className="gap-3 p-4">
      <CardHeader className="p-0">
        <CardTitle as="h2" id={titleId}>
          {m.statsTitle}
        </CardTitle>
      </CardHeader>
      <div className="grid grid-cols-2 gap-3 lg:grid-cols-1">
        {ORDER.map((key) => (
          <StatCard
            key={key}
            data-stat={key}
            label={m.stats[key]}
            value={stats && !failed ? stats[key] : m.statsUnavailable}
            title={failed ? m.statsUnavailableHint : undefined}
            loading={loading}
            className="p-3 shadow-none [&_[data-slot=stat-card-value]]:text-2xl"
          />
        ))}
      </div>
    </Card>
  );
}
