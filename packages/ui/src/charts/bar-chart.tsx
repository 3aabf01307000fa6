import { lazy } from 'react';
import { useUiMessages } from '../i18n/ui-provider';
import { type ChartBaseProps, ChartDataTable, ChartFrame, usePrefersReducedMotion } from './chart-frame';
import { formatChartValue } from './chart-theme';

const NivoBar = lazy(() => import('./nivo-bar'));

/** One bar: a category and its value. */
export interface BarChartDatum {
  label: string;
  value: number;
}

export interface BarChartProps extends ChartBaseProps {
  /** The bars, in order. Empty shows 'Sin datos para mostrar'. */
  data: readonly BarChartDatum[];
  /** Fixed value axis, e.g. `[0, 100]`; by default it runs from 0 to the largest value. */
  yDomain?: readonly [number, number];
  /** Header of the category column in the summary table. Defaults to 'Categoría'. */
  xLabel?: string;
  /** Header of the value column in the summary table. Defaults to 'Valor'. */
  valueLabel?: string;
}

/** Vertical bar chart with a hidden data table for screen readers. */
export function BarChart({
  data,
  yDomain,
  xLabel,
  valueLabel,
  formatValue = formatChartValue,
  ...props
}: BarChartProps) {
  const m = useUiMessages();
  const reducedMotion = usePrefersReducedMotion();
  return (
    <ChartFrame
      kind="bar"
      isEmpty={data.length === 0}
      renderPlot={(size) => (
        <NivoBar
          data={data.map((datum) => ({ label: datum.label, value: datum.value }))}
          {...size}
          animate={!reducedMotion}
          yDomain={yDomain}
          formatValue={formatValue}
        />
      )}
      summary={
        <ChartDataTable
          caption={m.chartSummary(props.title)}
          columns={[xLabel ?? m.chartCategory, valueLabel ?? m.chartValue]}
          rows={data.map((datum) => [datum.label, formatValue(datum.value)])}
        />
      }
      {...props}
    />
  );
}
