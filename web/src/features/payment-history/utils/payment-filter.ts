import { z } from 'zod';
import { formatDate, isoDateSchema } from '@webpay/contracts/dates';
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

export const RANGE_REVERSED_MESSAGE = 'The From date must be on or before the To date.';

/** Why the range cannot be asked for, if it cannot. */
export function rangeProblem({ from, to }: PaymentFilter): string | undefined {
  return from && to && from > to ? RANGE_REVERSED_MESSAGE : undefined;
}

export function isFiltered({ from, to }: PaymentFilter): boolean {
  return Boolean(from || to);
}

/** `between Jan 1, 2026 and Mar 31, 2026`, `since Jan 1, 2026`, `up to Mar 31, 2026`. */
export function describeRange({ from, to }: PaymentFilter): string {
  if (from && to) return `between ${formatDate(from)} and ${formatDate(to)}`;
  if (from) return `since ${formatDate(from)}`;
  if (to) return `up to ${formatDate(to)}`;
  return '';
}

/** Only the dates that are set, so a cleared field leaves no empty parameter behind. */
export function toSearch({ from, to }: PaymentFilter): PaymentFilter {
  return { ...(from ? { from } : {}), ...(to ? { to } : {}) };
}
