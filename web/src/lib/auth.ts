import type { QueryClient } from '@tanstack/react-query';
import type { LoginResponse, User } from '@webpay/contracts/auth';
import { fallbackError } from '@webpay/contracts/error-codes';
import { INITIAL_UNAUTHENTICATED_WAIT_MS, LOGOUT_DELAY_MS } from '@/config/constants.ts';
import type { ApiResult } from './api-client.ts';
import { queryKeys, SESSION_QUERY_KEYS } from './query-keys.ts';
import { sessionStore, toSession, type Session, type SessionStore } from './session.ts';
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

export function createAuth(deps: AuthDependencies) {
  const { queryClient, fetchMe, postLogout, store = sessionStore, now = Date.now } = deps;

  let state: AuthState = { status: 'initialising', sessionExpired: false };
  const listeners = new Set<() => void>();
  let expiryTimer: ReturnType<typeof setTimeout> | undefined;
  let pendingExpiryLogout: Promise<void> | undefined;

  const setState = (patch: Partial<AuthState>) => {
    state = { ...state, ...patch };
    for (const listener of listeners) listener();
  };

  const clearExpiryTimer = () => {
    if (expiryTimer !== undefined) clearTimeout(expiryTimer);
    expiryTimer = undefined;
  };

  const armExpiryTimer = (session: Session) => {
    clearExpiryTimer();
    const remaining = session.expiresAt - now();
    expiryTimer = setTimeout(
      () => {
        if (store.get()?.token !== session.token) return;
        if (session.expiresAt > now()) armExpiryTimer(session);
        else expire();
      },
      Math.max(0, Math.min(remaining, MAX_TIMER_MS)),
    );
  };

  const establish = (session: Session) => {
    store.set(session);
    queryClient.setQueryData(queryKeys.user, session.user);
    armExpiryTimer(session);
  };

  const clearLocalSession = () => {
    clearExpiryTimer();
    store.set(null);
    clearStoredSession();
    for (const queryKey of SESSION_QUERY_KEYS) queryClient.removeQueries({ queryKey });
  };

  const isAuthenticated = () => {
    const session = store.get();
    return session !== null && session.expiresAt > now();
  };

  /**
   * SPEC §4: logout waits 300 ms, tells the server (best effort) and forgets
   * the session and everything cached for it. A sign-in that happens during
   * the wait is left alone.
   */
  const logout = async (): Promise<void> => {
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
  };

  /** SPEC §4: the token ran out or the server refused it. */
  function expire(): void {
    if (!store.get() || state.sessionExpired) return;
    clearExpiryTimer();
    setState({ sessionExpired: true });
    pendingExpiryLogout = logout().finally(() => {
      pendingExpiryLogout = undefined;
    });
  }

  const refreshUser = async (): Promise<void> => {
    const session = store.get();
    if (!session) return;
    const result = await fetchMe(session.token);
    if (result.error || store.get()?.token !== session.token) return;
    store.setUser(result.data);
    writeStoredUser(result.data);
    queryClient.setQueryData(queryKeys.user, result.data);
  };

  const stopListening = store.onUnauthorized(expire);

  return {
    getState: (): AuthState => state,
    subscribe(listener: () => void): () => void {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
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
      let claims;
      try {
        // Only signing in reads a token, so the sign-in pages open without jose and zod.
        const [{ decodeJwt }, { claimsSchema }] = await Promise.all([
          import('jose'),
          import('@webpay/contracts/auth'),
        ]);
        const parsed = claimsSchema.safeParse(decodeJwt(response.access_token));
        if (!parsed.success) throw parsed.error;
        claims = parsed.data;
      } catch (reason) {
        console.error('The sign-in token could not be read', reason);
        return { error: fallbackError(undefined), failure: 'response' };
      }
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
