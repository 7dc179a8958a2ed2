import { beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import type { OfficeHome } from '@webpay/contracts/office';
import { fakeOfficeService, json, renderOffice } from '@test/office/office-service.tsx';

const home = (plansNeedingAttention: number): OfficeHome => ({
  today: '2026-11-27',
  paymentsToday: { count: 0, amountCents: 0 },
  attention: {
    awaitingReconciliation: 0,
    awaitingApproval: 0,
    plansNeedingAttention,
    failedEmails: 0,
  },
  lastRuns: { import: null, export: null, reconcile: null },
});

describe('plans needing attention', () => {
  beforeEach(() => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
  });

  it('are counted on the home page, the figure opening their list', async () => {
    fakeOfficeService({ 'GET /home': () => json(home(2)) });
    await renderOffice('/', 'viewer');
    const attention = await screen.findByRole('region', { name: 'Needs attention' });
    const link = within(attention).getByRole('link', { name: 'Plans needing attention' });
    expect(link).toHaveAttribute('href', '/office/plans-attention');
    expect(link.closest('div')).toHaveTextContent('2');
    expect(within(attention).queryByText('Nothing needs attention.')).toBeNull();
  });

  it('are listed oldest first, each opening the guarantor’s recurring payments', async () => {
    fakeOfficeService({
      'GET /plans/attention': () =>
        json({
          plans: [
            {
              guarantorId: 'g-1',
              guarantorName: 'María García',
              accountNumber: '100200300',
              planNumber: 'PP-7K2M9QXD',
              overdueSince: '2026-10-08',
              overdueCents: 10_000,
            },
          ],
        }),
    });
    await renderOffice('/plans-attention', 'viewer');
    expect(
      await screen.findByRole('heading', { name: 'Plans needing attention', level: 1 }),
    ).toBeInTheDocument();
    const table = await screen.findByRole('table', { name: 'Plans' });
    const [, row] = within(table).getAllByRole('row');
    expect(row).toHaveTextContent('PP-7K2M9QXD');
    expect(row).toHaveTextContent('$100.00');
    expect(row).toHaveTextContent('100200300');
    expect(within(row as HTMLElement).getByRole('link', { name: 'María García' })).toHaveAttribute(
      'href',
      '/office/guarantors/g-1#recurring-heading',
    );
  });

  it('say so when there are none', async () => {
    fakeOfficeService({ 'GET /plans/attention': () => json({ plans: [] }) });
    await renderOffice('/plans-attention', 'viewer');
    expect(await screen.findByText('No plan needs attention.')).toBeInTheDocument();
  });
});
