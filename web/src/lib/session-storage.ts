import type { Claims, User } from '@webpay/contracts/auth';

/** SPEC §3 Session, as it survives a reload. */
export interface StoredSession {
  token: string;
  /** Epoch milliseconds. */
  expiresAt: number;
  user: User;
  claims: Claims;
}

export const SESSION_STORAGE_KEYS = {
  token: 'webpay-session-token',
  expiresAt: 'webpay-session-expires-at',
  user: 'webpay-session-user',
  claims: 'webpay-session-claims',
} as const;

function storage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    // Storage can be disabled by privacy settings; the session then lives in memory only.
    return null;
  }
}

function parseJson(value: string | null): unknown {
  if (value === null) return undefined;
  try {
    return JSON.parse(value);
  } catch {
    return undefined;
  }
}

export function clearStoredSession(): void {
  const store = storage();
  if (!store) return;
  for (const key of Object.values(SESSION_STORAGE_KEYS)) store.removeItem(key);
}

/**
 * SPEC §4: restore only an unexpired session whose every part still parses;
 * anything else is wiped so half a session can never linger. The schemas
 * (and zod) are loaded only when there is a session to read, so a signed-out
 * visit does not wait for them.
 */
export async function restoreStoredSession(
  now: number = Date.now(),
): Promise<StoredSession | null> {
  const store = storage();
  if (!store) return null;

  const token = store.getItem(SESSION_STORAGE_KEYS.token);
  const expiresAtRaw = store.getItem(SESSION_STORAGE_KEYS.expiresAt);
  const expiresAt =
    expiresAtRaw === null || expiresAtRaw.trim() === '' ? NaN : Number(expiresAtRaw);
  if (!token || !Number.isFinite(expiresAt) || expiresAt <= now) {
    clearStoredSession();
    return null;
  }

  const { claimsSchema, userSchema } = await import('@webpay/contracts/auth');
  const user = userSchema.safeParse(parseJson(store.getItem(SESSION_STORAGE_KEYS.user)));
  const claims = claimsSchema.safeParse(parseJson(store.getItem(SESSION_STORAGE_KEYS.claims)));

  if (!user.success || !claims.success) {
    clearStoredSession();
    return null;
  }
  return { token, expiresAt, user: user.data, claims: claims.data };
}

export function writeStoredSession(session: StoredSession): void {
  const store = storage();
  if (!store) return;
  try {
    store.setItem(SESSION_STORAGE_KEYS.token, session.token);
    store.setItem(SESSION_STORAGE_KEYS.expiresAt, String(session.expiresAt));
    store.setItem(SESSION_STORAGE_KEYS.user, JSON.stringify(session.user));
    store.setItem(SESSION_STORAGE_KEYS.claims, JSON.stringify(session.claims));
  } catch {
    // A full or blocked storage must not break sign-in; a reload will simply ask again.
    clearStoredSession();
  }
}

export function writeStoredUser(user: User): void {
  const store = storage();
  if (!store) return;
  try {
    store.setItem(SESSION_STORAGE_KEYS.user, JSON.stringify(user));
  } catch {
    clearStoredSession();
  }
}
