/**
 * The API's `dependencies` are what `npm start` runs (the built `dist/main.js`, see build.mjs): every package
 * the sources import is listed there, and nothing that only builds, tests or benches the API is.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const api = path.resolve(__dirname, '..');
const pkg = JSON.parse(readFileSync(path.join(api, 'package.json'), 'utf8')) as {
  scripts: Record<string, string>;
  dependencies: Record<string, string>;
  devDependencies: Record<string, string>;
};

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.(ts|js|mjs)$/.test(entry.name) ? [full] : [];
  });
}

/** The package names `src/` imports (not node:, not the workspace's own). */
function importedPackages(): string[] {
  const names = new Set<string>();
  for (const file of sourceFiles(path.join(api, 'src'))) {
    const text = readFileSync(file, 'utf8');
    for (const [, specifier] of text.matchAll(/(?:from|import\()\s*'([^'./][^']*)'/g)) {
      if (!specifier || specifier.startsWith('node:') || specifier.startsWith('@socio/')) continue;
      const parts = specifier.split('/');
      names.add(specifier.startsWith('@') ? parts.slice(0, 2).join('/') : (parts[0] ?? specifier));
    }
  }
  return [...names].sort();
}

describe('the API runtime dependencies', () => {
  it('list every package its sources import', () => {
    const missing = importedPackages().filter((name) => !(name in pkg.dependencies));
    expect(missing).toEqual([]);
  });

  it('hold no TypeScript loader, compiler or bundler: `npm start` runs the built bundle with plain node', () => {
    const tools = ['tsx', 'typescript', 'esbuild'].filter((name) => name in pkg.dependencies);
    expect(tools).toEqual([]);
    expect(pkg.scripts.start).toBe('node dist/main.js');
  });

  it('keep tsx for the source-run scripts and tests, as a devDependency', () => {
    expect(pkg.devDependencies).toHaveProperty('tsx');
  });
});
