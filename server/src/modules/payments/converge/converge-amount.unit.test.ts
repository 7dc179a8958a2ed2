import { describe, expect, it } from 'vitest';
import { MAX_PAYMENT_CENTS } from '@webpay/contracts/money';
import {
  CONVERGE_AMOUNT_MAX_LENGTH,
  CONVERGE_MAX_AMOUNT_CENTS,
  formatConvergeAmount,
  parseConvergeAmount,
} from './converge-amount.ts';

describe('Converge amounts', () => {
  it('formats integer cents as dollars with two decimals', () => {
    expect(formatConvergeAmount(1)).toBe('0.01');
    expect(formatConvergeAmount(1234)).toBe('12.34');
    expect(formatConvergeAmount(100_000)).toBe('1000.00');
    expect(formatConvergeAmount(CONVERGE_MAX_AMOUNT_CENTS)).toHaveLength(
      CONVERGE_AMOUNT_MAX_LENGTH,
    );
  });

  it('carries the largest payment the service takes', () => {
    expect(formatConvergeAmount(MAX_PAYMENT_CENTS)).toBe('21474836.47');
  });

  it('refuses what Converge cannot carry', () => {
    for (const cents of [0, -1, 1.5, Number.NaN, CONVERGE_MAX_AMOUNT_CENTS + 1]) {
      expect(() => formatConvergeAmount(cents), String(cents)).toThrow(RangeError);
    }
  });

  it('parses exactly two decimals and nothing else', () => {
    expect(parseConvergeAmount('12.34')).toBe(1234);
    expect(parseConvergeAmount(' 0.05 ')).toBe(5);
    for (const text of ['12', '12.3', '12.345', '-1.00', '1,000.00', '', 'abc']) {
      expect(parseConvergeAmount(text), text).toBeUndefined();
    }
  });
});
