import { BarChart3 } from 'lucide-react';
import {
  type ComponentProps,
  type ReactNode,
  Suspense,
  useId,
  useLayoutEffect,
  useRef,
  useState,
  useSyncExternalStore,
} from 'react';
import { EmptyState } from '../empty-state/empty-state';
import { useUiMessages } from '../i18n/ui-provider';
import { cn } from '../lib/cn';
import { Skeleton } from '../skeleton/skeleton';
import { Spinner } from '../spinner/spinner';

/** Props shared by every chart. */
export interface ChartBaseProps extends Omit<ComponentProps<'figure'>, 'children' | 'title'> {
  /** Accessible name of the chart, shown as its caption unless `hideTitle`. */
  title: string;
  /** Keeps the title for assistive technology only (e.g. when a card already shows it). */
  hideTitle?: boolean;
  /** Height of the plot in px. */
  height?: number;
  /** Fixed width of the plot in px; by default it fills its container (measured). */
  width?: number;
  /** Shows a placeholder instead of the chart while its data loads. */
  loading?: boolean;
  /** Formats values on axes, tooltips and the summary. Defaults to es-MX number formatting. */
  formatValue?: (value: number) => string;
}

/** Width of an element, kept up to date with a ResizeObserver (0 until it has been laid out). */
function useMeasuredWidth(fixed: number | undefined) {
  const ref = useRef<HTMLDivElement>(null);
  const [measured, setMeasured] = useState(0);
  useLayoutEffect(() => {
    const element = ref.current;
    if (fixed !== undefined || !element) return;
    const measure = () => setMeasured(Math.floor(element.getBoundingClientRect().width));
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, [fixed]);
  return [ref, fixed ?? measured] as const;
}

const reducedMotionQuery = '(prefers-reduced-motion: reduce)';

/** Whether the user asked for reduced motion (charts then skip their animations). */
export function usePrefersReducedMotion(): boolean {
  return useSyncExternalStore(
    (onChange) => {
      const query = window.matchMedia?.(reducedMotionQuery);
      query?.addEventListener('change', onChange);
      return () => query?.removeEventListener('change', onChange);
    },
    () => window.matchMedia?.(reducedMotionQuery).matches ?? false,
    () => false,
  );
}

export interface ChartDataTableProps {
  caption: string;
  columns: readonly string[];
  rows: readonly (readonly string[])[];
}

/** The chart's values as a visually hidden table: what screen readers read instead of the drawing. */
export function ChartDataTable({ caption, columns, rows }: ChartDataTableProps) {
  // The wrapper hides it: `sr-only` on the <table> itself does not clip it (a table grows to fit its
  // cells), so the hidden table widened the page and made it scroll sideways on phones.
  return (
    <div className="sr-only">
      <table data-slot="chart-summary">
        <caption>{caption}</caption>
        <thead>
          <tr>
            {columns.map((column) => (
              <th key={column} scope="col">
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.join('\u0000')}>
              {row.map((cell, index) =>
                index === 0 ? (
                  // biome-ignore lint/suspicious/noArrayIndexKey: cells are positional
                  <th key={index} scope="row">
                    {cell}
                  </th>
                ) : (
                  // biome-ignore lint/suspicious/noArrayIndexKey: cells are positional
                  <td key={index}>{cell}</td>
                ),
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

interface ChartFrameProps extends Omit<ChartBaseProps, 'formatValue'> {
  /** Which chart, for `data-chart`. */
  kind: 'doughnut' | 'line' | 'bar';
  /** No data: shows 'Sin datos para mostrar'. */
  isEmpty: boolean;
  /** The visually hidden data table. */
  summary: ReactNode;
  /** Content under the plot (e.g. a legend). */
  footer?: ReactNode;
  /** Draws the plot once its width is known. */
  renderPlot: (size: { width: number; height: number }) => ReactNode;
}

function ChartPlaceholder({ height }: { height: number }) {
  const m = useUiMessages();
  return (
    <div data-slot="chart-loading" style={{ height }} className="relative">
      <Skeleton className="h-full rounded-[var(--radius-control)]" />
      <Spinner size="sm" label={m.chartLoading} className="absolute inset-0 justify-center" />
    </div>
  );
}

/**
 * The accessible shell of every chart: a `<figure>` named by its caption, the drawing hidden from
 * assistive technology (nivo's bare `svg role="img"` has no name) and a hidden table with the values.
 */
export function ChartFrame({
  kind,
  title,
  hideTitle = false,
  height = 280,
  width,
  loading = false,
  isEmpty,
  summary,
  footer,
  renderPlot,
  className,
  ...props
}: ChartFrameProps) {
  const m = useUiMessages();
  const titleId = useId();
  const [plotRef, plotWidth] = useMeasuredWidth(width);
  const state = loading ? 'loading' : isEmpty ? 'empty' : 'ready';

  let body: ReactNode;
  if (state === 'loading') body = <ChartPlaceholder height={height} />;
  else if (state === 'empty')
    body = (
      <EmptyState
        data-slot="chart-empty"
        size="sm"
        titleAs="p"
        icon={<BarChart3 />}
        title={m.chartEmpty}
        style={{ height }}
        className="rounded-[var(--radius-control)] border border-dashed border-line"
      />
    );
  else
    body = (
      <>
        <div
          ref={plotRef}
          aria-hidden="true"
          data-slot="chart-plot"
          style={{ height, width }}
          className="relative max-w-full"
        >
          {plotWidth > 0 ? (
            <Suspense fallback={<Skeleton style={{ height }} className="rounded-[var(--radius-control)]" />}>
              {renderPlot({ width: plotWidth, height })}
            </Suspense>
          ) : null}
        </div>
        {footer}
        {summary}
      </>
    );

  return (
    <figure
      data-slot="chart"
      data-chart={kind}
      data-state={state}
      aria-labelledby={titleId}
      aria-busy={loading || undefined}
      className={cn('m-0 flex min-w-0 flex-col gap-3', className)}
      {...props}
    >
      <figcaption id={titleId} className={cn('text-sm font-semibold text-ink', hideTitle && 'sr-only')}>
        {title}
      </figcaption>
      {body}
    </figure>
  );
}
