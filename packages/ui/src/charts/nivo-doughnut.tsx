// Drawing of `DoughnutChart` on @nivo/pie; loaded on demand (default export for `lazy()`).
import { Pie } from '@nivo/pie';
import { CHART_COLORS, chartTheme } from './chart-theme';
import { ChartTooltip } from './chart-tooltip';
import type { DoughnutChartDatum } from './doughnut-chart';

export interface NivoDoughnutProps {
  data: readonly DoughnutChartDatum[];
  width: number;
  height: number;
  animate: boolean;
  formatValue: (value: number) => string;
}

export default function NivoDoughnut({ data, width, height, animate, formatValue }: NivoDoughnutProps) {
  return (
    <Pie<DoughnutChartDatum>
      data={data}
      width={width}
      height={height}
      margin={{ top: 8, right: 8, bottom: 8, left: 8 }}
      innerRadius={0.62}
      padAngle={1}
      cornerRadius={3}
      activeOuterRadiusOffset={6}
      colors={CHART_COLORS}
      borderWidth={0}
      enableArcLabels={false}
      enableArcLinkLabels={false}
      valueFormat={formatValue}
      theme={chartTheme}
      animate={animate}
      role="presentation"
      tooltip={({ datum }) => (
        <ChartTooltip color={datum.color} label={String(datum.label)} value={datum.formattedValue} />
      )}
    />
  );
}
