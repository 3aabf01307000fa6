/**
 * Regression tests of issue 13 (configuration): DATA_DIR private to the server's account (2; before: 969 of
 * 1,061 PGlite files were 0666), HOST loopback by default and no network exposure with the demo administrator
 * password (6; before: 0.0.0.0 with the documented password), HSTS only over HTTPS (7; before: always sent).
 */
import { spawn } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { isLoopbackHost, loadConfig, secureDataDir } from '../src/config';
import { assertSafeToExpose } from '../src/modules/auth/service';
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

function runMain(env: Record<string, string>, until: RegExp, timeoutMs: number) {
  return new Promise<{ code: number | null; output: string }>((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
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
    child.once('exit', (code) => {
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

  it('secureDataDir fixes an existing 0666/0777 tree to 0600 files and 0700 folders', () => {
    const dir = tempDir();
    mkdirSync(path.join(dir, 'pglite', 'base'), { recursive: true });
    writeFileSync(path.join(dir, 'jwt-secret'), 'x');
    writeFileSync(path.join(dir, 'pglite', 'base', '1234'), 'x');
    for (const p of [dir, path.join(dir, 'pglite'), path.join(dir, 'pglite', 'base')]) chmodSync(p, 0o777);
    chmodSync(path.join(dir, 'jwt-secret'), 0o666);
    chmodSync(path.join(dir, 'pglite', 'base', '1234'), 0o666);
    expect(secureDataDir(dir)).toBe(5);
    for (const m of modes(dir)) expect(m.mode, m.file).toBe(m.dir ? 0o700 : 0o600);
    expect(process.umask()).toBe(0o077);
  });

  it('the server refuses HOST=0.0.0.0 with the demo admin password, and its DATA_DIR is private', async () => {
    const dir = tempDir();
    const { code, output } = await runMain({ DATA_DIR: dir, HOST: '0.0.0.0' }, /servidor listo/, 120_000);
    expect(code).toBe(1);
    expect(output).toContain('aún tiene la contraseña de demostración');
    expect(output).toContain("ADMIN_PASSWORD='una-contraseña-segura'");
    const all = modes(dir);
    expect(all[0]?.mode).toBe(0o700);
    expect(all.length).toBeGreaterThan(100); // the PGlite cluster was created and seeded
    const open = all.filter((m) => (m.mode & 0o077) !== 0);
    expect(open.map((m) => `${m.file} ${m.mode.toString(8)}`)).toEqual([]);
  }, 150_000);

  it('the server serves HOST=0.0.0.0 once ADMIN_PASSWORD is set', async () => {
    const dir = tempDir();
    const { output } = await runMain(
      { DATA_DIR: dir, HOST: '0.0.0.0', ADMIN_PASSWORD: 'Otra-Contraseña-2026' },
      /servidor listo/,
      120_000,
    );
    expect(output).toContain('servidor listo');
  }, 150_000);
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

  it('sends Strict-Transport-Security only when served over HTTPS', async () => {
    const plain = await ctx.app.inject({ url: '/api/health' });
    expect(plain.headers['strict-transport-security']).toBeUndefined();
    const tls = await https.app.inject({ url: '/api/health' });
    expect(tls.headers['strict-transport-security']).toBe('max-age=15552000; includeSubDomains');
  });
});
