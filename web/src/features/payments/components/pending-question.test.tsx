import { beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { EncountersResponse, PendingPayment } from '@webpay/contracts/encounters';
import { ERROR_CODES } from '@webpay/contracts/errors';
import type { PaymentItem } from '@webpay/contracts/payments';
import { chooseLanguage } from '@/lib/language.ts';
import { fakeService, json, type FakeCall } from '@test/render-app.tsx';
import { encounter } from '@test/fixtures.ts';
import { cardReceipt } from '../../../../test/payments/payment-fixtures.ts';
import {
  fillBilling,
  payButton,
  renderPaymentDialog,
} from '../../../../test/payments/render-payment-dialog.tsx';

/*
 * Decision 0016: the dialog shows what is already pending on each line's
 * account and asks before paying beyond it; the answer is sent as
 * acknowledgePending.
 */

const ACH = 'POST /payments/ach';
const achCalls = (calls: FakeCall[]) =>
  calls.filter((call) => `${call.method} ${call.path}` === ACH);

const portal = (amount: number, receiptId: string): PendingPayment => ({
  receiptId,
  date: '2026-11-20',
  amount,
  madeInPortal: true,
});

/** Daniel's Central Lab bill, $12.00, with three portal payments of $12.00 (then $37.00 with a $1.00 one). */
function labBills(pending: PendingPayment[]): EncountersResponse {
  return {
    encounters: [
      encounter({
        facilityId: '153',
        accountNumber: '80002',
        patientName: 'Daniel Garcia',
        balance: 12,
        type: 'EXAR',
        pendingPayments: pending,
      }),
    ],
    paymentPlans: [],
  };
}

const labItem = (amount: number): PaymentItem => ({
  type: 'external',
  facilityId: '153',
  accountNumber: '80002',
  description: '153-80002 | Daniel Garcia',
  amount,
});

const pendingThirtySeven = [
  portal(12, 'WP-AAAAAAAA'),
  portal(12, 'WP-BBBBBBBB'),
  portal(12, 'WP-CCCCCCCC'),
  portal(1, 'WP-DDDDDDDD'),
];

async function payByECheck(user: ReturnType<typeof userEvent.setup>, dialog: HTMLElement) {
  const scope = within(dialog);
  await fillBilling(user, dialog);
  await user.click(scope.getByRole('radio', { name: /eCheck|Cheque electrónico/ }));
  await user.type(scope.getByLabelText(/Routing number|Número de ruta bancaria/), '490000018');
  await user.type(scope.getByLabelText(/^(Account number|Número de cuenta)$/), '123456789');
  await user.click(
    scope.getByRole('checkbox', {
      name: /I have read and accept this authorization|He leído y acepto esta autorización/,
    }),
  );
}

describe('paying what is already pending (decision 0016)', () => {
  beforeEach(() => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
  });

  it('shows what is pending on the line and asks before paying again', async () => {
    const service = fakeService({ [ACH]: () => json(cardReceipt()) });
    const user = userEvent.setup();
    const { dialog, onPaid } = await renderPaymentDialog({
      items: [labItem(12)],
      bills: labBills(pendingThirtySeven),
    });
    const scope = within(dialog);
    expect(scope.getByText('$37.00 already pending')).toBeVisible();
    const question = scope.getByRole('group', { name: 'Pay again?' });
    expect(question).toHaveTextContent('You already have $37.00 pending on this account.');

    await payByECheck(user, dialog);
    await user.click(payButton(dialog));
    expect(within(question).getByRole('alert')).toHaveTextContent(
      'Please choose whether to pay again before you pay.',
    );
    expect(question).toHaveFocus();
    expect(achCalls(service.calls)).toHaveLength(0);

    await user.click(within(question).getByRole('button', { name: 'Pay again anyway' }));
    const chosen = scope.getByText('You chose to pay again although a payment is pending.');
    expect(chosen).toHaveFocus();
    await user.click(payButton(dialog));
    await waitFor(() => expect(onPaid).toHaveBeenCalled());
    expect(achCalls(service.calls)[0]?.body).toMatchObject({ acknowledgePending: true });
  });

  it('closes without paying when the guarantor does not want to pay again', async () => {
    const service = fakeService();
    const user = userEvent.setup();
    const { dialog, onClose } = await renderPaymentDialog({
      items: [labItem(12)],
      bills: labBills([portal(12, 'WP-AAAAAAAA')]),
    });
    await user.click(within(dialog).getByRole('button', { name: 'Don’t pay again' }));
    expect(onClose).toHaveBeenCalled();
    expect(achCalls(service.calls)).toHaveLength(0);
  });

  it('asks nothing for what is left, nor for payments the billing office received', async () => {
    const service = fakeService({ [ACH]: () => json(cardReceipt()) });
    const user = userEvent.setup();
    const office: PendingPayment = { receiptId: 'R-9001', date: '2026-11-01', amount: 12 };
    const { dialog, onPaid } = await renderPaymentDialog({
      items: [labItem(6)],
      bills: labBills([portal(6, 'WP-AAAAAAAA'), office]),
    });
    const scope = within(dialog);
    expect(scope.getByText('$18.00 already pending')).toBeVisible();
    expect(scope.queryByRole('group', { name: 'Pay again?' })).toBeNull();
    await payByECheck(user, dialog);
    await user.click(payButton(dialog));
    await waitFor(() => expect(onPaid).toHaveBeenCalled());
    expect(achCalls(service.calls)[0]?.body).not.toHaveProperty('acknowledgePending');
  });

  it('asks with the service’s words when it knew of more (a payment open in another tab)', async () => {
    const refusal = {
      title: 'Payment already pending',
      status: 409,
      code: ERROR_CODES.pendingPaymentExists,
      details: [
        'You already have $12.00 pending on account 153-80002, which has a balance of $12.00.',
      ],
      requestId: 'req-1',
      correlationId: 'corr-1',
    };
    let answers = 0;
    const service = fakeService({
      [ACH]: () => (answers++ === 0 ? json(refusal, 409) : json(cardReceipt())),
    });
    const user = userEvent.setup();
    const { dialog, onPaid } = await renderPaymentDialog({
      items: [labItem(12)],
      bills: labBills([]),
    });
    await payByECheck(user, dialog);
    await user.click(payButton(dialog));
    const question = await within(dialog).findByRole('group', { name: 'Pay again?' });
    expect(question).toHaveTextContent(refusal.details[0] ?? '');
    expect(within(dialog).queryByRole('alert')).toBeNull();

    await user.click(within(question).getByRole('button', { name: 'Pay again anyway' }));
    await user.click(payButton(dialog));
    await waitFor(() => expect(onPaid).toHaveBeenCalled());
    const [first, second] = achCalls(service.calls);
    expect(first?.body).not.toHaveProperty('acknowledgePending');
    expect(second?.body).toMatchObject({ acknowledgePending: true });
  });

  it('asks in Spanish, calling the money "en proceso"', async () => {
    chooseLanguage('es');
    fakeService();
    const { dialog } = await renderPaymentDialog({
      items: [labItem(12)],
      bills: labBills(pendingThirtySeven),
    });
    const scope = within(dialog);
    expect(scope.getByText('$37.00 ya en proceso')).toBeVisible();
    const question = scope.getByRole('group', { name: '¿Pagar de nuevo?' });
    expect(question).toHaveTextContent('Ya tiene $37.00 en proceso en esta cuenta.');
    expect(question).not.toHaveTextContent(/pendiente/i);
    expect(
      within(question).getByRole('button', { name: 'Pagar de nuevo de todos modos' }),
    ).toBeVisible();
    expect(within(question).getByRole('button', { name: 'No pagar de nuevo' })).toBeVisible();
    expect(screen.queryByText(/already/)).toBeNull();
  });
});
