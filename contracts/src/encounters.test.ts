import { describe, expect, it } from 'vitest';
import {
  completedPayments,
  encounterNumber,
  encounterStatusLabel,
  planNumber,
} from './encounters.ts';

describe('encounter and plan display rules (SPEC §3)', () => {
  it('shows an encounter as facilityId-accountNumber', () => {
    expect(encounterNumber({ facilityId: '107', accountNumber: '40010001' })).toBe('107-40010001');
  });

  it('labels known statuses and shows others as they are', () => {
    expect(encounterStatusLabel('self_pay')).toBe('Self Pay');
    expect(encounterStatusLabel('payment_plan')).toBe('On Payment Plan');
    expect(encounterStatusLabel('in_collections')).toBe('in_collections');
  });

  it('shows a plan as id-version and counts completed instalments', () => {
    expect(planNumber({ id: 'PP-7001', version: 1 })).toBe('PP-7001-1');
    const instalment = { number: 1, dueDate: '2026-01-01', amount: 150 };
    expect(
      completedPayments({
        amortization: [
          { ...instalment, completedAt: '2026-01-02' },
          { ...instalment, number: 2, completedAt: null },
        ],
      }),
    ).toBe(1);
  });
});
