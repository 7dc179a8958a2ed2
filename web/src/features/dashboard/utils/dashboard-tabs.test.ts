import { describe, expect, it } from 'vitest';
import type { EncountersResponse, PaymentPlan } from '@webpay/contracts/encounters';
import { encounter } from '@test/fixtures.ts';
import { buildDashboardTabs, facilityOutstandingCents, pastDueCents } from './dashboard-tabs.ts';

function plan(overrides: Partial<PaymentPlan> = {}): PaymentPlan {
  return {
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
    encounters: [encounter({ accountNumber: '40009001', balance: 980 })],
    ...overrides,
  };
}

const external = (facilityId: string, accountNumber: string, balance = 10) =>
  encounter({ facilityId, accountNumber, balance, type: 'EXAR' });

const values = (data: EncountersResponse) => buildDashboardTabs(data).tabs.map((tab) => tab.value);

describe('Tabs (SPEC §2 Dashboard)', () => {
  it("shows 'Hospitals & Clinics' first, then only the other facilities that have encounters, in SPEC order", () => {
    const data = {
      encounters: [encounter(), external('990', '91001'), external('153', '80001')],
      paymentPlans: [plan()],
    };
    const { tabs, showTabBar, defaultTab } = buildDashboardTabs(data);
    expect(tabs.map((tab) => [tab.value, tab.title, tab.count])).toEqual([
      ['107', 'Hospitals & Clinics', 2],
      ['153', 'Central Lab', 1],
      ['990', 'Medical Equipment', 1],
    ]);
    expect(showTabBar).toBe(true);
    expect(defaultTab).toBe('107');
  });

  it('follows the configured facility order and names', () => {
    const data = { encounters: [external('153', '1'), external('221', '2')], paymentPlans: [] };
    const { tabs } = buildDashboardTabs(data, [
      { id: '221', name: 'Home Health' },
      { id: '153', name: 'Lab' },
    ]);
    expect(tabs.map((tab) => tab.title)).toEqual(['Home Health', 'Lab']);
  });

  it('shows the main tab for plans alone', () => {
    expect(values({ encounters: [external('221', '1')], paymentPlans: [plan()] })).toEqual([
      '107',
      '221',
    ]);
  });

  it('shows the main tab, alone and without a tab bar, when nothing is owed anywhere else', () => {
    const empty = buildDashboardTabs({ encounters: [], paymentPlans: [] });
    expect(empty.tabs.map((tab) => tab.value)).toEqual(['107']);
    expect(empty.showTabBar).toBe(false);
    const mainOnly = buildDashboardTabs({ encounters: [encounter()], paymentPlans: [] });
    expect(mainOnly.showTabBar).toBe(false);
  });

  it('leaves the main tab out when there are only other-facility encounters', () => {
    expect(
      values({
        encounters: [external('753', '70001'), external('221', '60001')],
        paymentPlans: [],
      }),
    ).toEqual(['221', '753']);
  });

  it('shows no tab bar for a single other facility', () => {
    const { tabs, showTabBar, defaultTab } = buildDashboardTabs({
      encounters: [external('990', '1'), external('990', '2')],
      paymentPlans: [],
    });
    expect(tabs).toHaveLength(1);
    expect(showTabBar).toBe(false);
    expect(defaultTab).toBe('990');
  });
});

describe('default tab rule (SPEC §2)', () => {
  it('is 107 when there are main items', () => {
    expect(
      buildDashboardTabs({ encounters: [external('221', '1'), encounter()], paymentPlans: [] })
        .defaultTab,
    ).toBe('107');
  });

  it('is 107 when there are no other-facility groups', () => {
    expect(buildDashboardTabs({ encounters: [], paymentPlans: [] }).defaultTab).toBe('107');
  });

  it('is otherwise the first other facility', () => {
    expect(
      buildDashboardTabs({
        encounters: [external('753', '70001'), external('221', '60001')],
        paymentPlans: [],
      }).defaultTab,
    ).toBe('221');
  });
});

describe('totals (SPEC §2 summary cards)', () => {
  it('adds cents, never floats', () => {
    const encounters = [encounter({ balance: 0.1 }), encounter({ balance: 0.2 })];
    expect(facilityOutstandingCents(encounters)).toBe(30);
  });

  it('Past Due is the sum of overdue plan amounts', () => {
    expect(pastDueCents([plan(), plan({ overdueAmount: 0 }), plan({ overdueAmount: 12.5 })])).toBe(
      8750,
    );
    expect(pastDueCents([])).toBe(0);
  });
});

describe('tab titles in Spanish (decision 0013)', () => {
  it("words the main tab and an unnamed facility, and keeps the facilities' own names", () => {
    const data = {
      encounters: [encounter(), external('221', '60001'), external('404', '1')],
      paymentPlans: [],
    };
    const { tabs } = buildDashboardTabs(data, undefined, undefined, 'es');
    expect(tabs.map((tab) => tab.title)).toEqual([
      'Hospitales y clínicas',
      'Home Care',
      'Centro 404',
    ]);
  });
});
