import {
  DEFAULT_LANGUAGE,
  dateTimeFormatIn,
  zoneNameIn,
  type Language,
} from '@webpay/contracts/language';
import type { Receipt } from '@webpay/contracts/payments';
import { messagesIn } from '@/lib/messages.ts';
import { accountTypeMessages } from '@/lib/payments/payment-words.messages.ts';

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

/** `Checking •••• 6789`, `Cuenta de cheques •••• 6789` */
export function maskedBankAccount(
  eCheck: NonNullable<Receipt['eCheck']>,
  language: Language = DEFAULT_LANGUAGE,
): string {
  const type = messagesIn(accountTypeMessages, language)[eCheck.accountType];
  return `${type} ${MASK} ${lastFour(eCheck.accountNumber)}`;
}

const RECEIPT_DATE_TIME: Intl.DateTimeFormatOptions = { dateStyle: 'medium', timeStyle: 'short' };

/**
 * `Nov 1, 2026, 3:04 PM MST` (SPEC §1: en-US, short month) or
 * `1 nov 2026, 3:04 p.m. MST`, in the facility's time zone when it is known,
 * so the receipt's day is the one the payment history and the dashboard
 * count it on; without it, in the guarantor's own time zone.
 */
export function formatReceiptDate(iso: string, language: Language, timeZone?: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  const written = dateTimeFormatIn(language, RECEIPT_DATE_TIME, timeZone).format(date);
  return timeZone ? `${written} ${zoneNameIn(language, date, timeZone)}` : written;
}
