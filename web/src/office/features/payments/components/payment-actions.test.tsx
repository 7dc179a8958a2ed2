import { beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeOfficeService, json, renderOffice } from '@test/office/office-service.tsx';
import { deskPayment, reversal } from '@test/office/payment-desk.ts';

/** An eCheck of $800.00 paid today: not settled, so it can be voided. */
const unsettled = deskPayment({
  status: 'paid',
  amountCents: 80_000,
  refundedCents: 0,
  refundableCents: 80_000,
  reversals: [],
  instrument: { method: 'eCheck', label: 'CHECKING', last4: '6789' },
  actions: {
    void: { available: true, why: null },
    refund: { available: false, why: 'Not settled yet: void it instead.', kind: null, maxCents: 0 },
    resendReceipt: { available: true, why: null },
    approvalThresholdCents: 50_000,
  },
});

describe('void and resend receipt', () => {
  beforeEach(() => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
  });

  it('voids the whole amount with a reason, and says a second supervisor must approve above the threshold', async () => {
    const { calls } = fakeOfficeService({
      'GET /payments/p-1': () => json(unsettled),
      'POST /payments/p-1/void': () =>
        json({
          reversal: reversal({ kind: 'void', status: 'awaiting_approval', amountCents: 80_000 }),
          message: 'Waiting for a second supervisor',
        }),
    });
    await renderOffice('/payments/p-1', 'agent');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Void' }));
    const dialog = await screen.findByRole('dialog', { name: 'Void this payment' });
    expect(dialog).toHaveTextContent('cancels the whole payment of $800.00');
    expect(dialog).toHaveTextContent('Above $500.00, it waits for a second supervisor');

    await user.click(within(dialog).getByRole('button', { name: 'Void $800.00' }));
    expect(within(dialog).getByLabelText('Reason')).toHaveAccessibleDescription(
      expect.stringContaining('Reason is required'),
    );
    await user.type(within(dialog).getByLabelText('Reason'), 'Paid the wrong account');
    await user.click(within(dialog).getByRole('button', { name: 'Void $800.00' }));
    expect(await screen.findByText('Waiting for a second supervisor')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const sent = calls.find((call) => call.method === 'POST');
    expect(sent?.body).toEqual({
      reason: 'Paid the wrong account',
      idempotencyKey: expect.stringMatching(/^[A-Za-z0-9_-]{8,100}$/),
    });
  });

  it('resends the receipt to the address on file or to another one', async () => {
    const { calls } = fakeOfficeService({
      'GET /payments/p-1': () => json(unsettled),
      'POST /payments/p-1/resend-receipt': () =>
        json({ to: 'other@example.org', message: 'Receipt sent to other@example.org' }),
    });
    await renderOffice('/payments/p-1', 'agent');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Resend receipt' }));
    const dialog = await screen.findByRole('dialog', { name: 'Resend the receipt' });
    expect(dialog).toHaveAccessibleDescription('The receipt goes out again as it was issued.');
    // The address on file is said once, as the first choice.
    expect(within(dialog).getAllByText(/maria@example\.org/)).toHaveLength(1);
    expect(
      within(dialog).getByRole('radio', { name: 'The address on file: maria@example.org' }),
    ).toBeChecked();
    await user.click(within(dialog).getByRole('radio', { name: 'Another address' }));
    await user.type(within(dialog).getByLabelText('Email address'), 'not-an-address');
    await user.click(within(dialog).getByRole('button', { name: 'Send' }));
    expect(within(dialog).getByLabelText('Email address')).toHaveAccessibleDescription(
      'Enter an email address like name@example.org',
    );
    await user.clear(within(dialog).getByLabelText('Email address'));
    await user.type(within(dialog).getByLabelText('Email address'), 'other@example.org');
    await user.click(within(dialog).getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('Receipt sent to other@example.org')).toBeInTheDocument();
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({
      email: 'other@example.org',
    });
  });
});
