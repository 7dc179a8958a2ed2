import { z } from 'zod';
import type { Translation } from './language.ts';

/**
 * Money is integer cents everywhere we calculate or store it. The wire keeps
 * SPEC's dollar numbers with at most two decimals; these helpers are the only
 * place the two meet.
 */
export type Cents = number;

const CENTS_PER_DOLLAR = 100;

/** Dollars (as sent on the wire) to integer cents, rejecting sub-cent precision. */
export function toCents(dollars: number): Cents {
  if (!Number.isFinite(dollars)) throw new RangeError(`Not a finite amount: ${dollars}`);
  // Scale via the decimal string so 0.1 + 0.2 style binary noise never leaks in.
  const cents = Math.round(Number((dollars * CENTS_PER_DOLLAR).toFixed(4)));
  if (Math.abs(dollars * CENTS_PER_DOLLAR - cents) > 1e-6) {
    throw new RangeError(`Amount has more than two decimals: ${dollars}`);
  }
  return cents;
}

/** Integer cents to the dollar number the wire carries. */
export function fromCents(cents: Cents): number {
  if (!Number.isSafeInteger(cents)) throw new RangeError(`Cents must be an integer: ${cents}`);
  return cents / CENTS_PER_DOLLAR;
}

export function sumCents(values: readonly Cents[]): Cents {
  return values.reduce((total, value) => total + value, 0);
}

export function hasAtMostTwoDecimals(value: number): boolean {
  return Number.isFinite(value) && Math.abs(Math.round(value * 100) - value * 100) < 1e-6;
}

const usd = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});

/** `$1,234.56` from a dollar amount, as SPEC §1 asks (USD, en-US). */
export function formatUsd(dollars: number): string {
  return usd.format(dollars);
}

/** `$1,234.56` from integer cents. */
export function formatCents(cents: Cents): string {
  return usd.format(fromCents(cents));
}

/**
 * The largest payment the service takes, in cents ($21,474,836.47): amounts
 * are stored as 32-bit integers, the tighter limit beside the card
 * processor's $99,999,999.99.
 */
export const MAX_PAYMENT_CENTS: Cents = 2_147_483_647;

export const AMOUNT_MESSAGES = {
  negative: 'Amount must not be negative',
  tooPrecise: 'Amount must have at most 2 decimals',
  tooSmall: 'Amount must be at least $0.01',
  tooLarge: `Amount must be at most ${formatCents(MAX_PAYMENT_CENTS)}`,
} as const;

export const AMOUNT_MESSAGES_ES: Translation<typeof AMOUNT_MESSAGES> = {
  negative: 'El monto no puede ser negativo',
  tooPrecise: 'El monto no puede tener más de 2 decimales',
  tooSmall: 'El monto debe ser de al menos $0.01',
  tooLarge: `El monto no puede ser mayor que ${formatCents(MAX_PAYMENT_CENTS)}`,
};

/** How the OpenAPI document describes every dollar amount; the API's fuzz tests recognise amounts by it. */
const DOLLARS = { description: 'US dollars with at most two decimals', example: 1250.0 };
const CENT = 0.01;

/**
 * A dollar amount on the wire: finite, not negative, a whole number of cents.
 * Each rule is a zod check rather than a refinement, so the OpenAPI document
 * states it (minimum, multipleOf) exactly as it is enforced.
 */
export const dollarAmountSchema = z
  .number()
  .nonnegative(AMOUNT_MESSAGES.negative)
  .multipleOf(CENT, AMOUNT_MESSAGES.tooPrecise)
  .meta(DOLLARS);

/** A dollar amount that must be charged: from a cent to the largest payment. */
export const positiveDollarAmountSchema = z
  .number()
  .multipleOf(CENT, AMOUNT_MESSAGES.tooPrecise)
  .min(CENT, AMOUNT_MESSAGES.tooSmall)
  .max(fromCents(MAX_PAYMENT_CENTS), AMOUNT_MESSAGES.tooLarge)
  .meta(DOLLARS);
