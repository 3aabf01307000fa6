import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import * as features from '../index';

const src = path.resolve(__dirname, '..');

/** Every source file of the features package that ships in the app (no tests, stories, fakes, port scenarios or testing/). */
function productionFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'testing' ? [] : productionFiles(full);
    if (!/\.tsx?$/.test(entry.name)) return [];
    if (/\.(test|stories|fake|scenarios)\.tsx?$|story-helpers\.tsx?$/.test(entry.name)) return [];
    return [full];
  });
}

describe('fakes stay off the production path', () => {
  it('the production barrel exports no fake, stub or demo data', () => {
    const leaked = Object.keys(features).filter((name) => /^(createFake|stub|demo|fake)/.test(name));
    expect(leaked).toEqual([]);
  });

  it('no production module imports a fake or @socio/features/testing', () => {
    const offenders = productionFiles(src).filter((file) =>
      /from '[^']*(\.fake|\/testing(\/[^']*)?|story-helpers)'/.test(readFileSync(file, 'utf8')),
    );
    expect(offenders.map((file) => path.relative(src, file))).toEqual([]);
  });
});
