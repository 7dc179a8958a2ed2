import { beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { maria, mariaEncounters, storeMariasSession } from '@test/fixtures.ts';
import { fakeService, json, renderApp } from '@test/render-app.tsx';

async function openDashboard() {
  storeMariasSession();
  const app = await renderApp('/dashboard');
  return app;
}

describe('dashboard', () => {
  beforeEach(() => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
  });

  it('lists the main encounters with SPEC columns and formats', async () => {
    fakeService({
      'GET /auth/me': () => json(maria),
      'GET /encounters': () => json(mariaEncounters),
    });
    await openDashboard();
    const table = await screen.findByRole('table', { name: 'Pending Encounters' });

    const headers = within(table)
      .getAllByRole('columnheader')
      .map((cell) => cell.textContent);
    expect(headers).toEqual([
      'Encounter Number',
      'Patient Name',
      'Status',
      'Admit Date',
      'Balance',
      'Payment Amount',
    ]);

    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(3);
    const first = within(rows[0] as HTMLElement);
    expect(first.getByText('107-40010001')).toBeInTheDocument();
    expect(first.getByText('Self Pay')).toBeInTheDocument();
    expect(first.getByText('Jun 2, 2026')).toBeInTheDocument();
    expect(first.getByText('$1,250.00')).toBeInTheDocument();
    expect(within(table).queryByText('153-80001')).not.toBeInTheDocument();
  });

  it('gives each row a labelled amount field that keeps only valid amounts', async () => {
    fakeService({
      'GET /auth/me': () => json(maria),
      'GET /encounters': () => json(mariaEncounters),
    });
    await openDashboard();
    const field = await screen.findByRole('textbox', { name: 'Payment amount for 107-40010002' });
    const user = userEvent.setup();
    await user.type(field, '$1a0.505');
    expect(field).toHaveValue('10.50');
    expect(screen.getByRole('textbox', { name: 'Payment amount for 107-40010003' })).toBeDisabled();
  });

  it("refetches a facility's bills from its panel, keeping the bills and amounts on screen (SPEC §2)", async () => {
    let balance = 45.2;
    const { calls } = fakeService({
      'GET /auth/me': () => json(maria),
      'GET /encounters': () =>
        json({
          ...mariaEncounters,
          encounters: mariaEncounters.encounters.map((item) =>
            item.facilityId === '153' ? { ...item, balance } : item,
          ),
        }),
    });
    await openDashboard();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('tab', { name: /^Central Lab/ }));
    const table = screen.getByRole('table', { name: 'Central Lab encounters' });
    expect(within(table).getByText('$45.20')).toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: 'Payment amount for 153-80001' }), '5');
    const loads = () => calls.filter((call) => call.path === '/encounters').length;
    const before = loads();

    balance = 40.2;
    await user.click(screen.getByRole('button', { name: 'Refresh Central Lab encounters' }));
    expect(await within(table).findByText('$40.20')).toBeInTheDocument();
    expect(loads()).toBe(before + 1);
    expect(screen.getByRole('textbox', { name: 'Payment amount for 153-80001' })).toHaveValue('5');
    await waitFor(() =>
      expect(screen.getByText('Central Lab encounters are up to date.')).toBeInTheDocument(),
    );
  });

  it('says so when there are no current encounters', async () => {
    fakeService({
      'GET /auth/me': () => json(maria),
      'GET /encounters': () => json({ encounters: [], paymentPlans: [] }),
    });
    await openDashboard();
    expect(await screen.findByText('No current encounters found')).toBeInTheDocument();
    expect(screen.getByText('No payment plan encounters found')).toBeInTheDocument();
    expect(screen.queryByRole('tablist')).not.toBeInTheDocument();
  });

  it('shows an error state with a retry after failing, and a toast', async () => {
    fakeService({
      'GET /auth/me': () => json(maria),
      'GET /encounters': () =>
        json({ title: 'Internal error', status: 500, code: 'INTERNAL_ERROR', details: ['x'] }, 500),
    });
    await openDashboard();
    expect(
      await screen.findByRole('heading', { name: 'Something went wrong' }, { timeout: 8000 }),
    ).toBeInTheDocument();
    expect(
      await screen.findByText('Failed to fetch account information. Please try again later.'),
    ).toBeInTheDocument();

    let answer: () => void = () => undefined;
    const answered = new Promise<void>((resolve) => (answer = resolve));
    fakeService({
      'GET /auth/me': () => json(maria),
      'GET /encounters': () => answered.then(() => json(mariaEncounters)),
    });
    await userEvent.setup().click(screen.getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByRole('button', { name: /Retrying/ })).toBeInTheDocument();
    answer();
    expect(await screen.findByRole('table', { name: 'Pending Encounters' })).toBeInTheDocument();
  }, 15_000);

  it('signs out and goes to /login when the session is refused', async () => {
    fakeService({
      'GET /auth/me': () => json(maria),
      'GET /encounters': () =>
        json({ title: 'Forbidden', status: 403, code: 'FORBIDDEN', details: ['no'] }, 403),
    });
    const { router, auth } = await openDashboard();
    expect(
      await screen.findByText('Your session has expired. Please log in again.'),
    ).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(auth.getSession()).toBeNull();
  });

  it('shows the Session Expired modal when an authenticated call gets 401', async () => {
    fakeService({
      'GET /auth/me': () => json(maria),
      'GET /encounters': () => new Response('', { status: 401 }),
    });
    const { router } = await openDashboard();
    const dialog = await screen.findByRole('alertdialog', { name: 'Session Expired' });
    expect(dialog).toHaveTextContent('Your session has expired. Please log in again to continue.');
    await userEvent.setup().click(within(dialog).getByRole('button', { name: 'Go to Login' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
  });
});
