import { lazy } from 'react';
import { useUiMessages } from '../i18n/ui-provider';
import { type ChartBaseProps, ChartDataTable, ChartFrame, usePrefersReducedMotion } from './chart-frame';
import { ChartLegend } from './chart-legend';
import { formatChartValue } from './chart-theme';

const NivoLine = lazy(() => import('./nivo-line'));

/** One point of a series: a category on the x axis (e.g. 'Sem 1') and its value. */
export interface LineChartPoint {
  x: string;
  /** `null` leaves a gap in the line. */
  y: number | null;
}

/** One line of the chart. */
export interface LineChartSeries {
  /** Stable id of the series. */
  id: string;
  /** Name shown in the legend, tooltip and summary. */
  label: string;
  data: readonly LineChartPoint[];
}

export interface LineChartProps extends ChartBaseProps {
  /** The lines. No point at all shows 'Sin datos para mostrar'. */
  series: readonly LineChartSeries[];
  /** Fixed value axis, e.g. `[0, 100]`; by default it fits the data. */
  yDomain?: readonly [number, number];
  /** Header of the x column in the summary table. Defaults to 'Categoría'. */
  xLabel?: string;
  /** Fills the area under each line. */
  area?: boolean;
}

/** Line chart over categories (weeks, months…) with a hidden data table for screen readers. */
export function LineChart({
  series,
  yDomain,
  xLabel,
  area = false,
  formatValue = formatChartValue,
  ...props
}: LineChartProps) {
  const m = useUiMessages();
  const reducedMotion = usePrefersReducedMotion();
  const xs = [...new Set(series.flatMap((line) => line.data.map((point) => point.x)))];
  const isEmpty = !series.some((line) => line.data.some((point) => point.y !== null));
  const labels = new Map(series.map((line) => [line.id, line.label]));

  return (
    <ChartFrame
      kind="line"
      isEmpty={isEmpty}
      renderPlot={(size) => (
        <NivoLine
          series={series.map((line) => ({ id: line.id, data: line.data.map((point) => ({ ...point })) }))}
          labels={labels}
          {...size}
          animate={!reducedMotion}
          area={area}
          yDomain={yDomain}
          formatValue={formatValue}
        />
      )}
      footer={
        series.length > 1 ? (
          <ChartLegend
            className="text-ink"
            swatchClassName="h-0.5 w-4 rounded"
            items={series.map((line) => ({ id: line.id, content: line.label }))}
          />
        ) : null
      }
      summary={
        <ChartDataTable
          caption={m.chartSummary(props.title)}
          columns={[xLabel ?? m.chartCategory, ...series.map((line) => line.label)]}
          rows={xs.map((x) => [
            x,
            ...series.map((line) => {
              const y = line.data.find((point) => point.x === x)?.y;
              return y == null ? m.emptyCell : formatValue(y);
            }),
          ])}
        />
      }
      {...props}
    />
  );
}
