import type { ErrorObject } from '@webpay/contracts/errors';
import type { Language } from '@webpay/contracts/language';
import { PAYMENT_MESSAGES } from '@webpay/contracts/payments';
import { messagesIn } from '@/lib/messages.ts';
import { paymentErrorMessages } from '../payments.messages.ts';
import type { ConvergeResponse, LightboxOutcome } from './converge-lightbox.ts';
import { PROBLEM_CODES } from './payment-words.ts';

/** What the red panel shows after a payment did not go through. */
export type PaymentProblem =
  | {
      kind: 'error';
      error: ErrorObject;
      /**
       * same: Try Again re-sends the very same attempt (same Idempotency-Key);
       * fresh: the card session has ended, so Try Again starts a new one;
       * none: there is nothing to try again (the session has expired).
       */
      retry: 'same' | 'fresh' | 'none';
      /** SPEC §8: a 401 sends the guarantor to sign in after a moment. */
      redirecting: boolean;
    }
  /** SPEC §8: a failure that is not a product error object; the panel words it in the reader's language. */
  | { kind: 'generic'; message: typeof PAYMENT_MESSAGES.processingFailed };

export const GENERIC_PROBLEM: PaymentProblem = {
  kind: 'generic',
  message: PAYMENT_MESSAGES.processingFailed,
};

export function responseText(response: ConvergeResponse, field: string): string {
  const value = response[field];
  return typeof value === 'string' ? value.trim() : '';
}

/**
 * SPEC §4: a declined card goes back to the form with a 402 panel, worded
 * in the language the guarantor reads, as the service's errors are.
 */
export function declinedError(response: ConvergeResponse, language: Language): ErrorObject {
  const words = messagesIn(paymentErrorMessages, language).declined;
  const processorMessage = responseText(response, 'ssl_result_message');
  return {
    title: words.title,
    status: 402,
    code: PROBLEM_CODES.declined,
    details: [words.detail, ...(processorMessage ? [words.processorSaid(processorMessage)] : [])],
    requestId: '',
    correlationId: '',
  };
}

const lightboxWords = (language: Language) => messagesIn(paymentErrorMessages, language).lightbox;
type LightboxWords = ReturnType<typeof lightboxWords>;

/** SPEC §8: every card-window problem has the same title and code; only its detail differs. */
function cardWindowError(
  language: Language,
  detail: (words: LightboxWords) => string,
): ErrorObject {
  const words = lightboxWords(language);
  return {
    title: words.title,
    status: 500,
    code: PROBLEM_CODES.lightbox,
    details: [detail(words)],
    requestId: '',
    correlationId: '',
  };
}

/**
 * The card window opens only inside pages at the portal's public address; a
 * page reached at another one (127.0.0.1 for localhost, say) would show only
 * the browser's "refused to connect".
 */
export function wrongAddressError(
  here: string,
  portalOrigins: readonly string[],
  language: Language,
): ErrorObject {
  return cardWindowError(language, (words) => words.wrongAddress(here, portalOrigins[0] ?? ''));
}

/** SPEC §4 / §8: the card window could not start or reported an error. */
export function lightboxError(
  outcome: Extract<LightboxOutcome, { kind: 'error' }>,
  language: Language,
): ErrorObject {
  return cardWindowError(language, (words) =>
    outcome.failure ? words[outcome.failure] : words.reported(outcome.message),
  );
}
