import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { cssVar, tokens } from './tokens';

/** The published theme (theme.css) and the typed `tokens` export are the same data. */
const css = readFileSync(path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'theme.css'), 'utf8');

/** `--name: value;` declarations of the block that starts at `opener` (up to its first `}`). */
function declarations(opener: string): Record<string, string> {
  const start = css.indexOf(opener);
  if (start < 0) throw new Error(`${opener} no está en theme.css`);
  const body = css.slice(start + opener.length, css.indexOf('}', start));
  return Object.fromEntries(
    [...body.matchAll(/--([\w-]+):\s*([^;]+);/g)].map((match) => [
      match[1] as string,
      (match[2] as string).trim(),
    ]),
  );
}

const prefixed = (colors: Record<string, string>) =>
  Object.fromEntries(Object.entries(colors).map(([name, value]) => [`color-${name}`, value]));

describe('theme.css and tokens', () => {
  it('the light @theme declares every token with its typed value (brand-200 included)', () => {
    const light = declarations('@theme static {');
    expect(light).toEqual({
      'font-sans': tokens.font.sans,
      ...prefixed(tokens.color.light),
      'radius-control': tokens.radius.control,
      'animate-table-progress': 'table-progress 1.2s ease-in-out infinite',
    });
  });

  it('the dark theme redefines every colour token with its typed value', () => {
    expect(declarations('.dark {')).toEqual(prefixed(tokens.color.dark));
  });

  it('cssVar names the CSS variable', () => {
    expect(cssVar('brand-200')).toBe('var(--color-brand-200)');
  });
});
