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
