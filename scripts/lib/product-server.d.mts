// Types of product-server.mjs for the TypeScript benches (apps/api/bench) that share its helpers.
import type { ChildProcess } from 'node:child_process';

export const repoRoot: string;
export const CHROMIUM_PATH: string;
export const CHROMIUM_ARGS: string[];
export function freePort(): Promise<number>;
export function waitForHealth(
  baseUrl: string,
  child?: ChildProcess | null,
  timeoutMs?: number,
): Promise<void>;
export function startProduct(options: {
  label: string;
  env?: Record<string, string>;
}): Promise<{ baseUrl: string; stop: () => void }>;
export function startApiServing(options: {
  label: string;
  appDir: string;
}): Promise<{ baseUrl: string; stop: () => void }>;
