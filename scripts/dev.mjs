#!/usr/bin/env node
// `pnpm dev`: the API (tsx watch, port 8080) and the app (Vite with HMR, proxying /api) together.
// Output of each is prefixed; Ctrl+C (or either process dying) stops both.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const apiPort = process.env.API_PORT ?? '8080';
const colors = { api: '\x1b[36m', app: '\x1b[35m' };
const reset = '\x1b[0m';

/** @type {Map<string, import('node:child_process').ChildProcess>} */
const children = new Map();
let stopping = false;

function prefixLines(name, stream, out) {
  let buffer = '';
  stream.setEncoding('utf8');
  stream.on('data', (chunk) => {
    buffer += chunk;
    const lines = buffer.split('\n');
    buffer = lines.pop() ?? '';
    for (const line of lines) {
      // pnpm reports the SIGTERM we sent ourselves as a failure: not worth showing while stopping.
      if (
        stopping &&
        /ERR_PNPM_RECURSIVE_RUN_FIRST_FAIL|Command failed with signal|^\S*\/(apps|packages)\/\S+:$/.test(line)
      ) {
        continue;
      }
      out.write(`${colors[name]}[${name}]${reset} ${line}\n`);
    }
  });
  stream.on('end', () => {
    if (buffer) out.write(`${colors[name]}[${name}]${reset} ${buffer}\n`);
  });
}

function start(name, args, env) {
  // detached: each child leads its own process group, so stopping it also stops pnpm's grandchildren.
  const child = spawn('pnpm', args, {
    cwd: root,
    env: { ...process.env, FORCE_COLOR: '1', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  children.set(name, child);
  prefixLines(name, child.stdout, process.stdout);
  prefixLines(name, child.stderr, process.stderr);
  child.on('exit', (code, signal) => {
    children.delete(name);
    if (!stopping) {
      console.error(`[dev] ${name} terminó (${signal ?? code}); deteniendo todo.`);
      stop(code ?? 1);
    } else if (children.size === 0) {
      process.exit(process.exitCode ?? 0);
    }
  });
}

function stop(code = 0) {
  if (stopping) return;
  stopping = true;
  process.exitCode = code;
  for (const child of children.values()) {
    try {
      process.kill(-child.pid, 'SIGTERM');
    } catch {
      // already gone
    }
  }
  if (children.size === 0) process.exit(code);
  // Whatever ignores SIGTERM gets SIGKILL after 5 s.
  setTimeout(() => {
    for (const child of children.values()) {
      try {
        process.kill(-child.pid, 'SIGKILL');
      } catch {
        // already gone
      }
    }
    process.exit(code);
  }, 5000).unref();
}

process.on('SIGINT', () => stop(0));
process.on('SIGTERM', () => stop(0));
process.on('exit', () => {
  for (const child of children.values()) {
    try {
      process.kill(-child.pid, 'SIGKILL');
    } catch {
      // already gone
    }
  }
});

console.info(`[dev] API en http://localhost:${apiPort}/api · app en http://localhost:5173 (proxy /api)`);
start('api', ['--filter', '@socio/api', 'dev'], { PORT: apiPort });
start('app', ['--filter', '@socio/backoffice', 'dev'], {
  API_PROXY_TARGET: process.env.API_PROXY_TARGET ?? `http://localhost:${apiPort}`,
});
