import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { cardReceipt } from '@test/payments/payment-fixtures.ts';
import { appConfig, maria, storeMariasSession } from '@test/fixtures.ts';
import { fakeService, json, renderApp, type FakeCall } from '@test/render-app.tsx';
import { dayIn } from '@webpay/contracts/dates';
import {
  historyItem,
  mariaHistory,
} from '../../../../test/payment-history/payment-history-fixtures.ts';

const SERVER_ERROR = { title: 'Internal error', status: 500, code: 'INTERNAL_ERROR', details: [] };

async function openPayments(url = '/payments') {
  storeMariasSession();
  return renderApp(url);
}

/** Answers GET /payments with the payments inside the asked range of the facility's days, as the service does. */
function paymentsInRange(path: string): Response {
  const query = new URL(path, 'http://portal.test').searchParams;
  const from = query.get('from');
  const to = query.get('to');
  const payments = mariaHistory.filter((payment) => {
    const day = dayIn(appConfig.timeZone, new Date(payment.date));
    return (!from || day >= from) && (!to || day <= to);
  });
  return json({ payments });
}

/** The fake service, with GET /payments answered whatever its query string. */
function historyService(handlers: Parameters<typeof fakeService>[0] = {}) {
  const service = fakeService({ 'GET /auth/me': () => json(maria), ...handlers });
  const recordAndAnswer = service.fetchMock.getMockImplementation();
  service.fetchMock.mockImplementation(async (input, init) => {
    const answer = await recordAndAnswer?.(input, init);
    const path = String(input).replace(/^.*?(?=\/payments)/, '');
    return /^\/payments(\?|$)/.test(path) ? paymentsInRange(path) : (answer as Response);
  });
  return service;
}

const historyCalls = (calls: FakeCall[]) =>
  calls.filter((call) => call.path.startsWith('/payments')).map((call) => call.path);

