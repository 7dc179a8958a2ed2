import { beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { PaymentSearchHit } from '@webpay/contracts/payment-desk';
import { fakeOfficeService, json, renderOffice } from '@test/office/office-service.tsx';

const hit: PaymentSearchHit = {
  paymentId: 'p-1',
  receiptId: 'R-100200',
  reference: 'WP-ABC123',
  guarantorId: 'g-1',
  accountNumber: '100200300',
  guarantorName: 'María García',
  createdAt: '2026-11-20T16:00:00.000Z',
  day: '2026-11-20',
  amountCents: 123_456,
  refundedCents: 2_500,
  instrument: { method: 'card', label: 'VISA', last4: '1234' },
  status: 'partially_refunded',
  facilityIds: ['107'],
};

const searches = (calls: { path: string }[]) =>
  calls.filter((call) => call.path.startsWith('/payments?'));

describe('Find a payment', () => {
  beforeEach(() => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
  });

  it('says what to do before the first search, and asks nothing', async () => {
    const { calls } = fakeOfficeService();
    await renderOffice('/payments', 'viewer');
    expect(
      await screen.findByText(/^Type a receipt number or reference, or choose a period/),
    ).toBeVisible();
    expect(searches(calls)).toEqual([]);
  });

  it("checks the fields by the contract's rules before asking anything", async () => {
    const { calls } = fakeOfficeService();
    await renderOffice('/payments', 'viewer');
    const user = userEvent.setup();
    const field = await screen.findByLabelText('Find a payment');
    const form = screen.getByRole('search', { name: 'Payment search' });

    await user.click(within(form).getByRole('button', { name: 'Search' }));
    expect(field).toHaveAccessibleDescription(
      expect.stringContaining('Enter something to search for'),
    );

    await user.type(screen.getByLabelText('Last 4 digits'), '12');
    await user.type(screen.getByLabelText('Amount'), '0');
    await user.type(screen.getByLabelText('From'), '2026-11-20');
    await user.type(screen.getByLabelText('To'), '2026-11-01');
    await user.click(within(form).getByRole('button', { name: 'Search' }));
    expect(screen.getByLabelText('Amount')).toHaveAccessibleDescription(
      'Amount must be more than $0.00',
    );
    await user.clear(screen.getByLabelText('Amount'));
    await user.type(screen.getByLabelText('Amount'), '12.345');
    await user.click(within(form).getByRole('button', { name: 'Search' }));
    expect(screen.getByLabelText('Last 4 digits')).toHaveAccessibleDescription(
      'Enter the last 4 digits',
    );
    expect(screen.getByLabelText('Amount')).toHaveAccessibleDescription(
      'Enter an amount like 25.00',
    );
    expect(screen.getByLabelText('From')).toHaveAccessibleDescription(
      'The start date must not be after the end date',
    );
    expect(searches(calls)).toEqual([]);
  });

  it('keeps the search in the address and lists the payments, each opening its page', async () => {
    const { calls } = fakeOfficeService({
      'GET /payments?receipt=R-100200&method=card': () => json({ hits: [hit], more: false }),
    });
    const { router } = await renderOffice('/payments', 'viewer');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Find a payment'), 'R-100200');
    await user.selectOptions(screen.getByLabelText('Method'), 'Card');
    await user.click(screen.getByRole('button', { name: 'Search' }));

    const table = await screen.findByRole('table', { name: 'Results' });
    expect(router.state.location.search).toEqual({ receipt: 'R-100200', method: 'card' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Receipt', 'Date', 'Guarantor', 'Paid with', 'Amount', 'Refunded', 'Status']);
    const row = within(table).getByRole('row', { name: /R-100200/ });
    expect(row).toHaveTextContent('VISA ****1234');
    expect(row).toHaveTextContent('$1,234.56');
    expect(row).toHaveTextContent('$25.00');
    expect(row).toHaveTextContent('Partially refunded');
    expect(screen.getByRole('status')).toHaveTextContent('1 payment');
    expect(within(row).getByRole('link', { name: 'R-100200' })).toHaveAttribute(
      'href',
      '/office/payments/p-1',
    );
    expect(searches(calls)).toHaveLength(1);
  });

  it('reads a linked search from the address, and says when nothing or more than 100 match', async () => {
    fakeOfficeService({
      'GET /payments?last4=1234&status=voided': () => json({ hits: [], more: false }),
      'GET /payments?last4=1234': () => json({ hits: [hit], more: true }),
    });
    const { router } = await renderOffice('/payments?last4=1234&status=voided&bogus=1', 'agent');
    expect(await screen.findByText('No payment matches.')).toBeInTheDocument();
    expect(screen.getByLabelText('Last 4 digits')).toHaveValue('1234');
    expect(screen.getByLabelText('Status')).toHaveDisplayValue('Voided');

    const user = userEvent.setup();
    await user.selectOptions(screen.getByLabelText('Status'), 'Any');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    expect(await screen.findByText(/More than 100 payments match/)).toBeInTheDocument();
    expect(router.state.location.search).toEqual({ last4: '1234' });

    router.history.back();
    await waitFor(() => expect(screen.getByLabelText('Status')).toHaveDisplayValue('Voided'));
  });
});
