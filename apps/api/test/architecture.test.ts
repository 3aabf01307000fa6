/**
 * Rules of the API's shape that the compiler alone does not hold: every domain error names a code of the
 * contracts' list, and the modules (apps/api/src/modules/<name>) reach each other only through functions
 * the owning module exposes.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { ERROR_CODES } from '@socio/contracts';
import { describe, expect, it } from 'vitest';

const src = path.resolve(__dirname, '../src');

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sources(full);
    return entry.name.endsWith('.ts') ? [full] : [];
  });
}

const files = sources(src).map((file) => ({
  rel: path.relative(src, file).split(path.sep).join('/'),
  text: readFileSync(file, 'utf8'),
}));

describe('domain errors carry a code of @socio/contracts', () => {
  // `fail(kind, code, detail)` and `new DomainError(kind, code, detail)` in the files that import them.
  const throws = files
    .filter(({ text }) => /from '(\.\.\/)+domain-errors'/.test(text))
    .flatMap(({ rel, text }) =>
      [...text.matchAll(/\b(fail|new DomainError)\(\s*([^,)]*)(?:,\s*([^,)]*))?/g)].map((m) => ({
        where: `${rel}: ${m[0]}`,
        code: m[3],
      })),
    );

  it('finds the throws (the scan reads the sources)', () => {
    expect(throws.length).toBeGreaterThan(50);
  });

  it('every throw names a literal code from ERROR_CODES', () => {
    const codes = new Set<string>(ERROR_CODES);
    const bad = throws.filter(
      (t) => !/^'[a-z_]+'$/.test(t.code ?? '') || !codes.has((t.code ?? '').slice(1, -1)),
    );
    expect(bad.map((t) => t.where)).toEqual([]);
  });

  it('codes are snake_case and declared once', () => {
    expect(ERROR_CODES.filter((c) => !/^[a-z]+(_[a-z]+)*$/.test(c))).toEqual([]);
    expect(new Set(ERROR_CODES).size).toBe(ERROR_CODES.length);
  });
});
