import type { Payer } from '@webpay/contracts/billing';
import type { CardProcessor } from '@webpay/contracts/config';
import type { Language } from '@webpay/contracts/language';
import type { StoredCredentialConsent } from '@webpay/contracts/payment-methods';
import type { PaymentItem, PaymentLine } from '@webpay/contracts/payments';
import { cancelCardPayment } from '../api/cancel-card-payment.ts';
import { completeCardPayment } from '../api/complete-card-payment.ts';
import { startCardPayment } from '../api/start-card-payment.ts';
import { openLightbox, type ConvergeResponse } from './converge-lightbox.ts';
import { failedCardReceipt } from './failed-receipt.ts';
import { serverProblem, type FlowResult } from './flow-result.ts';
import {
  declinedError,
  lightboxError,
  responseText,
  wrongAddressError,
} from './payment-problems.ts';
import { LIGHTBOX_READY_TIMEOUT_MS } from './payment-timing.ts';
import { CANCEL_REASONS } from './payment-words.ts';

export interface CardPaymentBody {
  accounts: PaymentLine[];
  payer: Payer;
  saveEmailAsGuarantor: boolean;
  acknowledgePending?: boolean;
  /** The guarantor asked to keep the card, with the consent they were shown. */
  saveCard?: StoredCredentialConsent;
}

export interface CardPaymentInput {
  body: CardPaymentBody;
  /** For the descriptions of a receipt built here. */
  items: readonly PaymentItem[];
  idempotencyKey: string;
  cardProcessor: CardProcessor;
  onPhase: (phase: 'lightbox' | 'completing') => void;
  /** The language the portal's own problem texts are worded in. */
  language: Language;
}

/** The completion call takes the approval's string fields only (cardCompletionRequestSchema). */
function stringFields(response: ConvergeResponse): Record<string, string> {
  return Object.fromEntries(
    Object.entries(response).filter(
      (entry): entry is [string, string] => typeof entry[1] === 'string',
    ),
  );
}

/**
 * SPEC §4 card phases: start → lightbox → completing. A lightbox that ends
 * without an approval is cancelled on the service with the reason, then the
 * guarantor is back on the form.
 */
export async function runCardPayment(input: CardPaymentInput): Promise<FlowResult> {
  const { body, items, idempotencyKey, cardProcessor, onPhase, language } = input;
  // The card window refuses to open inside a page at any other address; say so before charging anything.
  const here = window.location.origin;
  if (!cardProcessor.portalOrigins.includes(here)) {
    const error = wrongAddressError(here, cardProcessor.portalOrigins, language);
    return {
      kind: 'problem',
      problem: { kind: 'error', error, retry: 'none', redirecting: false },
    };
  }
  const started = await startCardPayment(body, idempotencyKey);
  if (started.error) return serverProblem(started.error);
  const { refNum, token } = started.data;

  onPhase('lightbox');
  const outcome = await openLightbox({
    token,
    scriptUrl: cardProcessor.lightboxScriptUrl,
    origin: cardProcessor.origin,
    readyTimeoutMs: LIGHTBOX_READY_TIMEOUT_MS,
  });

  switch (outcome.kind) {
    case 'approved': {
      onPhase('completing');
      const completed = await completeCardPayment(refNum, {
        convergeResponse: stringFields(outcome.response),
        saveEmailAsGuarantor: body.saveEmailAsGuarantor,
      });
      if (completed.data) return { kind: 'paid', receipt: completed.data };
      // SPEC §4: the card was charged but not recorded; the guarantor must still get a record.
      const receipt = failedCardReceipt({
        refNum,
        items,
        lines: body.accounts,
        payer: body.payer,
        approval: outcome.response,
      });
      return { kind: 'paid', receipt };
    }
    case 'declined': {
      const message = responseText(outcome.response, 'ssl_result_message') || 'no message';
      await cancelCardPayment(refNum, CANCEL_REASONS.declined(message));
      const error = declinedError(outcome.response, language);
      return {
        kind: 'problem',
        problem: { kind: 'error', error, retry: 'fresh', redirecting: false },
      };
    }
    case 'cancelled':
      await cancelCardPayment(refNum, CANCEL_REASONS.cancelled);
      return { kind: 'cancelled' };
    case 'error': {
      await cancelCardPayment(refNum, CANCEL_REASONS.error(outcome.message));
      const error = lightboxError(outcome, language);
      return {
        kind: 'problem',
        problem: { kind: 'error', error, retry: 'fresh', redirecting: false },
      };
    }
  }
}
