import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { IDEMPOTENCY_KEY_HEADER } from '@webpay/contracts/api';
import { dayIn } from '@webpay/contracts/dates';
import { formatDateIn } from '@webpay/contracts/language';
import { PAYMENT_MESSAGES } from '@webpay/contracts/payments';
import { fakeService, json, type FakeCall } from '@test/render-app.tsx';
import { billing, cardReceipt, mariaLines } from '../../../../test/payments/payment-fixtures.ts';
import {
  fillBilling,
  payButton,
  renderPaymentDialog,
} from '../../../../test/payments/render-payment-dialog.tsx';

const ACH = 'POST /payments/ach';
const achCalls = (calls: FakeCall[]) =>
  calls.filter((call) => `${call.method} ${call.path}` === ACH);

const achReceipt = cardReceipt({
  paymentMethod: 'eCheck',
  card: null,
  eCheck: { accountType: 'SAVINGS', accountNumber: '****6789' },
});

const serverError = {
  title: 'Bank account refused',
  status: 400,
  code: 'VALIDATION_ERROR',
  details: ['The bank did not accept this account.', 'eCheck.accountNumber'],
  requestId: 'req-9',
  correlationId: 'corr-3',
};

const ACCEPT = 'I have read and accept this authorization';

/** Today at the hospital (appConfig's America/Denver), as the authorization states it. */
const today = () => formatDateIn('en', dayIn('America/Denver'));

/** What the form shows for Maria's $325.00 from a savings account ending in 6789. */
const shownAuthorization = () =>
  `I authorize Canyon Health to make a one-time electronic debit (ACH) of $325.00 from my savings account ending in 6789 on ${today()}. This authorization covers this payment only. For questions about it, I can contact the billing office at (801) 555-0142 or billing@example.com.`;

async function fillECheck(user: UserEvent, dialog: HTMLElement, accept = true) {
  const scope = within(dialog);
  await fillBilling(user, dialog);
  await user.click(scope.getByRole('radio', { name: 'eCheck' }));
  await user.type(scope.getByLabelText('Routing number'), '490000018');
  await user.type(scope.getByLabelText('Account number'), '123456789');
  await user.click(scope.getByRole('radio', { name: 'Savings' }));
  if (accept) await user.click(scope.getByRole('checkbox', { name: ACCEPT }));
}

