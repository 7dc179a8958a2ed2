import { describe, expect, it } from 'vitest';
import type {
  ChargeRow,
  InstalmentRow,
  MethodRow,
  PlanRow,
} from './office-recurring.repository.ts';
import { instalmentStatus, methodView, upcomingView } from './recurring-view.ts';

const instalment = (overrides: Partial<InstalmentRow> = {}): InstalmentRow => ({
  id: 'i-1',
  planId: 'p-1',
  number: 1,
  dueDate: '2026-12-07',
  amountCents: 10_000,
  completedAt: null,
  skippedAt: null,
  ...overrides,
});

const plan: PlanRow = {
  id: 'p-1',
  planNumber: 'PP-7K2M9QXD',
  version: 1,
  status: 'Active',
  createdAt: new Date('2026-08-20T16:00:00Z'),
  totalCents: 30_000,
  autopayMethodId: 'm-1',
  matchedAt: null,
  exportedAt: null,
  needsAttentionSince: null,
  closedAt: null,
};

const card: MethodRow = {
  id: 'm-1',
  kind: 'card',
  brand: 'VISA',
  last4: '4421',
  cardExpiry: '1226',
  holder: { firstName: 'Maria', lastName: 'Garcia' },
  isDefault: true,
  createdAt: new Date('2026-08-20T16:00:00Z'),
  removedAt: null,
};

describe('an instalment’s state as the console shows it', () => {
  it('is paid once completed, overdue once its day passed unpaid, even skipped', () => {
    const today = '2026-11-27';
    expect(instalmentStatus(instalment({ completedAt: '2026-11-01' }), today)).toBe('paid');
    expect(instalmentStatus(instalment({ dueDate: '2026-11-05' }), today)).toBe('overdue');
    expect(
      instalmentStatus(instalment({ dueDate: '2026-11-05', skippedAt: new Date() }), today),
    ).toBe('overdue');
    expect(instalmentStatus(instalment({ skippedAt: new Date() }), today)).toBe('skipped');
    expect(instalmentStatus(instalment(), today)).toBe('due');
  });
});

describe('a saved card as the console shows it', () => {
  it('reads its expiry as MM/YY and warns in its last weeks', () => {
    expect(methodView(card, [], '2026-11-27')).toMatchObject({
      expiry: '12/26',
      expiresOn: '2026-12-31',
      expiringSoon: true,
      expired: false,
      holderName: 'Maria Garcia',
    });
    expect(methodView(card, [], '2027-01-01')).toMatchObject({
      expired: true,
      expiringSoon: false,
    });
  });

  it('is no longer default nor in use once removed', () => {
    const removed = methodView(
      { ...card, removedAt: new Date('2026-11-10T15:00:00Z') },
      [{ kind: 'statement_autopay' }],
      '2026-11-27',
    );
    expect(removed).toMatchObject({
      isDefault: false,
      usedBy: [],
      removedAt: '2026-11-10T15:00:00.000Z',
    });
  });
});

describe('the charges autopay will make', () => {
  const charge = (overrides: Partial<ChargeRow>): ChargeRow => ({
    id: 'c-1',
    kind: 'instalment',
    planNumber: 'PP-7K2M9QXD',
    instalmentNumber: 1,
    statementId: null,
    attempt: 1,
    chargeDate: '2026-12-07',
    amountCents: 10_000,
    paymentMethodId: 'm-1',
    status: 'noticed',
    failureMessage: null,
    receiptId: null,
    ...overrides,
  });

  it('list the noticed attempts and the later instalments without one, by date', () => {
    const upcoming = upcomingView({
      charges: [charge({})],
      plans: [plan],
      instalments: [
        instalment(),
        instalment({ id: 'i-2', number: 2, dueDate: '2027-01-07' }),
        instalment({ id: 'i-3', number: 3, dueDate: '2027-02-07', skippedAt: new Date() }),
      ],
      today: '2026-11-27',
      changeBusinessDays: 3,
    });
    expect(upcoming.map((row) => [row.instalmentNumber, row.date, row.canSkip])).toEqual([
      [1, '2026-12-07', true],
      [2, '2027-01-07', true],
    ]);
    // Monday 7 December: three business days before is Wednesday 2 December.
    expect(upcoming[0]?.changeableUntil).toBe('2026-12-02');
  });

  it('cannot be skipped once being charged, or past the window; decided ones are history', () => {
    const upcoming = upcomingView({
      charges: [
        charge({ status: 'charging' }),
        charge({ id: 'c-2', instalmentNumber: 2, chargeDate: '2026-12-01', attempt: 2 }),
        charge({ id: 'c-3', instalmentNumber: 3, status: 'paid' }),
      ],
      plans: [{ ...plan, autopayMethodId: null }],
      instalments: [],
      today: '2026-11-30',
      changeBusinessDays: 3,
    });
    expect(upcoming.map((row) => [row.instalmentNumber, row.canSkip, row.retry])).toEqual([
      [2, false, true],
      [1, false, false],
    ]);
  });
});
