/**
 * The seed's password hashes (a first start) are derived by a child process (issue 21 item 6): scrypt's 16 MB
 * work buffer freed in the server raised glibc's mmap threshold and left it 30-60 MB larger at /api/health.
 * Same parameters, same format: the server verifies them as its own.
 */
import * as childProcess from 'node:child_process';
import * as crypto from 'node:crypto';
import { describe, expect, it, vi } from 'vitest';
import { verifyPassword } from '../src/modules/auth/password';
import { seedPasswordHashes } from '../src/seed/index';

vi.mock('node:crypto', async (importOriginal) => {
  const actual = await importOriginal<typeof import('node:crypto')>();
  return { ...actual, scrypt: vi.fn(actual.scrypt) };
});

vi.mock('node:child_process', async (importOriginal) => {
  const actual = await importOriginal<typeof import('node:child_process')>();
  return { ...actual, spawn: vi.fn(actual.spawn) };
});

describe('seedPasswordHashes', () => {
  it("derives the administrator's hash outside this process, in the format and strength verifyPassword checks", async () => {
    const { admin, people } = await seedPasswordHashes('Contraseña-Ñ 2026!', false);
    expect(vi.mocked(crypto.scrypt)).not.toHaveBeenCalled();
    expect(people).toBe('');
    expect(admin).toMatch(/^scrypt\$16384\$8\$1\$[\w-]{22}\$[\w-]{86}$/);
    expect(await verifyPassword('Contraseña-Ñ 2026!', admin)).toBe(true);
    expect(await verifyPassword('Contraseña-Ñ 2026?', admin)).toBe(false);
  });

  it('derives it here when no child process can be started', async () => {
    const actual = await vi.importActual<typeof import('node:child_process')>('node:child_process');
    vi.mocked(childProcess.spawn).mockImplementationOnce(((..._args: unknown[]) =>
      actual.spawn('/nonexistent/node-binary', [], { stdio: ['pipe', 'pipe', 'inherit'] })) as never);
    vi.mocked(crypto.scrypt).mockClear();
    const { admin } = await seedPasswordHashes('Otra-Contraseña 2026!', false);
    expect(vi.mocked(crypto.scrypt)).toHaveBeenCalledTimes(1);
    expect(await verifyPassword('Otra-Contraseña 2026!', admin)).toBe(true);
  });
});
