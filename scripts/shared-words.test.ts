/**
 * Words several screens show are declared once: 'Intentar de nuevo' and 'Cancelar' in @socio/ui's
 * messages (`messagesEs.retry`, `messagesEs.cancel`), the expired-session notice in
 * @socio/features' shared messages (`sharedMessages.sessionExpired`). Every other messages file
 * refers to them; a copy typed again fails here.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, it } from 'vitest';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** Every messages file (`messages.es.ts`, and the ui's sections `*.es.ts`) under `dir`. */
function messageFiles(dir: string): string[] {
  return readdirSync(path.join(root, dir), { recursive: true, encoding: 'utf8' })
    .filter((file) => /(^|\/)messages\.es\.ts$/.test(file) || /i18n\/sections\/[^/]+\.es\.ts$/.test(file))
    .map((file) => path.join(dir, file));
}

const HOMES: Record<string, string> = {
  'Intentar de nuevo': 'packages/ui/src/i18n/sections/primitives.es.ts',
  Cancelar: 'packages/ui/src/i18n/sections/primitives.es.ts',
  'Sesión expirada. Por favor, inicia sesión nuevamente.': 'packages/features/src/messages.es.ts',
};

it.each(Object.entries(HOMES))('%s is written once, in %s', (word, home) => {
  const files = [...messageFiles('packages/ui/src'), ...messageFiles('packages/features/src')];
  expect(files).toContain(home);
  const literal = new RegExp(`['"\`]${word.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}['"\`]`);
  const holders = files.filter((file) => literal.test(readFileSync(path.join(root, file), 'utf8')));
  expect(holders).toEqual([home]);
});
