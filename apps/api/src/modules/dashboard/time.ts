/** Calendar boundaries in Mexico's time zone (weeks start on Monday), as UTC instants. */

export const DASHBOARD_TIME_ZONE = 'America/Mexico_City';

/** Offset of `zone` at `instant`, in minutes east of UTC (Mexico City: -360). */
export function zoneOffsetMinutes(instant: Date, zone = DASHBOARD_TIME_ZONE): number {
  const name =
    new Intl.DateTimeFormat('en-US', { timeZone: zone, timeZoneName: 'longOffset' })
      .formatToParts(instant)
      .find((p) => p.type === 'timeZoneName')?.value ?? 'GMT';
  const m = /GMT([+-])(\d{2}):?(\d{2})?/.exec(name);
  if (!m) return 0;
  const minutes = Number(m[2]) * 60 + Number(m[3] ?? 0);
  return m[1] === '-' ? -minutes : minutes;
}

/** Local calendar date (y, m 1-12, d) of `instant` in `zone`. */
export function localDate(instant: Date, zone = DASHBOARD_TIME_ZONE): { y: number; m: number; d: number } {
  const shifted = new Date(instant.getTime() + zoneOffsetMinutes(instant, zone) * 60_000);
  return { y: shifted.getUTCFullYear(), m: shifted.getUTCMonth() + 1, d: shifted.getUTCDate() };
}

/** The UTC instant of local midnight of (y, m, d) in `zone`. */
export function localMidnight(y: number, m: number, d: number, zone = DASHBOARD_TIME_ZONE): Date {
  const guess = new Date(Date.UTC(y, m - 1, d));
  const offset = zoneOffsetMinutes(guess, zone);
  return new Date(guess.getTime() - offset * 60_000);
}

/** 'YYYY-MM-DD' of (y, m, d). */
export function isoDay(y: number, m: number, d: number): string {
  return `${y}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
}

export interface Week {
  /** Monday, 'YYYY-MM-DD' (local). */
  semana_inicio: string;
  start: Date;
  end: Date;
}

/** The last `count` weeks (Monday to Monday), oldest first; the last one contains `now`. */
export function lastWeeks(now: Date, count: number, zone = DASHBOARD_TIME_ZONE): Week[] {
  const today = localDate(now, zone);
  const todayUtc = new Date(Date.UTC(today.y, today.m - 1, today.d));
  const weekday = (todayUtc.getUTCDay() + 6) % 7; // Monday = 0
  const weeks: Week[] = [];
  for (let i = count - 1; i >= 0; i--) {
    const monday = new Date(todayUtc.getTime() - (weekday + 7 * i) * 86_400_000);
    const next = new Date(monday.getTime() + 7 * 86_400_000);
    weeks.push({
      semana_inicio: isoDay(monday.getUTCFullYear(), monday.getUTCMonth() + 1, monday.getUTCDate()),
      start: localMidnight(monday.getUTCFullYear(), monday.getUTCMonth() + 1, monday.getUTCDate(), zone),
      end: localMidnight(next.getUTCFullYear(), next.getUTCMonth() + 1, next.getUTCDate(), zone),
    });
  }
  return weeks;
}

/** [start, end) of a local calendar year. */
export function yearRange(year: number, zone = DASHBOARD_TIME_ZONE): { start: Date; end: Date } {
  return { start: localMidnight(year, 1, 1, zone), end: localMidnight(year + 1, 1, 1, zone) };
}
