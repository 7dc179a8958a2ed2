import type { AcceptedAuthorization } from '@webpay/contracts/echeck-authorization';
import { fromCents } from '@webpay/contracts/money';
import { receiptSchema, type Receipt } from '@webpay/contracts/payments';
import type { Payer } from '@webpay/contracts/billing';
import type { ConvergeTxn } from './converge/converge.types.ts';

/*
 * The receipt of SPEC §3 as the service stores and answers it. It is built
 * once, when the payment is recorded, and kept as a snapshot: what the
 * guarantor was shown never changes afterwards, whatever happens to the
 * accounts.
 */

/** A card as the receipt shows it: brand, last four digits, MM/YY. */
export interface CardSummary {
  brand: string;
  last4: string;
  expiry: string;
}

/** A bank account as the receipt shows it, with the authorization its debit was accepted under. */
export interface BankSummary {
  accountType: 'CHECKING' | 'SAVINGS';
  last4: string;
  authorization: AcceptedAuthorization | null;
}

export interface ReceiptLine {
  paymentType: Receipt['accounts'][number]['paymentType'];
  facilityId: string;
  accountId: string;
  amountCents: number;
  description: string;
}

export interface ReceiptInput {
  paymentId: string;
  receiptId: string;
  method: 'card' | 'eCheck';
  amountCents: number;
  recordedAt: Date;
  lines: readonly ReceiptLine[];
  payer: Payer;
  card: CardSummary | null;
  bank: BankSummary | null;
  emailedTo: string | null;
}

/** How a bank account number shows on a receipt: its last four digits only. */
export function maskedAccountNumber(last4: string): string {
  return `••••${last4}`;
}

export function buildReceipt(input: ReceiptInput): Receipt {
  return {
    id: input.paymentId,
    paymentMethod: input.method,
    receiptId: input.receiptId,
    amount: fromCents(input.amountCents),
    date: input.recordedAt.toISOString(),
    status: 'approved',
    accounts: input.lines.map((line) => ({
      paymentType: line.paymentType,
      facilityId: line.facilityId,
      accountId: line.accountId,
      amount: fromCents(line.amountCents),
      locationId: line.facilityId,
      description: line.description,
    })),
    billingInformation: input.payer,
    card: input.card,
    eCheck: input.bank
      ? {
          accountType: input.bank.accountType,
          accountNumber: maskedAccountNumber(input.bank.last4),
          authorization: input.bank.authorization,
        }
      : null,
    emailedTo: input.emailedTo,
  };
}

/** `1239` (MMYY, as Converge sends it) → `12/39`; anything else is shown as it came. */
export function expiryFromConverge(mmyy: string | undefined): string {
  const value = (mmyy ?? '').trim();
  return /^\d{4}$/.test(value) ? `${value.slice(0, 2)}/${value.slice(2)}` : value;
}

/**
 * The card as the processor's own record describes it. Converge only ever
 * reports a masked number; the last four digits are all the service keeps.
 */
export function cardFromTxn(txn: ConvergeTxn): CardSummary {
  const digits = (txn.ssl_card_number ?? '').replace(/\D/g, '');
  return {
    brand: (txn.ssl_card_short_description ?? '').trim() || 'CARD',
    last4: digits.slice(-4),
    expiry: expiryFromConverge(txn.ssl_exp_date),
  };
}

/** Receipt as answered by the payment endpoints. */
export const receiptResponseSchema = receiptSchema.meta({ id: 'PaymentReceipt' });

/** A stored snapshot, read back; anything unreadable is a bug, not the caller's problem. */
export function receiptFromSnapshot(snapshot: unknown): Receipt {
  return receiptResponseSchema.parse(snapshot);
}
