import { describe, expect, it } from 'vitest';
import {
  normalizeUsername,
  shouldCheckUsername,
  USERNAME_MESSAGES,
  usernameError,
  usernameSchema,
} from './username';

describe('normalizeUsername', () => {
  it.each([
    ['Juan.Perez', 'juan.perez'],
    ['  juan perez  ', 'juanperez'],
    ['JUAN\tPE\nREZ', 'juanperez'],
    ['ana.lopez2', 'ana.lopez2'],
    ['', ''],
  ])('normalises %j to %j', (raw, expected) => {
    expect(normalizeUsername(raw)).toBe(expected);
  });
});

describe('usernameError', () => {
  it('asks for at least 3 characters after normalising', () => {
    expect(usernameError('ab')).toBe(USERNAME_MESSAGES.tooShort);
    expect(usernameError(' a b ')).toBe('El usuario debe tener al menos 3 caracteres');
  });

  it('accepts lowercase letters, digits and dots', () => {
    expect(usernameError('maria.garcia.01')).toBeNull();
    expect(usernameError('Maria Garcia')).toBeNull();
  });

  it.each(['juan_perez', 'juan-perez', 'josé', 'ana@mx', 'niño'])('rejects %j', (raw) => {
    expect(usernameError(raw)).toBe('Solo letras minúsculas, números y puntos, sin espacios');
  });

  it('rejects names over 50 characters', () => {
    expect(usernameError('a'.repeat(51))).toBe(USERNAME_MESSAGES.tooLong);
  });
});

describe('shouldCheckUsername', () => {
  it('checks availability from 3 normalised characters on', () => {
    expect(shouldCheckUsername('a b')).toBe(false);
    expect(shouldCheckUsername('a b c')).toBe(true);
  });
});

describe('usernameSchema', () => {
  it('outputs the normalised username', () => {
    expect(usernameSchema.parse('  Luis Hernandez ')).toBe('luishernandez');
  });

  it('fails with the Spanish rule message', () => {
    const short = usernameSchema.safeParse('Lu');
    expect(short.success).toBe(false);
    expect(short.error?.issues[0]?.message).toBe(USERNAME_MESSAGES.tooShort);
    const bad = usernameSchema.safeParse('luis_h');
    expect(bad.error?.issues[0]?.message).toBe(USERNAME_MESSAGES.invalidChars);
  });

  it('rejects non-strings', () => {
    expect(usernameSchema.safeParse(42).success).toBe(false);
    expect(usernameSchema.safeParse(null).success).toBe(false);
  });
});