describe('eCheck payment (SPEC §4 eCheck: form → completing → closed)', () => {
  beforeEach(() => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
  });

  it('sends the lines, payer and bank account with an Idempotency-Key and hands over the receipt', async () => {
    const service = fakeService({ [ACH]: () => json(achReceipt) });
    const user = userEvent.setup();
    const { dialog, onPaid } = await renderPaymentDialog();
    await fillECheck(user, dialog);
    await user.click(payButton(dialog));

    await waitFor(() => expect(onPaid).toHaveBeenCalledWith(achReceipt));
    const [call] = achCalls(service.calls);
    expect(call?.body).toEqual({
      accounts: mariaLines,
      payer: {
        firstName: 'Maria',
        lastName: 'Garcia',
        ...billing,
        email: 'maria.garcia@example.com',
      },
      eCheck: { routingNumber: '490000018', accountNumber: '123456789', accountType: 'SAVINGS' },
      authorization: { accepted: true, text: shownAuthorization() },
      saveEmailAsGuarantor: false,
    });
    expect(call?.headers.get(IDEMPOTENCY_KEY_HEADER)).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('resets the form after success: card again, the e-mail choice back to the account', async () => {
    fakeService({ [ACH]: () => json(achReceipt) });
    const user = userEvent.setup();
    const { dialog, onPaid } = await renderPaymentDialog();
    const scope = within(dialog);
    await fillECheck(user, dialog);
    await user.click(scope.getByRole('radio', { name: 'Do not email a receipt' }));
    await user.click(payButton(dialog));
    await waitFor(() => expect(onPaid).toHaveBeenCalled());

    expect(await scope.findByRole('radio', { name: 'Card' })).toBeChecked();
    expect(
      scope.getByRole('radio', { name: 'Email it to maria.garcia@example.com' }),
    ).toBeChecked();
    expect(scope.getByLabelText('Address')).toHaveValue('');
  });

  it('announces the completing phase while the bank payment is sent', async () => {
    let answer: (response: Response) => void = () => undefined;
    fakeService({ [ACH]: () => new Promise<Response>((resolve) => (answer = resolve)) });
    const user = userEvent.setup();
    const { dialog, onPaid } = await renderPaymentDialog();
    await fillECheck(user, dialog);
    await user.click(payButton(dialog));
    await screen.findByText('Completing your payment…');
    expect(screen.getByRole('status')).toHaveTextContent('Completing your payment…');
    expect(screen.getByRole('dialog')).toHaveAttribute('aria-busy', 'true');
    answer(json(achReceipt));
    await waitFor(() => expect(onPaid).toHaveBeenCalled());
  });

  it('shows a server error with copyable technical details, Dismiss and Try Again with the same key', async () => {
    let respond = () => json(serverError, 400);
    const service = fakeService({ [ACH]: () => respond() });
    const user = userEvent.setup();
    const { dialog, onPaid } = await renderPaymentDialog();
    await fillECheck(user, dialog);
    await user.click(payButton(dialog));

    const panel = await screen.findByRole('alert');
    expect(panel).toHaveTextContent('Bank account refused');
    expect(panel).toHaveTextContent('The bank did not accept this account.');
    expect(within(panel).getByText('eCheck.accountNumber', { exact: false })).not.toBeVisible();
    const toggle = within(panel).getByRole('button', { name: 'Technical details' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    for (const value of ['VALIDATION_ERROR', '400', 'req-9', 'corr-3', 'eCheck.accountNumber']) {
      expect(within(panel).getByText(value, { exact: false })).toBeInTheDocument();
    }

    await user.click(within(panel).getByRole('button', { name: 'Copy Request ID' }));
    expect(await within(panel).findByText(PAYMENT_MESSAGES.copied)).toBeInTheDocument();
    expect(await navigator.clipboard.readText()).toBe('req-9');

    respond = () => json(achReceipt);
    await user.click(within(panel).getByRole('button', { name: 'Try Again' }));
    await waitFor(() => expect(onPaid).toHaveBeenCalled());
    const keys = achCalls(service.calls).map((call) => call.headers.get(IDEMPOTENCY_KEY_HEADER));
    expect(keys).toHaveLength(2);
    expect(keys[1]).toBe(keys[0]);
  });

  it('keeps the key when Pay is pressed again with nothing changed, and takes a new one after a change', async () => {
    const service = fakeService({ [ACH]: () => json(serverError, 400) });
    const user = userEvent.setup();
    const { dialog } = await renderPaymentDialog();
    await fillECheck(user, dialog);
    await user.click(payButton(dialog));
    await user.click(
      within(await screen.findByRole('alert')).getByRole('button', { name: 'Dismiss' }),
    );
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();

    await user.click(payButton(dialog));
    await screen.findByRole('alert');
    await user.clear(within(dialog).getByLabelText('Account number'));
    await user.type(within(dialog).getByLabelText('Account number'), '987654321');
    await user.click(within(dialog).getByRole('checkbox', { name: ACCEPT }));
    await user.click(payButton(dialog));
    await waitFor(() => expect(achCalls(service.calls)).toHaveLength(3));

    const keys = achCalls(service.calls).map((call) => call.headers.get(IDEMPOTENCY_KEY_HEADER));
    expect(keys[1]).toBe(keys[0]);
    expect(keys[2]).not.toBe(keys[0]);
  });
});

describe('the eCheck authorization (NACHA WEB: accepted before Pay)', () => {
  beforeEach(() => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
  });

  it('states the one-time debit, its amount, today, the account, the hospital and the billing office', async () => {
    const user = userEvent.setup();
    const { dialog } = await renderPaymentDialog();
    const scope = within(dialog);
    await user.click(scope.getByRole('radio', { name: 'eCheck' }));
    const box = scope.getByRole('group', { name: 'eCheck authorization' });
    // Until the account number is whole, the account is named by its type alone.
    expect(box).toHaveTextContent(
      `I authorize Canyon Health to make a one-time electronic debit (ACH) of $325.00 from my checking account on ${today()}.`,
    );
    await user.type(scope.getByLabelText('Account number'), '123456789');
    await user.click(scope.getByRole('radio', { name: 'Savings' }));
    expect(within(box).getByText(shownAuthorization())).toBeInTheDocument();
    const accept = within(box).getByRole('checkbox', { name: ACCEPT });
    expect(accept).not.toBeChecked();
    expect(accept).toHaveAccessibleDescription(shownAuthorization());
  });

  it('refuses Pay until it is accepted, saying so at the box, which takes focus', async () => {
    const service = fakeService({ [ACH]: () => json(achReceipt) });
    const user = userEvent.setup();
    const { dialog, onPaid } = await renderPaymentDialog();
    const scope = within(dialog);
    await fillECheck(user, dialog, false);
    await user.click(payButton(dialog));

    const accept = scope.getByRole('checkbox', { name: ACCEPT });
    expect(
      await scope.findByText('Please accept the authorization to pay by eCheck'),
    ).toBeVisible();
    expect(accept).toHaveAttribute('aria-invalid', 'true');
    expect(accept).toHaveAccessibleDescription(
      `${shownAuthorization()} Please accept the authorization to pay by eCheck`,
    );
    expect(accept).toHaveFocus();
    expect(
      scope.getByText('Please fill in all required billing information correctly.'),
    ).toBeVisible();
    expect(achCalls(service.calls)).toEqual([]);

    await user.click(accept);
    expect(scope.queryByText('Please accept the authorization to pay by eCheck')).toBeNull();
    await user.click(payButton(dialog));
    await waitFor(() => expect(onPaid).toHaveBeenCalledWith(achReceipt));
    expect(achCalls(service.calls)).toHaveLength(1);
  });

  it('ends the acceptance when its terms change, and sends the text accepted last', async () => {
    const service = fakeService({ [ACH]: () => json(achReceipt) });
    const user = userEvent.setup();
    const { dialog, onPaid } = await renderPaymentDialog();
    const scope = within(dialog);
    await fillECheck(user, dialog);
    const accept = scope.getByRole('checkbox', { name: ACCEPT });
    expect(accept).toBeChecked();

    await user.click(scope.getByRole('radio', { name: 'Checking' }));
    expect(accept).not.toBeChecked();
    await user.click(accept);
    await user.type(scope.getByLabelText('Account number'), '0');
    expect(accept).not.toBeChecked();
    await user.click(payButton(dialog));
    expect(
      await scope.findByText('Please accept the authorization to pay by eCheck'),
    ).toBeVisible();
    expect(achCalls(service.calls)).toEqual([]);

    await user.click(accept);
    await user.click(payButton(dialog));
    await waitFor(() => expect(onPaid).toHaveBeenCalled());
    const [call] = achCalls(service.calls);
    expect(call?.body).toMatchObject({
      eCheck: { accountNumber: '1234567890', accountType: 'CHECKING' },
      authorization: {
        accepted: true,
        text: shownAuthorization().replace(
          'savings account ending in 6789',
          'checking account ending in 7890',
        ),
      },
    });
  });

  it('is not asked for a card payment', async () => {
    const user = userEvent.setup();
    const { dialog } = await renderPaymentDialog();
    const scope = within(dialog);
    await user.click(scope.getByRole('radio', { name: 'eCheck' }));
    await user.click(scope.getByRole('radio', { name: 'Card' }));
    expect(scope.queryByRole('checkbox', { name: ACCEPT })).toBeNull();
    expect(scope.queryByText(/I authorize/)).toBeNull();
  });
});

describe('copy indicator (SPEC §8: Copied! for 2 s)', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it("says 'Copied!' for 2 seconds and fails quietly without a clipboard", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    fakeService({ [ACH]: () => json(serverError, 400) });
    const user = userEvent.setup();
    const { dialog } = await renderPaymentDialog();
    await fillECheck(user, dialog);
    await user.click(payButton(dialog));
    const panel = await screen.findByRole('alert');
    await user.click(within(panel).getByRole('button', { name: 'Technical details' }));

    vi.useFakeTimers({ shouldAdvanceTime: true });
    const timed = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    await timed.click(within(panel).getByRole('button', { name: 'Copy Code' }));
    expect(await within(panel).findByText(PAYMENT_MESSAGES.copied)).toBeInTheDocument();
    await vi.advanceTimersByTimeAsync(1_900);
    expect(within(panel).getByText(PAYMENT_MESSAGES.copied)).toBeInTheDocument();
    await vi.advanceTimersByTimeAsync(200);
    await waitFor(() =>
      expect(within(panel).queryByText(PAYMENT_MESSAGES.copied)).not.toBeInTheDocument(),
    );

    vi.spyOn(navigator.clipboard, 'writeText').mockRejectedValue(new Error('denied'));
    await timed.click(within(panel).getByRole('button', { name: 'Copy Title' }));
    expect(within(panel).queryByText(PAYMENT_MESSAGES.copied)).not.toBeInTheDocument();
  });
});

