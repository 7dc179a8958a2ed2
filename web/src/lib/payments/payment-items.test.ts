import { describe, expect, it } from 'vitest';
import type { PaymentPlan } from '@webpay/contracts/encounters';
import { encounter, maria } from '@test/fixtures.ts';
import {
  checkedPaymentMode,
  customItem,
  encounterPayable,
  paymentTotalCents,
  planPayable,
  selectedItems,
  totalItem,
  UnknownPaymentModeError,
} from './payment-items.ts';

const plan: PaymentPlan = {
  id: 'PP-7001',
  version: 1,
  type: 'Mail-in',
  status: 'Active',
  nextDueDate: '2026-12-02',
  dueAmount: 150,
  overdueAmount: 75,
  regularPaymentAmount: 150,
  currentBalance: 1480,
  numberOfPayments: 12,
  amortization: [],
  encounters: [
    encounter({ facilityId: '107', accountNumber: '40009001', balance: 980 }),
    encounter({ facilityId: '153', accountNumber: '40009002', balance: 500 }),
  ],
};

describe('payment items (SPEC §3 Payment item)', () => {
  it('Encounter description: facilityId-accountNumber, a bar, then the patient name', () => {
    const payable = encounterPayable(encounter({ balance: 1250 }));
    expect(payable).toMatchObject({
      key: '107-40010001',
      type: 'encounter',
      facilityId: '107',
      accountNumber: '40010001',
      description: '107-40010001 | Maria Garcia',
      balanceCents: 125000,
      fullCents: 125000,
    });
  });

  it('an other-facility encounter is an external item', () => {
    const payable = encounterPayable(
      encounter({
        facilityId: '221',
        accountNumber: '60001',
        patientName: 'James Wilson',
        type: 'EXAR',
      }),
    );
    expect(payable.type).toBe('external');
    expect(payable.description).toBe('221-60001 | James Wilson');
  });

  it("Plan description: id-version, a bar, then 'Payment Plan'; facility from the first encounter, account number the plan id", () => {
    expect(planPayable(plan, '107')).toMatchObject({
      key: 'plan:PP-7001-1',
      type: 'payment_plan',
      facilityId: '107',
      accountNumber: 'PP-7001',
      description: 'PP-7001-1 | Payment Plan',
      balanceCents: 148000,
      fullCents: 22500,
    });
  });

  it('a plan without encounters takes the central facility', () => {
    expect(planPayable({ ...plan, encounters: [] }, '107').facilityId).toBe('107');
  });

  it("Total and custom items use the user's context facility and account number", () => {
    expect(totalItem(maria, 186545)).toEqual({
      type: 'total',
      facilityId: '107',
      accountNumber: '100200300',
      description: 'Amount Due Payment',
      amount: 1865.45,
    });
    expect(customItem(maria, 2500)).toEqual({
      type: 'custom',
      facilityId: '107',
      accountNumber: '100200300',
      description: 'Custom Payment',
      amount: 25,
    });
  });
});

describe('selected items (SPEC §5 Amount inputs)', () => {
  const payables = [
    encounterPayable(encounter({ balance: 1250 })),
    encounterPayable(encounter({ accountNumber: '40010002', balance: 310.45 })),
    planPayable(plan, '107'),
  ];

  it('Items with zero or empty amounts are left out of the payment', () => {
    const selection = selectedItems(payables, {
      '107-40010001': '',
      '107-40010002': '0.00',
      'plan:PP-7001-1': '.',
    });
    expect(selection).toEqual({ items: [], totalCents: 0 });
  });

  it('keeps the dashboard order and sums in cents', () => {
    const selection = selectedItems(payables, {
      'plan:PP-7001-1': '0.1',
      '107-40010001': '0.2',
    });
    expect(selection.items.map((item) => [item.description, item.amount])).toEqual([
      ['107-40010001 | Maria Garcia', 0.2],
      ['PP-7001-1 | Payment Plan', 0.1],
    ]);
    expect(selection.totalCents).toBe(30);
    expect(paymentTotalCents(selection.items)).toBe(30);
  });

  it('main-tab amounts above the balance are kept (the main tab never flags them)', () => {
    const selection = selectedItems(payables, { '107-40010002': '400' });
    expect(selection.items[0]?.amount).toBe(400);
  });
});

describe('payment mode (SPEC §4: an unknown mode is an error)', () => {
  it('passes the three modes SPEC names', () => {
    for (const mode of ['encounter', 'total', 'custom'] as const) {
      expect(checkedPaymentMode({ mode })).toBe(mode);
    }
  });

  it('throws on any other mode, including the payment types that are not modes', () => {
    for (const mode of ['external', 'payment_plan', 'Encounter', '', undefined]) {
      expect(() => checkedPaymentMode({ mode })).toThrow(UnknownPaymentModeError);
    }
  });
});
