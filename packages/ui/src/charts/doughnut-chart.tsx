import { lazy } from 'react';
import { useUiMessages } from '../i18n/ui-provider';
import { formatNumber } from '../lib/format';
import { type ChartBaseProps, ChartDataTable, ChartFrame, usePrefersReducedMotion } from './chart-frame';
import { ChartLegend } from './chart-legend';
import { formatChartValue } from './chart-theme';

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
        <ChartLegend
          className="text-ink-muted"
          swatchClassName="size-2.5 rounded-sm"
          items={data.map((datum) => ({
            id: datum.id,
            content: (
              <>
                <span className="text-ink">{datum.label}</span>
                <span className="tabular-nums">{share(datum.value)}</span>
              </>
            ),
          }))}
        />
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
