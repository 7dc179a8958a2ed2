import { describe, expect, it } from 'vitest';
import {
  amountInputToCents,
  centsToAmountInput,
  parseAmountInput,
  sanitizeAmountInput,
} from './amount-input.ts';

describe('sanitizeAmountInput', () => {
  it.each([
    ['125', '125'],
    ['125.5', '125.5'],
    ['125.50', '125.50'],
    ['.5', '.5'],
    ['', ''],
    ['$1,250.00', '1250.00'],
    ['12a3', '123'],
    ['-40', '40'],
    [' 7 ', '7'],
    ['1e3', '13'],
  ])('turns %j into %j', (input, expected) => {
    expect(sanitizeAmountInput(input, 'previous')).toBe(expected);
  });

  it('ignores input with a second decimal point', () => {
    expect(sanitizeAmountInput('12.5.', '12.5')).toBe('12.5');
    expect(sanitizeAmountInput('1.2.3', '1.2')).toBe('1.2');
  });

  it('ignores input with more than two decimals', () => {
    expect(sanitizeAmountInput('12.345', '12.34')).toBe('12.34');
  });

  it('counts decimals after stripping, so pasted symbols do not hide extra digits', () => {
    expect(sanitizeAmountInput('$12.3a45', '1')).toBe('1');
  });
});

describe('parseAmountInput', () => {
  it('reads amounts and treats empty input as zero', () => {
    expect(parseAmountInput('12.34')).toBe(12.34);
    expect(parseAmountInput('.')).toBe(0);
    expect(parseAmountInput('')).toBe(0);
  });
});

describe('amount field limits', () => {
  it('ignores a whole-dollar part longer than the processor accepts', () => {
    expect(sanitizeAmountInput('123456789', '12345678')).toBe('12345678');
    expect(sanitizeAmountInput('12345678.99', '12345678.9')).toBe('12345678.99');
  });
});

describe('amountInputToCents and centsToAmountInput', () => {
  it.each([
    ['', 0],
    ['.', 0],
    ['.5', 50],
    ['310.45', 31045],
    ['0.1', 10],
    ['1250', 125000],
  ])('reads %j as %i cents', (value, cents) => {
    expect(amountInputToCents(value)).toBe(cents);
  });

  it('writes two decimals', () => {
    expect(centsToAmountInput(125000)).toBe('1250.00');
    expect(centsToAmountInput(4520)).toBe('45.20');
    expect(centsToAmountInput(5)).toBe('0.05');
  });
});
