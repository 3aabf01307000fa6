import type { BadgeProps, BadgeTone } from '../badge/badge';
import { Badge } from '../badge/badge';

/** Known status words and their tones (keys in lower case). */
export const defaultStatusTones: Readonly<Record<string, BadgeTone>> = {
  activo: 'success',
  inactivo: 'neutral',
  pendiente: 'warning',
  enviado: 'success',
  asignada: 'info',
  agendada: 'warning',
  completada: 'success',
  cancelada: 'danger',
};

/** Tone of a status word, ignoring case and surrounding spaces; unknown words are `neutral`. */
export function statusTone(
  status: string | null | undefined,
  tones: Readonly<Record<string, BadgeTone>> = defaultStatusTones,
): BadgeTone {
  const key = (status ?? '').trim().toLocaleLowerCase('es-MX');
  return tones[key] ?? defaultStatusTones[key] ?? 'neutral';
}

export interface StatusBadgeProps extends Omit<BadgeProps, 'variant' | 'children'> {
  /** The status text, shown as given (e.g. 'Pendiente', 'completada'). */
  status: string;
  /** Extra or different tones, keyed by the status in lower case (e.g. `{ revisión: 'info' }`). */
  tones?: Readonly<Record<string, BadgeTone>>;
}

/** A Badge whose tone follows the status word: Activo, Pendiente, asignada, cancelada... */
export function StatusBadge({ status, tones, dot = true, ...props }: StatusBadgeProps) {
  return (
    <Badge data-slot="status-badge" variant={statusTone(status, tones)} dot={dot} {...props}>
      {status}
    </Badge>
  );
}
