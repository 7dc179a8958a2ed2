import { spokenCharacters } from '../../lib/spoken-reference.ts';

/** A receipt number such as `WP-7KQ2M9XD`: 31^8 values, so a clash is retried, never expected. */
export function newReceiptId(): string {
  return `WP-${spokenCharacters(8)}`;
}

export const RECEIPT_ID_PATTERN = /^WP-[A-HJKMNP-Z2-9]{8}$/;

/**
 * Our reference for one payment (the card start's refNum), sent to the
 * processor as the invoice number: it fits Converge's 25 characters and is
 * what reconciliation looks the payment up by.
 */
export function newPaymentReference(): string {
  return `PAY-${spokenCharacters(12)}`;
}

export const PAYMENT_REFERENCE_PATTERN = /^PAY-[A-HJKMNP-Z2-9]{12}$/;
