import { SSO_ERROR_CODES, type SsoErrorCode } from '@webpay/contracts/office';
import type { SessionEnd } from './staff-session.ts';

const SESSION_ENDS: readonly SessionEnd[] = ['signed-out', 'idle', 'expired', 'unauthorized'];

export interface SignInSearch {
  /** Why the last session ended, said above the form. */
  ended?: SessionEnd;
  /** The console page to go back to once signed in. */
  next?: string;
  /** Why single sign-on refused, from the service's redirect back. */
  sso?: SsoErrorCode;
}

const SSO_ERRORS: readonly SsoErrorCode[] = Object.values(SSO_ERROR_CODES);

/** A refusal code the service sends single sign-on back with; anything else is dropped. */
export function ssoErrorCode(value: unknown): SsoErrorCode | undefined {
  return SSO_ERRORS.find((code) => code === value);
}

/** The sign-in page's search parameters; anything unexpected is dropped. */
export function signInSearch(search: Record<string, unknown>): SignInSearch {
  const ended = SESSION_ENDS.find((reason) => reason === search.ended);
  const next = typeof search.next === 'string' ? search.next : undefined;
  const sso = ssoErrorCode(search.sso);
  return { ...(ended ? { ended } : {}), ...(next ? { next } : {}), ...(sso ? { sso } : {}) };
}

/** Only a path of the console itself, never another site (open redirect). */
export function safeNext(next: string | undefined): string | undefined {
  if (!next || !next.startsWith('/') || next.startsWith('//') || next.includes('\\')) return;
  return next;
}
