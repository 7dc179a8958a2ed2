import { fromCents, sumCents } from '@webpay/contracts/money';
import type { ReversalKind } from '@webpay/contracts/payment-desk';
import { givenBackStatus, type GuarantorReversal } from '@webpay/contracts/payment-reversal';
import type { FacilityCalendar } from '../../lib/facility-day.ts';

/*
 * What the guarantor sees of money given back (issue #24): one status for
 * the payment, however many voids and refunds completed. Reversals still
 * waiting or failed are the office's business and show nothing.
 */

export interface CompletedReversalRow {
  paymentId: string;
  kind: ReversalKind;
  amountCents: number;
  completedAt: Date;
}

/** Null while nothing was given back; otherwise voided, refunded in full or in part. */
export function guarantorReversalOf(
  paymentCents: number,
  completed: readonly CompletedReversalRow[],
  calendar: FacilityCalendar,
): GuarantorReversal | null {
  if (completed.length === 0) return null;
  const givenBackCents = sumCents(completed.map((reversal) => reversal.amountCents));
  const last = Math.max(...completed.map((reversal) => reversal.completedAt.getTime()));
  const status = givenBackStatus(paymentCents, completed);
  if (!status) return null;
  return {
    status,
    amount: fromCents(givenBackCents),
    date: calendar.dayOf(new Date(last)),
  };
}
