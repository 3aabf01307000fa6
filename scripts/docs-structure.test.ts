/**
 * The maps stay true: every API module (a folder of apps/api/src/modules) and every folder of
 * packages/features/src is named in docs/architecture.md's package map and in the README's
 * «Estructura», in the entry of its own package. A new module or feature that the docs do not
 * mention fails here (entregas and clientes were missing from both).
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const folders = (dir: string) =>
  readdirSync(path.join(root, dir), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .sort();

/** The text of a package's entry in a code-block map: its line and the indented lines under it. */
function entryOf(doc: string, packagePath: string): string {
  const lines = doc.split('\n');
  const start = lines.findIndex((line) => line.startsWith(`${packagePath} `));
  if (start < 0) throw new Error(`${packagePath} no aparece en el mapa`);
  const entry = [lines[start]];
  for (const line of lines.slice(start + 1)) {
    if (!line.startsWith(' ')) break;
    entry.push(line);
  }
  return entry.join(' ');
}

const missing = (entry: string, names: string[]) =>
  names.filter((name) => !new RegExp(`\\b${name}\\b`).test(entry));

const docs = {
  'docs/architecture.md': readFileSync(path.join(root, 'docs/architecture.md'), 'utf8'),
  'README.md': readFileSync(path.join(root, 'README.md'), 'utf8'),
};

describe.each(Object.entries(docs))('%s names every module and feature', (_file, doc) => {
  it('every folder of apps/api/src/modules, in the apps/api entry', () => {
    const modules = folders('apps/api/src/modules');
    expect(modules.length).toBeGreaterThan(0);
    expect(missing(entryOf(doc, 'apps/api'), modules)).toEqual([]);
  });

  it('every folder of packages/features/src, in the packages/features entry', () => {
    const features = folders('packages/features/src').filter((name) => name !== 'testing');
    expect(features.length).toBeGreaterThan(0);
    expect(missing(entryOf(doc, 'packages/features'), features)).toEqual([]);
  });
});
