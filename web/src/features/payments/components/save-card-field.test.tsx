import { describe, expect, it, vi } from 'vitest';
import { within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { storedCredentialConsentText } from '@webpay/contracts/payment-methods';
import { appConfig, maria } from '@test/fixtures.ts';
import { fakeService, json, type FakeCall } from '@test/render-app.tsx';
import {
  fillBilling,
  payButton,
  renderPaymentDialog,
} from '../../../../test/payments/render-payment-dialog.tsx';

const START = 'POST /payments/init';
const started = () => json({ refNum: 'PAY-1001', token: 'lightbox-token-1' });
const startBody = (calls: FakeCall[]) =>
  calls.find((call) => `${call.method} ${call.path}` === START)?.body as Record<string, unknown>;

const consent = storedCredentialConsentText('en', 'card', {
  payee: appConfig.branding.providerName,
  billingOfficePhone: maria.supportPhone ?? appConfig.fallbackSupportPhone,
});

describe('Save this card for future payments (issue #25)', () => {
  it('shows the card consent when ticked and sends it with the card start', async () => {
    const service = fakeService({ [START]: started });
    const user = userEvent.setup();
    const { dialog } = await renderPaymentDialog();
    const scope = within(dialog);
    const box = scope.getByRole('checkbox', { name: 'Save this card for future payments' });
    expect(box).not.toBeChecked();
    expect(scope.queryByText(consent)).toBeNull();

    await user.click(box);
    expect(scope.getByText(consent)).toBeInTheDocument();
    expect(box).toHaveAccessibleDescription(consent);

    await fillBilling(user, dialog);
    await user.click(payButton(dialog));
    await vi.waitFor(() => expect(startBody(service.calls)).toBeDefined());
    expect(startBody(service.calls).saveCard).toEqual({ accepted: true, text: consent });
  });

  it('sends no saveCard when the box is left alone, and offers none for an eCheck', async () => {
    const service = fakeService({ [START]: started });
    const user = userEvent.setup();
    const { dialog } = await renderPaymentDialog();
    const scope = within(dialog);
    await user.click(scope.getByRole('radio', { name: 'eCheck' }));
    expect(
      scope.queryByRole('checkbox', { name: 'Save this card for future payments' }),
    ).toBeNull();
    await user.click(scope.getByRole('radio', { name: 'Card' }));

    await fillBilling(user, dialog);
    await user.click(payButton(dialog));
    await vi.waitFor(() => expect(startBody(service.calls)).toBeDefined());
    expect(startBody(service.calls)).not.toHaveProperty('saveCard');
  });
});
