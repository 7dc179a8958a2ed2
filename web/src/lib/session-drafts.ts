/*
 * Forms a guarantor fills in over several steps keep their answers in this
 * tab's sessionStorage, so a reload does not lose them. Never localStorage:
 * the answers (income, household) must not outlive the tab, and every draft
 * is removed when the session ends, so the next person at the computer
 * finds none.
 */

const PREFIX = 'webpay-draft-';

function storage(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    // Storage can be disabled by privacy settings; the draft then lives only as long as the page.
    return null;
  }
}

interface StoredDraft {
  /** The session that wrote it: a draft is never offered to another sign-in. */
  owner: string;
  value: unknown;
}

/** The draft `name` written by `owner`, or undefined. */
export function readSessionDraft(name: string, owner: string): unknown {
  const text = storage()?.getItem(PREFIX + name);
  if (!text) return undefined;
  try {
    const stored = JSON.parse(text) as Partial<StoredDraft>;
    return stored.owner === owner ? stored.value : undefined;
  } catch {
    return undefined;
  }
}

export function writeSessionDraft(name: string, owner: string, value: unknown): void {
  try {
    storage()?.setItem(PREFIX + name, JSON.stringify({ owner, value } satisfies StoredDraft));
  } catch {
    // A full storage keeps the draft for this page only.
  }
}

export function forgetSessionDraft(name: string): void {
  storage()?.removeItem(PREFIX + name);
}

/** Every draft of every form: on sign-out and when a session expires. */
export function clearSessionDrafts(): void {
  const store = storage();
  if (!store) return;
  const names = Array.from({ length: store.length }, (_, index) => store.key(index));
  for (const key of names) {
    if (key?.startsWith(PREFIX)) store.removeItem(key);
  }
}
