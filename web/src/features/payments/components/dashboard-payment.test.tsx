import { beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { maria, mariaEncounters, storeMariasSession } from '@test/fixtures.ts';
import { fakeService, json } from '@test/render-app.tsx';
import { renderApp } from '@test/render-app.tsx';
import { resetLightbox } from '../utils/converge-lightbox.ts';
import { fakeConverge } from '../../../../test/payments/fake-converge.ts';
import { approval, cardReceipt } from '../../../../test/payments/payment-fixtures.ts';
import { fillBilling } from '../../../../test/payments/render-payment-dialog.tsx';

beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
  resetLightbox();
});

describe('after a successful payment (SPEC §4)', () => {
  it('shows the receipt, clears the amounts, refreshes the user, and refetches the bills when the receipt closes', async () => {
    storeMariasSession();
    const receipt = cardReceipt({
      amount: 100,
      accounts: [
        {
          paymentType: 'Account Payment',
          facilityId: '107',
          accountId: '107-40010002',
          amount: 100,
          locationId: '107',
          description: '107-40010002 | Daniel Garcia',
        },
      ],
    });
    const service = fakeService({
      'GET /auth/me': () => json(maria),
      'GET /encounters': () => json(mariaEncounters),
      'POST /payments/init': () => json({ refNum: 'PAY-1001', token: 'lightbox-token-1' }),
      'PUT /payments/PAY-1001/card': () => json(receipt),
    });
    const converge = fakeConverge();
    const user = userEvent.setup();
    await renderApp('/dashboard');

    const amount = await screen.findByRole('textbox', { name: 'Payment amount for 107-40010002' });
    await user.type(amount, '100');
    const custom = screen.getByRole('textbox', { name: 'Custom payment amount' });
    await user.type(custom, '5');
    await user.click(screen.getByRole('button', { name: 'Pay Now $100.00' }));

    const dialog = await screen.findByRole('dialog', { name: 'Make a Payment' });
    expect(within(dialog).getByText('107-40010002 | Daniel Garcia')).toBeInTheDocument();
    await fillBilling(user, dialog);
    const meCalls = () => service.calls.filter((call) => call.path === '/auth/me').length;
    const encounterCalls = () => service.calls.filter((call) => call.path === '/encounters').length;
    const meBefore = meCalls();
    await user.click(within(dialog).getByRole('button', { name: 'Pay $100.00' }));
    await converge.load();
    const { callbacks } = await converge.opened();
    callbacks.onApproval(approval);

    const receiptDialog = await screen.findByRole('dialog', { name: 'Payment Receipt' });
    expect(within(receiptDialog).getByText('R-20261101-0001')).toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: 'Make a Payment' })).not.toBeInTheDocument();
    expect(amount).toHaveValue('');
    expect(custom).toHaveValue('');
    await waitFor(() => expect(meCalls()).toBe(meBefore + 1));

    const encountersBefore = encounterCalls();
    await user.click(within(receiptDialog).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog', { name: 'Payment Receipt' })).not.toBeInTheDocument();
    await waitFor(() => expect(encounterCalls()).toBe(encountersBefore + 1));
  });
});

describe('an other-facility amount above its balance (SPEC §2 "A payment dialog opens on Pay", §5)', () => {
  it("opens the payment dialog, and the service's refusal shows there", async () => {
    storeMariasSession();
    const refusal = {
      title: 'Amount exceeds the balance',
      status: 400,
      code: 'AMOUNT_EXCEEDS_BALANCE',
      details: ['body.accounts.0: $50.00 is more than the $45.20 open on account 153-80001.'],
      requestId: 'req-1',
      correlationId: 'cor-1',
    };
    const service = fakeService({
      'GET /auth/me': () => json(maria),
      'GET /encounters': () => json(mariaEncounters),
      'POST /payments/init': () => json(refusal, 400),
    });
    fakeConverge();
    const user = userEvent.setup();
    await renderApp('/dashboard');

    await user.click(await screen.findByRole('tab', { name: /^Central Lab/ }));
    const amount = screen.getByRole('textbox', { name: 'Payment amount for 153-80001' });
    await user.type(amount, '50');
    expect(amount).toHaveAccessibleDescription('Amount exceeds balance');
    await user.click(screen.getByRole('button', { name: 'Pay Now $50.00' }));

    const dialog = await screen.findByRole('dialog', { name: 'Make a Payment' });
    expect(within(dialog).getByText('153-80001 | Maria Garcia')).toBeInTheDocument();
    await fillBilling(user, dialog);
    await user.click(within(dialog).getByRole('button', { name: 'Pay $50.00' }));

    const panel = await within(dialog).findByRole('alert');
    expect(panel).toHaveTextContent('Amount exceeds the balance');
    expect(panel).toHaveTextContent('is more than the $45.20 open on account 153-80001');
    expect(service.calls.filter((call) => call.path === '/payments/init')).toHaveLength(1);
  });
});
