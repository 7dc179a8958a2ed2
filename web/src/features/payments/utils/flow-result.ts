import { isErrorObject, type ErrorObject } from '@webpay/contracts/errors';
import type { Receipt } from '@webpay/contracts/payments';
import { GENERIC_PROBLEM, type PaymentProblem } from './payment-problems.ts';

/** How one payment attempt ended, as the dialog needs to know it. */
export type FlowResult =
  | { kind: 'paid'; receipt: Receipt }
  | { kind: 'problem'; problem: PaymentProblem }
  /** The guarantor closed the card window: back to the form, nothing to report. */
  | { kind: 'cancelled' };

/**
 * SPEC §8: a server error goes back to the form with the panel; the same
 * attempt may be tried again, except after a 401, which ends in sign-in.
 */
export function serverProblem(error: ErrorObject | undefined): FlowResult {
  if (!isErrorObject(error)) return { kind: 'problem', problem: GENERIC_PROBLEM };
  const expired = error.status === 401;
  return {
    kind: 'problem',
    problem: { kind: 'error', error, retry: expired ? 'none' : 'same', redirecting: expired },
  };
}
