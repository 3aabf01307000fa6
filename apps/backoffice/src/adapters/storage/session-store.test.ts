import { createSessionController, type StoredSession } from '@socio/features/auth';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createBrowserSessionStore, SESSION_KEY } from './session-store';

const user = {
  id_usuario: 1,
  nombres: 'Ana',
  apellido_paterno: 'Martínez',
  apellido_materno: 'Ruiz',
  email: 'admin@socioeconomico.mx',
  rol: 'Administrador',
  foto_path: null,
} as const;

const session = (remember: boolean): StoredSession => ({ token: 'tok', user: { ...user }, remember });

afterEach(() => {
  window.localStorage.clear();
  window.sessionStorage.clear();
});

describe('createBrowserSessionStore', () => {
  it("keeps a 'Recordarme' session in localStorage only", () => {
    const store = createBrowserSessionStore();
    store.set(session(true));
    expect(window.localStorage.getItem(SESSION_KEY)).toContain('"token":"tok"');
    expect(window.sessionStorage.getItem(SESSION_KEY)).toBeNull();
    expect(store.get()).toEqual(session(true));
  });

  it('keeps a session without Recordarme in sessionStorage only', () => {
    const store = createBrowserSessionStore();
    store.set(session(false));
    expect(window.sessionStorage.getItem(SESSION_KEY)).toContain('"token":"tok"');
    expect(window.localStorage.getItem(SESSION_KEY)).toBeNull();
    expect(store.get()).toEqual(session(false));
  });

  it('moves the session when the choice changes and never leaves a copy behind', () => {
    const store = createBrowserSessionStore();
    store.set(session(true));
    store.set(session(false));
    expect(window.localStorage.getItem(SESSION_KEY)).toBeNull();
    expect(store.get()?.remember).toBe(false);
  });

  it('clear() removes the session from both storages', () => {
    window.localStorage.setItem(SESSION_KEY, JSON.stringify({ token: 'a', user }));
    window.sessionStorage.setItem(SESSION_KEY, JSON.stringify({ token: 'b', user }));
    const store = createBrowserSessionStore();
    store.clear();
    expect(window.localStorage.getItem(SESSION_KEY)).toBeNull();
    expect(window.sessionStorage.getItem(SESSION_KEY)).toBeNull();
    expect(store.get()).toBeNull();
  });

  it('reads a session stored by an earlier page load', () => {
    window.localStorage.setItem(SESSION_KEY, JSON.stringify({ token: 'persisted', user }));
    expect(createBrowserSessionStore().get()).toEqual({ token: 'persisted', user, remember: true });
  });

  it('returns the same object while nothing changed (useSyncExternalStore needs it)', () => {
    const store = createBrowserSessionStore();
    store.set(session(true));
    expect(store.get()).toBe(store.get());
  });

  it('treats unreadable or foreign data as no session', () => {
    const store = createBrowserSessionStore();
    window.localStorage.setItem(SESSION_KEY, '{no es json');
    expect(store.get()).toBeNull();
    window.localStorage.setItem(SESSION_KEY, JSON.stringify({ token: '', user }));
    expect(store.get()).toBeNull();
    window.localStorage.setItem(SESSION_KEY, JSON.stringify({ token: 'x' }));
    expect(store.get()).toBeNull();
  });

  it('notifies subscribers when another tab changes the session', () => {
    const store = createBrowserSessionStore();
    const listener = vi.fn();
    const unsubscribe = store.subscribe?.(listener);
    window.dispatchEvent(new StorageEvent('storage', { key: SESSION_KEY }));
    window.dispatchEvent(new StorageEvent('storage', { key: 'otra-cosa' }));
    expect(listener).toHaveBeenCalledTimes(1);
    unsubscribe?.();
    window.dispatchEvent(new StorageEvent('storage', { key: SESSION_KEY }));
    expect(listener).toHaveBeenCalledTimes(1);
  });

  it('drives a session controller: sign out in another tab signs out here', () => {
    const store = createBrowserSessionStore();
    store.set(session(true));
    const controller = createSessionController(store);
    expect(controller.getSnapshot().session?.token).toBe('tok');
    window.localStorage.removeItem(SESSION_KEY);
    window.dispatchEvent(new StorageEvent('storage', { key: SESSION_KEY }));
    expect(controller.getSnapshot()).toEqual({ session: null, ended: 'signed-out' });
  });
});
