import {
  GUARANTOR_REVERSAL_LABELS,
  GUARANTOR_REVERSAL_LABELS_ES,
} from '@webpay/contracts/payment-reversal';
import { defineCatalogue } from '@/lib/messages.ts';

/** A payment given back, on the Payments page and the receipt (issue #24). */
export const paymentReversalMessages = defineCatalogue(
  {
    statuses: GUARANTOR_REVERSAL_LABELS,
    /** `Refunded $50.00 on Nov 27, 2026` */
    note: (status: string, amount: string, date: string) => `${status} ${amount} on ${date}`,
    /** Beside the status's badge: `$50.00 on Nov 27, 2026` */
    detail: (amount: string, date: string) => `${amount} on ${date}`,
  },
  {
    statuses: GUARANTOR_REVERSAL_LABELS_ES,
    note: (status, amount, date) => `${status}: ${amount} el ${date}`,
    detail: (amount, date) => `${amount} el ${date}`,
  },
);
