import { TrendingDown, TrendingUp } from 'lucide-react';
import type { ComponentProps, ReactNode } from 'react';
import { Card } from '../card/card';
import { useUiMessages } from '../i18n/ui-provider';
import { cn } from '../lib/cn';
import { formatNumber } from '../lib/format';
import { Skeleton } from '../skeleton/skeleton';

/** A change against a previous period, in percentage points (12 → '12%'). */
export interface StatTrend {
  value: number;
  direction: 'up' | 'down';
}

export interface StatCardProps extends Omit<ComponentProps<'div'>, 'children'> {
  /** What is counted, e.g. 'Estudios activos'. */
  label: ReactNode;
  /** The figure: numbers are formatted for es-MX (12,345), strings are shown as given. */
  value: number | string;
  /** Optional change, shown with an arrow and announced as 'Aumento de 12%' / 'Disminución de 3%'. */
  trend?: StatTrend;
  /** Short context after the trend or value, e.g. 'vs. semana anterior'. */
  description?: ReactNode;
  /** Decorative icon in the corner. */
  icon?: ReactNode;
  /** Shows skeletons instead of the value (and 'Cargando...' to screen readers). */
  loading?: boolean;
}

/** An indicator card: label, big number, optional trend and icon. */
export function StatCard({
  label,
  value,
  trend,
  description,
  icon,
  loading = false,
  className,
  ...props
}: StatCardProps) {
  const messages = useUiMessages();
  const shown = typeof value === 'number' ? formatNumber(value) : value;
  const percent = trend
    ? formatNumber(Math.abs(trend.value) / 100, { style: 'percent', maximumFractionDigits: 1 })
    : '';
  const TrendIcon = trend?.direction === 'down' ? TrendingDown : TrendingUp;
  return (
    <Card
      data-slot="stat-card"
      aria-busy={loading || undefined}
      className={cn('gap-2 p-4', className)}
      {...props}
    >
      <div className="flex items-start justify-between gap-3">
        <p className="font-medium text-ink-muted text-sm">{label}</p>
        {icon ? (
          <span
            aria-hidden="true"
            className="flex size-9 shrink-0 items-center justify-center rounded-lg bg-brand-50 text-brand-700 [&_svg]:size-5"
          >
            {icon}
          </span>
        ) : null}
      </div>
      {loading ? (
        <>
          <Skeleton className="h-8 w-24" />
          <Skeleton className="h-4 w-32" />
          <span className="sr-only">{messages.loading}</span>
        </>
      ) : (
        <>
          <p data-slot="stat-card-value" className="font-semibold text-3xl text-ink tabular-nums">
            {shown}
          </p>
          {trend || description ? (
            <p className="flex flex-wrap items-center gap-x-1.5 text-sm">
              {trend ? (
                <span
                  data-slot="stat-card-trend"
                  data-direction={trend.direction}
                  className={cn(
                    'inline-flex items-center gap-1 font-medium',
                    trend.direction === 'up' ? 'text-success-700' : 'text-danger-700',
                  )}
                >
                  <TrendIcon aria-hidden="true" className="size-4" />
                  <span aria-hidden="true">{percent}</span>
                  <span className="sr-only">
                    {trend.direction === 'up'
                      ? messages.statTrendUp(percent)
                      : messages.statTrendDown(percent)}
                  </span>
                </span>
              ) : null}
              {description ? <span className="text-ink-muted">{description}</span> : null}
            </p>
          ) : null}
        </>
      )}
    </Card>
  );
}
