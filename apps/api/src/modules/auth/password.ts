import { spawn } from 'node:child_process';
import { randomBytes, type ScryptOptions, scrypt, timingSafeEqual } from 'node:crypto';

/** scrypt cost parameters (N = 2^14, r = 8, p = 1: ~16 MiB, tens of ms). */
const PARAMS = { N: 16_384, r: 8, p: 1 } as const;
const KEY_LENGTH = 64;
const SALT_BYTES = 16;

/** scrypt as run here or in a child: the password already NFKC-normalised, the options with their `maxmem`. */
type ScryptRun = (
  password: string,
  salt: Buffer,
  keyLength: number,
  options: ScryptOptions,
) => Promise<Buffer>;

const inProcess: ScryptRun = (password, salt, keyLength, options) =>
  new Promise((resolve, reject) => {
    scrypt(password, salt, keyLength, options, (err, key) => (err ? reject(err) : resolve(key)));
  });

/** Derives a key in a child node process: stdin { password, salt, keyLength, options } (JSON), stdout the key. */
const SCRYPT_CHILD = `let input = '';
process.stdin.setEncoding('utf8').on('data', (chunk) => { input += chunk; }).on('end', () => {
  const a = JSON.parse(input);
  require('node:crypto').scrypt(a.password, Buffer.from(a.salt, 'base64'), a.keyLength, a.options, (err, key) => {
    if (err) throw err;
    process.stdout.write(key.toString('base64'));
  });
});`;

/**
 * scrypt run by a short-lived child process: its 16 MB work buffer goes back to the system when the child exits.
 * In this process glibc returns the freed block but raises its mmap threshold to its size, so that every later
 * allocation up to 16 MB stays in its heap, where freed memory mostly stays resident (+30-60 MB at /api/health
 * after a first start, issue 21 item 6). For the seed's hashes, at start only.
 */
const inChild: ScryptRun = (password, salt, keyLength, options) =>
  new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['-e', SCRYPT_CHILD], { stdio: ['pipe', 'pipe', 'inherit'] });
    let out = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      out += chunk;
    });
    child.on('error', reject);
    child.on('close', (code) =>
      code === 0 && out ? resolve(Buffer.from(out, 'base64')) : reject(new Error(`scrypt: código ${code}`)),
    );
    child.stdin.end(JSON.stringify({ password, salt: salt.toString('base64'), keyLength, options }));
  });

/** scrypt of `password` (NFKC) with `options`, by `run`: the one place both ways get their input. */
function derive(
  password: string,
  salt: Buffer,
  keyLength: number,
  options: ScryptOptions,
  run: ScryptRun = inProcess,
): Promise<Buffer> {
  return run(password.normalize('NFKC'), salt, keyLength, { ...options, maxmem: 64 * 1024 * 1024 });
}

/**
 * Salted scrypt hash, stored as `scrypt$N$r$p$salt$hash` (base64url parts). `apart`: derived in a child process
 * (`inChild`), for the hashes of a start.
 */
export async function hashPassword(password: string, { apart = false } = {}): Promise<string> {
  const salt = randomBytes(SALT_BYTES);
  // A child that cannot be started (no process left, say) costs only the memory: derived here instead.
  const key = await (apart
    ? derive(password, salt, KEY_LENGTH, PARAMS, inChild).catch(() =>
        derive(password, salt, KEY_LENGTH, PARAMS),
      )
    : derive(password, salt, KEY_LENGTH, PARAMS));
  return ['scrypt', PARAMS.N, PARAMS.r, PARAMS.p, salt.toString('base64url'), key.toString('base64url')].join(
    '$',
  );
}

/** Constant-time check of `password` against a stored hash; false for any malformed hash. */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const parts = stored.split('$');
  if (parts.length !== 6 || parts[0] !== 'scrypt') return false;
  const [, n, r, p, saltText, keyText] = parts as [string, string, string, string, string, string];
  const N = Number(n);
  const rr = Number(r);
  const pp = Number(p);
  if (![N, rr, pp].every((v) => Number.isInteger(v) && v > 0)) return false;
  const expected = Buffer.from(keyText, 'base64url');
  if (expected.length === 0) return false;
  const actual = await derive(password, Buffer.from(saltText, 'base64url'), expected.length, {
    N,
    r: rr,
    p: pp,
  });
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}

let dummyHash: Promise<string> | null = null;

/** Spends the same time as a real check, for unknown e-mails (no timing hint that an account exists). */
export async function verifyAgainstDummy(password: string): Promise<false> {
  dummyHash ??= hashPassword('contraseña-de-relleno');
  await verifyPassword(password, await dummyHash);
  return false;
}
