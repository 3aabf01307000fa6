import { describe, expect, it } from 'vitest';
import { plural } from './format';

const folios = { one: '{n} folio no tiene visitador', other: '{n} folios no tienen visitador' };

describe('plural', () => {
  it('given a count of 1 › it takes the singular form', () => {
    expect(plural(1, folios)).toBe('1 folio no tiene visitador');
  });

  it('given 0, 2 or thousands › it takes the plural form with the count grouped', () => {
    expect(plural(0, folios)).toBe('0 folios no tienen visitador');
    expect(plural(2, folios)).toBe('2 folios no tienen visitador');
    expect(plural(12_345, folios)).toBe('12,345 folios no tienen visitador');
  });
});
