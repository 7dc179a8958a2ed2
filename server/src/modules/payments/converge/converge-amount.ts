import type { Cents } from '@webpay/contracts/money';

/*
 * Converge carries amounts as dollars with exactly two decimals ("12.34"),
 * at most 11 characters. We compute in integer cents; these two functions
 * are the only place the two meet.
 */

export const CONVERGE_AMOUNT_MAX_LENGTH = 11;
/** The largest amount whose two-decimal form still fits in 11 characters. */
export const CONVERGE_MAX_AMOUNT_CENTS = 99_999_999_99;
const TWO_DECIMALS = /^(\d{1,8})\.(\d{2})$/;

/** 1234 → "12.34". Throws for anything that is not a positive whole number of cents Converge can carry. */
export function formatConvergeAmount(cents: Cents): string {
  if (!Number.isSafeInteger(cents) || cents <= 0 || cents > CONVERGE_MAX_AMOUNT_CENTS) {
    throw new RangeError(`Not an amount Converge accepts: ${cents} cents`);
  }
  const dollars = Math.floor(cents / 100);
  const rest = String(cents % 100).padStart(2, '0');
  return `${dollars}.${rest}`;
}

/** "12.34" → 1234; undefined unless the text has exactly two decimals, as Converge requires. */
export function parseConvergeAmount(text: string): Cents | undefined {
  const match = TWO_DECIMALS.exec(text.trim());
  if (!match) return undefined;
  return Number(match[1]) * 100 + Number(match[2]);
}
