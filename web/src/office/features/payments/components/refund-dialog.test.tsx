import { beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { DeskPayment } from '@webpay/contracts/payment-desk';
import { chooseLanguage } from '@/lib/language.ts';
import {
  fakeOfficeService,
  json,
  renderOffice,
  type OfficeCall,
} from '@test/office/office-service.tsx';
import { deskPayment, reversal } from '@test/office/payment-desk.ts';

async function openRefund(
  payment: DeskPayment,
  handlers: Parameters<typeof fakeOfficeService>[0] = {},
) {
  const service = fakeOfficeService({ 'GET /payments/p-1': () => json(payment), ...handlers });
  await renderOffice('/payments/p-1', 'supervisor');
  const user = userEvent.setup();
  await user.click(await screen.findByRole('button', { name: 'Refund' }));
  const dialog = await screen.findByRole('dialog', { name: 'Refund this payment' });
  return { ...service, user, dialog };
}

const refunds = (calls: OfficeCall[]) =>
  calls.filter((call) => call.method === 'POST' && call.path === '/payments/p-1/refund');

describe('the refund dialog', () => {
  beforeEach(() => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
  });

  it('offers what remains, says where the money goes, and refuses more than that', async () => {
    const { user, dialog, calls } = await openRefund(deskPayment());
    const amount = within(dialog).getByLabelText('Amount');
    expect(amount).toHaveValue('75.00');
    expect(within(dialog).getByLabelText('Reason')).toBeInTheDocument();
    expect(dialog).toHaveTextContent('The money goes back to the card ending 1234.');
    expect(dialog).not.toHaveTextContent('second supervisor');

    await user.clear(amount);
    await user.type(amount, '75.01');
    await user.type(within(dialog).getByLabelText('Reason'), 'Charged twice');
    await user.click(within(dialog).getByRole('button', { name: 'Refund' }));
    expect(amount).toHaveAccessibleDescription(
      'Amount cannot be more than what remains refundable',
    );
    await user.clear(amount);
    await user.click(within(dialog).getByRole('button', { name: 'Refund' }));
    expect(amount).toHaveAccessibleDescription('Amount is required');
    expect(refunds(calls)).toEqual([]);
  });

  it('sends one idempotency key however often it is retried, and says what the service did', async () => {
    let attempts = 0;
    const { user, dialog, calls } = await openRefund(deskPayment(), {
      'POST /payments/p-1/refund': () => {
        attempts += 1;
        if (attempts === 1) {
          return json(
            {
              title: 'Unavailable',
              status: 503,
              code: 'PROCESSOR_UNAVAILABLE',
              details: ['The processor did not answer; try again.'],
            },
            503,
          );
        }
        return json({
          reversal: reversal({ reversalId: 'rv-9', amountCents: 1_000 }),
          message: 'Refunded $10.00 to the card ending 1234',
        });
      },
    });
    const amount = within(dialog).getByLabelText('Amount');
    await user.clear(amount);
    await user.type(amount, '10');
    await user.type(within(dialog).getByLabelText('Reason'), 'Charged twice');
    await user.click(within(dialog).getByRole('button', { name: 'Refund' }));
    expect(
      await within(dialog).findByText('The processor did not answer; try again.'),
    ).toBeVisible();

    await user.click(within(dialog).getByRole('button', { name: 'Refund' }));
    expect(await screen.findByText('Refunded $10.00 to the card ending 1234')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    const sent = refunds(calls).map((call) => call.body as Record<string, unknown>);
    expect(sent).toHaveLength(2);
    expect(sent[0]).toEqual({
      amount: 1_000,
      reason: 'Charged twice',
      idempotencyKey: expect.stringMatching(/^[A-Za-z0-9_-]{8,100}$/),
    });
    expect(sent[1]?.idempotencyKey).toBe(sent[0]?.idempotencyKey);
    // The page is read again after the refund.
    expect(calls.filter((call) => call.path === '/payments/p-1').length).toBeGreaterThan(1);
  });

  it('opens with a new key each time', async () => {
    const { user, dialog, calls } = await openRefund(deskPayment(), {
      'POST /payments/p-1/refund': () =>
        json({ title: 'Conflict', status: 409, code: 'CONFLICT', details: ['Refused'] }, 409),
    });
    await user.type(within(dialog).getByLabelText('Reason'), 'First');
    await user.click(within(dialog).getByRole('button', { name: 'Refund' }));
    await within(dialog).findByText('Refused');
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.getByRole('button', { name: 'Refund' })).toHaveFocus();
    await user.click(screen.getByRole('button', { name: 'Refund' }));
    const again = await screen.findByRole('dialog', { name: 'Refund this payment' });
    await user.type(within(again).getByLabelText('Reason'), 'Second');
    await user.click(within(again).getByRole('button', { name: 'Refund' }));
    await within(again).findByText('Refused');
    const keys = refunds(calls).map(
      (call) => (call.body as { idempotencyKey: string }).idempotencyKey,
    );
    expect(keys).toHaveLength(2);
    expect(keys[0]).not.toBe(keys[1]);
  });

  it("explains a settled eCheck's refund by check, and the second supervisor above the threshold", async () => {
    const payment = deskPayment({
      amountCents: 80_000,
      refundableCents: 80_000,
      instrument: { method: 'eCheck', label: 'CHECKING', last4: '6789' },
      actions: {
        ...deskPayment().actions,
        refund: { available: true, why: null, kind: 'check', maxCents: 80_000 },
      },
    });
    const { dialog } = await openRefund(payment);
    expect(dialog).toHaveTextContent(
      'Converge cannot refund a settled eCheck. The refund is recorded here and sent to the billing system, whose payables mail the guarantor a check.',
    );
    expect(dialog).not.toHaveTextContent('card ending');
    expect(dialog).toHaveTextContent(
      'Above $500.00, it waits for a second supervisor to approve it.',
    );
  });

  it('is worded in Spanish when the console is read in Spanish', async () => {
    chooseLanguage('es');
    fakeOfficeService({ 'GET /payments/p-1': () => json(deskPayment()) });
    await renderOffice('/payments/p-1', 'supervisor');
    const summary = await screen.findByRole('region', { name: 'Resumen' });
    expect(within(summary).getByText('Reembolsado en parte')).toBeVisible();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Reembolsar' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reembolsar este pago' });
    const amount = within(dialog).getByLabelText('Monto');
    await user.clear(amount);
    await user.type(amount, '80');
    await user.click(within(dialog).getByRole('button', { name: 'Reembolsar' }));
    expect(amount).toHaveAccessibleDescription(
      'El monto no puede ser mayor que lo que queda por reembolsar',
    );
    expect(within(dialog).getByLabelText('Motivo')).toHaveAccessibleDescription(
      expect.stringContaining('El motivo es obligatorio'),
    );
    expect(dialog).toHaveTextContent('El dinero vuelve a la tarjeta terminada en 1234.');
  });
});
