import { randomInt } from 'node:crypto';

/*
 * The references a guarantor may read aloud to the billing office: no 0/O,
 * 1/I/L or other characters that are easily confused on paper or the phone.
 */

const UNAMBIGUOUS = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';

function randomCharacters(count: number): string {
  let text = '';
  for (let index = 0; index < count; index += 1) {
    text += UNAMBIGUOUS[randomInt(UNAMBIGUOUS.length)];
  }
  return text;
}

/** A receipt number such as `WP-7KQ2M9XD`: 31^8 values, so a clash is retried, never expected. */
export function newReceiptId(): string {
  return `WP-${randomCharacters(8)}`;
}

export const RECEIPT_ID_PATTERN = /^WP-[A-HJKMNP-Z2-9]{8}$/;

/**
 * Our reference for one payment (the card start's refNum), sent to the
 * processor as the invoice number: it fits Converge's 25 characters and is
 * what reconciliation looks the payment up by.
 */
export function newPaymentReference(): string {
  return `PAY-${randomCharacters(12)}`;
}

export const PAYMENT_REFERENCE_PATTERN = /^PAY-[A-HJKMNP-Z2-9]{12}$/;
