// Types of static-server.mjs for the TypeScript tests that use it.
import type { Server } from 'node:http';

export function resolveStaticPath(root: string, urlPath: string): string | null;
export function serveStatic(dir: string, options: { port: number; host?: string }): Promise<Server>;
