import type { Receipt } from '@webpay/contracts/payments';

const MASK = '••••';

/** The last four digits of a (possibly already masked) number. */
export function lastFour(value: string): string {
  return value.replace(/\D/g, '').slice(-4);
}

/** `12/27` from Converge's MMYY; any other shape is shown as given. */
export function formatExpiry(expiry: string): string {
  const trimmed = expiry.trim();
  return /^\d{4}$/.test(trimmed) ? `${trimmed.slice(0, 2)}/${trimmed.slice(2)}` : trimmed;
}

/** `VISA •••• 9990` */
export function maskedCard<Card extends Pick<NonNullable<Receipt['card']>, 'brand' | 'last4'>>(
  card: Card,
): string {
  return `${card.brand} ${MASK} ${lastFour(card.last4)}`;
}

/** `Checking •••• 6789` */
export function maskedBankAccount(eCheck: NonNullable<Receipt['eCheck']>): string {
  const type = eCheck.accountType === 'SAVINGS' ? 'Savings' : 'Checking';
  return `${type} ${MASK} ${lastFour(eCheck.accountNumber)}`;
}

const dateTime = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });

/** `Nov 1, 2026, 3:04 PM` in the guarantor's own time zone (SPEC §1: en-US, short month). */
export function formatReceiptDate(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : dateTime.format(date);
}
