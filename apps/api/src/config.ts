import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** Root of the repository (apps/api/src → ../../..). Relative paths in the environment resolve from here. */
export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

export const DEFAULT_ADMIN_EMAIL = 'admin@socioeconomico.mx';
export const DEFAULT_ADMIN_PASSWORD = 'Admin2026!';
/** Password of every seeded demo supervisor and visitor. */
export const DEMO_PASSWORD = 'Demo2026!';

export interface AppConfig {
  port: number;
  host: string;
  /** PostgreSQL URL; `null` → embedded PGlite in `dataDir`. */
  databaseUrl: string | null;
  /** Directory of the embedded database and generated secrets. `'memory://'` keeps PGlite in memory (tests). */
  dataDir: string;
  jwtSecret: string;
  /** Token lifetime in seconds. */
  jwtExpiresInSeconds: number;
  adminEmail: string;
  adminPassword: string;
  /** Seed sample supervisors, visitors and operations on an empty database. */
  demoData: boolean;
  /** Directory of the built SPA to serve at `/` (null → API only). */
  serveAppDir: string | null;
  /** Pino log level, or false to disable logging. */
  logLevel: string | false;
  /** Check every response body against its zod schema (tests): a mismatch becomes a 500. */
  validateResponses: boolean;
  /** Failed logins allowed per e-mail + IP within `loginWindowMinutes`. */
  loginMaxFailures: number;
  loginWindowMinutes: number;
}

export class ConfigError extends Error {
  override name = 'ConfigError';
}

function parseBool(value: string | undefined, fallback: boolean): boolean {
  if (value === undefined || value.trim() === '') return fallback;
  return ['1', 'true', 'yes', 'si', 'sí', 'on'].includes(value.trim().toLowerCase());
}

function parsePort(value: string | undefined): number {
  if (value === undefined || value.trim() === '') return 8080;
  const port = Number(value);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    throw new ConfigError(`PORT inválido: "${value}" (usa un número entre 0 y 65535)`);
  }
  return port;
}

/** Reads `DATA_DIR/jwt-secret`, creating it with a random secret the first time. */
function persistentSecret(dataDir: string): string {
  const file = path.join(dataDir, 'jwt-secret');
  if (existsSync(file)) {
    const existing = readFileSync(file, 'utf8').trim();
    if (existing.length >= 32) return existing;
  }
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, `${secret}\n`, { mode: 0o600 });
  return secret;
}

/** Builds the configuration from environment variables (see ARCHITECTURE.md, "Configuration"). */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const databaseUrl = env.DATABASE_URL?.trim() || null;
  const dataDir = path.resolve(REPO_ROOT, env.DATA_DIR?.trim() || '.data');
  let jwtSecret = env.JWT_SECRET?.trim() || '';
  if (!jwtSecret) {
    if (databaseUrl) {
      throw new ConfigError('JWT_SECRET es obligatorio cuando DATABASE_URL está definido.');
    }
    jwtSecret = persistentSecret(dataDir);
  }
  if (jwtSecret.length < 16) throw new ConfigError('JWT_SECRET debe tener al menos 16 caracteres.');
  const serveAppDir = env.SERVE_APP_DIR?.trim() ? path.resolve(REPO_ROOT, env.SERVE_APP_DIR.trim()) : null;
  return {
    port: parsePort(env.PORT),
    host: env.HOST?.trim() || '0.0.0.0',
    databaseUrl,
    dataDir,
    jwtSecret,
    jwtExpiresInSeconds: 12 * 60 * 60,
    adminEmail: (env.ADMIN_EMAIL?.trim() || DEFAULT_ADMIN_EMAIL).toLowerCase(),
    adminPassword: env.ADMIN_PASSWORD || DEFAULT_ADMIN_PASSWORD,
    demoData: parseBool(env.DEMO_DATA, databaseUrl === null),
    serveAppDir,
    logLevel: env.LOG_LEVEL?.trim() || 'info',
    validateResponses: parseBool(env.VALIDATE_RESPONSES, false),
    loginMaxFailures: 10,
    loginWindowMinutes: 15,
  };
}
