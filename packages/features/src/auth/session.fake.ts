import {
  createSessionController,
  type SessionController,
  type SessionStore,
  type StoredSession,
} from './session';

/** In-memory SessionStore for stories and tests (the app keeps the session in browser storage). */
export function createMemorySessionStore(initial: StoredSession | null = null): SessionStore {
  let value = initial;
  return {
    get: () => value,
    set: (session) => {
      value = session;
    },
    clear: () => {
      value = null;
    },
  };
}

/** A session controller over memory, for stories and tests. */
export function createTestSessionController(initial: StoredSession | null = null): SessionController {
  return createSessionController(createMemorySessionStore(initial));
}
