import { z } from 'zod';
import { isoDateSchema } from '@webpay/contracts/dates';
import { DEFAULT_LANGUAGE, formatDateIn, type Language } from '@webpay/contracts/language';
import { messagesIn } from '@/lib/messages.ts';
import { paymentFilterMessages, paymentHistoryMessages } from '../payment-history.messages.ts';
import type { SearchDates } from './search-dates.ts';

/**
 * The date range of /payments, kept in the address so it survives a reload
 * and the back button. A value that is not a calendar date is dropped rather
 * than failing the page.
 */
export const paymentFilterSearchSchema = z.object({
  from: isoDateSchema.optional().catch(undefined),
  to: isoDateSchema.optional().catch(undefined),
});
export type PaymentFilter = z.infer<typeof paymentFilterSearchSchema>;

/** The address's dates as the page uses them: anything not a calendar date is dropped. */
export function parsePaymentFilter(search: SearchDates): PaymentFilter {
  return paymentFilterSearchSchema.parse(search);
}

export const RANGE_REVERSED_MESSAGE = paymentFilterMessages.en.reversed;

/** Why the range cannot be asked for, if it cannot (in English; the form shows it in the reader's language). */
export function rangeProblem({ from, to }: PaymentFilter): string | undefined {
  return from && to && from > to ? RANGE_REVERSED_MESSAGE : undefined;
}

export function isFiltered({ from, to }: PaymentFilter): boolean {
  return Boolean(from || to);
}

/**
 * `between Jan 1, 2026 and Mar 31, 2026`, `since Jan 1, 2026`, `up to Mar 31, 2026`,
 * or in Spanish `entre el 1 ene 2026 y el 31 mar 2026`.
 */
export function describeRange(
  { from, to }: PaymentFilter,
  language: Language = DEFAULT_LANGUAGE,
): string {
  const words = messagesIn(paymentHistoryMessages, language);
  const date = (value: string) => formatDateIn(language, value);
  if (from && to) return words.between(date(from), date(to));
  if (from) return words.since(date(from));
  if (to) return words.upTo(date(to));
  return '';
}

/** Only the dates that are set, so a cleared field leaves no empty parameter behind. */
export function toSearch({ from, to }: PaymentFilter): PaymentFilter {
  return { ...(from ? { from } : {}), ...(to ? { to } : {}) };
}
