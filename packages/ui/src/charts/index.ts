/**
 * `@socio/ui/charts`: bar, line and doughnut charts on nivo. An entry point of its own so that apps
 * importing only `@socio/ui` never bundle nivo; each chart still loads nivo on demand (`lazy()`).
 */
export { BarChart, type BarChartDatum, type BarChartProps } from './bar-chart';
export type { ChartBaseProps } from './chart-frame';
export { DoughnutChart, type DoughnutChartDatum, type DoughnutChartProps } from './doughnut-chart';
export { LineChart, type LineChartPoint, type LineChartProps, type LineChartSeries } from './line-chart';
