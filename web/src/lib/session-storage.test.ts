import { describe, expect, it } from 'vitest';
import { claimsFor, maria, tokenFor } from '@test/fixtures.ts';
import {
  clearStoredSession,
  restoreStoredSession,
  SESSION_STORAGE_KEYS,
  writeStoredSession,
  writeStoredUser,
  type StoredSession,
} from './session-storage.ts';

const NOW = 1_800_000_000_000;

function stored(overrides: Partial<StoredSession> = {}): StoredSession {
  return {
    token: tokenFor(),
    expiresAt: NOW + 60_000,
    user: maria,
    claims: claimsFor(),
    ...overrides,
  };
}

const storedKeys = () =>
  Object.values(SESSION_STORAGE_KEYS).filter((key) => localStorage.getItem(key) !== null);

describe('session storage', () => {
  it('uses webpay-session- keys', () => {
    writeStoredSession(stored());
    expect(Object.keys(localStorage).sort()).toEqual([
      'webpay-session-claims',
      'webpay-session-expires-at',
      'webpay-session-token',
      'webpay-session-user',
    ]);
  });

  it('restores an unexpired session whose parts all parse', async () => {
    const session = stored();
    writeStoredSession(session);
    expect(await restoreStoredSession(NOW)).toEqual(session);
  });

  it('removes everything when the session has expired', async () => {
    writeStoredSession(stored({ expiresAt: NOW }));
    expect(await restoreStoredSession(NOW)).toBeNull();
    expect(storedKeys()).toEqual([]);
  });

  it.each([
    ['the token is missing', () => localStorage.removeItem(SESSION_STORAGE_KEYS.token)],
    ['the expiry is missing', () => localStorage.removeItem(SESSION_STORAGE_KEYS.expiresAt)],
    [
      'the expiry is not a number',
      () => localStorage.setItem(SESSION_STORAGE_KEYS.expiresAt, 'soon'),
    ],
    ['the user is not JSON', () => localStorage.setItem(SESSION_STORAGE_KEYS.user, '{broken')],
    [
      'the user does not match the schema',
      () => localStorage.setItem(SESSION_STORAGE_KEYS.user, JSON.stringify({ firstName: 'Maria' })),
    ],
    ['the claims are missing', () => localStorage.removeItem(SESSION_STORAGE_KEYS.claims)],
    [
      'the claims do not match the schema',
      () => localStorage.setItem(SESSION_STORAGE_KEYS.claims, JSON.stringify({ roles: 'all' })),
    ],
  ])('removes everything when %s', async (_case, damage) => {
    writeStoredSession(stored());
    damage();
    expect(await restoreStoredSession(NOW)).toBeNull();
    expect(storedKeys()).toEqual([]);
  });

  it('leaves other keys, such as the theme, alone', () => {
    localStorage.setItem('webpay-ui-theme', 'dark');
    writeStoredSession(stored());
    clearStoredSession();
    expect(storedKeys()).toEqual([]);
    expect(localStorage.getItem('webpay-ui-theme')).toBe('dark');
  });

  it('updates the stored user on refresh', async () => {
    writeStoredSession(stored());
    writeStoredUser({ ...maria, supportPhone: undefined, email: null });
    expect((await restoreStoredSession(NOW))?.user.email).toBeNull();
  });
});
