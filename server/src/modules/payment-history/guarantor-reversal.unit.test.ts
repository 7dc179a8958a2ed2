import { describe, expect, it } from 'vitest';
import { FacilityCalendar } from '../../lib/facility-day.ts';
import { guarantorReversalOf, type CompletedReversalRow } from './guarantor-reversal.ts';

const denver = new FacilityCalendar('America/Denver');

const reversal = (
  kind: CompletedReversalRow['kind'],
  amountCents: number,
  completedAt: string,
): CompletedReversalRow => ({
  paymentId: 'p',
  kind,
  amountCents,
  completedAt: new Date(completedAt),
});

describe("what the guarantor sees of a payment's reversals", () => {
  it('is nothing while none completed', () => {
    expect(guarantorReversalOf(10_000, [], denver)).toBeNull();
  });

  it('reads a void as voided, whatever its amount', () => {
    expect(
      guarantorReversalOf(10_000, [reversal('void', 10_000, '2026-11-27T18:00:00Z')], denver),
    ).toEqual({
      status: 'voided',
      amount: 100,
      date: '2026-11-27',
    });
  });

  it('adds partial refunds up, and dates them on the facility day of the last', () => {
    const first = reversal('return', 2_500, '2026-11-20T12:00:00Z');
    // 02:30 UTC on the 28th is still the 27th in Denver.
    const second = reversal('check', 2_500, '2026-11-28T02:30:00Z');
    expect(guarantorReversalOf(10_000, [first], denver)).toEqual({
      status: 'partially_refunded',
      amount: 25,
      date: '2026-11-20',
    });
    expect(guarantorReversalOf(5_000, [second, first], denver)).toEqual({
      status: 'refunded',
      amount: 50,
      date: '2026-11-27',
    });
  });
});
