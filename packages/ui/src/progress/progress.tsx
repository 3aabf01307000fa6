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
        <div
          data-slot="progress-indicator"
          className={cn(
            'h-full rounded-full bg-brand-600',
            percent === null ? 'w-full animate-pulse opacity-60' : 'transition-[width]',
          )}
          style={percent === null ? undefined : { width: `${percent}%` }}
        />
      </div>
      <p aria-hidden="true" className="text-ink-muted text-sm tabular-nums">
        {text}
      </p>
    </div>
  );
}
