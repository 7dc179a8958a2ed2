import type { SessionEnd } from './staff-session.ts';

const SESSION_ENDS: readonly SessionEnd[] = ['signed-out', 'idle', 'expired', 'unauthorized'];

export interface SignInSearch {
  /** Why the last session ended, said above the form. */
  ended?: SessionEnd;
  /** The console page to go back to once signed in. */
  next?: string;
}

/** The sign-in page's search parameters; anything unexpected is dropped. */
export function signInSearch(search: Record<string, unknown>): SignInSearch {
  const ended = SESSION_ENDS.find((reason) => reason === search.ended);
  const next = typeof search.next === 'string' ? search.next : undefined;
  return { ...(ended ? { ended } : {}), ...(next ? { next } : {}) };
}

/** Only a path of the console itself, never another site (open redirect). */
export function safeNext(next: string | undefined): string | undefined {
  if (!next || !next.startsWith('/') || next.startsWith('//') || next.includes('\\')) return;
  return next;
}
