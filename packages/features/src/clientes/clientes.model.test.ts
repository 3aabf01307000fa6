import { describe, expect, it } from 'vitest';
import { newDestinatarioSchema, sameList } from './clientes.model';

/** What the 'Agregar correo' form would say about `value` (Spanish), or null when it accepts it. */
function destinatarioError(value: string, list: readonly string[]): string | null {
  const result = newDestinatarioSchema(list).safeParse({ email: value });
  return result.success ? null : (result.error.issues[0]?.message ?? null);
}

describe('newDestinatarioSchema', () => {
  it('accepts a new valid address, trimmed and lowercased', () => {
    expect(newDestinatarioSchema([]).parse({ email: '  Becas@UDEM.mx ' }).email).toBe('becas@udem.mx');
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
