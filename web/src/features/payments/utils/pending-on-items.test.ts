import { describe, expect, it } from 'vitest';
import type { EncountersResponse, PaymentPlan } from '@webpay/contracts/encounters';
import type { PaymentItem } from '@webpay/contracts/payments';
import { encounter } from '@test/fixtures.ts';
import { pendingOnItem } from './pending-on-items.ts';

const portal = (amount: number) => ({
  receiptId: 'WP-X',
  date: '2026-11-20',
  amount,
  madeInPortal: true,
});
const office = (amount: number) => ({ receiptId: 'R-1', date: '2026-11-20', amount });

const plan: PaymentPlan = {
  id: 'PP-7001',
  version: 1,
  type: 'Mail-in',
  status: 'Active',
  nextDueDate: '2026-12-01',
  dueAmount: 150,
  overdueAmount: 75,
  regularPaymentAmount: 150,
  currentBalance: 1_480,
  numberOfPayments: 12,
  amortization: [],
  encounters: [
    encounter({ accountNumber: '40009001', balance: 980, pendingPayments: [portal(80)] }),
  ],
  pendingPayments: [portal(1_000)],
};

const bills: EncountersResponse = {
  encounters: [
    encounter({ balance: 1_250, pendingPayments: [office(50), portal(1_000)] }),
    encounter({ accountNumber: '40010002', balance: 310.45 }),
    encounter({ facilityId: '153', accountNumber: '80002', balance: 12, type: 'EXAR' }),
  ],
  paymentPlans: [plan],
  pendingPayments: [portal(100)],
};

const item = (overrides: Partial<PaymentItem>): PaymentItem => ({
  type: 'encounter',
  facilityId: '107',
  accountNumber: '40010001',
  description: 'x',
  amount: 1,
  ...overrides,
});

describe('pendingOnItem (decision 0016)', () => {
  it('counts every pending payment for the line, and only the portal ones for the question', () => {
    expect(pendingOnItem(item({ amount: 250 }), bills)).toEqual({
      pendingCents: 105_000,
      asks: false,
    });
    expect(pendingOnItem(item({ amount: 250.01 }), bills)).toEqual({
      pendingCents: 105_000,
      asks: true,
    });
  });

  it('never asks where nothing of the portal’s is pending, or without the bills', () => {
    expect(pendingOnItem(item({ accountNumber: '40010002', amount: 310.45 }), bills).asks).toBe(
      false,
    );
    expect(
      pendingOnItem(
        item({ type: 'external', facilityId: '153', accountNumber: '80002', amount: 12 }),
        bills,
      ),
    ).toEqual({ pendingCents: 0, asks: false });
    expect(pendingOnItem(item({ amount: 1_250 }), undefined)).toEqual({
      pendingCents: 0,
      asks: false,
    });
  });

  it('holds a plan’s encounters under the plan', () => {
    const planItem = item({ type: 'payment_plan', accountNumber: 'PP-7001', amount: 400.01 });
    expect(pendingOnItem(planItem, bills)).toEqual({ pendingCents: 108_000, asks: true });
    expect(pendingOnItem({ ...planItem, amount: 400 }, bills).asks).toBe(false);
  });

  it('holds the whole main account under a total or custom payment', () => {
    // 1,250 + 310.45 + 1,480 owed; 1,000 + 80 + 1,000 + 100 paid through the portal.
    const total = item({ type: 'total', accountNumber: '100200300', amount: 860.46 });
    expect(pendingOnItem(total, bills)).toEqual({ pendingCents: 223_000, asks: true });
    expect(pendingOnItem({ ...total, type: 'custom', amount: 860.45 }, bills).asks).toBe(false);
  });
});
