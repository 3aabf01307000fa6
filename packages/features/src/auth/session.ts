import type { SessionUser } from './auth.port';

/** What is kept between page loads. */
export interface StoredSession {
  token: string;
  user: SessionUser;
  /** 'Recordarme' was ticked: the app keeps it in persistent storage instead of per-tab storage. */
  remember: boolean;
}

/**
 * Where the session lives (the app implements it with local/session storage; tests use memory).
 * `get` must return the same object until the stored value changes (it feeds useSyncExternalStore).
 */
export interface SessionStore {
  get(): StoredSession | null;
  set(session: StoredSession): void;
  /** Removes the session from every place it may be stored. */
  clear(): void;
  /** Notifies when the stored session changes outside this store (e.g. another tab). */
  subscribe?(listener: () => void): () => void;
}

/** Why the last session ended; 'expired' makes the login screen explain it. */
export type SessionEnd = 'signed-out' | 'expired';

export interface SessionSnapshot {
  session: StoredSession | null;
  ended: SessionEnd | null;
}

/** A tiny external store over a SessionStore: the single source of truth for "who is signed in". */
export interface SessionController {
  getSnapshot(): SessionSnapshot;
  subscribe(listener: () => void): () => void;
  signIn(session: StoredSession): void;
  /** Keeps token and storage choice, replaces the user data (after `me()`). */
  updateUser(user: SessionUser): void;
  /** The user signed out. */
  signOut(): void;
  /** The server rejected the token (401): clears the session and remembers why. */
  expire(): void;
}

export function createSessionController(store: SessionStore): SessionController {
  const listeners = new Set<() => void>();
  let snapshot: SessionSnapshot = { session: store.get(), ended: null };

  function publish(next: SessionSnapshot) {
    snapshot = next;
    for (const listener of listeners) listener();
  }

  store.subscribe?.(() => {
    const session = store.get();
    if (session !== snapshot.session) publish({ session, ended: session ? null : 'signed-out' });
  });

  return {
    getSnapshot: () => snapshot,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    signIn(session) {
      store.clear();
      store.set(session);
      publish({ session: store.get() ?? session, ended: null });
    },
    updateUser(user) {
      const current = snapshot.session;
      if (!current) return;
      const next = { ...current, user };
      store.set(next);
      publish({ session: store.get() ?? next, ended: null });
    },
    signOut() {
      store.clear();
      publish({ session: null, ended: 'signed-out' });
    },
    expire() {
      // Only a live session can expire; stray 401s after signing out change nothing.
      if (!snapshot.session) return;
      store.clear();
      publish({ session: null, ended: 'expired' });
    },
  };
}
