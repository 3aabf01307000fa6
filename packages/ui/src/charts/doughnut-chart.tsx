import { lazy } from 'react';
import { useUiMessages } from '../i18n/ui-provider';
import { formatNumber } from '../lib/format';
import { type ChartBaseProps, ChartDataTable, ChartFrame, usePrefersReducedMotion } from './chart-frame';
import { CHART_COLORS, formatChartValue } from './chart-theme';

const NivoDoughnut = lazy(() => import('./nivo-doughnut'));

/** One slice of the doughnut. */
export interface DoughnutChartDatum {
  /** Stable id of the slice. */
  id: string;
  /** Name shown in the legend, tooltip and summary. */
  label: string;
  /** Value of the slice (not a percentage: shares are computed). */
  value: number;
}

export interface DoughnutChartProps extends ChartBaseProps {
  /** The slices. Empty (or all zero) shows 'Sin datos para mostrar'. */
  data: readonly DoughnutChartDatum[];
}

/** Doughnut (share of a whole) with a legend and a hidden data table for screen readers. */
export function DoughnutChart({
  data,
  formatValue = formatChartValue,
  height = 240,
  ...props
}: DoughnutChartProps) {
  const m = useUiMessages();
  const reducedMotion = usePrefersReducedMotion();
  const total = data.reduce((sum, datum) => sum + Math.max(0, datum.value), 0);
  const share = (value: number) =>
    formatNumber(total > 0 ? value / total : 0, { style: 'percent', maximumFractionDigits: 1 });

  return (
    <ChartFrame
      kind="doughnut"
      height={height}
      isEmpty={total <= 0}
      renderPlot={(size) => (
        <NivoDoughnut data={data} {...size} animate={!reducedMotion} formatValue={formatValue} />
      )}
      footer={
        <ul
          aria-hidden="true"
          data-slot="chart-legend"
          className="flex flex-wrap gap-x-4 gap-y-1 text-xs text-ink-muted"
        >
          {data.map((datum, index) => (
            <li key={datum.id} className="flex items-center gap-1.5">
              <span
                className="size-2.5 rounded-sm"
                style={{ backgroundColor: CHART_COLORS[index % CHART_COLORS.length] }}
              />
              <span className="text-ink">{datum.label}</span>
              <span className="tabular-nums">{share(datum.value)}</span>
            </li>
          ))}
        </ul>
      }
      summary={
        <ChartDataTable
          caption={m.chartSummary(props.title)}
          columns={[m.chartCategory, m.chartValue, m.chartShare]}
          rows={data.map((datum) => [datum.label, formatValue(datum.value), share(datum.value)])}
        />
      }
      {...props}
    />
  );
}
