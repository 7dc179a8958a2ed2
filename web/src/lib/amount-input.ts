import { fromCents, toCents, type Cents } from '@webpay/contracts/money';

/**
 * The processor takes amounts of at most 11 characters ("99999999.99"), so
 * longer whole-dollar parts are ignored like a third decimal is.
 */
export const MAX_WHOLE_DOLLAR_DIGITS = 8;

/**
 * SPEC §5 Amount inputs: characters other than digits and the decimal point
 * are stripped; an edit that would leave more than one point or more than two
 * decimals is ignored, keeping the previous value.
 */
export function sanitizeAmountInput(next: string, previous: string): string {
  const stripped = next.replace(/[^\d.]/g, '');
  const parts = stripped.split('.');
  if (parts.length > 2) return previous;
  const decimals = parts[1];
  if (decimals !== undefined && decimals.length > 2) return previous;
  if ((parts[0] ?? '').length > MAX_WHOLE_DOLLAR_DIGITS) return previous;
  return stripped;
}

/** The dollar amount an input holds; empty or a lone point count as zero. */
export function parseAmountInput(value: string): number {
  const amount = Number.parseFloat(value);
  return Number.isFinite(amount) ? amount : 0;
}

/** The integer cents an input holds (inputs never carry more than two decimals). */
export function amountInputToCents(value: string): Cents {
  return toCents(parseAmountInput(value));
}

/** What a Full or Pay Total button writes into a field: the amount with two decimals. */
export function centsToAmountInput(cents: Cents): string {
  return fromCents(cents).toFixed(2);
}
