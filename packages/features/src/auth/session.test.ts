import { describe, expect, it, vi } from 'vitest';
import { createMemorySessionStore } from '../testing';
import { createSessionController, type StoredSession } from './session';

const stored: StoredSession = {
  token: 't1',
  remember: true,
  user: {
    id_usuario: 7,
    nombres: 'Lucía',
    apellido_paterno: 'Gómez',
    apellido_materno: 'Pérez',
    email: 'visitador1@socioeconomico.mx',
    rol: 'Visitador',
    foto_path: null,
  },
};

describe('createSessionController', () => {
  it('starts from what the store holds', () => {
    const controller = createSessionController(createMemorySessionStore(stored));
    expect(controller.getSnapshot()).toEqual({ session: stored, ended: null });
  });

  it('signIn stores the session and notifies', () => {
    const store = createMemorySessionStore();
    const controller = createSessionController(store);
    const listener = vi.fn();
    controller.subscribe(listener);
    controller.signIn(stored);
    expect(store.get()).toEqual(stored);
    expect(controller.getSnapshot().session).toEqual(stored);
    expect(listener).toHaveBeenCalledTimes(1);
  });

  it('signOut clears the store and records why', () => {
    const store = createMemorySessionStore(stored);
    const controller = createSessionController(store);
    controller.signOut();
    expect(store.get()).toBeNull();
    expect(controller.getSnapshot()).toEqual({ session: null, ended: 'signed-out' });
  });

  it('expire clears the store, records "expired" and notifies only once for a burst of 401s', () => {
    const store = createMemorySessionStore(stored);
    const controller = createSessionController(store);
    const listener = vi.fn();
    controller.subscribe(listener);
    controller.expire();
    controller.expire();
    controller.expire();
    expect(store.get()).toBeNull();
    expect(controller.getSnapshot()).toEqual({ session: null, ended: 'expired' });
    expect(listener).toHaveBeenCalledTimes(1);
  });

  it('updateUser keeps token and storage choice', () => {
    const store = createMemorySessionStore(stored);
    const controller = createSessionController(store);
    controller.updateUser({ ...stored.user, nombres: 'Lucy' });
    expect(store.get()).toEqual({ ...stored, user: { ...stored.user, nombres: 'Lucy' } });
  });

  it('updateUser does nothing while signed out', () => {
    const store = createMemorySessionStore();
    const controller = createSessionController(store);
    controller.updateUser(stored.user);
    expect(store.get()).toBeNull();
  });

  it('unsubscribe stops notifications', () => {
    const controller = createSessionController(createMemorySessionStore());
    const listener = vi.fn();
    const unsubscribe = controller.subscribe(listener);
    unsubscribe();
    controller.signIn(stored);
    expect(listener).not.toHaveBeenCalled();
  });
});

describe('expire after signing out', () => {
  it('keeps "signed-out" (a late 401 must not claim the session expired)', () => {
    const controller = createSessionController(createMemorySessionStore(stored));
    controller.signOut();
    controller.expire();
    expect(controller.getSnapshot().ended).toBe('signed-out');
  });
});
