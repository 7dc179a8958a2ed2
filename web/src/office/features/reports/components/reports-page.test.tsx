import { beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { MoneyFigures, MoneyReport, SettlementReport } from '@webpay/contracts/payment-desk';
import { fakeOfficeService, json, renderOffice } from '@test/office/office-service.tsx';

const home = {
  today: '2026-11-27',
  paymentsToday: { count: 0, amountCents: 0 },
  attention: {
    awaitingReconciliation: 0,
    awaitingApproval: 0,
    plansNeedingAttention: 0,
    failedEmails: 0,
  },
  lastRuns: { import: null, export: null, reconcile: null },
};

const figures = (paymentsCount: number, paymentsCents: number, refundsCents = 0): MoneyFigures => ({
  paymentsCount,
  paymentsCents,
  refundsCount: refundsCents ? 1 : 0,
  refundsCents,
  netCents: paymentsCents - refundsCents,
});

const days = (first: MoneyFigures, second: MoneyFigures) => [
  { date: '2026-11-26', ...first },
  { date: '2026-11-27', ...second },
];

const money: MoneyReport = {
  from: '2026-11-26',
  to: '2026-11-27',
  days: days(figures(2, 12_345), figures(1, 5_000, 2_500)),
  byMethod: [
    {
      method: 'card',
      ...figures(2, 15_000, 2_500),
      days: days(figures(1, 10_000), figures(1, 5_000, 2_500)),
    },
    { method: 'eCheck', ...figures(1, 2_345), days: days(figures(1, 2_345), figures(0, 0)) },
  ],
  byFacility: [
    {
      facilityId: '107',
      name: 'Hospitals & Clinics',
      ...figures(3, 17_345, 2_500),
      days: days(figures(2, 12_345), figures(1, 5_000, 2_500)),
    },
  ],
  totals: figures(3, 17_345, 2_500),
};

const settlement: SettlementReport = {
  from: '2026-11-26',
  to: '2026-11-27',
  error: null,
  days: [
    {
      date: '2026-11-26',
      webpayCents: 12_345,
      processorCents: 12_345,
      differenceCents: 0,
      unsettledCount: 0,
      batches: [{ batchId: '0042', settledAt: '2026-11-27T05:00:00Z', count: 2, netCents: 12_345 }],
    },
    {
      date: '2026-11-27',
      webpayCents: 2_500,
      processorCents: 0,
      differenceCents: 2_500,
      unsettledCount: 0,
      batches: [],
    },
  ],
  differences: [
    {
      date: '2026-11-27',
      kind: 'missing_at_processor',
      txnId: 'TXN-1',
      paymentId: 'p-1',
      receiptId: 'R-1001',
      webpayCents: 2_500,
      processorCents: null,
      description: 'Payment R-1001 of $25.00 is not in the processor’s settled batches.',
    },
  ],
};

const rowsOf = (name: RegExp) =>
  within(screen.getByRole('table', { name }))
    .getAllByRole('row')
    .map((row) => row.textContent);

describe('the Reports screen', () => {
  beforeEach(() => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
  });

  it('asks for the last 30 facility days, and shows each view’s figures in a table', async () => {
    const { calls } = fakeOfficeService({
      'GET /home': () => json(home),
      'GET /reports/money?from=2026-10-29&to=2026-11-27': () => json(money),
    });
    await renderOffice('/reports', 'viewer');
    expect(await screen.findByRole('heading', { name: 'Reports', level: 1 })).toBeVisible();
    expect(await screen.findByRole('table', { name: /^Per day/ })).toBeVisible();
    expect(calls.some((call) => call.path.startsWith('/reports/money?from=2026-10-29'))).toBe(true);
    expect(rowsOf(/^Per day/)).toEqual([
      'DatePayments (count)PaymentsRefunds (count)RefundsNet',
      'Nov 26, 20262$123.450$0.00$123.45',
      'Nov 27, 20261$50.001$25.00$25.00',
      'Total3$173.451$25.00$148.45',
    ]);
    expect(rowsOf(/^By method/)[1]).toBe('Card2$150.001$25.00$125.00');
    expect(rowsOf(/^By method/)[2]).toBe('eCheck1$23.450$0.00$23.45');
    expect(rowsOf(/^By facility/)[1]).toBe('Hospitals & Clinics3$173.451$25.00$148.45');
    expect(screen.getByRole('rowheader', { name: 'Hospitals & Clinics' })).toBeVisible();
    // The total's net is as bold as its other figures, not lighter than them.
    const total = screen.getAllByRole('rowheader', { name: 'Total' })[0]?.closest('tr');
    const net = total?.querySelector('td:last-of-type');
    expect(net).toHaveClass('font-semibold');
    expect(net).not.toHaveClass('font-medium');
  });

  it('links each view to its CSV, with the service’s file name', async () => {
    fakeOfficeService({
      'GET /home': () => json(home),
      'GET /reports/money?from=2026-11-26&to=2026-11-27': () => json(money),
    });
    await renderOffice('/reports?from=2026-11-26&to=2026-11-27', 'viewer');
    const perDay = await screen.findByRole('link', { name: 'Download CSV: Per day' });
    expect(perDay).toHaveAttribute(
      'href',
      '/api/v1/office/reports/money.csv?from=2026-11-26&to=2026-11-27&view=day',
    );
    expect(perDay).toHaveAttribute('download', 'webpay-money-2026-11-26-2026-11-27-day.csv');
    expect(screen.getByRole('link', { name: 'Download CSV: By facility' })).toHaveAttribute(
      'href',
      '/api/v1/office/reports/money.csv?from=2026-11-26&to=2026-11-27&view=facility',
    );
  });

  it('takes a quick period', async () => {
    const { calls } = fakeOfficeService({
      'GET /home': () => json(home),
      'GET /reports/money?from=2026-10-29&to=2026-11-27': () => json(money),
      'GET /reports/money?from=2026-11-01&to=2026-11-27': () => json(money),
    });
    const { router } = await renderOffice('/reports', 'viewer');
    await userEvent.setup().click(await screen.findByRole('button', { name: 'This month' }));
    await waitFor(() =>
      expect(router.state.location.search).toMatchObject({ from: '2026-11-01', to: '2026-11-27' }),
    );
    await waitFor(() =>
      expect(calls.some((call) => call.path.includes('from=2026-11-01'))).toBe(true),
    );
  });

  it('shows the settlement, each difference said in words and not by colour alone', async () => {
    fakeOfficeService({
      'GET /home': () => json(home),
      'GET /reports/settlement?from=2026-11-26&to=2026-11-27': () => json(settlement),
    });
    await renderOffice('/reports?from=2026-11-26&to=2026-11-27&tab=settlement', 'viewer');
    expect(await screen.findByRole('table', { name: /^Settlement per day/ })).toBeVisible();
    expect(rowsOf(/^Settlement per day/)).toEqual([
      'DateWebPayProcessorDifferenceNot settled yetBatches',
      'Nov 26, 2026$123.45$123.45$0.00Matches00042',
      'Nov 27, 2026$25.00$0.00$25.00Differs0',
    ]);
    const differences = rowsOf(/disagree about/);
    expect(differences[1]).toContain('Missing at the processor');
    expect(differences[1]).toContain('R-1001');
    expect(rowsOf(/^Settled batches/)[1]).toContain('0042');
  });

  it('claims no agreement when the processor could not be asked', async () => {
    fakeOfficeService({
      'GET /home': () => json(home),
      'GET /reports/settlement?from=2026-11-26&to=2026-11-27': () =>
        json({
          ...settlement,
          error: 'The processor could not be asked; only WebPay’s figures are shown.',
          days: settlement.days.map((day) => ({
            ...day,
            processorCents: null,
            differenceCents: null,
            batches: [],
          })),
          differences: [],
        }),
    });
    await renderOffice('/reports?from=2026-11-26&to=2026-11-27&tab=settlement', 'viewer');
    expect(await screen.findByRole('alert')).toHaveTextContent('could not be asked');
    expect(rowsOf(/^Settlement per day/)[1]).toBe('Nov 26, 2026$123.45——0');
    expect(screen.queryByRole('heading', { name: 'Differences' })).toBeNull();
  });
});
