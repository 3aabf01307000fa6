// Drawing of `LineChart` on @nivo/line; loaded on demand (default export for `lazy()`).
import { Line } from '@nivo/line';
import { CHART_COLORS, categoryTicks, chartTheme, valueCategoryAxes } from './chart-theme';
import { ChartTooltip } from './chart-tooltip';

type NivoSeries = { id: string; data: { x: string; y: number | null }[] };

export interface NivoLineProps {
  series: readonly NivoSeries[];
  labels: ReadonlyMap<string, string>;
  width: number;
  height: number;
  animate: boolean;
  area: boolean;
  yDomain?: readonly [number, number];
  formatValue: (value: number) => string;
}

export default function NivoLine({
  series,
  labels,
  width,
  height,
  animate,
  area,
  yDomain,
  formatValue,
}: NivoLineProps) {
  const margin = { top: 12, right: 20, bottom: 32, left: 48 };
  const xs = [...new Set(series.flatMap((line) => line.data.map((point) => point.x)))];
  // A point scale puts the first and last category on the plot's edges: n - 1 gaps between ticks.
  const bottomTicks = categoryTicks(xs, (width - margin.left - margin.right) / Math.max(xs.length - 1, 1));
  return (
    <Line<NivoSeries>
      data={series}
      width={width}
      height={height}
      margin={margin}
      xScale={{ type: 'point' }}
      yScale={{ type: 'linear', min: yDomain?.[0] ?? 'auto', max: yDomain?.[1] ?? 'auto', stacked: false }}
      yFormat={(value) => formatValue(Number(value))}
      {...valueCategoryAxes(yDomain, formatValue, bottomTicks)}
      enableGridX={false}
      curve="monotoneX"
      colors={CHART_COLORS}
      lineWidth={2.5}
      pointSize={8}
      pointColor="#ffffff"
      pointBorderWidth={2}
      pointBorderColor={{ from: 'seriesColor' }}
      enableArea={area}
      areaOpacity={0.12}
      useMesh
      theme={chartTheme}
      animate={animate}
      role="presentation"
      tooltip={({ point }) => (
        <ChartTooltip
          color={point.seriesColor}
          label={`${labels.get(String(point.seriesId)) ?? point.seriesId} · ${point.data.xFormatted}`}
          value={point.data.yFormatted}
        />
      )}
    />
  );
}
