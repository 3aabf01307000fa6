import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const manifest = JSON.parse(readFileSync(path.resolve(__dirname, '../package.json'), 'utf8')) as {
  exports: Record<string, unknown>;
  publishConfig: { exports: Record<string, unknown> };
};

describe('the @socio/ui entry points', () => {
  it('are the same in the workspace and in the published package (testing stays unpublished)', () => {
    const workspace = Object.keys(manifest.exports).filter((entry) => entry !== './testing');
    const published = Object.keys(manifest.publishConfig.exports).filter(
      (entry) => entry !== './package.json',
    );
    expect(workspace.sort()).toEqual(published.sort());
  });
});
