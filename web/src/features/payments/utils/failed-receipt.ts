import type { Payer } from '@webpay/contracts/billing';
import { fromCents } from '@webpay/contracts/money';
import type { PaymentItem, PaymentLine, Receipt } from '@webpay/contracts/payments';
import type { ConvergeResponse } from './converge-lightbox.ts';
import { paymentTotalCents } from '@/lib/payments/payment-items.ts';
import { responseText } from './payment-problems.ts';
import { formatExpiry, lastFour } from '@/lib/payments/receipt-format.ts';

/** SPEC §4: a failed receipt has no receipt number of its own. */
export const FAILED_RECEIPT_ID = 'N/A';

export interface FailedReceiptInput {
  refNum: string;
  items: readonly PaymentItem[];
  lines: readonly PaymentLine[];
  payer: Payer;
  /** The lightbox's approval: the only word on the card we have. */
  approval: ConvergeResponse;
  now?: Date;
}

/**
 * SPEC §4: the processor approved but the service could not record it. The
 * guarantor still needs a record of what they paid, built from what we know.
 */
export function failedCardReceipt(input: FailedReceiptInput): Receipt {
  const { refNum, items, lines, payer, approval, now = new Date() } = input;
  return {
    id: refNum,
    paymentMethod: 'card',
    receiptId: FAILED_RECEIPT_ID,
    amount: fromCents(paymentTotalCents(items)),
    date: now.toISOString(),
    status: 'failed',
    accounts: lines.map((line, index) => ({
      ...line,
      locationId: line.facilityId,
      description: items[index]?.description,
    })),
    billingInformation: payer,
    card: {
      // Without a brand the receipt names the card in the reader's language.
      brand: responseText(approval, 'ssl_card_short_description'),
      last4: lastFour(responseText(approval, 'ssl_card_number')),
      expiry: formatExpiry(responseText(approval, 'ssl_exp_date')),
    },
    eCheck: null,
    // Nothing was recorded, so nothing was e-mailed.
    emailedTo: null,
  };
}
