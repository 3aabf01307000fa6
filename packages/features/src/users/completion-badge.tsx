import { Badge } from '@socio/ui';
import { usersMessages as m } from './messages.es';
import type { CompletionBand } from './users.model';

/** Classes per band: green and red reuse the success/danger tones; yellow and orange have their own. */
const bandClasses: Record<CompletionBand, string> = {
  green: '',
  yellow: 'border-yellow-700/30 bg-yellow-50 text-yellow-800',
  orange: 'border-orange-700/30 bg-orange-50 text-orange-800',
  red: '',
};

const bandTone = { green: 'success', yellow: 'neutral', orange: 'neutral', red: 'danger' } as const;

export interface CompletionBadgeProps {
  /** The colour band; null when there is nothing to measure (the text is then 'N/A', no colour). */
  band: CompletionBand | null;
  /** The formatted percentage, e.g. '83.3%', or 'N/A'. */
  percentText: string;
}

/**
 * Completion percentage with its colour band AND the band's name (colour alone is not enough).
 * Without a band (no assignments in the last 30 days) just the plain 'N/A'.
 */
export function CompletionBadge({ band, percentText }: CompletionBadgeProps) {
  if (band === null) {
    return (
      <span data-slot="completion-na" className="text-ink-muted">
        {percentText}
      </span>
    );
  }
  return (
    <Badge variant={bandTone[band]} dot data-band={band} className={bandClasses[band]}>
      {m.bandLabel(percentText, m.bands[band])}
    </Badge>
  );
}
