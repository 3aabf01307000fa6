/**
 * Rules of the API's shape that the compiler alone does not hold: every domain error names a code of the
 * contracts' list, and the modules (apps/api/src/modules/<name>) reach each other only through functions
 * the owning module exposes.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { apiRoutes, ERROR_CODES } from '@socio/contracts';
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

/** `modules/<name>/…` → name; undefined outside the modules. */
const moduleOf = (rel: string) => /^modules\/([^/]+)\//.exec(rel)?.[1];

describe('module boundaries', () => {
  const moduleFiles = files.filter(({ rel }) => moduleOf(rel) !== undefined);

  it('reads every module (auth … users)', () => {
    const names = new Set(moduleFiles.map(({ rel }) => moduleOf(rel)));
    expect([...names].sort()).toEqual([
      'auth',
      'cargas',
      'catalogos',
      'dashboard',
      'entregas',
      'folios',
      'reportes',
      'users',
    ]);
  });

  it("no module imports another module's repo (it calls a function the owning module's service exposes)", () => {
    const crossings = moduleFiles.flatMap(({ rel, text }) =>
      [...text.matchAll(/from '\.\.\/([^/']+)\/repo'/g)]
        .filter((m) => m[1] !== moduleOf(rel))
        .map((m) => `${rel} → ${m[1]}/repo`),
    );
    expect(crossings).toEqual([]);
  });

  it('`type Db` is declared once, in db/schema.ts', () => {
    const declared = files.filter(({ text }) => /^\s*(export )?type Db\b/m.test(text)).map(({ rel }) => rel);
    expect(declared).toEqual(['db/schema.ts']);
  });

  it('one home each for the visitor-name SQL and iso() (db/fragments.ts)', () => {
    const nameSql = files.filter(({ text }) => /nombres \|\| ' '/.test(text)).map(({ rel }) => rel);
    expect(nameSql).toEqual(['db/fragments.ts']);
    const isoHomes = files
      .filter(({ text }) => /function iso\(|const iso = \(/.test(text))
      .map(({ rel }) => rel);
    expect(isoHomes).toEqual(['db/fragments.ts']);
  });

  it('rows become wire types in one layer: the repos (no toX mapper in a service)', () => {
    const mappers = moduleFiles
      .filter(({ rel }) => rel.endsWith('/repo.ts'))
      .flatMap(({ text }) => [...text.matchAll(/function (to[A-Z]\w*)\(/g)].map((m) => m[1]));
    expect(mappers.length).toBeGreaterThanOrEqual(5);
    const inServices = moduleFiles
      .filter(({ rel }) => rel.endsWith('/service.ts'))
      .flatMap(({ rel, text }) =>
        [...text.matchAll(/function (to[A-Z]\w*)\(/g)].map((m) => `${rel}: ${m[1]}`),
      );
    expect(inServices).toEqual([]);
  });

  it('one client lookup (catalogos) and one "is user X of role Y" query (users)', () => {
    const byName = files.filter(({ text }) => /lower\(nombre\)/.test(text)).map(({ rel }) => rel);
    expect(byName).toEqual(['modules/catalogos/repo.ts']);
    const oneUserOfRole = files
      .filter(({ text }) => /where\('id_usuario', '=', id\)\s*\.where\('rol'/.test(text))
      .map(({ rel }) => rel);
    expect(oneUserOfRole).toEqual(['modules/users/repo.ts']);
  });
});

describe('route table', () => {
  it('each group holds the calls of its URL prefix (sistema: /health)', () => {
    const misplaced = Object.entries(apiRoutes).flatMap(([group, calls]) =>
      Object.entries(calls)
        .filter(([, route]) =>
          group === 'sistema' ? route.path !== '/health' : !`${route.path}/`.startsWith(`/${group}/`),
        )
        .map(([name, route]) => `${group}.${name} ${route.path}`),
    );
    expect(misplaced).toEqual([]);
  });
});
