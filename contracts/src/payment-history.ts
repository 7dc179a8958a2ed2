import { z } from 'zod';
import { ACCOUNT_TYPES } from './billing.ts';
import { isoDateSchema, isoDateTimeSchema } from './dates.ts';
import { facilityIdSchema } from './facilities.ts';
import type { Translation } from './language.ts';
import { dollarAmountSchema } from './money.ts';
import { guarantorReversalSchema } from './payment-reversal.ts';
import { plainText } from './plain-text.ts';

/*
 * Payment history (GET /payments) and one receipt (GET /receipts/{receiptId}),
 * for guarantors with the historical-data role.
 */

/** pending: received, not yet applied by the billing office; applied: posted to the accounts. */
export const PAYMENT_HISTORY_STATUSES = ['pending', 'applied'] as const;
export const paymentHistoryStatusSchema = z.enum(PAYMENT_HISTORY_STATUSES);
export type PaymentHistoryStatus = z.infer<typeof paymentHistoryStatusSchema>;

export const PAYMENT_HISTORY_STATUS_LABELS: Record<PaymentHistoryStatus, string> = {
  pending: 'Pending',
  applied: 'Applied',
};

export const PAYMENT_HISTORY_STATUS_LABELS_ES: Translation<typeof PAYMENT_HISTORY_STATUS_LABELS> = {
  pending: 'En proceso',
  applied: 'Aplicado',
};

export const paymentHistoryItemSchema = z
  .object({
    receiptId: z.string(),
    date: isoDateTimeSchema,
    amount: dollarAmountSchema,
    method: z.enum(['card', 'eCheck']),
    /** Masked: brand and last four digits only. */
    card: z.object({ brand: z.string(), last4: z.string() }).nullable(),
    /** Masked: type and last four digits only. */
    eCheck: z.object({ accountType: z.enum(ACCOUNT_TYPES), last4: z.string() }).nullable(),
    items: z.array(
      z.object({
        facilityId: facilityIdSchema,
        accountId: z.string(),
        description: z.string(),
        amount: dollarAmountSchema,
      }),
    ),
    status: paymentHistoryStatusSchema,
    /** Set once part or all of the payment was given back (voided or refunded). */
    reversal: guarantorReversalSchema.nullable().optional(),
  })
  .meta({ id: 'PaymentHistoryItem' });
export type PaymentHistoryItem = z.infer<typeof paymentHistoryItemSchema>;

export const paymentHistorySchema = z
  .object({ payments: z.array(paymentHistoryItemSchema) })
  .meta({ id: 'PaymentHistory' });
export type PaymentHistory = z.infer<typeof paymentHistorySchema>;

export const PAYMENT_HISTORY_QUERY_MESSAGES = {
  rangeReversed: 'from must not be after to',
} as const;

export const PAYMENT_HISTORY_QUERY_MESSAGES_ES: Translation<typeof PAYMENT_HISTORY_QUERY_MESSAGES> =
  {
    rangeReversed: 'from no puede ser posterior a to',
  };

/** Optional date range, inclusive, as calendar days (the facility's days, in its time zone). */
export const paymentHistoryQuerySchema = z
  .object({
    from: isoDateSchema.optional(),
    to: isoDateSchema.optional(),
  })
  .refine((query) => !query.from || !query.to || query.from <= query.to, {
    message: PAYMENT_HISTORY_QUERY_MESSAGES.rangeReversed,
    path: ['from'],
  });
export type PaymentHistoryQuery = z.infer<typeof paymentHistoryQuerySchema>;

export const receiptIdParamsSchema = z.object({ receiptId: plainText().min(1).max(40) });
