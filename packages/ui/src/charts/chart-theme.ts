// Colours and nivo theme of the charts. The series colours are hex values (nivo derives darker/lighter
// shades with d3-color, which cannot read CSS variables); text, axes and grid follow the theme tokens
// through CSS variables (nivo sets them as inline styles), so they turn light in the dark theme.
import { formatNumber } from '../lib/format';
import { cssVar } from '../theme/tokens';

/** Categorical palette, each colour with at least 3:1 contrast on white. */
export const CHART_COLORS = ['#1f55c0', '#0e7490', '#b45309', '#047857', '#7c3aed', '#be185d', '#4b5563'];

export const chartTheme = {
  background: 'transparent',
  text: {
    fontFamily: 'var(--font-sans)',
    fontSize: 12,
    fill: cssVar('ink-muted'),
  },
  axis: {
    domain: { line: { stroke: cssVar('line'), strokeWidth: 1 } },
    ticks: {
      line: { stroke: cssVar('line'), strokeWidth: 1 },
      text: { fill: cssVar('ink-muted'), fontSize: 12 },
    },
    legend: { text: { fill: cssVar('ink'), fontSize: 12 } },
  },
  grid: { line: { stroke: cssVar('line'), strokeWidth: 1, strokeOpacity: 0.6 } },
  crosshair: { line: { stroke: cssVar('ink'), strokeWidth: 1, strokeOpacity: 0.35 } },
};

/** Default value format of axes, tooltips and summaries: es-MX grouping. */
export const formatChartValue = (value: number): string => formatNumber(value);

/** Ticks for a value axis: five when the domain is fixed (0, 20, … 100), nivo's own otherwise. */
export function valueTicks(domain: readonly [number, number] | undefined): number[] | number {
  if (!domain) return 5;
  const [min, max] = domain;
  const step = (max - min) / 5;
  return Array.from({ length: 6 }, (_, index) => min + step * index);
}

/** Rough width of one character of a 12 px tick label, and the free space wanted between labels. */
const TICK_CHAR_WIDTH = 6.5;
const TICK_GAP = 8;

/**
 * Category-axis ticks that do not collide: every category while their labels fit in `spacing`
 * (pixels between two ticks), otherwise every 2nd, 3rd… counted back from the last category so the
 * newest one (e.g. this week) always keeps its label. `undefined` means "all" (nivo's default).
 */
export function categoryTicks(categories: readonly string[], spacing: number): string[] | undefined {
  if (categories.length <= 1) return undefined;
  const longest = Math.max(...categories.map((category) => category.length));
  const needed = longest * TICK_CHAR_WIDTH + TICK_GAP;
  if (spacing >= needed) return undefined;
  const step = Math.ceil(needed / Math.max(spacing, 1));
  const last = categories.length - 1;
  return categories.filter((_, index) => (last - index) % step === 0);
}

/**
 * Axes of the bar and line drawings: the values on the left (formatted, grid lines on the same ticks)
 * and the categories below, labelled at `categoryTickValues` (all when undefined).
 */
export function valueCategoryAxes(
  yDomain: readonly [number, number] | undefined,
  formatValue: (value: number) => string,
  categoryTickValues: string[] | undefined,
) {
  const ticks = valueTicks(yDomain);
  return {
    axisLeft: {
      tickSize: 0,
      tickPadding: 8,
      tickValues: ticks,
      format: (value: unknown) => formatValue(Number(value)),
    },
    axisBottom: { tickSize: 0, tickPadding: 10, tickValues: categoryTickValues },
    gridYValues: ticks,
  };
}
