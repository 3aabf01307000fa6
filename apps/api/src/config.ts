import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ConfigError, claimDataDir, recordOwnedEntry } from './data-dir';

export { ConfigError } from './data-dir';

/**
 * Root of the repository: the nearest folder above this module holding pnpm-workspace.yaml (the source
 * runs from apps/api/src, the production build from apps/api/dist). Relative paths in the environment
 * resolve from here.
 */
export const REPO_ROOT = findRepoRoot(path.dirname(fileURLToPath(import.meta.url)));

function findRepoRoot(from: string): string {
  for (let dir = from; ; dir = path.dirname(dir)) {
    if (existsSync(path.join(dir, 'pnpm-workspace.yaml'))) return dir;
    if (path.dirname(dir) === dir) return path.resolve(from, '../../..');
  }
}

export const DEFAULT_ADMIN_EMAIL = 'admin@socioeconomico.mx';
export const DEFAULT_ADMIN_PASSWORD = 'Admin2026!';
/** Password of every seeded demo supervisor and visitor. */
export const DEMO_PASSWORD = 'Demo2026!';

export interface AppConfig {
  port: number;
  /** Address to listen on: 127.0.0.1 by default (this machine only); 0.0.0.0 serves the network. */
  host: string;
  /**
   * The app is reached over HTTPS (a TLS proxy in front: `HTTPS=1`): send Strict-Transport-Security.
   * Off by default: HSTS over plain HTTP would make browsers refuse other internal HTTP sites.
   */
  https?: boolean;
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
  /**
   * Fastify's `trustProxy` (`TRUST_PROXY`): which proxy's X-Forwarded-For to believe, so each client's own
   * address is the one throttled. false (unset): the connection's address.
   */
  trustProxy?: boolean | number | string[];
  /** Failed logins allowed per e-mail + IP within `loginWindowMinutes`. */
  loginMaxFailures: number;
  loginWindowMinutes: number;
  /** SMTP server of report e-mails (`smtp://user:pass@host:587`); unset → `.eml` files in `DATA_DIR/outbox/`. */
  smtpUrl?: string | null;
  /** Sender of report e-mails (`MAIL_FROM`). */
  mailFrom?: string;
}

function parseBool(value: string | undefined, fallback: boolean): boolean {
  if (value === undefined || value.trim() === '') return fallback;
  return ['1', 'true', 'yes', 'si', 'sí', 'on'].includes(value.trim().toLowerCase());
}

/**
 * `TRUST_PROXY`: unset → false; `true` → every proxy; a whole number → that many proxies in front; otherwise
 * addresses or CIDR ranges separated by commas (`127.0.0.1,10.0.0.0/8`).
 */
export function parseTrustProxy(value: string | undefined): boolean | number | string[] {
  const text = value?.trim() ?? '';
  if (text === '' || ['0', 'false', 'no'].includes(text.toLowerCase())) return false;
  if (['true', 'yes', 'si', 'sí'].includes(text.toLowerCase())) return true;
  if (/^\d+$/.test(text)) return Number(text);
  const list = text
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean);
  if (list.some((part) => !/^[0-9a-fA-F.:]+(\/\d{1,3})?$/.test(part))) {
    throw new ConfigError(
      `TRUST_PROXY inválido: "${text}" (usa direcciones o rangos separados por comas, p. ej. 127.0.0.1,10.0.0.0/8, o un número de proxies)`,
    );
  }
  return list;
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
  claimDataDir(dataDir);
  const file = path.join(dataDir, 'jwt-secret');
  if (existsSync(file)) {
    const existing = readFileSync(file, 'utf8').trim();
    if (existing.length >= 32) return existing;
  }
  recordOwnedEntry(dataDir, 'jwt-secret');
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, `${secret}\n`, { mode: 0o600 });
  return secret;
}

/** The data directory named by `DATA_DIR` (default `.data`), resolved from the repository root. */
export function dataDirFrom(env: NodeJS.ProcessEnv = process.env): string {
  return path.resolve(REPO_ROOT, env.DATA_DIR?.trim() || '.data');
}

/** The PostgreSQL URL named by `DATABASE_URL`; null (unset or blank) → the embedded database, PGlite. */
export function databaseUrlFrom(env: NodeJS.ProcessEnv = process.env): string | null {
  return env.DATABASE_URL?.trim() || null;
}

/** Builds the configuration from environment variables (README, «Configuración»). */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const databaseUrl = databaseUrlFrom(env);
  const host = env.HOST?.trim() || '127.0.0.1';
  const dataDir = dataDirFrom(env);
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
    host,
    https: parseBool(env.HTTPS, false),
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    databaseUrl,
    dataDir,
    jwtSecret,
    jwtExpiresInSeconds: 12 * 60 * 60,
    adminEmail: (env.ADMIN_EMAIL?.trim() || DEFAULT_ADMIN_EMAIL).toLowerCase(),
    adminPassword: env.ADMIN_PASSWORD || DEFAULT_ADMIN_PASSWORD,
    // Demo accounts have published passwords: on by default only for the embedded database on this machine.
    demoData: parseBool(env.DEMO_DATA, databaseUrl === null && isLoopbackHost(host)),
    serveAppDir,
    logLevel: env.LOG_LEVEL?.trim() || 'info',
    validateResponses: parseBool(env.VALIDATE_RESPONSES, false),
    loginMaxFailures: 10,
    loginWindowMinutes: 15,
    smtpUrl: env.SMTP_URL?.trim() || null,
    mailFrom: env.MAIL_FROM?.trim() || undefined,
  };
}

/** True for addresses only this machine can reach (127.0.0.0/8, ::1, localhost). */
export function isLoopbackHost(host: string): boolean {
  const h = host
    .trim()
    .toLowerCase()
    .replace(/^\[|\]$/g, '');
  return h === 'localhost' || h === '::1' || /^127(\.\d{1,3}){3}$/.test(h) || h === '::ffff:127.0.0.1';
}