describe('payment history page', () => {
  beforeEach(() => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
  });

  it('lists each payment: date, receipt, masked method, status in words, items paid and amount', async () => {
    historyService();
    const { queryClient } = await openPayments();
    const table = await screen.findByRole('table', { name: 'Payments' });
    expect(document.title).toBe('Payments | Canyon Pay');
    expect(screen.getByRole('heading', { name: 'Payments', level: 1 })).toBeInTheDocument();
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Date', 'Receipt', 'Method', 'Status', 'Items Paid', 'Amount']);

    const [card, bank] = within(table).getAllByRole('row').slice(1) as HTMLElement[];
    const first = within(card as HTMLElement);
    expect(first.getByText('Jun 12, 2026')).toBeInTheDocument();
    expect(first.getByRole('button', { name: 'View receipt R-20260612-0002' })).toBeInTheDocument();
    expect(first.getByText('VISA •••• 9990')).toBeInTheDocument();
    expect(first.getByText('Pending')).toBeInTheDocument();
    expect(first.getByText('107-40010001 | Maria Garcia').parentElement).toHaveTextContent(
      '$250.00',
    );
    expect(first.getByText('PP-7001-1 | Payment Plan').parentElement).toHaveTextContent('$75.00');
    expect(first.getByText('$325.00')).toHaveClass('tabular-nums');

    const second = within(bank as HTMLElement);
    expect(second.getByText('Checking •••• 6789')).toBeInTheDocument();
    expect(second.getByText('Applied')).toBeInTheDocument();
    expect(second.getAllByText('$1,234.56')).toHaveLength(2);

    expect(screen.getByRole('status')).toHaveTextContent('2 payments');
    expect(queryClient.getQueryCache().findAll({ queryKey: ['payments'] })).toHaveLength(1);
  });

  it("dates a payment made late in the evening on the facility's day", async () => {
    // 04:30 UTC on Jun 13 is 10:30 PM on Jun 12 in Denver, the day the service counts it on.
    const late = historyItem({ date: '2026-06-13T04:30:00.000Z' });
    fakeService({
      'GET /auth/me': () => json(maria),
      'GET /payments': () => json({ payments: [late] }),
    });
    await openPayments();
    const table = await screen.findByRole('table', { name: 'Payments' });
    expect(within(table).getByText('Jun 12, 2026')).toBeInTheDocument();
  });

  it('narrows the list to a date range kept in the address, and back restores the previous one', async () => {
    const { calls } = historyService();
    const { router } = await openPayments();
    await screen.findByRole('table', { name: 'Payments' });

    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2026-06-01' } });
    fireEvent.change(screen.getByLabelText('To'), { target: { value: '2026-06-30' } });
    await userEvent.setup().click(screen.getByRole('button', { name: 'Show payments' }));

    await waitFor(() =>
      expect(router.state.location.search).toEqual({ from: '2026-06-01', to: '2026-06-30' }),
    );
    expect(
      await screen.findByText('1 payment between Jun 1, 2026 and Jun 30, 2026'),
    ).toBeInTheDocument();
    expect(screen.queryByText('Checking •••• 6789')).not.toBeInTheDocument();
    expect(historyCalls(calls)).toContain('/payments?from=2026-06-01&to=2026-06-30');

    router.history.back();
    expect(await screen.findByText('2 payments')).toBeInTheDocument();
    expect(screen.getByLabelText('From')).toHaveValue('');
  });

  it('opens with the range of the address (a reload) filled in and asked for', async () => {
    const { calls } = historyService();
    await openPayments('/payments?from=2026-06-01');
    expect(await screen.findByText('1 payment since Jun 1, 2026')).toBeInTheDocument();
    expect(screen.getByLabelText('From')).toHaveValue('2026-06-01');
    expect(screen.getByLabelText('To')).toHaveValue('');
    expect(historyCalls(calls).every((path) => path === '/payments?from=2026-06-01')).toBe(true);
  });

  it('drops a date in the address that is not a date', async () => {
    const { calls } = historyService();
    const { router } = await openPayments('/payments?from=yesterday&to=2026-06-30');
    expect(await screen.findByText('2 payments up to Jun 30, 2026')).toBeInTheDocument();
    expect(router.state.location.search).toEqual({ to: '2026-06-30' });
    expect(historyCalls(calls)).toContain('/payments?to=2026-06-30');
  });

  it('refuses From after To with a field error and asks the service nothing', async () => {
    const { calls } = historyService();
    const { router } = await openPayments();
    await screen.findByRole('table', { name: 'Payments' });
    const before = historyCalls(calls).length;

    const from = screen.getByLabelText('From');
    fireEvent.change(from, { target: { value: '2026-07-01' } });
    fireEvent.change(screen.getByLabelText('To'), { target: { value: '2026-06-01' } });
    await userEvent.setup().click(screen.getByRole('button', { name: 'Show payments' }));

    expect(from).toHaveAttribute('aria-invalid', 'true');
    expect(from).toHaveAccessibleDescription('The From date must be on or before the To date.');
    expect(from).toHaveFocus();
    expect(router.state.location.search).toEqual({});
    expect(historyCalls(calls)).toHaveLength(before);
  });

  it('shows a reversed range from the address as the same error without a call', async () => {
    const { calls } = historyService();
    await openPayments('/payments?from=2026-07-01&to=2026-06-01');
    expect(
      await screen.findByText('The From date must be on or before the To date.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    expect(historyCalls(calls)).toEqual([]);
  });

  it('says "No payments in this period" for an empty range and "No payments yet" without one', async () => {
    historyService();
    await openPayments('/payments?from=2025-01-01&to=2025-12-31');
    expect(
      await screen.findByRole('heading', { name: 'No payments in this period' }),
    ).toBeInTheDocument();
    expect(
      screen.getByText(/We found no payments between Jan 1, 2025 and Dec 31, 2025\./),
    ).toBeInTheDocument();

    await userEvent.setup().click(screen.getByRole('button', { name: 'Clear dates' }));
    expect(await screen.findByRole('table', { name: 'Payments' })).toBeInTheDocument();
  });

  it('says "No payments yet" when the guarantor has never paid', async () => {
    fakeService({
      'GET /auth/me': () => json(maria),
      'GET /payments': () => json({ payments: [] }),
    });
    await openPayments();
    expect(await screen.findByRole('heading', { name: 'No payments yet' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to Dashboard' })).toBeInTheDocument();
  });

  it('shows the error screen and recovers on Try Again', async () => {
    let fail = true;
    fakeService({
      'GET /auth/me': () => json(maria),
      'GET /payments': () => (fail ? json(SERVER_ERROR, 500) : json({ payments: mariaHistory })),
    });
    await openPayments();
    expect(
      await screen.findByRole('heading', { name: 'Something went wrong' }, { timeout: 8000 }),
    ).toBeInTheDocument();
    fail = false;
    await userEvent.setup().click(screen.getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByRole('table', { name: 'Payments' })).toBeInTheDocument();
  }, 15_000);

  it('opens the receipt from GET /receipts/{receiptId} and returns focus on close', async () => {
    historyService({
      'GET /receipts/R-20260612-0002': () => json(cardReceipt({ receiptId: 'R-20260612-0002' })),
    });
    await openPayments();
    const user = userEvent.setup();
    const button = await screen.findByRole('button', { name: 'View receipt R-20260612-0002' });
    await user.click(button);
    const dialog = await screen.findByRole('dialog', { name: 'Payment Receipt' });
    expect(dialog).toHaveClass('print-receipt');
    expect(within(dialog).getByText('R-20260612-0002')).toBeInTheDocument();
    expect(within(dialog).getByText('VISA •••• 9990, expires 12/27')).toBeInTheDocument();
    expect(within(dialog).getByText(/payment posts within 1-2 business days/)).toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(button).toHaveFocus();
  });

  it('says an applied payment has been applied instead of when it will post', async () => {
    historyService({
      'GET /receipts/R-20260305-0001': () => json(cardReceipt({ receiptId: 'R-20260305-0001' })),
    });
    await openPayments();
    await userEvent
      .setup()
      .click(await screen.findByRole('button', { name: 'View receipt R-20260305-0001' }));
    const dialog = await screen.findByRole('dialog', { name: 'Payment Receipt' });
    expect(
      within(dialog).getByText('This payment has been applied to your account.'),
    ).toBeInTheDocument();
    expect(within(dialog).queryByText(/posts within/)).not.toBeInTheDocument();
  });

  it('says a payment given back is Voided, Refunded or Partially refunded, with amount and date', async () => {
    const voided = historyItem({
      receiptId: 'R-VOIDED',
      reversal: { status: 'voided', amount: 325, date: '2026-06-12' },
    });
    const refunded = historyItem({
      receiptId: 'R-REFUNDED',
      status: 'applied',
      reversal: { status: 'refunded', amount: 325, date: '2026-11-27' },
    });
    const part = historyItem({
      receiptId: 'R-PART',
      reversal: { status: 'partially_refunded', amount: 50, date: '2026-11-27' },
    });
    fakeService({
      'GET /auth/me': () => json(maria),
      'GET /payments': () => json({ payments: [voided, refunded, part] }),
      'GET /receipts/R-PART': () =>
        json({ ...cardReceipt({ receiptId: 'R-PART' }), reversal: part.reversal }),
      'GET /receipts/R-VOIDED': () =>
        json({ ...cardReceipt({ receiptId: 'R-VOIDED' }), reversal: voided.reversal }),
    });
    await openPayments();
    const table = await screen.findByRole('table', { name: 'Payments' });
    const [first, second, third] = within(table)
      .getAllByRole('row')
      .slice(1)
      .map((row) => within(row));
    // Nothing of a voided or wholly refunded payment is pending any more.
    expect(first?.getByText('Voided')).toBeInTheDocument();
    expect(first?.getByText('Voided $325.00 on Jun 12, 2026')).toBeInTheDocument();
    expect(first?.queryByText('Pending')).not.toBeInTheDocument();
    expect(second?.getByText('Refunded')).toBeInTheDocument();
    expect(second?.getByText('Refunded $325.00 on Nov 27, 2026')).toBeInTheDocument();
    expect(second?.queryByText('Applied')).not.toBeInTheDocument();
    expect(third?.getByText('Pending')).toBeInTheDocument();
    expect(third?.getByText('Partially refunded')).toBeInTheDocument();
    expect(third?.getByText('Partially refunded $50.00 on Nov 27, 2026')).toBeInTheDocument();

    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'View receipt R-PART' }));
    const dialog = await screen.findByRole('dialog', { name: 'Payment Receipt' });
    expect(
      within(dialog).getByText('Partially refunded $50.00 on Nov 27, 2026'),
    ).toBeInTheDocument();
    expect(within(dialog).getByText(/payment posts within 1-2 business days/)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    await user.click(screen.getByRole('button', { name: 'View receipt R-VOIDED' }));
    const voidedDialog = await screen.findByRole('dialog', { name: 'Payment Receipt' });
    expect(within(voidedDialog).getByText('Voided $325.00 on Jun 12, 2026')).toBeInTheDocument();
    expect(within(voidedDialog).queryByText(/posts within/)).not.toBeInTheDocument();
  });

  it('toasts when a receipt cannot be opened', async () => {
    historyService({
      'GET /receipts/R-20260305-0001': () =>
        json({ title: 'Not found', status: 404, code: 'RECEIPT_NOT_FOUND', details: [] }, 404),
    });
    await openPayments();
    await userEvent
      .setup()
      .click(await screen.findByRole('button', { name: 'View receipt R-20260305-0001' }));
    expect(
      await screen.findByText(
        'We could not open receipt R-20260305-0001. Please try again in a moment.',
      ),
    ).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
