import type { DeskPayment } from '@webpay/contracts/payment-desk';
import type { Language } from '@webpay/contracts/language';
import { staffCan, type StaffRole } from '@webpay/contracts/office';
import { DESK_MESSAGES } from './desk-messages.ts';
import { refundableCents, settledRefundKind, type HeldReversal } from './reversal-allocation.ts';

/** What the desk knows of a payment when it decides what may be done with it. */
export interface ActionFacts {
  payment: { status: string; amountCents: number; method: string };
  reversals: readonly HeldReversal[];
  /** Whether the sale has settled; null when the processor could not be asked. */
  settled: boolean | null;
  role: StaffRole | undefined;
  hasEmail: boolean;
  language: Language;
  approvalThresholdCents: number;
}

/**
 * Why nothing is left to give back. When a reversal still waits for a
 * second supervisor or for the processor, the money is not gone yet, and
 * saying "nothing remains" would send the clerk looking for a refund that
 * never happened.
 */
function whyNothingRemains(reversals: readonly HeldReversal[], language: Language): string {
  const say = DESK_MESSAGES[language];
  if (reversals.some((reversal) => reversal.status === 'awaiting_approval')) {
    return say.whyAwaitingApproval;
  }
  if (reversals.some((reversal) => reversal.status === 'processing')) return say.whyProcessing;
  return say.whyNothingLeft;
}

/** What the reader may do with the payment now, and when not, why. */
export function deskActions(facts: ActionFacts): DeskPayment['actions'] {
  const { payment, reversals, settled, role, language } = facts;
  const say = DESK_MESSAGES[language];
  const remaining = refundableCents(payment.amountCents, reversals);
  const may = (permission: 'support' | 'approve') =>
    role !== undefined && staffCan(role, permission);
  const common = (): string | null => {
    if (payment.status !== 'recorded') return say.whyNotRecorded;
    if (settled === null) return say.whyProcessor;
    if (remaining === 0) return whyNothingRemains(reversals, language);
    return null;
  };
  const voidWhy =
    (!may('support') && say.whyRole) ||
    common() ||
    (settled && say.whySettled) ||
    (remaining < payment.amountCents && say.whyPartlyGiven) ||
    null;
  const refundWhy =
    (!may('approve') && say.whyRole) || common() || (!settled && say.whyNotSettled) || null;
  const resendWhy =
    (!may('support') && say.whyRole) ||
    (payment.status !== 'recorded' && say.whyNotRecorded) ||
    (!facts.hasEmail && say.whyNoEmail) ||
    null;
  return {
    void: { available: voidWhy === null, why: voidWhy },
    refund: {
      available: refundWhy === null,
      why: refundWhy,
      kind: settled ? settledRefundKind(payment.method) : null,
      maxCents: payment.status === 'recorded' ? remaining : 0,
    },
    resendReceipt: { available: resendWhy === null, why: resendWhy },
    approvalThresholdCents: facts.approvalThresholdCents,
  };
}
