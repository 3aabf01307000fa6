import { z } from 'zod';

/** Minimum username length. */
export const USERNAME_MIN_LENGTH = 3;
/** Maximum username length (keeps URLs and columns sane). */
export const USERNAME_MAX_LENGTH = 50;

export const USERNAME_MESSAGES = {
  tooShort: 'El usuario debe tener al menos 3 caracteres',
  tooLong: `El usuario debe tener como máximo ${USERNAME_MAX_LENGTH} caracteres`,
  invalidChars: 'Solo letras minúsculas, números y puntos, sin espacios',
} as const;

/** Only lowercase (ASCII) letters, digits and dots. */
export const USERNAME_PATTERN = /^[a-z0-9.]+$/;

/**
 * Normalise what a person typed into a username: lowercased, every whitespace removed, trimmed.
 * `'  Juan Perez '` → `'juanperez'`.
 */
export function normalizeUsername(raw: string): string {
  return raw.toLowerCase().replace(/\s+/g, '').trim();
}

/**
 * The first rule a (normalised) username breaks, or `null` when it is valid.
 * Takes raw text and normalises it first.
 */
export function usernameError(raw: string): string | null {
  const username = normalizeUsername(raw);
  if (username.length < USERNAME_MIN_LENGTH) return USERNAME_MESSAGES.tooShort;
  if (username.length > USERNAME_MAX_LENGTH) return USERNAME_MESSAGES.tooLong;
  if (!USERNAME_PATTERN.test(username)) return USERNAME_MESSAGES.invalidChars;
  return null;
}

/** Whether the availability check should run (spec: once it has 3 or more characters). */
export function shouldCheckUsername(raw: string): boolean {
  return normalizeUsername(raw).length >= USERNAME_MIN_LENGTH;
}

/** zod schema: accepts raw text, outputs the normalised username, fails with the Spanish rule messages. */
export const usernameSchema = z
  .string({ error: 'El usuario es obligatorio' })
  .transform(normalizeUsername)
  .pipe(
    z
      .string()
      .min(USERNAME_MIN_LENGTH, USERNAME_MESSAGES.tooShort)
      .max(USERNAME_MAX_LENGTH, USERNAME_MESSAGES.tooLong)
      .regex(USERNAME_PATTERN, USERNAME_MESSAGES.invalidChars),
  );
