import { describe, expect, it } from 'vitest';
import {
  describeRange,
  paymentFilterSearchSchema,
  rangeProblem,
  RANGE_REVERSED_MESSAGE,
  toSearch,
} from './payment-filter.ts';

describe('payment filter', () => {
  it('keeps calendar dates from the address and drops anything else', () => {
    expect(paymentFilterSearchSchema.parse({ from: '2026-01-01', to: '2026-03-31' })).toEqual({
      from: '2026-01-01',
      to: '2026-03-31',
    });
    expect(paymentFilterSearchSchema.parse({ from: 'yesterday', to: 20260331, page: 2 })).toEqual({
      from: undefined,
      to: undefined,
    });
    expect(paymentFilterSearchSchema.parse({ from: '2026-02-30' })).toEqual({ from: undefined });
  });

  it('refuses only a From after To; the same day or an open end is fine', () => {
    expect(rangeProblem({ from: '2026-04-01', to: '2026-03-31' })).toBe(RANGE_REVERSED_MESSAGE);
    expect(rangeProblem({ from: '2026-03-31', to: '2026-03-31' })).toBeUndefined();
    expect(rangeProblem({ from: '2026-04-01' })).toBeUndefined();
    expect(rangeProblem({})).toBeUndefined();
  });

  it('words the range for the result line and the empty state', () => {
    expect(describeRange({ from: '2026-01-01', to: '2026-03-31' })).toBe(
      'between Jan 1, 2026 and Mar 31, 2026',
    );
    expect(describeRange({ from: '2026-01-01' })).toBe('since Jan 1, 2026');
    expect(describeRange({ to: '2026-03-31' })).toBe('up to Mar 31, 2026');
    expect(describeRange({})).toBe('');
  });

  it('leaves unset dates out of the address', () => {
    expect(toSearch({ from: '', to: '2026-03-31' })).toEqual({ to: '2026-03-31' });
    expect(toSearch({})).toEqual({});
  });
});
