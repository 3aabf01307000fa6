/**
 * `node scripts/bootstrap.mjs start` (what `npm start` runs, and the production command) serves from its own
 * process: the socket answering /api/health belongs to the process that was started, and no node process is left
 * under it (no pnpm, tsx or server child holding memory and catching signals). Builds first when the tree is
 * not built, as the command itself does (in `npm test` this layer runs after the build). Runs a second server beside
 * the e2e one, on its own port and DATA_DIR, and talks to it without a browser.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, readlinkSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { freePort, repoRoot, waitForHealth } from '../scripts/lib/product-server.mjs';

/** Inodes of the sockets listening on `port` (IPv4 and IPv6), from /proc/net. */
function listeningInodes(port: number): Set<string> {
  const inodes = new Set<string>();
  for (const table of ['/proc/net/tcp', '/proc/net/tcp6']) {
    for (const line of readFileSync(table, 'utf8').split('\n').slice(1)) {
      const fields = line.trim().split(/\s+/);
      const local = fields[1];
      // State 0A: LISTEN. The local address ends in the port, in hex.
      if (local && fields[3] === '0A' && Number.parseInt(local.split(':')[1] ?? '', 16) === port)
        inodes.add(fields[9] ?? '');
    }
  }
  return inodes;
}

/** Inodes of the sockets a process holds open. */
function socketInodes(pid: number): Set<string> {
  const inodes = new Set<string>();
  for (const fd of readdirSync(`/proc/${pid}/fd`)) {
    try {
      const match = /^socket:\[(\d+)\]$/.exec(readlinkSync(`/proc/${pid}/fd/${fd}`));
      if (match?.[1]) inodes.add(match[1]);
    } catch {
      // closed meanwhile
    }
  }
  return inodes;
}

/** Command names of every descendant of `pid`. */
function descendants(pid: number): string[] {
  const parents = new Map<number, { ppid: number; comm: string }>();
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const stat = readFileSync(`/proc/${name}/stat`, 'utf8');
      const close = stat.lastIndexOf(')');
      parents.set(Number(name), {
        comm: stat.slice(stat.indexOf('(') + 1, close),
        ppid: Number(stat.slice(close + 2).split(' ')[1]),
      });
    } catch {
      // gone meanwhile
    }
  }
  const found: number[] = [pid];
  for (let i = 0; i < found.length; i++)
    for (const [child, p] of parents) if (p.ppid === found[i]) found.push(child);
  return found.slice(1).map((child) => parents.get(child)?.comm ?? '?');
}

test.describe('node scripts/bootstrap.mjs start', () => {
  test.skip(process.platform !== 'linux', 'reads /proc');
  test.describe.configure({ mode: 'serial' });

  let child: ChildProcess;
  let port = 0;
  let dataDir = '';

  test.beforeAll(async () => {
    test.setTimeout(900_000);
    port = await freePort();
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'socio-bootstrap-'));
    child = spawn(process.execPath, ['scripts/bootstrap.mjs', 'start'], {
      cwd: repoRoot,
      env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, DATABASE_URL: '' },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    // A tree without its build is built first (minutes on a busy machine).
    await waitForHealth(`http://127.0.0.1:${port}`, child, 900_000);
  });

  test.afterAll(async () => {
    if (child && child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    }
    rmSync(dataDir, { recursive: true, force: true });
  });

  test('answers /api/health from the very process that was started', () => {
    const listening = listeningInodes(port);
    expect(listening.size).toBeGreaterThan(0);
    const held = socketInodes(child.pid as number);
    expect([...listening].filter((inode) => held.has(inode))).toEqual([...listening]);
  });

  test('leaves no node process under it', () => {
    expect(descendants(child.pid as number).filter((comm) => comm.startsWith('node'))).toEqual([]);
  });

  test('stops on SIGTERM with exit code 0', async () => {
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    child.kill('SIGTERM');
    expect(await exited).toBe(0);
  });
});
