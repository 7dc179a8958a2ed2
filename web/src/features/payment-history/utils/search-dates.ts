/** The dates of /payments' address as the address holds them, before they are checked. */
export interface SearchDates {
  from?: string;
  to?: string;
}

const DATE_SHAPE = /^\d{4}-\d{2}-\d{2}$/;

/** Only what is shaped like a date stays in the address; whether it is a real day is the page's check. */
const dateShaped = (value: unknown) =>
  typeof value === 'string' && DATE_SHAPE.test(value) ? value : undefined;

/**
 * Picks `from` and `to` out of the address, dropping anything not shaped
 * `YYYY-MM-DD`. The route's definition loads with every page, the sign-in
 * page included, so it leaves the full calendar check (zod's) to the
 * payment-history code (parsePaymentFilter), which loads with that page.
 */
export function pickSearchDates(search: Record<string, unknown>): SearchDates {
  return { from: dateShaped(search.from), to: dateShaped(search.to) };
}
