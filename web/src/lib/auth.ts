import type { QueryClient } from '@tanstack/react-query';
import type { LoginResponse, User } from '@webpay/contracts/auth';
import { fallbackError } from '@webpay/contracts/error-codes';
import { INITIAL_UNAUTHENTICATED_WAIT_MS, LOGOUT_DELAY_MS } from '@/config/constants.ts';
import type { ApiResult } from './api-client.ts';
import { queryKeys, SESSION_QUERY_KEYS } from './query-keys.ts';
import { sessionStore, toSession, type Session, type SessionStore } from './session.ts';
import { clearSessionDrafts } from './session-drafts.ts';
import {
  clearStoredSession,
  restoreStoredSession,
  writeStoredSession,
  writeStoredUser,
} from './session-storage.ts';

export interface AuthState {
  /** `initialising` until the stored session is restored (or found absent) — SPEC §2 spinner. */
  status: 'initialising' | 'ready';
  /** SPEC §4: the 'Session Expired' modal is showing. */
  sessionExpired: boolean;
}

export interface AuthDependencies {
  queryClient: QueryClient;
  fetchMe: (token: string) => Promise<ApiResult<User>>;
  postLogout: (token: string) => Promise<ApiResult<unknown>>;
  store?: SessionStore;
  now?: () => number;
}

const LOGOUT_REVOKE_WAIT_MS = 2000;

/** setTimeout cannot wait longer than this; longer sessions re-arm the timer. */
const MAX_TIMER_MS = 2_147_483_647;

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * The timer that expires a session when its token runs out. It fires only
 * for the session it was armed for, and re-arms past setTimeout's limit.
 */
function expiryTimer(store: SessionStore, now: () => number, onExpired: () => void) {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const clear = () => {
    if (timer !== undefined) clearTimeout(timer);
    timer = undefined;
  };
  const arm = (session: Session) => {
    clear();
    const remaining = session.expiresAt - now();
    timer = setTimeout(
      () => {
        if (store.get()?.token !== session.token) return;
        if (session.expiresAt > now()) arm(session);
        else onExpired();
      },
      Math.max(0, Math.min(remaining, MAX_TIMER_MS)),
    );
  };
  return { arm, clear };
}

/** The claims of a sign-in token, or null when they cannot be read. */
async function readClaims(token: string) {
  try {
    // Only signing in reads a token, so the sign-in pages open without jose and zod.
    const [{ decodeJwt }, { claimsSchema }] = await Promise.all([
      import('jose'),
      import('@webpay/contracts/auth'),
    ]);
    const parsed = claimsSchema.safeParse(decodeJwt(token));
    if (!parsed.success) throw parsed.error;
    return parsed.data;
  } catch (reason) {
    console.error('The sign-in token could not be read', reason);
    return null;
  }
}

