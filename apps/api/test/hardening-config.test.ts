/**
 * Regression tests of issue 13 (configuration): DATA_DIR private to the server's account (2; before: 969 of
 * 1,061 PGlite files were 0666), HOST loopback by default and no network exposure with the demo administrator
 * password (6; before: 0.0.0.0 with the documented password), HSTS only over HTTPS (7; before: always sent).
 */
import { spawn } from 'node:child_process';
import {
  chmodSync,
  existsSync,
  linkSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { isLoopbackHost, loadConfig } from '../src/config';
import { ConfigError, claimDataDir, MARKER, recordOwnedEntry, secureDataDir } from '../src/data-dir';
import { createDatabase } from '../src/db/index';
import { accountsWithDocumentedPassword, assertSafeToExpose } from '../src/modules/auth/service';
import { createMailTransport, mailSettings } from '../src/modules/entregas/mail';
import { createTestContext, type TestContext } from './helpers';

const API_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** Every path under `dir` (itself included) with its permission bits. */
function modes(dir: string): Array<{ file: string; mode: number; dir: boolean }> {
  const out: Array<{ file: string; mode: number; dir: boolean }> = [];
  const walk = (p: string) => {
    const st = statSync(p);
    out.push({ file: p, mode: st.mode & 0o777, dir: st.isDirectory() });
    if (st.isDirectory()) for (const name of readdirSync(p)) walk(path.join(p, name));
  };
  walk(dir);
  return out;
}

function runMain(env: Record<string, string>, until: RegExp, timeoutMs: number, preload: string[] = []) {
  return new Promise<{ code: number | null; output: string }>((resolve, reject) => {
    const imports = ['tsx', ...preload].flatMap((module) => ['--import', module]);
    const child = spawn(process.execPath, [...imports, 'src/main.ts'], {
      cwd: API_DIR,
      env: { ...process.env, LOG_LEVEL: 'warn', PORT: '0', DEMO_DATA: '0', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`main no terminó en ${timeoutMs} ms:\n${output}`));
    }, timeoutMs);
    const onData = (chunk: Buffer) => {
      output += chunk.toString('utf8');
      if (until.test(output)) child.kill('SIGTERM');
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.once('close', (code) => {
      clearTimeout(timer);
      resolve({ code, output });
    });
  });
}

describe('hardening: configuration', () => {
  const dirs: string[] = [];
  const tempDir = () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'socio-hard-'));
    dirs.push(dir);
    return dir;
  };
  const umask = process.umask();
  afterEach(() => {
    process.umask(umask);
  });
  afterAll(() => {
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  });

  it('HOST defaults to 127.0.0.1; HOST=0.0.0.0 and HTTPS=1 are read', () => {
    const dir = tempDir();
    expect(loadConfig({ DATA_DIR: dir }).host).toBe('127.0.0.1');
    expect(loadConfig({ DATA_DIR: dir }).https).toBe(false);
    expect(loadConfig({ DATA_DIR: dir, HOST: '0.0.0.0', HTTPS: '1' })).toMatchObject({
      host: '0.0.0.0',
      https: true,
    });
    expect(['127.0.0.1', '127.1.2.3', '::1', 'localhost', '[::1]'].every(isLoopbackHost)).toBe(true);
    expect(['0.0.0.0', '::', '192.168.1.10', '10.0.0.1'].some(isLoopbackHost)).toBe(false);
  });

  it('secureDataDir fixes a tree an older version left (0666/0777) but not the folder it did not create', () => {
    const dir = tempDir();
    mkdirSync(path.join(dir, 'pglite', 'base'), { recursive: true });
    writeFileSync(path.join(dir, 'jwt-secret'), 'x');
    writeFileSync(path.join(dir, 'pglite', 'base', '1234'), 'x');
    for (const p of [dir, path.join(dir, 'pglite'), path.join(dir, 'pglite', 'base')]) chmodSync(p, 0o777);
    chmodSync(path.join(dir, 'jwt-secret'), 0o666);
    chmodSync(path.join(dir, 'pglite', 'base', '1234'), 0o666);
    claimDataDir(dir);
    expect(secureDataDir(dir)).toBe(4);
    for (const m of modes(dir).slice(1)) expect(m.mode, m.file).toBe(m.dir ? 0o700 : 0o600);
    expect(statSync(dir).mode & 0o777).toBe(0o777);
    expect(JSON.parse(readFileSync(path.join(dir, MARKER), 'utf8')).entradas.sort()).toEqual([
      'jwt-secret',
      'pglite',
    ]);
    expect(process.umask()).toBe(0o077);
  });

  /** A folder the product did not create: sticky and world-writable, a script, a hard link, a symlink. */
  function foreignFolder() {
    const outside = tempDir();
    const dir = tempDir();
    chmodSync(dir, 0o1777);
    writeFileSync(path.join(dir, 'script.sh'), '#!/bin/sh\necho hola\n');
    chmodSync(path.join(dir, 'script.sh'), 0o755);
    writeFileSync(path.join(outside, 'original.txt'), 'de otra persona');
    chmodSync(path.join(outside, 'original.txt'), 0o644);
    linkSync(path.join(outside, 'original.txt'), path.join(dir, 'enlace-duro.txt'));
    writeFileSync(path.join(outside, 'destino.txt'), 'destino');
    chmodSync(path.join(outside, 'destino.txt'), 0o664);
    symlinkSync(path.join(outside, 'destino.txt'), path.join(dir, 'enlace'));
    const snapshot = () => ({
      dir: lstatSync(dir).mode & 0o7777,
      script: statSync(path.join(dir, 'script.sh')).mode & 0o7777,
      original: statSync(path.join(outside, 'original.txt')).mode & 0o7777,
      destino: statSync(path.join(outside, 'destino.txt')).mode & 0o7777,
      names: readdirSync(dir).sort(),
    });
    return { dir, outside, snapshot };
  }

  it("a DATA_DIR that is not empty and not the product's is refused and left exactly as it was", async () => {
    const { dir, snapshot } = foreignFolder();
    const before = snapshot();
    expect(before).toMatchObject({ dir: 0o1777, script: 0o755, original: 0o644, destino: 0o664 });
    expect(() => claimDataDir(dir)).toThrow(ConfigError);
    expect(() => loadConfig({ DATA_DIR: dir })).toThrow(/no está vacío y no lo creó Socioeconómico/);
    await expect(createDatabase({ databaseUrl: null, dataDir: dir })).rejects.toThrow(ConfigError);
    expect(() => createMailTransport(mailSettings({ dataDir: dir }))).toThrow(ConfigError);
    expect(secureDataDir(dir)).toBe(0);
    expect(snapshot()).toEqual(before);
    expect(existsSync(path.join(dir, MARKER))).toBe(false);
  });

  it('the server refuses to start on such a DATA_DIR, with or without DATABASE_URL, and changes nothing', async () => {
    const { dir, snapshot } = foreignFolder();
    const before = snapshot();
    const embedded = await runMain({ DATA_DIR: dir }, /servidor listo/, 120_000);
    expect(embedded.code).toBe(1);
    expect(embedded.output).toContain('no está vacío y no lo creó Socioeconómico');
    expect(embedded.output).toContain('DATA_DIR=./.data');
    const server = await runMain(
      { DATA_DIR: dir, DATABASE_URL: 'postgres://nadie@127.0.0.1:1/x', JWT_SECRET: 'x'.repeat(32) },
      /servidor listo/,
      120_000,
    );
    expect(server.code).toBe(1);
    expect(snapshot()).toEqual(before);
  }, 150_000);

  it('inside its own entries it follows no symlink and changes no file with other hard links', () => {
    const outside = tempDir();
    const dir = tempDir();
    recordOwnedEntry(dir, 'pglite');
    const db = path.join(dir, 'pglite');
    mkdirSync(db);
    writeFileSync(path.join(outside, 'ajeno.txt'), 'x');
    chmodSync(path.join(outside, 'ajeno.txt'), 0o644);
    mkdirSync(path.join(outside, 'carpeta'));
    chmodSync(path.join(outside, 'carpeta'), 0o755);
    linkSync(path.join(outside, 'ajeno.txt'), path.join(db, 'enlace-duro'));
    symlinkSync(path.join(outside, 'carpeta'), path.join(db, 'enlace'));
    writeFileSync(path.join(db, 'propio'), 'x');
    chmodSync(path.join(db, 'propio'), 0o666);
    secureDataDir(dir);
    expect(statSync(path.join(db, 'propio')).mode & 0o777).toBe(0o600);
    expect(statSync(path.join(outside, 'ajeno.txt')).mode & 0o777).toBe(0o644);
    expect(statSync(path.join(outside, 'carpeta')).mode & 0o777).toBe(0o755);
  });

  it('with DATABASE_URL and SMTP_URL the server writes nothing in DATA_DIR', () => {
    const { dir, snapshot } = foreignFolder();
    const before = snapshot();
    const settings = mailSettings({ dataDir: dir, smtpUrl: 'smtp://127.0.0.1:1' });
    createMailTransport(settings).close();
    expect(snapshot()).toEqual(before);
  });

  it('the server refuses HOST=0.0.0.0 with the demo admin password, and its DATA_DIR is private', async () => {
    const dir = tempDir();
    const { code, output } = await runMain({ DATA_DIR: dir, HOST: '0.0.0.0' }, /servidor listo/, 120_000);
    expect(code).toBe(1);
    expect(output).toContain('aún tiene una contraseña de demostración publicada');
    expect(output).toContain("ADMIN_PASSWORD='una-contraseña-segura'");
    const all = modes(dir);
    expect(all[0]?.mode).toBe(0o700);
    expect(all.length).toBeGreaterThan(100); // the PGlite cluster was created and seeded
    const open = all.filter((m) => (m.mode & 0o077) !== 0);
    expect(open.map((m) => `${m.file} ${m.mode.toString(8)}`)).toEqual([]);
  }, 150_000);

  it('a start on an existing DATA_DIR lists the database folder once to secure it, after PGlite opened it', async () => {
    const dir = tempDir();
    const counter = pathToFileURL(path.join(API_DIR, 'test', 'fixtures', 'count-secure-walks.mjs')).href;
    const first = await runMain({ DATA_DIR: dir }, /servidor listo/, 120_000);
    expect(first.output).toContain('servidor listo');
    const again = await runMain({ DATA_DIR: dir }, /servidor listo/, 120_000, [counter]);
    expect(again.output).toContain('servidor listo');
    expect(again.output).toContain('walks of pglite: 1');
    const open = modes(dir).filter((m) => (m.mode & 0o077) !== 0);
    expect(open.map((m) => `${m.file} ${m.mode.toString(8)}`)).toEqual([]);
  }, 150_000);

  it('the server serves HOST=0.0.0.0 once ADMIN_PASSWORD is set, without demo accounts unless asked', async () => {
    const dir = tempDir();
    const { output } = await runMain(
      { DATA_DIR: dir, HOST: '0.0.0.0', ADMIN_PASSWORD: 'Otra-Contraseña-2026', DEMO_DATA: '' },
      /servidor listo/,
      120_000,
    );
    expect(output).toContain('servidor listo');
    expect(output).toContain('Datos iniciales: 1 usuarios creados');
    expect(output).not.toContain('Demo2026!');
  }, 150_000);

  it('HOST=0.0.0.0 with DEMO_DATA=1 refuses: the demo people have the published password', async () => {
    const dir = tempDir();
    const { code, output } = await runMain(
      { DATA_DIR: dir, HOST: '0.0.0.0', ADMIN_PASSWORD: 'Otra-Contraseña-2026', DEMO_DATA: '1' },
      /servidor listo/,
      120_000,
    );
    expect(code).toBe(1);
    expect(output).toContain('23 cuentas activas');
    expect(output).toContain('supervisor1@socioeconomico.mx');
    expect(output).toContain('desactiva las cuentas de demostración');
  }, 150_000);

  it('demo data is on by default only for the embedded database on a loopback address', () => {
    const dir = tempDir();
    expect(loadConfig({ DATA_DIR: dir }).demoData).toBe(true);
    expect(loadConfig({ DATA_DIR: dir, HOST: '0.0.0.0' }).demoData).toBe(false);
    expect(loadConfig({ DATA_DIR: dir, HOST: '0.0.0.0', DEMO_DATA: '1' }).demoData).toBe(true);
    expect(
      loadConfig({ DATA_DIR: dir, DATABASE_URL: 'postgres://x/y', JWT_SECRET: 'x'.repeat(32) }).demoData,
    ).toBe(false);
  });
});

