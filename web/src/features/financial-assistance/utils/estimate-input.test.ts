import { describe, expect, it } from 'vitest';
import { householdSize, incomeCents } from './estimate-input.ts';

describe('the estimate’s fields', () => {
  it.each([
    ['40000', 4_000_000],
    ['40,000', 4_000_000],
    ['$40,000.50', 4_000_050],
    [' 1234.5 ', 123_450],
    ['0', 0],
  ])('reads %s as %i cents', (text, cents) => {
    expect(incomeCents(text)).toBe(cents);
  });

  it.each(['', 'forty', '-5', '4,00', '1.234', '12e3'])('refuses %j as an income', (text) => {
    expect(incomeCents(text)).toBeUndefined();
  });

  it('takes households of 1 to 30', () => {
    expect(householdSize('4')).toBe(4);
    expect(householdSize(' 30 ')).toBe(30);
    for (const text of ['0', '31', '2.5', '', 'four']) expect(householdSize(text)).toBeUndefined();
  });
});
