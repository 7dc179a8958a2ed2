import { ERROR_CODES } from '@webpay/contracts/errors';
import { IDEMPOTENCY_KEY_HEADER } from '@webpay/contracts/api';
import { ApiError, PAYMENT_ERROR_CODES, fieldText, type LocalText } from '../../lib/api-error.ts';

/*
 * The payment endpoints' refusals in the words a guarantor reads. Each says
 * what happened, whether money was taken, and what to do next.
 */

export const paymentErrors = {
  /** Line problems of one kind, each detail naming its line. */
  accountNotFound: (details: readonly LocalText[]) =>
    new ApiError(
      404,
      PAYMENT_ERROR_CODES.accountNotFound,
      (m) => m.titles.accountNotFound,
      details,
    ),

  amountExceedsBalance: (details: readonly LocalText[]) =>
    new ApiError(
      400,
      PAYMENT_ERROR_CODES.amountExceedsBalance,
      (m) => m.titles.amountExceedsBalance,
      details,
    ),

  paymentTypeMismatch: (details: readonly LocalText[]) =>
    new ApiError(
      400,
      PAYMENT_ERROR_CODES.paymentTypeMismatch,
      (m) => m.titles.paymentTypeMismatch,
      details,
    ),

  duplicateAccount: (details: readonly LocalText[]) =>
    new ApiError(
      400,
      PAYMENT_ERROR_CODES.duplicateAccount,
      (m) => m.titles.accountListedTwice,
      details,
    ),

  /** Lines that pay more than is left once the portal payments pending on them are applied. */
  pendingPaymentExists: (details: readonly LocalText[]) =>
    new ApiError(
      409,
      ERROR_CODES.pendingPaymentExists,
      (m) => m.titles.paymentAlreadyPending,
      details,
    ),

  invalidLines: (details: readonly LocalText[]) =>
    new ApiError(400, ERROR_CODES.validation, (m) => m.titles.invalidRequest, details),

  saveEmailNotAllowed: (reason: 'login_type' | 'no_email') =>
    new ApiError(403, PAYMENT_ERROR_CODES.saveEmailNotAllowed, (m) => m.titles.cannotSaveEmail, [
      fieldText('body.saveEmailAsGuarantor', (m) =>
        reason === 'no_email' ? m.saveEmailWithoutEmail : m.saveEmailNeedsCode,
      ),
    ]),

  paymentNotFound: () =>
    new ApiError(404, PAYMENT_ERROR_CODES.paymentNotFound, (m) => m.titles.paymentNotFound, [
      (m) => m.paymentNotFound,
    ]),

  idempotencyKeyReused: () =>
    new ApiError(
      409,
      PAYMENT_ERROR_CODES.idempotencyKeyReused,
      (m) => m.titles.idempotencyKeyReused,
      [(m) => m.idempotencyKeyReused(IDEMPOTENCY_KEY_HEADER)],
    ),

  idempotencyRequestInProgress: () =>
    new ApiError(
      409,
      PAYMENT_ERROR_CODES.idempotencyRequestInProgress,
      (m) => m.titles.paymentInProgress,
      [(m) => m.paymentInProgress(IDEMPOTENCY_KEY_HEADER)],
    ),

  paymentAlreadyRecorded: () =>
    new ApiError(
      409,
      PAYMENT_ERROR_CODES.paymentAlreadyRecorded,
      (m) => m.titles.paymentAlreadyMade,
      [(m) => m.paymentAlreadyMade],
    ),

  paymentNotCancellable: () =>
    new ApiError(
      409,
      PAYMENT_ERROR_CODES.paymentNotCancellable,
      (m) => m.titles.paymentNotCancellable,
      [(m) => m.paymentNotCancellable],
    ),

  paymentNotVerified: () =>
    new ApiError(402, PAYMENT_ERROR_CODES.paymentNotVerified, (m) => m.titles.paymentNotConfirmed, [
      (m) => m.paymentNotConfirmed,
    ]),

  paymentDeclined: () =>
    new ApiError(402, PAYMENT_ERROR_CODES.paymentDeclined, (m) => m.titles.paymentDeclined, [
      (m) => m.paymentDeclined,
    ]),

  /**
   * `moneyMayHaveMoved` false (a card payment's start, before any card was
   * asked for): nothing can have been charged, and the words say so.
   */
  processorTimeout: (moneyMayHaveMoved = true) =>
    new ApiError(408, PAYMENT_ERROR_CODES.processorTimeout, (m) => m.titles.processorTimeout, [
      (m) =>
        moneyMayHaveMoved ? m.processorTimeoutOutcomeUnknown : m.processorTimeoutNothingCharged,
    ]),

  /** `outcomeKnown` false: the request may have reached the processor, so nothing is promised. */
  processorError: (outcomeKnown: boolean) =>
    new ApiError(500, PAYMENT_ERROR_CODES.processorError, (m) => m.titles.processorError, [
      (m) => (outcomeKnown ? m.processorRefused : m.processorUnreachable),
    ]),
};