describe('hardening: exposure check and HSTS', () => {
  let ctx: TestContext;
  let https: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext('pglite', { demo: false, demoOperations: false });
    https = await createTestContext('pglite', {
      demo: false,
      demoOperations: false,
      config: { https: true, adminPassword: 'Otra-Contraseña-2026' },
    });
  });
  afterAll(async () => {
    await ctx?.close();
    await https?.close();
  });

  it('assertSafeToExpose: loopback always; the network only without the demo admin password', async () => {
    await expect(assertSafeToExpose(ctx.db, '127.0.0.1')).resolves.toBeUndefined();
    await expect(assertSafeToExpose(ctx.db, '0.0.0.0')).rejects.toThrow(/ADMIN_PASSWORD/);
    await expect(assertSafeToExpose(https.db, '0.0.0.0')).resolves.toBeUndefined();
  });

  it('assertSafeToExpose names every active account with a documented password, not the deactivated ones', async () => {
    const demo = await createTestContext('pglite', {
      demo: true,
      demoOperations: false,
      config: { adminPassword: 'Otra-Contraseña-2026' },
    });
    try {
      await expect(assertSafeToExpose(demo.db, '0.0.0.0')).rejects.toThrow(/23 cuentas activas/);
      await expect(accountsWithDocumentedPassword(demo.db)).resolves.toHaveLength(23);
      await demo.db
        .updateTable('usuarios')
        .set({ estatus: 'inactivo' })
        .where('email', '<>', 'supervisor2@socioeconomico.mx')
        .where('rol', '<>', 'administrador')
        .execute();
      await expect(accountsWithDocumentedPassword(demo.db)).resolves.toEqual([
        'supervisor2@socioeconomico.mx',
      ]);
      await expect(assertSafeToExpose(demo.db, '10.0.0.5')).rejects.toThrow(
        /la cuenta supervisor2@socioeconomico.mx aún tiene una contraseña de demostración publicada/,
      );
      await demo.db
        .updateTable('usuarios')
        .set({ estatus: 'inactivo' })
        .where('rol', '<>', 'administrador')
        .execute();
      await expect(assertSafeToExpose(demo.db, '0.0.0.0')).resolves.toBeUndefined();
    } finally {
      await demo.close();
    }
  });

  it('sends Strict-Transport-Security only when served over HTTPS', async () => {
    const plain = await ctx.app.inject({ url: '/api/health' });
    expect(plain.headers['strict-transport-security']).toBeUndefined();
    const tls = await https.app.inject({ url: '/api/health' });
    expect(tls.headers['strict-transport-security']).toBe('max-age=15552000; includeSubDomains');
  });
});
