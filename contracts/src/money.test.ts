import { describe, expect, it } from 'vitest';
import {
  dollarAmountSchema,
  formatCents,
  formatUsd,
  fromCents,
  positiveDollarAmountSchema,
  sumCents,
  toCents,
} from './money.ts';

describe('money', () => {
  it('converts dollars to integer cents without binary noise', () => {
    expect(toCents(1250)).toBe(125000);
    expect(toCents(310.45)).toBe(31045);
    expect(toCents(0.1 + 0.2)).toBe(30);
    expect(toCents(1.005 - 0.005)).toBe(100);
    expect(toCents(0)).toBe(0);
  });

  it('refuses sub-cent and non-finite amounts', () => {
    expect(() => toCents(1.234)).toThrow(RangeError);
    expect(() => toCents(Number.NaN)).toThrow(RangeError);
    expect(() => toCents(Number.POSITIVE_INFINITY)).toThrow(RangeError);
  });

  it('converts cents back to dollars and refuses fractions of a cent', () => {
    expect(fromCents(31045)).toBe(310.45);
    expect(fromCents(5)).toBe(0.05);
    expect(() => fromCents(1.5)).toThrow(RangeError);
  });

  it('sums in cents so totals are exact', () => {
    const cents = [0.1, 0.2, 0.3].map(toCents);
    expect(sumCents(cents)).toBe(60);
    expect(fromCents(sumCents(cents))).toBe(0.6);
  });

  it('formats en-US dollars with two decimals', () => {
    expect(formatUsd(1250)).toBe('$1,250.00');
    expect(formatUsd(310.45)).toBe('$310.45');
    expect(formatCents(123456789)).toBe('$1,234,567.89');
    expect(formatUsd(0)).toBe('$0.00');
  });

  it('accepts wire amounts with at most two decimals', () => {
    expect(dollarAmountSchema.safeParse(12.34).success).toBe(true);
    expect(dollarAmountSchema.safeParse(0).success).toBe(true);
    expect(dollarAmountSchema.safeParse(12.345).success).toBe(false);
    expect(dollarAmountSchema.safeParse(-1).success).toBe(false);
    expect(positiveDollarAmountSchema.safeParse(0).success).toBe(false);
    expect(positiveDollarAmountSchema.safeParse(0.01).success).toBe(true);
  });
});
