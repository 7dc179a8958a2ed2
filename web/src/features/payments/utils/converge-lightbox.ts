import { LIGHTBOX_ERROR_WORDS } from './payment-words.ts';

/** The lightbox's approval or decline: Converge sends every value as a string. */
export type ConvergeResponse = Record<string, unknown>;

/** converge.md §2: onError gets a string or this object; which one is not documented. */
export interface ConvergeErrorObject {
  errorCode?: string;
  errorName?: string;
  errorMessage?: string;
}

export interface ConvergeCallbacks {
  onApproval: (response: ConvergeResponse) => void;
  onDeclined: (response: ConvergeResponse) => void;
  onCancelled: () => void;
  onError: (error: string | ConvergeErrorObject) => void;
}

/** The global the processor's script defines (converge.md §2). */
export interface PayWithConverge {
  open: (params: { ssl_txn_auth_token: string }, callbacks: ConvergeCallbacks) => void;
}

declare global {
  interface Window {
    PayWithConverge?: PayWithConverge;
  }
}

export type LightboxOutcome =
  | { kind: 'approved'; response: ConvergeResponse }
  | { kind: 'declined'; response: ConvergeResponse }
  | { kind: 'cancelled' }
  | { kind: 'error'; message: string };

export interface LightboxOptions {
  token: string;
  scriptUrl: string;
  /** Messages from this origin say the card window is ready. */
  origin: string;
  readyTimeoutMs: number;
}

let scriptLoad: Promise<void> | null = null;
const readyOrigins = new Set<string>();
let listening = false;

function noteReadiness(event: MessageEvent): void {
  readyOrigins.add(event.origin);
}

/** Listens from before the script is added, so an early readiness message is not missed. */
function listenForReadiness(): void {
  if (listening) return;
  listening = true;
  window.addEventListener('message', noteReadiness);
}

/** The script is added once per page; a failed load may be tried again by the next payment. */
function loadScript(url: string): Promise<void> {
  if (window.PayWithConverge) return Promise.resolve();
  scriptLoad ??= new Promise<void>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = url;
    script.async = true;
    script.addEventListener('load', () => resolve());
    script.addEventListener('error', () => {
      script.remove();
      scriptLoad = null;
      reject(new Error(`The card window script did not load from ${url}`));
    });
    document.head.append(script);
  });
  return scriptLoad;
}

/** SPEC §8: not hearing from the card window in time is only worth a warning. */
function waitForReadiness(origin: string, timeoutMs: number): Promise<void> {
  if (readyOrigins.has(origin)) return Promise.resolve();
  return new Promise((resolve) => {
    const onMessage = (event: MessageEvent) => {
      if (event.origin !== origin) return;
      clearTimeout(timer);
      window.removeEventListener('message', onMessage);
      resolve();
    };
    const timer = setTimeout(() => {
      window.removeEventListener('message', onMessage);
      console.warn(
        `The card window did not signal readiness within ${timeoutMs / 1000} s; opening it anyway.`,
      );
      resolve();
    }, timeoutMs);
    window.addEventListener('message', onMessage);
  });
}

/** Words for whatever onError (or a throwing open) handed us. */
export function convergeErrorText(error: unknown): string {
  if (typeof error === 'string' && error.trim() !== '') return error.trim();
  if (error instanceof Error && error.message) return error.message;
  if (error && typeof error === 'object') {
    const { errorCode, errorName, errorMessage } = error as ConvergeErrorObject;
    const label = [errorCode, errorName].filter(Boolean).join(' ');
    if (errorMessage) return label ? `${errorMessage} (${label})` : errorMessage;
    if (label) return label;
  }
  return LIGHTBOX_ERROR_WORDS.unknown;
}

/**
 * Loads the processor's script, waits for its readiness signal and opens the
 * lightbox with the token. Resolves once with whatever the lightbox reports;
 * never rejects.
 */
export async function openLightbox(options: LightboxOptions): Promise<LightboxOutcome> {
  listenForReadiness();
  try {
    await loadScript(options.scriptUrl);
  } catch (reason) {
    console.error(reason);
    return { kind: 'error', message: LIGHTBOX_ERROR_WORDS.scriptFailed };
  }
  await waitForReadiness(options.origin, options.readyTimeoutMs);
  const converge = window.PayWithConverge;
  if (!converge) return { kind: 'error', message: LIGHTBOX_ERROR_WORDS.unavailable };

  return new Promise<LightboxOutcome>((resolve) => {
    let settled = false;
    // The lightbox may report more than once (e.g. an error, then a close); the first word counts.
    const settle = (outcome: LightboxOutcome) => {
      if (settled) return;
      settled = true;
      resolve(outcome);
    };
    try {
      converge.open(
        { ssl_txn_auth_token: options.token },
        {
          onApproval: (response) => settle({ kind: 'approved', response }),
          onDeclined: (response) => settle({ kind: 'declined', response }),
          onCancelled: () => settle({ kind: 'cancelled' }),
          onError: (error) => settle({ kind: 'error', message: convergeErrorText(error) }),
        },
      );
    } catch (reason) {
      settle({ kind: 'error', message: convergeErrorText(reason) });
    }
  });
}

/** Forgets the loaded script and readiness, as a fresh page would (tests). */
export function resetLightbox(): void {
  scriptLoad = null;
  readyOrigins.clear();
  if (listening) window.removeEventListener('message', noteReadiness);
  listening = false;
}
