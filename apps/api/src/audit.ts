import type { Kysely, Transaction } from 'kysely';
import type { Database } from './db/schema';

export interface AuditEntry {
  /** id_usuario of who did it (null: the system, e.g. the seed). */
  actorId: number | null;
  /** Verb, e.g. 'user.create', 'user.update', 'auth.change_password', 'carga.save'. */
  action: string;
  /** Kind of thing touched, e.g. 'usuario', 'carga', 'asignacion', 'reporte'. */
  targetType: string;
  targetId: string | number | null;
  /** What changed: new values, or `{ field: { from, to } }`. Secrets are removed before storing. */
  change?: unknown;
  requestId?: string | null;
}

/** Keys never written to the audit log, at any depth. */
const SECRET_KEYS =
  /^(password|password_hash|current_password|new_password|confirm_password|token|jwt|secret)$/i;

/** Copy of `value` without secret keys (see SECRET_KEYS). */
export function redactSecrets(value: unknown, depth = 0): unknown {
  if (depth > 8 || value === null || typeof value !== 'object') return value;
  if (value instanceof Date) return value.toISOString();
  if (Array.isArray(value)) return value.map((v) => redactSecrets(v, depth + 1));
  const out: Record<string, unknown> = {};
  for (const [key, v] of Object.entries(value)) {
    if (SECRET_KEYS.test(key)) continue;
    out[key] = redactSecrets(v, depth + 1);
  }
  return out;
}

/**
 * Records a write in `audit_log`. Call it with the transaction of the write itself,
 * so the entry exists exactly when the change does.
 */
export async function audit(trx: Kysely<Database> | Transaction<Database>, entry: AuditEntry): Promise<void> {
  await trx
    .insertInto('audit_log')
    .values({
      actor_id: entry.actorId,
      action: entry.action,
      target_type: entry.targetType,
      target_id: entry.targetId === null ? null : String(entry.targetId),
      change: JSON.stringify(redactSecrets(entry.change ?? {}) ?? {}),
      request_id: entry.requestId ?? null,
    })
    .execute();
}

/** `{ field: { from, to } }` for the fields of `after` that differ from `before`. */
export function diff(
  before: Record<string, unknown>,
  after: Record<string, unknown>,
): Record<string, { from: unknown; to: unknown }> {
  const changes: Record<string, { from: unknown; to: unknown }> = {};
  for (const [key, to] of Object.entries(after)) {
    const from = before[key];
    if (to !== undefined && JSON.stringify(from) !== JSON.stringify(to)) changes[key] = { from, to };
  }
  return changes;
}
