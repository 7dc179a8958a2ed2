import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { QueryClient } from '@tanstack/react-query';
import { fallbackError } from '@webpay/contracts/errors';
import { claimsFor, maria, tokenFor } from '@test/fixtures.ts';
import type { ApiResult } from './api-client.ts';
import { createAuth } from './auth.ts';
import { queryKeys } from './query-keys.ts';
import { createSessionStore } from './session.ts';
import { SESSION_STORAGE_KEYS, writeStoredSession } from './session-storage.ts';

function setup() {
  const queryClient = new QueryClient();
  const store = createSessionStore();
  const fetchMe = vi.fn(async (): Promise<ApiResult<typeof maria>> => ({ data: maria }));
  const postLogout = vi.fn(async (): Promise<ApiResult<unknown>> => ({ data: undefined }));
  const auth = createAuth({ queryClient, store, fetchMe, postLogout });
  return { auth, store, queryClient, fetchMe, postLogout };
}

describe('auth', () => {
  let current: ReturnType<typeof setup>;

  beforeEach(() => {
    vi.useFakeTimers();
    current = setup();
  });

  afterEach(() => {
    current.auth.dispose();
    vi.useRealTimers();
  });

  it('signs in: stores token, expiry, decoded claims and the user', async () => {
    const { auth, fetchMe } = current;
    const token = tokenFor(claimsFor({ roles: ['historical-data'] }));
    const result = await auth.signIn({ access_token: token, expires_in: 900 });

    expect(result.error).toBeUndefined();
    expect(fetchMe).toHaveBeenCalledWith(token);
    const session = auth.getSession();
    expect(session?.token).toBe(token);
    expect(session?.expiresAt).toBe(Date.now() + 900_000);
    expect(session?.claims.roles).toEqual(['historical-data']);
    expect(session?.user).toEqual(maria);
    expect(auth.hasHistoricalDataRole()).toBe(true);
    expect(localStorage.getItem(SESSION_STORAGE_KEYS.token)).toBe(token);
  });

  it('derives hasHistoricalDataRole from the claims', async () => {
    const { auth } = current;
    await auth.signIn({ access_token: tokenFor(claimsFor({ roles: [] })), expires_in: 900 });
    expect(auth.getSession()?.hasHistoricalDataRole).toBe(false);
    expect(auth.hasHistoricalDataRole()).toBe(false);
  });

  it('refuses a token whose claims do not parse', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { auth, fetchMe } = current;
    const result = await auth.signIn({ access_token: 'not-a-jwt', expires_in: 900 });
    expect(result.error?.code).toBe('ERR1001');
    expect(fetchMe).not.toHaveBeenCalled();
    expect(auth.getSession()).toBeNull();
  });

  it('logs out after 300 ms, tells the server and drops the session caches', async () => {
    const { auth, queryClient, postLogout } = current;
    const token = tokenFor();
    await auth.signIn({ access_token: token, expires_in: 900 });
    for (const key of [
      'encounters',
      'contactConfig',
      'statements',
      'payments',
      'user',
      'appConfig',
    ]) {
      queryClient.setQueryData([key], { cached: key });
    }

    const done = auth.logout();
    await vi.advanceTimersByTimeAsync(299);
    expect(auth.getSession()).not.toBeNull();
    await vi.advanceTimersByTimeAsync(1);
    await done;

    expect(postLogout).toHaveBeenCalledWith(token);
    expect(auth.getSession()).toBeNull();
    expect(localStorage.getItem(SESSION_STORAGE_KEYS.token)).toBeNull();
    for (const key of ['encounters', 'contactConfig', 'statements', 'payments', 'user']) {
      expect(queryClient.getQueryData([key])).toBeUndefined();
    }
    expect(queryClient.getQueryData(queryKeys.appConfig)).toEqual({ cached: 'appConfig' });
  });

  it('does not undo a sign-in that happens during the logout delay', async () => {
    const { auth, postLogout } = current;
    const done = auth.logout();
    await auth.signIn({ access_token: tokenFor(), expires_in: 900 });
    await vi.advanceTimersByTimeAsync(300);
    await done;
    expect(auth.getSession()).not.toBeNull();
    expect(postLogout).not.toHaveBeenCalled();
  });

  it('does not read a refused logout as an expired session', async () => {
    const { auth, store, postLogout } = current;
    postLogout.mockImplementationOnce(async () => {
      store.reportUnauthorized();
      return { error: fallbackError(401), failure: 'response' };
    });
    await auth.signIn({ access_token: tokenFor(), expires_in: 900 });
    const done = auth.logout();
    await vi.advanceTimersByTimeAsync(300);
    await done;
    expect(postLogout).toHaveBeenCalled();
    expect(auth.getState().sessionExpired).toBe(false);
    expect(auth.getSession()).toBeNull();
  });

  it('expires the session when its time is up and shows the modal', async () => {
    const { auth } = current;
    await auth.signIn({ access_token: tokenFor(), expires_in: 60 });
    await vi.advanceTimersByTimeAsync(59_999);
    expect(auth.getState().sessionExpired).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(auth.getState().sessionExpired).toBe(true);
    expect(auth.isAuthenticated()).toBe(false);
    await vi.advanceTimersByTimeAsync(300);
    expect(localStorage.getItem(SESSION_STORAGE_KEYS.token)).toBeNull();

    auth.acknowledgeExpiry();
    expect(auth.getState().sessionExpired).toBe(false);
  });

  it('expires the session when an authenticated call is refused', async () => {
    const { auth, store } = current;
    await auth.signIn({ access_token: tokenFor(), expires_in: 900 });
    store.reportUnauthorized();
    expect(auth.getState().sessionExpired).toBe(true);
    await vi.advanceTimersByTimeAsync(300);
    expect(auth.getSession()).toBeNull();
  });

  it('ignores a refused call when nobody is signed in', () => {
    current.store.reportUnauthorized();
    expect(current.auth.getState().sessionExpired).toBe(false);
  });

  describe('initialise', () => {
    it('waits 400 ms when there is no session', async () => {
      const { auth } = current;
      const done = auth.initialise({ onLoginPage: false });
      await vi.advanceTimersByTimeAsync(399);
      expect(auth.getState().status).toBe('initialising');
      await vi.advanceTimersByTimeAsync(1);
      await done;
      expect(auth.getState().status).toBe('ready');
    });

    it('restores a stored session and refreshes the user outside the login page', async () => {
      const { auth, fetchMe } = current;
      const token = tokenFor();
      writeStoredSession({
        token,
        expiresAt: Date.now() + 60_000,
        user: { ...maria, firstName: 'Old' },
        claims: claimsFor(),
      });
      await auth.initialise({ onLoginPage: false });
      expect(fetchMe).toHaveBeenCalledWith(token);
      expect(auth.getSession()?.user.firstName).toBe('Maria');
      expect(auth.getState().status).toBe('ready');
    });

    it('does not refresh the user on the login page', async () => {
      const { auth, fetchMe } = current;
      writeStoredSession({
        token: tokenFor(),
        expiresAt: Date.now() + 60_000,
        user: maria,
        claims: claimsFor(),
      });
      await auth.initialise({ onLoginPage: true });
      expect(fetchMe).not.toHaveBeenCalled();
      expect(auth.getSession()).not.toBeNull();
    });

    it('keeps the stored user when the refresh fails for another reason', async () => {
      const { auth, fetchMe } = current;
      fetchMe.mockResolvedValueOnce({ error: fallbackError(503), failure: 'response' });
      writeStoredSession({
        token: tokenFor(),
        expiresAt: Date.now() + 60_000,
        user: maria,
        claims: claimsFor(),
      });
      await auth.initialise({ onLoginPage: false });
      expect(auth.getSession()?.user).toEqual(maria);
    });
  });
});
