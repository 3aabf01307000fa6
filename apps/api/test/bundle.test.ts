/**
 * The server's bundle (build.mjs) stays one-byte: V8 holds a module's source as long as it lives, at two bytes per
 * character as soon as one character is beyond Latin-1 (issue 21 item 6: 11.3 MB instead of 5.6 MB at rest).
 */
import path from 'node:path';
import { build, type Metafile } from 'esbuild';
import { describe, expect, it } from 'vitest';
// @ts-expect-error: build-options.mjs is plain JavaScript, shared with build.mjs.
import { BUNDLE_OPTIONS } from '../build-options.mjs';

const beyondLatin1 = (text: string) => [...new Set(text.match(/[\u0100-\uffff]/g) ?? [])];

let built: Promise<Metafile> | undefined;
/** The server's bundle as build.mjs makes it, not written: what each output holds and imports (built once). */
async function bundleMap(): Promise<{
  outputs: Metafile['outputs'];
  main: Metafile['outputs'][string] | undefined;
}> {
  built ??= build({
    ...BUNDLE_OPTIONS,
    entryPoints: { main: path.resolve(__dirname, '../src/main.ts') },
    outdir: path.resolve(__dirname, '../dist-test-unused'),
    sourcemap: false,
    write: false,
    metafile: true,
    logLevel: 'silent',
  }).then((result) => result.metafile ?? { inputs: {}, outputs: {} });
  const { outputs } = await built;
  return { outputs, main: Object.entries(outputs).find(([file]) => file.endsWith('main.js'))?.[1] };
}

describe('the API bundle', () => {
  it('holds no character beyond Latin-1 (no comments; charset ascii escapes the rest)', async () => {
    const result = await build({
      ...BUNDLE_OPTIONS,
      entryPoints: [path.resolve(__dirname, '../src/main.ts')],
      outdir: path.resolve(__dirname, '../dist-test-unused'),
      sourcemap: false,
      write: false,
      logLevel: 'silent',
    });
    const main = result.outputFiles?.find((file) => file.path.endsWith('main.js'));
    expect(main?.text.length).toBeGreaterThan(0);
    // main.js and the chunks it imports when first needed (splitting).
    const code = (result.outputFiles ?? []).filter((file) => file.path.endsWith('.js'));
    expect(code.length).toBeGreaterThan(1);
    for (const file of code)
      expect([path.basename(file.path), beyondLatin1(file.text)]).toEqual([path.basename(file.path), []]);
  });

  it('leaves what a start does not need (pdf-lib, nodemailer) out of main.js, for the first request that needs it', async () => {
    const { outputs, main } = await bundleMap();
    const packages = (inputs: Record<string, unknown>) =>
      Object.keys(inputs).filter((input) => /node_modules\/(pdf-lib|nodemailer)\//.test(input));
    expect(packages(main?.inputs ?? {})).toEqual([]);
    const chunks = Object.entries(outputs).filter(([file]) => !file.endsWith('main.js'));
    expect(chunks.some(([, output]) => packages(output.inputs).length > 0)).toBe(true);
  });

  it("gives every module main.js imports when first needed its named exports (not a CommonJS package's default)", async () => {
    // import() of a CommonJS package (pdf-lib) becomes a chunk that exports `default` only: what the server then
    // takes from it by name is undefined in the bundle, though the tests, run from source, see it.
    const { outputs, main } = await bundleMap();
    const loaded = (main?.imports ?? []).filter((i) => i.kind === 'dynamic-import').map((i) => i.path);
    expect(loaded.length).toBeGreaterThan(0);
    const defaultOnly = loaded.filter((file) => (outputs[file]?.exports ?? []).join() === 'default');
    expect(defaultOnly).toEqual([]);
  });
});
