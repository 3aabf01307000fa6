/** Tooltip of the charts: a colour swatch, the label and the formatted value. */
export function ChartTooltip({ color, label, value }: { color: string; label: string; value: string }) {
  return (
    <div className="flex items-center gap-2 rounded-md border border-line bg-surface px-2.5 py-1.5 text-xs text-ink shadow-md">
      <span aria-hidden="true" className="size-2.5 rounded-sm" style={{ backgroundColor: color }} />
      <span>{label}:</span>
      <strong className="font-semibold tabular-nums">{value}</strong>
    </div>
  );
}
