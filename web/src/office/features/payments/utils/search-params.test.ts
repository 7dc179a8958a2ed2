import { describe, expect, it } from 'vitest';
import { hasCriteria, paymentSearch, searchQueryString } from './search-params.ts';

describe("the payment search's address", () => {
  it('keeps the values that can be asked for, read back as text, and drops the rest', () => {
    expect(
      paymentSearch({
        receipt: ' R-100200 ',
        last4: 1234,
        amount: 25,
        from: '2026-11-01',
        to: 'yesterday',
        method: 'cash',
        status: 'voided',
        other: 'x',
      }),
    ).toEqual({
      receipt: 'R-100200',
      last4: '1234',
      amount: '25',
      from: '2026-11-01',
      status: 'voided',
    });
    expect(paymentSearch({ last4: '12', amount: '0' })).toEqual({});
  });

  it("asks the service in the fields' order, so one search is one cache entry", () => {
    expect(searchQueryString({ status: 'refunded', receipt: 'R-1' })).toBe(
      'receipt=R-1&status=refunded',
    );
    expect(hasCriteria({})).toBe(false);
    expect(hasCriteria({ facility: '107' })).toBe(true);
  });
});
