import { paymentErrorMessages } from '../payments.messages.ts';

/** The outcome carries English words: they also go into the cancel reason the service records. */
const LIGHTBOX_WORDS = paymentErrorMessages.en.lightbox;

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

/** A failure worded by the portal rather than by the processor, so it can be shown in any language. */
export type LightboxFailure = 'scriptFailed' | 'unavailable' | 'unknown';

export type LightboxOutcome =
  | { kind: 'approved'; response: ConvergeResponse }
  | { kind: 'declined'; response: ConvergeResponse }
  | { kind: 'cancelled' }
  | { kind: 'error'; message: string; failure?: LightboxFailure };

export interface LightboxOptions {
  token: string;
  scriptUrl: string;
  /** Messages from this origin say the card window is ready. */
  origin: string;
  readyTimeoutMs: number;
}

let scriptLoad: Promise<void> | null = null;

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

/**
 * SPEC §8: the card window signals readiness with a window message from the
 * processor's origin; not hearing it in time is only worth a warning, as the
 * window may be up all the same. Returns a function that stops listening.
 */
function watchReadiness(origin: string, timeoutMs: number): () => void {
  const stop = () => {
    clearTimeout(timer);
    window.removeEventListener('message', onMessage);
  };
  const onMessage = (event: MessageEvent) => {
    if (event.origin === origin) stop();
  };
  const timer = setTimeout(() => {
    stop();
    console.warn(`The card window did not signal readiness within ${timeoutMs / 1000} s.`);
  }, timeoutMs);
  window.addEventListener('message', onMessage);
  return stop;
}

/** The processor's own words in whatever onError (or a throwing open) handed us, if any. */
function processorErrorText(error: unknown): string | undefined {
  if (typeof error === 'string' && error.trim() !== '') return error.trim();
  if (error instanceof Error && error.message) return error.message;
  if (error && typeof error === 'object') {
    const { errorCode, errorName, errorMessage } = error as ConvergeErrorObject;
    const label = [errorCode, errorName].filter(Boolean).join(' ');
    if (errorMessage) return label ? `${errorMessage} (${label})` : errorMessage;
    if (label) return label;
  }
  return undefined;
}

/** Words for whatever onError (or a throwing open) handed us. */
export function convergeErrorText(error: unknown): string {
  return processorErrorText(error) ?? LIGHTBOX_WORDS.unknown;
}

function failed(failure: LightboxFailure): LightboxOutcome {
  return { kind: 'error', message: LIGHTBOX_WORDS[failure], failure };
}

function errorOutcome(error: unknown): LightboxOutcome {
  const message = processorErrorText(error);
  return message === undefined ? failed('unknown') : { kind: 'error', message };
}

/**
 * Loads the processor's script and opens the lightbox with the token,
 * watching for its readiness signal. Resolves once with whatever the lightbox reports;
 * never rejects.
 */
export async function openLightbox(options: LightboxOptions): Promise<LightboxOutcome> {
  try {
    await loadScript(options.scriptUrl);
  } catch (reason) {
    console.error(reason);
    return failed('scriptFailed');
  }
  const converge = window.PayWithConverge;
  if (!converge) return failed('unavailable');

  return new Promise<LightboxOutcome>((resolve) => {
    let settled = false;
    const stopWatching = watchReadiness(options.origin, options.readyTimeoutMs);
    // The lightbox may report more than once (e.g. an error, then a close); the first word counts.
    const settle = (outcome: LightboxOutcome) => {
      stopWatching();
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
          onError: (error) => settle(errorOutcome(error)),
        },
      );
    } catch (reason) {
      settle(errorOutcome(reason));
    }
  });
}

/** Forgets the loaded script, as a fresh page would (tests). */
export function resetLightbox(): void {
  scriptLoad = null;
}
