import { useSyncExternalStore } from 'react';
import type { StaffMe } from '@webpay/contracts/office';

/** A signed-in staff member's session as the console holds it. */
export interface StaffSession {
  token: string;
  /** The session's hard end, epoch milliseconds (at most 12 hours after sign-in). */
  expiresAt: number;
  /** Inactivity after which the service ends the session, in milliseconds. */
  idleTimeoutMs: number;
  /** Who is signed in; known once GET me has answered. */
  me: StaffMe | null;
}

/** Why a session ended, which the sign-in page tells the staff member. */
export type SessionEnd = 'signed-out' | 'idle' | 'expired' | 'unauthorized';

/** Only the token and its limits survive a reload, and only in this tab (sessionStorage). */
const STORAGE_KEY = 'webpay-office-session';

interface StoredStaffSession {
  token: string;
  expiresAt: number;
  idleTimeoutMs: number;
}

function storage(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    // Storage can be disabled by privacy settings; the session then lives in memory only.
    return null;
  }
}

function readStored(now: number): StoredStaffSession | null {
  let parsed: unknown;
  try {
    parsed = JSON.parse(storage()?.getItem(STORAGE_KEY) ?? 'null');
  } catch {
    return null;
  }
  if (typeof parsed !== 'object' || parsed === null) return null;
  const { token, expiresAt, idleTimeoutMs } = parsed as Partial<StoredStaffSession>;
  const valid =
    typeof token === 'string' &&
    token !== '' &&
    typeof expiresAt === 'number' &&
    expiresAt > now &&
    typeof idleTimeoutMs === 'number' &&
    idleTimeoutMs > 0;
  return valid ? { token, expiresAt, idleTimeoutMs } : null;
}

function writeStored(session: StaffSession | null): void {
  const store = storage();
  if (!store) return;
  if (!session) {
    store.removeItem(STORAGE_KEY);
    return;
  }
  const { token, expiresAt, idleTimeoutMs } = session;
  store.setItem(STORAGE_KEY, JSON.stringify({ token, expiresAt, idleTimeoutMs }));
}

/**
 * The staff session, held outside React so the API client, the router's
 * guards and the screens read the same value. Staff sessions never share
 * storage with a guarantor's (decision 0023).
 */
export function createStaffSessionStore() {
  let session: StaffSession | null = null;
  let ended: SessionEnd | null = null;
  const listeners = new Set<() => void>();
  const publish = () => {
    for (const listener of listeners) listener();
  };

  return {
    get: (): StaffSession | null => session,
    /** Why the last session ended; null while one is open or none has been. */
    ended: (): SessionEnd | null => ended,
    start(next: Omit<StaffSession, 'me'>): void {
      session = { ...next, me: null };
      ended = null;
      writeStored(session);
      publish();
    },
    setMe(me: StaffMe): void {
      if (!session) return;
      session = { ...session, me };
      publish();
    },
    /** Ends the session on this page; the caller tells the service when it should know. */
    end(reason: SessionEnd): void {
      if (!session) return;
      session = null;
      ended = reason;
      writeStored(null);
      publish();
    },
    /** A session kept by this tab before a reload, if it has not reached its hard end. */
    restore(now: number = Date.now()): StaffSession | null {
      const stored = readStored(now);
      if (!stored) writeStored(null);
      session = stored && { ...stored, me: null };
      publish();
      return session;
    },
    subscribe(listener: () => void): () => void {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
  };
}

export type StaffSessionStore = ReturnType<typeof createStaffSessionStore>;

export const staffSession: StaffSessionStore = createStaffSessionStore();

export function useStaffSession(store: StaffSessionStore = staffSession): StaffSession | null {
  return useSyncExternalStore(store.subscribe, store.get, store.get);
}
