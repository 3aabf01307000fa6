import { describe, expect, it } from 'vitest';
import { messagesEs } from '../i18n/messages.es';
import {
  dateTextFromValue,
  dateValueError,
  dateValueFromText,
  dateValueProblem,
  isIsoDate,
  maskDateText,
} from './date-text';

const typed = (keys: string) => [...keys].reduce((text, key) => maskDateText(text + key), '');

describe('maskDateText', () => {
  it('given digits typed one by one › it adds the slashes between day, month and year', () => {
    expect(typed('05032026')).toBe('05/03/2026');
    expect(typed('050')).toBe('05/0');
  });

  it('given the slashes typed too › it keeps them once', () => {
    expect(typed('05/03/2026')).toBe('05/03/2026');
    expect(typed('05/')).toBe('05/');
  });

  it('given a one-digit day or month followed by a separator › it pads it', () => {
    expect(typed('5/3/2026')).toBe('05/03/2026');
    expect(maskDateText('5-3-2026')).toBe('05/03/2026');
  });

  it('given letters or more than eight digits › it drops them', () => {
    expect(maskDateText('0a5b0320261')).toBe('05/03/2026');
  });

  it('given a pasted ISO date › it shows it as dd/mm/aaaa', () => {
    expect(maskDateText(' 2026-03-05 ')).toBe('05/03/2026');
  });

  it('given a backspace after a slash › it can be erased back to the day', () => {
    expect(maskDateText('05/')).toBe('05/');
    expect(maskDateText('05')).toBe('05');
  });
});

describe('value and text', () => {
  it('given a whole real day › the value is its ISO date, and back', () => {
    expect(dateValueFromText('05/03/2026')).toBe('2026-03-05');
    expect(dateTextFromValue('2026-03-05')).toBe('05/03/2026');
  });

  it('given a day that does not exist or a partial date › the value is the text, refused', () => {
    expect(dateValueFromText('31/02/2026')).toBe('31/02/2026');
    expect(dateValueProblem('31/02/2026')).toBe('impossible');
    expect(dateValueProblem('29/02/2027')).toBe('impossible');
    expect(dateValueProblem('05/03')).toBe('incomplete');
    expect(dateValueError('31/02/2026', messagesEs)).toBe('La fecha 31/02/2026 no existe');
    expect(dateValueError('05/03', messagesEs)).toBe('Fecha incompleta: escríbela como dd/mm/aaaa');
  });

  it('given empty or a real ISO date (29 February of a leap year) › nothing is wrong', () => {
    expect(dateValueProblem('')).toBeNull();
    expect(dateValueProblem('2028-02-29')).toBeNull();
    expect(isIsoDate('2100-02-29')).toBe(false);
    expect(isIsoDate('2000-02-29')).toBe(true);
  });
});
