import { ERROR_CODES } from '@webpay/contracts/errors';
import { IDEMPOTENCY_KEY_HEADER } from '@webpay/contracts/api';
import { ApiError, PAYMENT_ERROR_CODES } from '../../lib/api-error.ts';

/*
 * The payment endpoints' refusals in the words a guarantor reads. Each says
 * what happened, whether money was taken, and what to do next.
 */

const NOTHING_CHARGED = 'You have not been charged.';

export const paymentErrors = {
  /** Line problems of one kind, each detail naming its line. */
  accountNotFound: (details: string[]) =>
    new ApiError(404, PAYMENT_ERROR_CODES.accountNotFound, 'Account not found', details),

  amountExceedsBalance: (details: string[]) =>
    new ApiError(
      400,
      PAYMENT_ERROR_CODES.amountExceedsBalance,
      'Amount exceeds the balance',
      details,
    ),

  paymentTypeMismatch: (details: string[]) =>
    new ApiError(
      400,
      PAYMENT_ERROR_CODES.paymentTypeMismatch,
      'Payment line does not match its account',
      details,
    ),

  duplicateAccount: (details: string[]) =>
    new ApiError(400, PAYMENT_ERROR_CODES.duplicateAccount, 'Account listed twice', details),

  invalidLines: (details: string[]) =>
    new ApiError(400, ERROR_CODES.validation, 'Invalid request', details),

  saveEmailNotAllowed: (reason: 'login_type' | 'no_email') =>
    new ApiError(403, PAYMENT_ERROR_CODES.saveEmailNotAllowed, 'Cannot save this email', [
      reason === 'no_email'
        ? 'body.saveEmailAsGuarantor: there is no email address in the billing information to save.'
        : 'body.saveEmailAsGuarantor: a new email address can only be saved to your account after you sign in with a code emailed to you. Pay without saving it, or sign in with your email address first.',
    ]),

  paymentNotFound: () =>
    new ApiError(404, PAYMENT_ERROR_CODES.paymentNotFound, 'Payment not found', [
      'There is no payment with this reference on your account.',
    ]),

  idempotencyKeyReused: () =>
    new ApiError(409, PAYMENT_ERROR_CODES.idempotencyKeyReused, 'Idempotency-Key already used', [
      `The ${IDEMPOTENCY_KEY_HEADER} header was already used for a different payment. Send a new key for a new payment.`,
    ]),

  idempotencyRequestInProgress: () =>
    new ApiError(
      409,
      PAYMENT_ERROR_CODES.idempotencyRequestInProgress,
      'Payment still being processed',
      [
        `A request with this ${IDEMPOTENCY_KEY_HEADER} is still being processed. Wait a moment and send it again; you will not be charged twice.`,
      ],
    ),

  paymentAlreadyRecorded: () =>
    new ApiError(409, PAYMENT_ERROR_CODES.paymentAlreadyRecorded, 'Payment already made', [
      'This payment has already been received and cannot be cancelled. Your receipt shows it.',
    ]),

  paymentNotCancellable: () =>
    new ApiError(409, PAYMENT_ERROR_CODES.paymentNotCancellable, 'Payment cannot be cancelled', [
      'Only a card payment that is still open can be cancelled; eCheck payments complete in one step.',
    ]),

  paymentNotVerified: () =>
    new ApiError(402, PAYMENT_ERROR_CODES.paymentNotVerified, 'Payment not confirmed', [
      `The card processor did not confirm this payment for this amount. ${NOTHING_CHARGED} If your card statement shows a charge, it will be matched to your account automatically; otherwise please try again.`,
    ]),

  paymentDeclined: (processorMessage: string) =>
    new ApiError(402, PAYMENT_ERROR_CODES.paymentDeclined, 'Payment declined', [
      `Your bank account payment was declined${processorMessage ? ` (${processorMessage})` : ''}. ${NOTHING_CHARGED} Please check the routing and account numbers, or use another payment method.`,
    ]),

  /**
   * `moneyMayHaveMoved` false (a card payment's start, before any card was
   * asked for): nothing can have been charged, and the words say so.
   */
  processorTimeout: (moneyMayHaveMoved = true) =>
    new ApiError(408, PAYMENT_ERROR_CODES.processorTimeout, 'Payment processor did not answer', [
      moneyMayHaveMoved
        ? 'The payment processor did not answer in time, so we cannot tell yet whether the payment went through. Please do not pay again now: we check with the processor and your receipt will appear on your account if it did.'
        : `The payment processor did not answer in time. ${NOTHING_CHARGED} Please try again in a few minutes.`,
    ]),

  /** `outcomeKnown` false: the request may have reached the processor, so nothing is promised. */
  processorError: (outcomeKnown: boolean) =>
    new ApiError(500, PAYMENT_ERROR_CODES.processorError, 'Payment processor error', [
      outcomeKnown
        ? `The payment processor could not take this payment. ${NOTHING_CHARGED} Please try again in a few minutes.`
        : 'We could not reach the payment processor, so we cannot tell yet whether the payment went through. Please do not pay again now: we check with the processor and your receipt will appear on your account if it did.',
    ]),
};
