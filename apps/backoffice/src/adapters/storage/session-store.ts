import type { SessionStore, StoredSession } from '@socio/features/auth';

/** The key under which the session JSON is kept, in localStorage ('Recordarme') or sessionStorage. */
export const SESSION_KEY = 'socio.session';

function isStoredSession(value: unknown): value is StoredSession {
  if (!value || typeof value !== 'object') return false;
  const v = value as Partial<StoredSession>;
  return (
    typeof v.token === 'string' &&
    v.token !== '' &&
    !!v.user &&
    typeof v.user === 'object' &&
    typeof v.user.id_usuario === 'number'
  );
}

function safe<T>(read: () => T, fallback: T): T {
  try {
    return read();
  } catch {
    return fallback;
  }
}

/**
 * SessionStore over Web Storage: localStorage when 'Recordarme' was ticked, sessionStorage
 * otherwise; clearing removes both. Unreadable or foreign data counts as "no session".
 */
export function createBrowserSessionStore(
  local: Storage = window.localStorage,
  session: Storage = window.sessionStorage,
): SessionStore {
  let cachedRaw: string | null | undefined;
  let cached: StoredSession | null = null;

  function read(): StoredSession | null {
    const raw =
      safe(() => local.getItem(SESSION_KEY), null) ?? safe(() => session.getItem(SESSION_KEY), null);
    if (raw === cachedRaw) return cached;
    cachedRaw = raw;
    cached = null;
    if (raw) {
      const parsed = safe<unknown>(() => JSON.parse(raw), null);
      if (isStoredSession(parsed)) {
        const remember = safe(() => local.getItem(SESSION_KEY) === raw, false);
        cached = { token: parsed.token, user: parsed.user, remember };
      }
    }
    return cached;
  }

  return {
    get: read,
    set(value) {
      const raw = JSON.stringify({ token: value.token, user: value.user });
      const target = value.remember ? local : session;
      const other = value.remember ? session : local;
      safe(() => other.removeItem(SESSION_KEY), undefined);
      target.setItem(SESSION_KEY, raw);
    },
    clear() {
      safe(() => local.removeItem(SESSION_KEY), undefined);
      safe(() => session.removeItem(SESSION_KEY), undefined);
    },
    subscribe(listener) {
      const onStorage = (event: StorageEvent) => {
        if (event.key === null || event.key === SESSION_KEY) listener();
      };
      window.addEventListener('storage', onStorage);
      return () => window.removeEventListener('storage', onStorage);
    },
  };
}
