import type { Rol } from '@socio/contracts';

/** The signed-in user of a request, as services see it (set by the auth hook in http/auth.ts). */
export interface AuthUser {
  id_usuario: number;
  rol: Rol;
  email: string;
  username: string;
}

/** Who writes, for the audit log and the rules that depend on the role. */
export interface Actor {
  id: number;
  rol: Rol;
  requestId?: string;
  /** Receives progress of long writes. */
  log?: { info(fields: Record<string, unknown>, message: string): void };
}
