/**
 * The text of a DateField ('dd/mm/aaaa', as a person in Mexico writes a date) and its value (ISO
 * 'YYYY-MM-DD', what the wire schemas take). Pure functions: the field and the forms that check it
 * share them.
 */

/** Characters a person may type between day, month and year. */
const SEPARATORS = new Set(['/', '-', '.', ' ']);
const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const DATE_TEXT = /^(\d{2})\/(\d{2})\/(\d{4})$/;

const isDigit = (ch: string) => ch >= '0' && ch <= '9';

/** Days in a month (1-12) of a year, by the Gregorian calendar. */
export function daysInMonth(year: number, month: number): number {
  if (month === 2) return year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0) ? 29 : 28;
  return [4, 6, 9, 11].includes(month) ? 30 : 31;
}

/** Whether day/month/year name a day that exists (years 1 to 9999). */
function exists(year: number, month: number, day: number): boolean {
  return year >= 1 && month >= 1 && month <= 12 && day >= 1 && day <= daysInMonth(year, month);
}

/** Whether `value` is an ISO date 'YYYY-MM-DD' of a day that exists. */
export function isIsoDate(value: string): boolean {
  const match = ISO_DATE.exec(value);
  return match !== null && exists(Number(match[1]), Number(match[2]), Number(match[3]));
}

/**
 * What a person typed, shaped as 'dd/mm/aaaa' while they type: digits only, '/' added between
 * day, month and year ('05032026' → '05/03/2026'), a separator after one digit pads it ('5/3/' →
 * '05/03/'), nothing past the year's four digits. A pasted ISO date becomes its text.
 */
export function maskDateText(raw: string): string {
  const trimmed = raw.trim();
  const iso = /^(\d{4})-(\d{1,2})-(\d{1,2})$/.exec(trimmed);
  if (iso) return `${iso[3]?.padStart(2, '0')}/${iso[2]?.padStart(2, '0')}/${iso[1]}`;
  const segments: string[] = [];
  let current = '';
  let endsWithSeparator = false;
  for (const ch of trimmed) {
    if (isDigit(ch)) {
      if (segments.length < 2 && current.length === 2) {
        segments.push(current);
        current = '';
      }
      if (segments.length === 2 && current.length === 4) break;
      current += ch;
      endsWithSeparator = false;
    } else if (SEPARATORS.has(ch) && segments.length < 2 && current !== '') {
      segments.push(current.padStart(2, '0'));
      current = '';
      endsWithSeparator = true;
    }
  }
  if (current !== '') segments.push(current);
  return segments.join('/') + (endsWithSeparator ? '/' : '');
}

/** The ISO date a whole 'dd/mm/aaaa' text names, or null (incomplete, or a day that does not exist). */
export function isoFromDateText(text: string): string | null {
  const match = DATE_TEXT.exec(text);
  if (!match) return null;
  const [, day = '', month = '', year = ''] = match;
  return exists(Number(year), Number(month), Number(day)) ? `${year}-${month}-${day}` : null;
}

/**
 * The value of a DateField for its text: the ISO date when the text names a real day, '' when
 * empty, else the text itself (so that a form can refuse it rather than lose what was typed).
 */
export function dateValueFromText(text: string): string {
  return isoFromDateText(text) ?? text;
}

/** The text a DateField shows for its value: 'dd/mm/aaaa' for an ISO date, else the value as it is. */
export function dateTextFromValue(value: string): string {
  const match = ISO_DATE.exec(value);
  return match ? `${match[3]}/${match[2]}/${match[1]}` : value;
}

/** What is wrong with a DateField value: nothing (empty or a real ISO date), `incomplete`, or `impossible` ('31/02/2026'). */
export type DateProblem = 'incomplete' | 'impossible' | null;

export function dateValueProblem(value: string): DateProblem {
  if (value === '' || isIsoDate(value)) return null;
  return DATE_TEXT.test(value) ? 'impossible' : 'incomplete';
}

/** The message for a DateField value that is not a date (undefined when it is fine). */
export function dateValueError(
  value: string,
  messages: { dateIncomplete: string; dateImpossible: (text: string) => string },
): string | undefined {
  const problem = dateValueProblem(value);
  if (problem === 'incomplete') return messages.dateIncomplete;
  if (problem === 'impossible') return messages.dateImpossible(value);
  return undefined;
}