describe('session expired on payment (SPEC §8: 401 → PIN sign-in after 5 s)', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('says the session expired and goes to /login/pin?next=/dashboard after 5 seconds', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    fakeService({
      [ACH]: () =>
        json(
          {
            title: 'Session expired',
            status: 401,
            code: 'SESSION_EXPIRED',
            details: ['Your session has expired. Please log in again.'],
          },
          401,
        ),
    });
    const user = userEvent.setup();
    const { dialog, router, auth } = await renderPaymentDialog();
    await fillECheck(user, dialog);
    vi.useFakeTimers({ shouldAdvanceTime: true });
    await userEvent.setup({ advanceTimers: vi.advanceTimersByTime }).click(payButton(dialog));

    const panel = await screen.findByRole('alert');
    expect(panel).toHaveTextContent('Your session has expired. Please log in again.');
    expect(panel).toHaveTextContent('Taking you to sign in again in 5 seconds…');
    expect(within(panel).queryByRole('button', { name: 'Try Again' })).not.toBeInTheDocument();

    // The same 401 ends the session, which takes the dialog away; the redirect still comes.
    await vi.advanceTimersByTimeAsync(1_000);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await vi.advanceTimersByTimeAsync(3_500);
    expect(router.state.location.pathname).toBe('/dashboard');
    await vi.advanceTimersByTimeAsync(1_000);
    await waitFor(() => expect(router.state.location.pathname).toBe('/login/pin'));
    expect(router.state.location.search).toEqual({ next: '/dashboard' });
    expect(await screen.findByRole('heading', { name: 'PIN sign-in' })).toBeInTheDocument();
    expect(auth.getState().sessionExpired).toBe(false);
  });
});
