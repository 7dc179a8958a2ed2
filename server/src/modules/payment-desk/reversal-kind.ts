import type { ReversalKind } from '@webpay/contracts/payment-desk';
import { settledRefundKind } from './reversal-allocation.ts';

/*
 * What kind of reversal the desk sends, asked at the request and again at
 * the approval of one that waited for a second supervisor. The processor voids a card sale only before its batch settles
 * and returns it only after, and the batch may settle, or not yet have, by
 * the time a supervisor approves: so settlement is asked again at the
 * approval, as at the request (decision 0025), and the kind follows it.
 * Pure, so each case is tested on its own.
 */

/** Where the sale stands at the processor, read live. */
export type Settlement = { settled: boolean; voided: boolean };

/** Why a request cannot go to the processor now; the desk message of that name says it. */
export type RequestRefusal = 'voidedAtProcessor' | 'voidAfterSettlement' | 'refundBeforeSettlement';

export type RequestKind = { kind: ReversalKind } | { refused: RequestRefusal };

/** Why an approval cannot go to the processor now; the desk message of that name says it. */
export type ApprovalRefusal = 'voidedAtProcessor' | 'refundNotSettledYet';

export type ApprovalKind = { kind: ReversalKind } | { refused: ApprovalRefusal };

/**
 * At the request: a void only before settlement, a refund only after (a
 * return to the card or, for an eCheck, a check); nothing once the
 * processor has voided the sale. The desk never guesses which it is.
 */
export function kindOnRequest(
  asked: 'void' | 'refund',
  method: string,
  settlement: Settlement,
): RequestKind {
  if (settlement.voided) return { refused: 'voidedAtProcessor' };
  if (asked === 'void') {
    return settlement.settled ? { refused: 'voidAfterSettlement' } : { kind: 'void' };
  }
  if (!settlement.settled) return { refused: 'refundBeforeSettlement' };
  return { kind: settledRefundKind(method) };
}

export interface WaitingReversal {
  kind: Exclude<ReversalKind, 'check'>;
  amountCents: number;
}

export interface ReversedPayment {
  method: string;
  amountCents: number;
  /** What the payment's other reversals hold (awaiting, processing or completed). */
  heldByOthersCents: number;
}

/**
 * At the approval:
 * - Settled: a void becomes a refund of the same amount, a return to the
 *   card or, for an eCheck, a check, as the desk refunds a settled payment.
 * - Not settled: a return of the whole payment, nothing else of it held,
 *   becomes a void, which gives back exactly that; a part of it cannot be
 *   voided, so the approval is refused and the request keeps waiting until
 *   the sale settles. Never both a void and a return: one reversal, one call.
 * - Voided at the processor: nothing is left to give back.
 */
export function kindOnApproval(
  reversal: WaitingReversal,
  payment: ReversedPayment,
  settlement: Settlement,
): ApprovalKind {
  if (settlement.voided) return { refused: 'voidedAtProcessor' };
  if (settlement.settled) {
    if (reversal.kind === 'return') return { kind: 'return' };
    return { kind: settledRefundKind(payment.method) };
  }
  if (reversal.kind === 'void') return { kind: 'void' };
  const whole = reversal.amountCents === payment.amountCents && payment.heldByOthersCents === 0;
  return whole ? { kind: 'void' } : { refused: 'refundNotSettledYet' };
}