/** The auth state and who listens to it; a change tells every listener. */
function authStateStore() {
  let state: AuthState = { status: 'initialising', sessionExpired: false };
  const listeners = new Set<() => void>();
  return {
    listeners,
    getState: (): AuthState => state,
    setState(patch: Partial<AuthState>) {
      state = { ...state, ...patch };
      for (const listener of listeners) listener();
    },
    subscribe(listener: () => void): () => void {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
  };
}

/**
 * SPEC §4: logout waits 300 ms, tells the server (best effort) and forgets
 * the session and everything cached for it. A sign-in that happens during
 * the wait is left alone.
 */
async function logOutAfterDelay(
  store: SessionStore,
  postLogout: AuthDependencies['postLogout'],
  clearLocalSession: () => void,
): Promise<void> {
  const token = store.get()?.token;
  await wait(LOGOUT_DELAY_MS);
  if (store.get()?.token !== token) return;
  // Forget locally first: a refusal of the (maybe already dead) token must not
  // read as a session expiring.
  clearLocalSession();
  if (token) {
    // Waited for briefly so the server has revoked the token before the next page,
    // but a slow or failing server never keeps the guarantor signed in here.
    await Promise.race([postLogout(token).catch(() => undefined), wait(LOGOUT_REVOKE_WAIT_MS)]);
  }
}

/** Fetches the signed-in user again and keeps it, unless the session changed meanwhile. */
async function refreshSignedInUser(
  store: SessionStore,
  fetchMe: AuthDependencies['fetchMe'],
  queryClient: QueryClient,
): Promise<void> {
  const session = store.get();
  if (!session) return;
  const result = await fetchMe(session.token);
  if (result.error || store.get()?.token !== session.token) return;
  store.setUser(result.data);
  writeStoredUser(result.data);
  queryClient.setQueryData(queryKeys.user, result.data);
}

export function createAuth(deps: AuthDependencies) {
  const { queryClient, fetchMe, postLogout, store = sessionStore, now = Date.now } = deps;

  const { getState, setState, subscribe, listeners } = authStateStore();
  let pendingExpiryLogout: Promise<void> | undefined;

  const { arm: armExpiryTimer, clear: clearExpiryTimer } = expiryTimer(store, now, () => expire());

  const establish = (session: Session) => {
    store.set(session);
    queryClient.setQueryData(queryKeys.user, session.user);
    armExpiryTimer(session);
  };

  const clearLocalSession = () => {
    clearExpiryTimer();
    store.set(null);
    clearStoredSession();
    clearSessionDrafts();
    for (const queryKey of SESSION_QUERY_KEYS) queryClient.removeQueries({ queryKey });
  };

  const isAuthenticated = () => {
    const session = store.get();
    return session !== null && session.expiresAt > now();
  };

  const logout = () => logOutAfterDelay(store, postLogout, clearLocalSession);

  /** SPEC §4: the token ran out or the server refused it. */
  function expire(): void {
    if (!store.get() || getState().sessionExpired) return;
    clearExpiryTimer();
    setState({ sessionExpired: true });
    pendingExpiryLogout = logout().finally(() => {
      pendingExpiryLogout = undefined;
    });
  }

  const refreshUser = () => refreshSignedInUser(store, fetchMe, queryClient);

  const stopListening = store.onUnauthorized(expire);

  return {
    getState,
    subscribe,
    getSession: (): Session | null => (isAuthenticated() ? store.get() : null),
    isAuthenticated,
    hasHistoricalDataRole: (): boolean => isAuthenticated() && !!store.get()?.hasHistoricalDataRole,

    /** SPEC §4 Session, on load. */
    async initialise({ onLoginPage }: { onLoginPage: boolean }): Promise<void> {
      const restored = await restoreStoredSession(now());
      if (!restored) {
        await wait(INITIAL_UNAUTHENTICATED_WAIT_MS);
      } else {
        establish(toSession(restored));
        if (!onLoginPage) {
          await refreshUser();
          // A refused token has started a logout; finish it so guards see the outcome.
          if (pendingExpiryLogout) await pendingExpiryLogout;
        }
      }
      setState({ status: 'ready' });
    },

    /**
     * SPEC §4: store the token, its expiry, the decoded claims and the user
     * fetched right after sign-in. Nothing is stored unless all of them are good.
     */
    async signIn(response: LoginResponse): Promise<ApiResult<Session>> {
      const claims = await readClaims(response.access_token);
      if (!claims) return { error: fallbackError(undefined), failure: 'response' };
      const expiresAt = now() + response.expires_in * 1000;
      const me = await fetchMe(response.access_token);
      if (me.error) return me;

      const session = toSession({ token: response.access_token, expiresAt, claims, user: me.data });
      writeStoredSession(session);
      establish(session);
      setState({ sessionExpired: false });
      return { data: session };
    },

    refreshUser,
    logout,
    expire,
    acknowledgeExpiry(): void {
      setState({ sessionExpired: false });
    },
    /** Stops timers and listeners (tests, hot reload). */
    dispose(): void {
      clearExpiryTimer();
      stopListening();
      listeners.clear();
    },
  };
}

export type Auth = ReturnType<typeof createAuth>;
