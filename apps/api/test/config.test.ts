import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../src/config';

describe('loadConfig', () => {
  const dirs: string[] = [];
  const tempDir = () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'socio-config-'));
    dirs.push(dir);
    return dir;
  };
  afterEach(() => {
    for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  });

  it('uses the documented defaults with PGlite', () => {
    const dir = tempDir();
    const config = loadConfig({ DATA_DIR: dir });
    expect(config).toMatchObject({
      port: 8080,
      databaseUrl: null,
      dataDir: dir,
      adminEmail: 'admin@socioeconomico.mx',
      adminPassword: 'Admin2026!',
      demoData: true,
      serveAppDir: null,
    });
  });

  it('generates the JWT secret once into DATA_DIR and reuses it', () => {
    const dir = tempDir();
    const first = loadConfig({ DATA_DIR: dir }).jwtSecret;
    expect(first.length).toBeGreaterThanOrEqual(32);
    expect(readFileSync(path.join(dir, 'jwt-secret'), 'utf8').trim()).toBe(first);
    expect(loadConfig({ DATA_DIR: dir }).jwtSecret).toBe(first);
  });

  it('requires JWT_SECRET with DATABASE_URL and defaults DEMO_DATA to off there', () => {
    expect(() => loadConfig({ DATABASE_URL: 'postgres://localhost/x' })).toThrow(ConfigError);
    const config = loadConfig({
      DATABASE_URL: 'postgres://localhost/x',
      JWT_SECRET: 'un-secreto-suficientemente-largo',
    });
    expect(config.demoData).toBe(false);
    expect(
      loadConfig({
        DATABASE_URL: 'postgres://x/y',
        JWT_SECRET: 'un-secreto-suficientemente-largo',
        DEMO_DATA: '1',
      }).demoData,
    ).toBe(true);
  });

  it('reads PORT, ADMIN_EMAIL (lowercased), DEMO_DATA=0 and SERVE_APP_DIR', () => {
    const dir = tempDir();
    const config = loadConfig({
      DATA_DIR: dir,
      PORT: '18080',
      ADMIN_EMAIL: 'Jefa@Empresa.MX',
      DEMO_DATA: '0',
      SERVE_APP_DIR: dir,
    });
    expect(config).toMatchObject({
      port: 18080,
      adminEmail: 'jefa@empresa.mx',
      demoData: false,
      serveAppDir: dir,
    });
  });

  it('rejects an invalid PORT with a Spanish message', () => {
    expect(() => loadConfig({ DATA_DIR: tempDir(), PORT: 'ochenta' })).toThrow(/PORT inválido/);
  });
});
