import type { ErrorObject } from '@webpay/contracts/errors';
import { PAYMENT_MESSAGES } from '@webpay/contracts/payments';
import type { ConvergeResponse } from './converge-lightbox.ts';
import { DECLINED_WORDS, LIGHTBOX_ERROR_WORDS } from './payment-words.ts';

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
  /** SPEC §8: a failure that is not a product error object. */
  | { kind: 'generic'; message: typeof PAYMENT_MESSAGES.processingFailed };

export const GENERIC_PROBLEM: PaymentProblem = {
  kind: 'generic',
  message: PAYMENT_MESSAGES.processingFailed,
};

export function responseText(response: ConvergeResponse, field: string): string {
  const value = response[field];
  return typeof value === 'string' ? value.trim() : '';
}

/** SPEC §4: a declined card goes back to the form with a 402 panel. */
export function declinedError(response: ConvergeResponse): ErrorObject {
  const processorMessage = responseText(response, 'ssl_result_message');
  return {
    title: DECLINED_WORDS.title,
    status: 402,
    code: DECLINED_WORDS.code,
    details: [
      DECLINED_WORDS.detail,
      ...(processorMessage ? [DECLINED_WORDS.processorSaid(processorMessage)] : []),
    ],
    requestId: '',
    correlationId: '',
  };
}

/** SPEC §4 / §8: the card window could not start or reported an error. */
export function lightboxError(message: string): ErrorObject {
  return {
    title: PAYMENT_MESSAGES.lightboxInitFailedTitle,
    status: 500,
    code: LIGHTBOX_ERROR_WORDS.code,
    details: [message],
    requestId: '',
    correlationId: '',
  };
}
