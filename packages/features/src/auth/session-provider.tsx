import { createContext, type ReactNode, useContext, useMemo, useSyncExternalStore } from 'react';
import type { SessionUser } from './auth.port';
import type { SessionController, SessionEnd, StoredSession } from './session';

export interface SessionContextValue {
  user: SessionUser | null;
  token: string | null;
  remember: boolean;
  /** Why the previous session ended, while signed out. */
  ended: SessionEnd | null;
  signIn(session: StoredSession): void;
  updateUser(user: SessionUser): void;
  signOut(): void;
  expire(): void;
}

const SessionContext = createContext<SessionController | null>(null);

export interface SessionProviderProps {
  /** The app's controller (over browser storage); stories pass one over memory. */
  controller: SessionController;
  children: ReactNode;
}

/** Makes the current session available to every feature below. */
export function SessionProvider({ controller, children }: SessionProviderProps) {
  return <SessionContext.Provider value={controller}>{children}</SessionContext.Provider>;
}

/** The signed-in user, their token and the session actions. */
export function useSession(): SessionContextValue {
  const controller = useContext(SessionContext);
  if (!controller) throw new Error('useSession() necesita <SessionProvider>.');
  const { session, ended } = useSyncExternalStore(
    controller.subscribe,
    controller.getSnapshot,
    controller.getSnapshot,
  );
  return useMemo(
    () => ({
      user: session?.user ?? null,
      token: session?.token ?? null,
      remember: session?.remember ?? false,
      ended,
      signIn: controller.signIn,
      updateUser: controller.updateUser,
      signOut: controller.signOut,
      expire: controller.expire,
    }),
    [session, ended, controller],
  );
}
