// Drawing of `BarChart` on @nivo/bar; loaded on demand (default export for `lazy()`).
import { Bar } from '@nivo/bar';
import { CHART_COLORS, categoryTicks, chartTheme, valueCategoryAxes } from './chart-theme';
import { ChartTooltip } from './chart-tooltip';

type NivoBarDatum = { label: string; value: number };

export interface NivoBarProps {
  data: readonly NivoBarDatum[];
  width: number;
  height: number;
  animate: boolean;
  yDomain?: readonly [number, number];
  formatValue: (value: number) => string;
}

export default function NivoBar({ data, width, height, animate, yDomain, formatValue }: NivoBarProps) {
  const margin = { top: 12, right: 12, bottom: 32, left: 48 };
  const labels = data.map((datum) => datum.label);
  const bottomTicks = categoryTicks(
    labels,
    (width - margin.left - margin.right) / Math.max(labels.length, 1),
  );
  return (
    <Bar<NivoBarDatum>
      data={data}
      keys={['value']}
      indexBy="label"
      width={width}
      height={height}
      margin={margin}
      padding={0.35}
      valueScale={{ type: 'linear', min: yDomain?.[0] ?? 0, max: yDomain?.[1] ?? 'auto', clamp: true }}
      valueFormat={formatValue}
      {...valueCategoryAxes(yDomain, formatValue, bottomTicks)}
      colors={CHART_COLORS[0]}
      borderRadius={3}
      enableLabel={false}
      theme={chartTheme}
      animate={animate}
      role="presentation"
      tooltip={({ color, indexValue, formattedValue }) => (
        <ChartTooltip color={color} label={String(indexValue)} value={formattedValue} />
      )}
    />
  );
}
