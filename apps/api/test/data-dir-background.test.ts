/**
 * A start secures the database folder's files in libuv's thread pool (issue 21 item 6: ~1,100 lstat/chmod, 25-40 ms
 * of the main thread at every start): the folders are 0700 as soon as createDatabase resolves, the files 0600 when
 * `secured` resolves (the server awaits it before it listens), with the same rules as secureDataDir.
 */
import {
  chmodSync,
  linkSync,
  mkdirSync,
  mkdtempSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { recordOwnedEntry, secureDataDir, secureDataDirInBackground } from '../src/data-dir';
import { createDatabase } from '../src/db/index';

const made: string[] = [];
const tempDir = () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'socio-secure-bg-'));
  made.push(dir);
  return dir;
};
afterAll(() => {
  for (const dir of made) rmSync(dir, { recursive: true, force: true });
});
const mode = (p: string) => statSync(p).mode & 0o777;

/** An owned database folder as older versions left it (0777/0666), a hard link and a symlink to outside files. */
function openTree() {
  const outside = tempDir();
  const dir = tempDir();
  recordOwnedEntry(dir, 'pglite');
  const db = path.join(dir, 'pglite');
  mkdirSync(path.join(db, 'base', '5'), { recursive: true });
  writeFileSync(path.join(db, 'PG_VERSION'), '17');
  writeFileSync(path.join(db, 'base', '5', '1259'), 'x');
  for (const p of [db, path.join(db, 'base'), path.join(db, 'base', '5')]) chmodSync(p, 0o777);
  for (const p of ['PG_VERSION', 'base/5/1259']) chmodSync(path.join(db, p), 0o666);
  writeFileSync(path.join(outside, 'ajeno.txt'), 'x');
  chmodSync(path.join(outside, 'ajeno.txt'), 0o644);
  linkSync(path.join(outside, 'ajeno.txt'), path.join(db, 'enlace-duro'));
  symlinkSync(path.join(outside, 'ajeno.txt'), path.join(db, 'base', 'enlace'));
  return { dir, db, outside };
}

it('makes the folders 0700 at once and the files 0600 when it resolves, as secureDataDir does', async () => {
  const background = openTree();
  const pending = secureDataDirInBackground(background.dir);
  for (const p of ['', 'base', 'base/5']) expect(mode(path.join(background.db, p)), p).toBe(0o700);
  const changed = await pending;
  for (const p of ['PG_VERSION', 'base/5/1259']) expect(mode(path.join(background.db, p)), p).toBe(0o600);
  expect(mode(path.join(background.outside, 'ajeno.txt'))).toBe(0o644);

  const inline = openTree();
  expect(changed).toBe(secureDataDir(inline.dir));
  expect(changed).toBe(5);
});

it("createDatabase's `secured` resolves once PGlite's files in DATA_DIR are 0600", async () => {
  const dir = tempDir();
  const first = await createDatabase({ databaseUrl: null, dataDir: dir });
  await first.secured;
  await first.close();
  const file = path.join(dir, 'pglite', 'PG_VERSION');
  chmodSync(file, 0o666);
  const again = await createDatabase({ databaseUrl: null, dataDir: dir });
  try {
    expect(mode(path.join(dir, 'pglite'))).toBe(0o700);
    expect(await again.secured).toBeGreaterThanOrEqual(1);
    expect(mode(file)).toBe(0o600);
  } finally {
    await again.close();
  }
});
