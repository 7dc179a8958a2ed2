import { z } from 'zod';
import { reasonSchema } from '@webpay/contracts/office';
import { PAYMENT_DESK_MESSAGES, parseDollarsToCents } from '@webpay/contracts/payment-desk';

/** Cents as dollars for a field ("125.5" → "125.50"). */
export function centsToDollarsText(cents: number): string {
  return (cents / 100).toFixed(2);
}

/**
 * The refund dialog's fields: an amount in dollars, more than nothing and
 * at most what remains refundable, in the contract's words; and a reason.
 */
export function refundFormSchema(maxCents: number) {
  return z.object({
    amount: z.string().superRefine((text, context) => {
      const issue = (message: string) => context.addIssue({ code: 'custom', message });
      if (text.trim() === '') return issue(PAYMENT_DESK_MESSAGES.amountRequired);
      const cents = parseDollarsToCents(text);
      if (cents === undefined) return issue(PAYMENT_DESK_MESSAGES.amountFormat);
      if (cents <= 0) return issue(PAYMENT_DESK_MESSAGES.amountPositive);
      if (cents > maxCents) issue(PAYMENT_DESK_MESSAGES.amountTooHigh);
    }),
    reason: reasonSchema,
  });
}
export type RefundForm = z.input<ReturnType<typeof refundFormSchema>>;
