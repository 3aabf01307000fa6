import { ChevronLeft, ChevronRight } from 'lucide-react';
import { type KeyboardEvent, type Ref, useId, useState } from 'react';
import { useUiMessages } from '../i18n/ui-provider';
import { IconButton } from '../icon-button/icon-button';
import { cn } from '../lib/cn';
import { LOCALE } from '../lib/format';
import { isIsoDate } from './date-text';

const DAY_MS = 86_400_000;
const monthTitle = new Intl.DateTimeFormat(LOCALE, { month: 'long', year: 'numeric', timeZone: 'UTC' });
const dayName = new Intl.DateTimeFormat(LOCALE, { dateStyle: 'full', timeZone: 'UTC' });
const weekdayShort = new Intl.DateTimeFormat(LOCALE, { weekday: 'short', timeZone: 'UTC' });
const weekdayLong = new Intl.DateTimeFormat(LOCALE, { weekday: 'long', timeZone: 'UTC' });
/** Monday 2024-01-01 onwards: the column heads, Monday first. */
const WEEK = Array.from({ length: 7 }, (_, i) => new Date(Date.UTC(2024, 0, 1 + i)));

const isoOf = (time: number) => new Date(time).toISOString().slice(0, 10);
const timeOf = (iso: string) => Date.parse(`${iso}T00:00:00Z`);
const todayIso = () => {
  const now = new Date();
  return isoOf(Date.UTC(now.getFullYear(), now.getMonth(), now.getDate()));
};

/** The same day `months` later (clamped to the month's last day). */
function addMonths(iso: string, months: number): string {
  const date = new Date(timeOf(iso));
  const day = date.getUTCDate();
  const first = Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + months, 1);
  const last = new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + months + 1, 0)).getUTCDate();
  return isoOf(first + (Math.min(day, last) - 1) * DAY_MS);
}

/** The weeks (Monday to Sunday) that show the month of `iso`, as ISO days. */
function monthWeeks(iso: string): string[][] {
  const date = new Date(timeOf(iso));
  const first = Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), 1);
  const start = first - ((new Date(first).getUTCDay() + 6) % 7) * DAY_MS;
  const days = new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + 1, 0)).getUTCDate();
  const count = Math.ceil(((first - start) / DAY_MS + days) / 7);
  return Array.from({ length: count }, (_, week) =>
    Array.from({ length: 7 }, (_, day) => isoOf(start + (week * 7 + day) * DAY_MS)),
  );
}

/** The day a calendar key moves to from `iso`, or null for any other key. */
function dayAfterKey(key: string, iso: string): string | null {
  const time = timeOf(iso);
  const weekday = (new Date(time).getUTCDay() + 6) % 7;
  switch (key) {
    case 'ArrowLeft':
      return isoOf(time - DAY_MS);
    case 'ArrowRight':
      return isoOf(time + DAY_MS);
    case 'ArrowUp':
      return isoOf(time - 7 * DAY_MS);
    case 'ArrowDown':
      return isoOf(time + 7 * DAY_MS);
    case 'Home':
      return isoOf(time - weekday * DAY_MS);
    case 'End':
      return isoOf(time + (6 - weekday) * DAY_MS);
    case 'PageUp':
      return addMonths(iso, -1);
    case 'PageDown':
      return addMonths(iso, 1);
    default:
      return null;
  }
}

export interface DateCalendarProps {
  /** The chosen day (ISO), or anything else for none. */
  value: string;
  /** Called with the picked day (ISO). */
  onPick: (iso: string) => void;
  /** The day button that has the focus when the calendar opens. */
  focusRef?: Ref<HTMLButtonElement>;
}

/**
 * A month of days as a table of day buttons (after the WAI-ARIA date picker dialog): the arrows
 * move a day or a week, Home / End to the week's ends, Page Up / Page Down a month; Enter or Space
 * picks. One day button is in the tab order (the chosen day, else today); the chosen one is pressed.
 */
export function DateCalendar({ value, onPick, focusRef }: DateCalendarProps) {
  const messages = useUiMessages();
  const titleId = useId();
  const [active, setActive] = useState(() => (isIsoDate(value) ? value : todayIso()));
  const [focusActive, setFocusActive] = useState(false);
  const month = active.slice(0, 7);
  const today = todayIso();

  const move = (next: string) => {
    setActive(next);
    setFocusActive(true);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLTableElement>) => {
    const next = dayAfterKey(event.key, active);
    if (next === null) return;
    event.preventDefault();
    move(next);
  };

  return (
    <div data-slot="date-calendar" className="grid gap-2">
      <div className="flex items-center justify-between gap-2">
        <IconButton
          size="sm"
          label={messages.dateCalendarPrevious}
          onClick={() => setActive(addMonths(active, -1))}
        >
          <ChevronLeft aria-hidden="true" />
        </IconButton>
        <h2 id={titleId} aria-live="polite" className="font-medium text-sm first-letter:uppercase">
          {monthTitle.format(new Date(timeOf(active)))}
        </h2>
        <IconButton
          size="sm"
          label={messages.dateCalendarNext}
          onClick={() => setActive(addMonths(active, 1))}
        >
          <ChevronRight aria-hidden="true" />
        </IconButton>
      </div>
      <table aria-labelledby={titleId} onKeyDown={onKeyDown} className="w-full border-collapse text-sm">
        <thead>
          <tr>
            {WEEK.map((day) => (
              <th
                key={day.getTime()}
                scope="col"
                abbr={weekdayLong.format(day)}
                className="pb-1 font-normal text-ink-muted text-xs"
              >
                {weekdayShort.format(day).replace('.', '')}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {monthWeeks(active).map((week) => (
            <tr key={week[0]}>
              {week.map((day) => {
                const isActive = day === active;
                const chosen = day === value;
                return (
                  <td key={day} className="p-0.5 text-center">
                    <button
                      type="button"
                      tabIndex={isActive ? 0 : -1}
                      aria-label={dayName.format(new Date(timeOf(day)))}
                      aria-current={day === today ? 'date' : undefined}
                      aria-pressed={chosen}
                      data-outside={day.slice(0, 7) !== month || undefined}
                      ref={(node) => {
                        if (!isActive || !node) return;
                        if (focusActive && node !== document.activeElement) node.focus();
                        if (typeof focusRef === 'function') focusRef(node);
                        else if (focusRef) focusRef.current = node;
                      }}
                      onClick={() => onPick(day)}
                      className={cn(
                        'size-9 rounded-[var(--radius-control)] text-ink tabular-nums hover:bg-canvas focus-visible:outline-2 focus-visible:outline-brand-600 data-[outside]:text-ink-muted',
                        day === today && 'font-semibold underline',
                        chosen && 'bg-brand-600 text-white hover:bg-brand-700',
                      )}
                    >
                      {Number(day.slice(8))}
                    </button>
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
