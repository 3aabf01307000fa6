/** es-MX formatting helpers (dates dd/mm/aaaa, numbers with es-MX grouping). */
export const LOCALE = 'es-MX';

const numberFormat = new Intl.NumberFormat(LOCALE);
const dateFormat = new Intl.DateTimeFormat(LOCALE, { day: '2-digit', month: '2-digit', year: 'numeric' });

export function formatNumber(value: number, options?: Intl.NumberFormatOptions): string {
  return options ? new Intl.NumberFormat(LOCALE, options).format(value) : numberFormat.format(value);
}

export function formatDate(value: Date | string | number): string {
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? '' : dateFormat.format(date);
}

const pluralRules = new Intl.PluralRules(LOCALE);

/** The words that go with a count, by es-MX plural rules: `one` for 1, `other` for the rest. */
export interface PluralForms {
  one: string;
  other: string;
}

/**
 * `forms.one` or `forms.other` by es-MX plural rules, with `{n}` replaced by the count formatted
 * (es-MX grouping): `plural(1, { one: '{n} folio', other: '{n} folios' })` → '1 folio'.
 */
export function plural(count: number, forms: PluralForms): string {
  const form = pluralRules.select(count) === 'one' ? forms.one : forms.other;
  return form.replaceAll('{n}', formatNumber(count));
}
