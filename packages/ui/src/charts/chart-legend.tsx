import type { ReactNode } from 'react';
import { cn } from '../lib/cn';
import { CHART_COLORS } from './chart-theme';

export interface ChartLegendProps {
  /** One entry a series or slice, in drawing order (entry `i` takes the `i`-th chart colour). */
  items: readonly { id: string; content: ReactNode }[];
  /** Shape of the colour swatch, e.g. a square for slices or a short line for lines. */
  swatchClassName: string;
  /** Class names of the list (e.g. its text colour). */
  className?: string;
}

/** The colour key under a chart; hidden from assistive technology, which reads the summary table. */
export function ChartLegend({ items, swatchClassName, className }: ChartLegendProps) {
  return (
    <ul
      aria-hidden="true"
      data-slot="chart-legend"
      className={cn('flex flex-wrap gap-x-4 gap-y-1 text-xs', className)}
    >
      {items.map((item, index) => (
        <li key={item.id} className="flex items-center gap-1.5">
          <span
            className={swatchClassName}
            style={{ backgroundColor: CHART_COLORS[index % CHART_COLORS.length] }}
          />
          {item.content}
        </li>
      ))}
    </ul>
  );
}
