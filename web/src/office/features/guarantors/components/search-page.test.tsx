import { beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeOfficeService, json, renderOffice } from '@test/office/office-service.tsx';

const hits = {
  hits: [
    {
      guarantorId: 'g-1',
      accountNumber: '100200300',
      name: 'María García',
      birthdate: '1980-04-12',
      email: 'maria@example.org',
      phone: '555-0100',
      matchedOn: 'name',
    },
  ],
  more: false,
};

describe('Find a guarantor', () => {
  beforeEach(() => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
  });

  it('is focused on arrival, searches as one types, and opens a result from the keyboard', async () => {
    const { calls } = fakeOfficeService({
      'GET /guarantors?q=garcia': () => json(hits),
      'GET /guarantors/g-1': () =>
        json({ title: 'Not found', status: 404, code: 'NOT_FOUND', details: [] }, 404),
      'GET /audit?guarantorId=g-1&limit=100': () => json({ entries: [], nextBefore: null }),
    });
    const { router } = await renderOffice('/guarantors', 'viewer');
    const field = await screen.findByLabelText('Find a guarantor');
    await waitFor(() => expect(field).toHaveFocus());

    const user = userEvent.setup();
    await user.type(field, 'garcia');
    const table = await screen.findByRole('table', { name: 'Results' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Account', 'Name', 'Birthdate', 'Email', 'Phone', 'Matched on']);
    expect(within(table).getByRole('row', { name: /María García/ })).toHaveTextContent(
      'Apr 12, 1980',
    );
    expect(router.state.location.search).toEqual({ q: 'garcia' });
    expect(calls.filter((call) => call.path.startsWith('/guarantors?'))).toHaveLength(1);

    await user.keyboard('{ArrowDown}');
    expect(within(table).getByRole('link', { name: '100200300' })).toHaveFocus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(router.state.location.pathname).toBe('/guarantors/g-1'));
  });

  it('comes back to the search box with / from anywhere outside a field', async () => {
    fakeOfficeService({
      'GET /home': () =>
        json({
          today: '2026-11-27',
          paymentsToday: { count: 0, amountCents: 0 },
          attention: {
            awaitingReconciliation: 0,
            awaitingApproval: 0,
            plansNeedingAttention: 0,
            failedEmails: 0,
          },
          lastRuns: { import: null, export: null, reconcile: null },
        }),
    });
    const { router } = await renderOffice('/', 'agent');
    await screen.findByRole('heading', { name: 'Home', level: 1 });
    await userEvent.setup().keyboard('/');
    await waitFor(() => expect(router.state.location.pathname).toBe('/guarantors'));
    await waitFor(() => expect(screen.getByLabelText('Find a guarantor')).toHaveFocus());
  });
});
