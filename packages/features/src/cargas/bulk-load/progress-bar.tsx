import { cn } from '@socio/ui';

export interface ProgressBarProps {
  /** Accessible name of the bar. */
  label: string;
  /** Done so far, 0–1. */
  fraction: number;
  /** Visible line under the bar (also its `aria-valuetext`). */
  text: string;
  className?: string;
}

/** A determinate progress bar (`role="progressbar"`, 0–100) with a line of text. */
export function ProgressBar({ label, fraction, text, className }: ProgressBarProps) {
  const percent = Math.round(Math.min(1, Math.max(0, fraction)) * 100);
  return (
    <div data-slot="bulk-load-progress" className={cn('flex flex-col gap-1', className)}>
      <div
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        aria-valuetext={text}
        className="h-2 w-full overflow-hidden rounded-full bg-line"
      >
        <div
          className="h-full rounded-full bg-brand-600 transition-[width]"
          style={{ width: `${percent}%` }}
        />
      </div>
      <p aria-hidden="true" className="text-ink-muted text-sm tabular-nums">
        {text}
      </p>
    </div>
  );
}
