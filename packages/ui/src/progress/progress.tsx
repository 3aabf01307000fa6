import { cn } from '../lib/cn';

export interface ProgressProps {
  /** Accessible name of the bar, e.g. 'Progreso de la lectura del archivo'. */
  label: string;
  /** Done so far, 0–1 (clamped); null: under way with no measure (indeterminate: no `aria-valuenow`). */
  fraction: number | null;
  /** Visible line under the bar, also its `aria-valuetext` (e.g. 'Procesando archivo... 40%'). */
  text: string;
  className?: string;
}

/** A progress bar (`role="progressbar"`, 0–100, or indeterminate) with a line of text under it. */
export function Progress({ label, fraction, text, className }: ProgressProps) {
  const percent = fraction === null ? null : Math.round(Math.min(1, Math.max(0, fraction)) * 100);
  return (
    <div data-slot="progress" className={cn('flex flex-col gap-1', className)}>
      <div
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent ?? undefined}
        aria-valuetext={text}
        className="h-2 w-full overflow-hidden rounded-full bg-line"
      >
        {/* The bar steps from one report to the next, with no transition: a transition of its width laid the page
            out and painted it on every frame (about 36 a second while a file was processed, a report every few
            hundred milliseconds), and even a composited one kept the compositor drawing frames most of the time.
            That CPU was taken from the processing the bar reports on. It moves by `transform` (no layout). */}
        <div
          data-slot="progress-indicator"
          className={cn(
            'h-full w-full rounded-full bg-brand-600',
            percent === null && 'animate-pulse opacity-60',
          )}
          style={percent === null ? undefined : { transform: `translateX(${percent - 100}%)` }}
        />
      </div>
      <p aria-hidden="true" className="text-ink-muted text-sm tabular-nums">
        {text}
      </p>
    </div>
  );
}
