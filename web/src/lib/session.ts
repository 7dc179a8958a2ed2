import { useSyncExternalStore } from 'react';
import type { User } from '@webpay/contracts/auth';
import { hasHistoricalDataRole } from '@webpay/contracts/roles';
import type { StoredSession } from './session-storage.ts';

/** SPEC §3 Session plus the derived role flag it keeps locally. */
export interface Session extends StoredSession {
  hasHistoricalDataRole: boolean;
}

export function toSession(stored: StoredSession): Session {
  return { ...stored, hasHistoricalDataRole: hasHistoricalDataRole(stored.claims) };
}

type Listener = () => void;

/**
 * The session held in memory. Kept outside React so the API client and the
 * router's guards read the same, always current value.
 */
export function createSessionStore() {
  let session: Session | null = null;
  const listeners = new Set<Listener>();
  const unauthorizedListeners = new Set<Listener>();

  const set = (next: Session | null): void => {
    if (next === session) return;
    session = next;
    for (const listener of listeners) listener();
  };

  return {
    get: (): Session | null => session,
    set,
    setUser(user: User): void {
      if (session) set({ ...session, user });
    },
    subscribe(listener: Listener): () => void {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    /** Raised by the API client when a call that carried a token is refused with 401. */
    reportUnauthorized(): void {
      for (const listener of unauthorizedListeners) listener();
    },
    onUnauthorized(listener: Listener): () => void {
      unauthorizedListeners.add(listener);
      return () => {
        unauthorizedListeners.delete(listener);
      };
    },
  };
}

export type SessionStore = ReturnType<typeof createSessionStore>;

export const sessionStore: SessionStore = createSessionStore();

export function useSession(store: SessionStore = sessionStore): Session | null {
  return useSyncExternalStore(store.subscribe, store.get, store.get);
}
