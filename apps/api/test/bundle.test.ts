/**
 * The server's bundle (build.mjs) stays one-byte: V8 holds a module's source as long as it lives, at two bytes per
 * character as soon as one character is beyond Latin-1 (issue 21 item 6: 11.3 MB instead of 5.6 MB at rest).
 */
import path from 'node:path';
import { build } from 'esbuild';
import { describe, expect, it } from 'vitest';
// @ts-expect-error: build-options.mjs is plain JavaScript, shared with build.mjs.
import { BUNDLE_OPTIONS, toLatin1 } from '../build-options.mjs';

const beyondLatin1 = (text: string) => [...new Set(text.match(/[\u0100-\uffff]/g) ?? [])];

describe('the API bundle', () => {
  it('keeps characters beyond Latin-1 only in comments, which toLatin1 may rewrite', async () => {
    // The same bundle without comments (minifyWhitespace drops them, and nothing else that could hold text): what
    // is left is code, strings and regular expressions, which must carry no such character (charset 'ascii'
    // escapes them), so toLatin1's '?' never lands in anything the server runs.
    const result = await build({
      ...BUNDLE_OPTIONS,
      entryPoints: [path.resolve(__dirname, '../src/main.ts')],
      outdir: path.resolve(__dirname, '../dist-test-unused'),
      sourcemap: false,
      minifyWhitespace: true,
      write: false,
      logLevel: 'silent',
    });
    const main = result.outputFiles?.find((file) => file.path.endsWith('main.js'));
    expect(main?.text.length).toBeGreaterThan(0);
    expect(beyondLatin1(main?.text ?? '')).toEqual([]);
  });

  it('writes what is beyond Latin-1 in comments as one "?" per UTF-16 unit (the source map still lines up)', () => {
    expect(toLatin1('a /* 0–100 → ok; ñ stays */ b')).toBe('a /* 0?100 ? ok; ñ stays */ b');
    expect(toLatin1('// 😀')).toBe('// ??');
  });
});
