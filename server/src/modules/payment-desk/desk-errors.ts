import { ApiError, DESK_ERROR_CODES, PAYMENT_ERROR_CODES, apiErrors } from '../../lib/api-error.ts';
import { DESK_MESSAGES } from './desk-messages.ts';

type Words = (typeof DESK_MESSAGES)['en'];

/** A desk message in the request's language. */
const say = (pick: (words: Words) => string) => (_: unknown, language: 'en' | 'es') =>
  pick(DESK_MESSAGES[language] as Words);

/** The payment desk's refusals, as SPEC error objects worded in the reader's language. */
export const deskErrors = {
  paymentNotFound: () => apiErrors.notFound(say((words) => words.paymentNotFound)),
  reversalNotFound: () => apiErrors.notFound(say((words) => words.reversalNotFound)),
  /** The payment's state does not allow it (not recorded, settled, unsettled, nothing left). */
  notAllowed: (pick: (words: Words) => string) =>
    new ApiError(
      409,
      DESK_ERROR_CODES.reversalNotAllowed,
      say((words) => words.titleRefused),
      [say(pick)],
    ),
  amountTooHigh: (remaining: string) =>
    new ApiError(
      400,
      DESK_ERROR_CODES.amountExceedsRefundable,
      say((words) => words.titleRefused),
      [say((words) => words.amountTooHigh(remaining))],
    ),
  sameRequester: () =>
    new ApiError(
      403,
      DESK_ERROR_CODES.secondSupervisorRequired,
      say((words) => words.titleRefused),
      [say((words) => words.sameRequester)],
    ),
  keyReused: () =>
    new ApiError(
      409,
      PAYMENT_ERROR_CODES.idempotencyKeyReused,
      say((words) => words.titleKeyReused),
      [say((words) => words.keyReused)],
    ),
  processorUnavailable: () =>
    new ApiError(
      503,
      DESK_ERROR_CODES.processorUnavailable,
      say((words) => words.titleRefused),
      [say((words) => words.processorUnknown)],
    ),
  forbidden: () => apiErrors.staffPermissionRequired(),
};
