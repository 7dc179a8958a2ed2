import { describe, expect, it } from 'vitest';
import { parseAmountInput, sanitizeAmountInput } from './amount-input.ts';

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
