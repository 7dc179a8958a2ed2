import { z } from 'zod';
import { isoDateSchema } from './dates.ts';
import type { Translation } from './language.ts';
import { dollarAmountSchema } from './money.ts';

/*
 * What the guarantor sees of a payment given back (issue #24), on the
 * Payments page and the receipt. The desk's side is in payment-desk.ts.
 */

/**
 * On the guarantor's Payments page and receipt: a payment voided, refunded
 * or partly refunded, with the amount given back and the day of the last
 * completed reversal (the facility's day).
 */
export const GUARANTOR_REVERSAL_STATUSES = ['voided', 'refunded', 'partially_refunded'] as const;
export const guarantorReversalSchema = z
  .object({
    status: z.enum(GUARANTOR_REVERSAL_STATUSES),
    /** Dollars, as the portal shows money. */
    amount: dollarAmountSchema,
    date: isoDateSchema,
  })
  .meta({ id: 'PaymentReversalSummary' });
export type GuarantorReversal = z.infer<typeof guarantorReversalSchema>;

export const GUARANTOR_REVERSAL_LABELS: Record<GuarantorReversal['status'], string> = {
  voided: 'Voided',
  refunded: 'Refunded',
  partially_refunded: 'Partially refunded',
};

export const GUARANTOR_REVERSAL_LABELS_ES: Translation<typeof GUARANTOR_REVERSAL_LABELS> = {
  voided: 'Anulado',
  refunded: 'Reembolsado',
  partially_refunded: 'Reembolsado en parte',
};

/**
 * One rule for the portal and the billing office's desk: a completed void
 * voids the payment; otherwise completed refunds reaching its amount refund
 * it, and any less refund it in part. Null while nothing was given back.
 */
export function givenBackStatus(
  paymentCents: number,
  completed: readonly { kind: string; amountCents: number }[],
): GuarantorReversal['status'] | null {
  if (completed.some((reversal) => reversal.kind === 'void')) return 'voided';
  const givenBackCents = completed.reduce((sum, reversal) => sum + reversal.amountCents, 0);
  if (givenBackCents <= 0) return null;
  return givenBackCents >= paymentCents ? 'refunded' : 'partially_refunded';
}
