import { describe, expect, it } from 'vitest';
import { encountersResponseSchema } from '@webpay/contracts/encounters';
import type {
  EncounterRow,
  InstalmentRow,
  PendingPaymentRow,
  PlanRow,
} from './encounters.repository.ts';
import { assembleEncounters } from './encounters.service.ts';

const encounter = (overrides: Partial<EncounterRow> & Pick<EncounterRow, 'id'>): EncounterRow => ({
  facilityId: '107',
  accountNumber: overrides.id,
  patientName: 'Pat Doe',
  status: 'self_pay',
  admitDate: '2026-01-01',
  balanceCents: 10_000,
  type: 'ENT',
  planId: null,
  ...overrides,
});

const plan: PlanRow = {
  id: 'plan-1',
  planNumber: 'PP-1',
  version: 2,
  type: 'Auto',
  status: 'Active',
  nextDueDate: '2026-12-01',
  dueCents: 5_001,
  overdueCents: 0,
  regularPaymentCents: 5_001,
  currentBalanceCents: 30_003,
  numberOfPayments: 6,
};

const instalments: InstalmentRow[] = [
  {
    planId: 'plan-1',
    number: 1,
    dueDate: '2026-10-01',
    amountCents: 5_001,
    completedAt: '2026-10-01',
  },
  { planId: 'plan-1', number: 2, dueDate: '2026-11-01', amountCents: 5_001, completedAt: null },
];

const pending = (overrides: Partial<PendingPaymentRow>): PendingPaymentRow => ({
  encounterId: null,
  planId: null,
  receiptId: 'R-1',
  paidOn: '2026-11-01',
  amountCents: 1_005,
  madeInPortal: false,
  ...overrides,
});

describe('assembleEncounters', () => {
  const response = assembleEncounters({
    encounters: [
      encounter({ id: 'e1', balanceCents: 31_045 }),
      encounter({ id: 'e2', planId: 'plan-1', status: 'payment_plan' }),
      encounter({ id: 'e3', facilityId: '153', type: 'EXAR', balanceCents: 1_200 }),
      encounter({ id: 'e4', planId: 'closed-plan' }),
    ],
    plans: [plan],
    instalments,
    pendingPayments: [
      pending({ encounterId: 'e1', receiptId: 'R-9001', amountCents: 5_000 }),
      pending({ planId: 'plan-1', receiptId: 'R-9002' }),
      pending({ receiptId: 'WP-TOTAL234', amountCents: 2_500, madeInPortal: true }),
    ],
  });

  it('matches the contract', () => {
    expect(encountersResponseSchema.parse(response)).toEqual(response);
  });

  it('lists encounters outside open plans, with dollar amounts to the cent', () => {
    expect(response.encounters.map((item) => [item.accountNumber, item.balance])).toEqual([
      ['e1', 310.45],
      ['e3', 12],
      ['e4', 100],
    ]);
  });

  it('puts pending payments on their items and leaves the field out elsewhere', () => {
    expect(response.encounters[0]?.pendingPayments).toEqual([
      { receiptId: 'R-9001', date: '2026-11-01', amount: 50, madeInPortal: false },
    ]);
    expect(response.encounters[1]).not.toHaveProperty('pendingPayments');
    expect(response.paymentPlans[0]?.pendingPayments).toEqual([
      { receiptId: 'R-9002', date: '2026-11-01', amount: 10.05, madeInPortal: false },
    ]);
  });

  it('lists portal payments toward the whole account apart, and leaves the list out without any', () => {
    expect(response.pendingPayments).toEqual([
      { receiptId: 'WP-TOTAL234', date: '2026-11-01', amount: 25, madeInPortal: true },
    ]);
    const withoutAccountPayments = assembleEncounters({
      encounters: [encounter({ id: 'e1' })],
      plans: [],
      instalments: [],
      pendingPayments: [pending({ encounterId: 'e1' })],
    });
    expect(withoutAccountPayments).not.toHaveProperty('pendingPayments');
  });

  it('nests a plan’s encounters and instalments under it', () => {
    expect(response.paymentPlans).toEqual([
      {
        id: 'PP-1',
        version: 2,
        type: 'Auto',
        status: 'Active',
        nextDueDate: '2026-12-01',
        dueAmount: 50.01,
        overdueAmount: 0,
        regularPaymentAmount: 50.01,
        currentBalance: 300.03,
        numberOfPayments: 6,
        amortization: [
          { number: 1, dueDate: '2026-10-01', amount: 50.01, completedAt: '2026-10-01' },
          { number: 2, dueDate: '2026-11-01', amount: 50.01, completedAt: null },
        ],
        encounters: [expect.objectContaining({ accountNumber: 'e2', status: 'payment_plan' })],
        pendingPayments: [
          { receiptId: 'R-9002', date: '2026-11-01', amount: 10.05, madeInPortal: false },
        ],
      },
    ]);
  });

  it('answers empty lists for a guarantor with nothing open', () => {
    expect(
      assembleEncounters({ encounters: [], plans: [], instalments: [], pendingPayments: [] }),
    ).toEqual({ encounters: [], paymentPlans: [] });
  });
});
