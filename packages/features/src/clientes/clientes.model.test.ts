import { describe, expect, it } from 'vitest';
import { destinatarioError, normalizeEmail, sameList } from './clientes.model';

describe('destinatarioError', () => {
  it('accepts a new valid address, trimmed and lowercased', () => {
    expect(normalizeEmail('  Becas@UDEM.mx ')).toBe('becas@udem.mx');
    expect(destinatarioError(' Becas@UDEM.mx ', [])).toBeNull();
  });
  it('refuses an invalid address, a repeated one and a 21st', () => {
    expect(destinatarioError('no-es-correo', [])).toBe('Ingresa un correo electrónico válido');
    expect(destinatarioError('A@b.mx', ['a@b.mx'])).toBe('Este correo ya está en la lista');
    const full = Array.from({ length: 20 }, (_, i) => `r${i}@b.mx`);
    expect(destinatarioError('nuevo@b.mx', full)).toBe('Máximo 20 destinatarios por cliente');
  });
});

describe('sameList', () => {
  it('compares in order', () => {
    expect(sameList(['a'], ['a'])).toBe(true);
    expect(sameList(['a', 'b'], ['b', 'a'])).toBe(false);
  });
});
