import { describe, expect, it } from 'vitest';
import { type ChunkInfo, routePreloads } from './preload-route';

const chunk = (fileName: string, imports: string[] = [], extra: Partial<ChunkInfo> = {}): ChunkInfo => ({
  type: 'chunk',
  fileName,
  imports,
  ...extra,
});
const bundleOf = (...items: ChunkInfo[]) => Object.fromEntries(items.map((item) => [item.fileName, item]));

describe('routePreloads (modulepreload of the login route in index.html)', () => {
  const bundle = bundleOf(
    chunk('assets/index.js', ['assets/react.js']),
    chunk('assets/react.js'),
    chunk('assets/login.js', ['assets/index.js', 'assets/react.js', 'assets/form.js'], {
      facadeModuleId: '/repo/apps/backoffice/src/routes/login.tsx',
      viteMetadata: { importedCss: new Set(['assets/login.css']) },
    }),
    chunk('assets/form.js', ['assets/react.js', 'assets/query.js']),
    chunk('assets/query.js'),
    chunk('assets/charts.js', ['assets/react.js'], {
      facadeModuleId: '/repo/apps/backoffice/src/routes/inicio.tsx',
    }),
    { type: 'asset', fileName: 'assets/login.css' },
  );

  it("lists the route's chunk and its static imports, transitively, minus what the entry loads", () => {
    expect(routePreloads(bundle, 'assets/index.js', 'src/routes/login.tsx')).toEqual({
      modules: ['assets/login.js', 'assets/form.js', 'assets/query.js'],
      styles: ['assets/login.css'],
    });
  });

  it('fails the build when no chunk is the route (renamed or no longer lazy)', () => {
    expect(() => routePreloads(bundle, 'assets/index.js', 'src/routes/entrar.tsx')).toThrow(
      /ningún chunk corresponde a src\/routes\/entrar\.tsx/,
    );
  });
});
