import { describe, expect, it } from 'vitest';
import { formatAddress, formatAddressOther } from './address';

describe('formatAddress', () => {
  it("formats 'calle, colonia, ciudad, estado, CP codigo_postal'", () => {
    expect(
      formatAddress({
        calle: 'Av. Eugenio Garza Sada 2501',
        colonia: 'Tecnológico',
        ciudad: 'Monterrey',
        estado: 'Nuevo León',
        codigo_postal: '64849',
      }),
    ).toBe('Av. Eugenio Garza Sada 2501, Tecnológico, Monterrey, Nuevo León, CP 64849');
  });

  it('leaves out empty parts instead of printing null', () => {
    expect(
      formatAddress({
        calle: 'Juárez 10',
        colonia: null,
        ciudad: ' ',
        estado: 'Jalisco',
        codigo_postal: 44100,
      }),
    ).toBe('Juárez 10, Jalisco, CP 44100');
    expect(formatAddress({ calle: 'Juárez 10' })).toBe('Juárez 10');
  });
});

describe('formatAddressOther', () => {
  it("formats 'calle, ciudad, state, CP codigo_postal'", () => {
    expect(
      formatAddressOther({ calle: 'Hidalgo 5', ciudad: 'Puebla', state: 'Puebla', codigo_postal: '72000' }),
    ).toBe('Hidalgo 5, Puebla, Puebla, CP 72000');
  });
});
