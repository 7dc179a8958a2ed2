import { beforeEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { IDEMPOTENCY_KEY_HEADER } from '@webpay/contracts/api';
import { PAYMENT_MESSAGES, cancelPaymentRequestSchema } from '@webpay/contracts/payments';
import { appConfig } from '@test/fixtures.ts';
import { fakeService, json, type FakeCall } from '@test/render-app.tsx';
import { fakeConverge } from '../../../../test/payments/fake-converge.ts';
import {
  approval,
  billing,
  cardReceipt,
  mariaLines,
} from '../../../../test/payments/payment-fixtures.ts';
import {
  fillBilling,
  payButton,
  renderPaymentDialog,
} from '../../../../test/payments/render-payment-dialog.tsx';

const START = 'POST /payments/init';
const COMPLETE = 'PUT /payments/PAY-1001/card';
const CANCEL = 'DELETE /payments/PAY-1001';

const started = () => json({ refNum: 'PAY-1001', token: 'lightbox-token-1' });
const callsTo = (calls: FakeCall[], route: string) =>
  calls.filter((call) => `${call.method} ${call.path}` === route);

async function payByCard(options: Parameters<typeof renderPaymentDialog>[0] = {}) {
  const user = userEvent.setup();
  const rendered = await renderPaymentDialog(options);
  await fillBilling(user, rendered.dialog);
  await user.click(payButton(rendered.dialog));
  return { user, ...rendered };
}

/** A card payment whose lightbox is open, with the service answering its cancel. */
async function lightboxOpen() {
  const service = fakeService({
    [START]: started,
    [CANCEL]: () => new Response(null, { status: 204 }),
  });
  const converge = fakeConverge();
  const paid = await payByCard();
  await converge.load();
  const { callbacks } = await converge.opened();
  return { service, callbacks, ...paid };
}

describe('card payment (SPEC §4 card phases)', () => {
  beforeEach(() => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
  });

  it('starts, opens the lightbox with the token, completes the approval and hands over the receipt', async () => {
    const receipt = cardReceipt();
    const service = fakeService({ [START]: started, [COMPLETE]: () => json(receipt) });
    const converge = fakeConverge();
    const { onPaid } = await payByCard();

    await screen.findByText('Opening the secure card window…');
    expect(screen.getByRole('status')).toHaveTextContent('Opening the secure card window…');
    await converge.load();
    const { token, callbacks } = await converge.opened();
    expect(token).toBe('lightbox-token-1');

    const [start] = callsTo(service.calls, START);
    expect(start?.body).toEqual({
      accounts: mariaLines,
      payer: {
        firstName: 'Maria',
        lastName: 'Garcia',
        ...billing,
        email: 'maria.garcia@example.com',
      },
      saveEmailAsGuarantor: false,
    });
    expect(start?.headers.get(IDEMPOTENCY_KEY_HEADER)).toMatch(/^[0-9a-f-]{36}$/);

    callbacks.onApproval(approval);
    await waitFor(() => expect(onPaid).toHaveBeenCalledWith(receipt));
    expect(callsTo(service.calls, COMPLETE)[0]?.body).toEqual({
      convergeResponse: approval,
      saveEmailAsGuarantor: false,
    });
    expect(callsTo(service.calls, CANCEL)).toHaveLength(0);
    expect(converge.scriptCount()).toBe(1);
  });

  it('says plainly why the card window cannot open at another address, and starts no payment', async () => {
    const portalOrigins = appConfig.cardProcessor.portalOrigins;
    appConfig.cardProcessor.portalOrigins = ['http://localhost:8080'];
    onTestFinished(() => {
      appConfig.cardProcessor.portalOrigins = portalOrigins;
    });
    const service = fakeService({ [START]: started });
    const converge = fakeConverge();
    await payByCard();

    const panel = await screen.findByRole('alert');
    expect(panel).toHaveTextContent(PAYMENT_MESSAGES.lightboxInitFailedTitle);
    expect(panel).toHaveTextContent(
      `opens only on the portal's own address, http://localhost:8080, and this page was opened at ${window.location.origin}`,
    );
    expect(callsTo(service.calls, START)).toHaveLength(0);
    expect(converge.scriptCount()).toBe(0);
  });

  it('sends the typed address and the save choice of a totp sign-in', async () => {
    const service = fakeService({ [START]: started });
    fakeConverge();
    const user = userEvent.setup();
    const { dialog } = await renderPaymentDialog({
      claims: (await import('@test/fixtures.ts')).claimsFor({ loginType: 'totp' }),
    });
    const scope = within(dialog);
    await fillBilling(user, dialog);
    await user.click(scope.getByRole('radio', { name: 'Email it to a different email' }));
    await user.type(scope.getByLabelText('Email address for the receipt'), 'maria@example.org');
    await user.click(scope.getByRole('checkbox', { name: /save this email address/i }));
    await user.click(payButton(dialog));

    await waitFor(() => expect(callsTo(service.calls, START)).toHaveLength(1));
    expect(callsTo(service.calls, START)[0]?.body).toMatchObject({
      payer: { email: 'maria@example.org' },
      saveEmailAsGuarantor: true,
    });
  });

  it('sends names in every script as typed (decision 0017)', async () => {
    const service = fakeService({ [START]: started });
    fakeConverge();
    const user = userEvent.setup();
    const { dialog } = await renderPaymentDialog();
    const scope = within(dialog);
    await fillBilling(user, dialog);
    await user.clear(scope.getByLabelText('First name'));
    await user.type(scope.getByLabelText('First name'), 'Nguyễn Thị');
    await user.clear(scope.getByLabelText('Last name'));
    await user.type(scope.getByLabelText('Last name'), '陈');
    await user.click(payButton(dialog));

    await waitFor(() => expect(callsTo(service.calls, START)).toHaveLength(1));
    expect(callsTo(service.calls, START)[0]?.body).toMatchObject({
      payer: { firstName: 'Nguyễn Thị', lastName: '陈' },
    });
  });

  it("sends no e-mail when the guarantor chose 'none'", async () => {
    const service = fakeService({ [START]: started });
    fakeConverge();
    const user = userEvent.setup();
    const { dialog } = await renderPaymentDialog();
    await fillBilling(user, dialog);
    await user.click(within(dialog).getByRole('radio', { name: 'Do not email a receipt' }));
    await user.click(payButton(dialog));
    await waitFor(() => expect(callsTo(service.calls, START)).toHaveLength(1));
    expect(callsTo(service.calls, START)[0]?.body).toMatchObject({ payer: { email: null } });
  });

  it('cancels a declined payment with the reason and shows the decline', async () => {
    const { service, callbacks, onPaid } = await lightboxOpen();

    callbacks.onDeclined({ ssl_result: '1', ssl_result_message: 'DECLINED' });
    const panel = await screen.findByRole('alert');
    expect(panel).toHaveTextContent('Payment declined');
    expect(panel).toHaveTextContent('Please use another card or pay by eCheck.');
    expect(panel).toHaveFocus();
    const [cancel] = callsTo(service.calls, CANCEL);
    expect(cancel?.body).toEqual({ message: expect.stringContaining('DECLINED') });
    expect(onPaid).not.toHaveBeenCalled();
    // Back on the form with what was typed.
    expect(screen.getByLabelText('Address')).toHaveValue(billing.address);

    await userEvent.setup().click(within(panel).getByRole('button', { name: 'Technical details' }));
    expect(within(panel).getByText('DECLINED')).toBeInTheDocument();
    expect(within(panel).getByText('402')).toBeInTheDocument();
  });

  it('sends a decline reason with the processor’s line breaks as spaces, which the service takes', async () => {
    const { service, callbacks } = await lightboxOpen();

    callbacks.onDeclined({ ssl_result: '1', ssl_result_message: 'DECLINED\r\nCALL\tISSUER' });
    await screen.findByRole('alert');
    const [cancel] = callsTo(service.calls, CANCEL);
    expect(cancel?.body).toEqual({
      message: 'Card declined in the lightbox: DECLINED CALL ISSUER',
    });
    expect(cancelPaymentRequestSchema.safeParse(cancel?.body).success).toBe(true);
  });

  it('cancels quietly when the guarantor closes the lightbox', async () => {
    const { service, callbacks } = await lightboxOpen();

    callbacks.onCancelled();
    expect(await screen.findByLabelText('Address')).toHaveValue(billing.address);
    expect(callsTo(service.calls, CANCEL)).toHaveLength(1);
    expect(callsTo(service.calls, CANCEL)[0]?.body).toEqual({ message: expect.any(String) });
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(payButton()).toBeEnabled();
  });

  it.each([
    ['a string', 'Invalid session token', 'Invalid session token'],
    [
      'an object',
      { errorCode: '4017', errorName: 'Request Timed Out', errorMessage: 'The session expired.' },
      'The session expired. (4017 Request Timed Out)',
    ],
  ])(
    'cancels and shows converge_error when the lightbox reports an error as %s',
    async (_, error, text) => {
      const { service, callbacks } = await lightboxOpen();

      callbacks.onError(error);
      const panel = await screen.findByRole('alert');
      expect(panel).toHaveTextContent(PAYMENT_MESSAGES.lightboxInitFailedTitle);
      expect(panel).toHaveTextContent(text);
      expect(callsTo(service.calls, CANCEL)[0]?.body).toEqual({
        message: expect.stringContaining(text),
      });
      await userEvent
        .setup()
        .click(within(panel).getByRole('button', { name: 'Technical details' }));
      expect(within(panel).getByText('converge_error')).toBeInTheDocument();
      expect(within(panel).getByText('500')).toBeInTheDocument();
    },
  );

  it('cancels and shows converge_error when the lightbox script does not load, and loads it again next time', async () => {
    const service = fakeService({
      [START]: started,
      [CANCEL]: () => new Response(null, { status: 204 }),
    });
    const converge = fakeConverge();
    const { user } = await payByCard();
    await converge.failToLoad();

    const panel = await screen.findByRole('alert');
    expect(panel).toHaveTextContent(PAYMENT_MESSAGES.lightboxInitFailedTitle);
    expect(callsTo(service.calls, CANCEL)).toHaveLength(1);
    expect(converge.scriptCount()).toBe(0);

    await user.click(within(panel).getByRole('button', { name: 'Try Again' }));
    await converge.load();
    await converge.opened();
    const keys = callsTo(service.calls, START).map((call) =>
      call.headers.get(IDEMPOTENCY_KEY_HEADER),
    );
    // The first attempt was cancelled on the service, so the retry is a new one.
    expect(keys).toHaveLength(2);
    expect(keys[0]).not.toBe(keys[1]);
  });

  it('hands over a failed receipt when the approval cannot be recorded', async () => {
    fakeService({
      [START]: started,
      [COMPLETE]: () =>
        json(
          { title: 'Service unavailable', status: 503, code: 'DATABASE_UNAVAILABLE', details: [] },
          503,
        ),
    });
    const converge = fakeConverge();
    const { onPaid } = await payByCard();
    await converge.load();
    const { callbacks } = await converge.opened();

    callbacks.onApproval(approval);
    await waitFor(() => expect(onPaid).toHaveBeenCalled());
    expect(onPaid.mock.lastCall?.[0]).toMatchObject({
      id: 'PAY-1001',
      status: 'failed',
      receiptId: 'N/A',
      paymentMethod: 'card',
      amount: 325,
      accounts: [
        { ...mariaLines[0], locationId: '107', description: '107-40010001 | Maria Garcia' },
        { ...mariaLines[1], locationId: '107', description: 'PP-7001-1 | Payment Plan' },
      ],
      billingInformation: { firstName: 'Maria', ...billing },
      card: { brand: 'VISA', last4: '9990', expiry: '12/27' },
    });
  });

  it('shows a server error on start with technical details, and Try Again sends the same attempt', async () => {
    let answer = () =>
      json(
        {
          title: 'Payment service unavailable',
          status: 500,
          code: 'INTERNAL_ERROR',
          details: ['The payment could not be started. Please try again.'],
          requestId: 'req-42',
          correlationId: 'corr-7',
        },
        500,
      );
    const service = fakeService({ [START]: () => answer() });
    const converge = fakeConverge();
    const { user } = await payByCard();

    const panel = await screen.findByRole('alert');
    expect(panel).toHaveTextContent('Payment service unavailable');
    expect(panel).toHaveTextContent('The payment could not be started. Please try again.');
    await user.click(within(panel).getByRole('button', { name: 'Technical details' }));
    expect(within(panel).getByText('req-42')).toBeInTheDocument();
    expect(within(panel).getByText('corr-7')).toBeInTheDocument();

    answer = started;
    await user.click(within(panel).getByRole('button', { name: 'Try Again' }));
    await converge.load();
    await converge.opened();
    const keys = callsTo(service.calls, START).map((call) =>
      call.headers.get(IDEMPOTENCY_KEY_HEADER),
    );
    expect(keys).toHaveLength(2);
    expect(keys[1]).toBe(keys[0]);
  });

  it('shows the fallback error when the service cannot be reached', async () => {
    fakeService({
      [START]: () => {
        throw new TypeError('Failed to fetch');
      },
    });
    await payByCard();
    const panel = await screen.findByRole('alert');
    expect(panel).toHaveTextContent('An unexpected error occurred');
    expect(panel).toHaveTextContent(
      'An error occurred while processing your request. Please try again later.',
    );
    expect(within(panel).getByRole('button', { name: 'Try Again' })).toBeInTheDocument();
  });
});

describe('processing locks the dialog (SPEC §4)', () => {
  beforeEach(() => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
  });

  it('ignores Escape while the lightbox is open and while completing', async () => {
    let finish: (response: Response) => void = () => undefined;
    fakeService({
      [START]: started,
      [COMPLETE]: () => new Promise<Response>((resolve) => (finish = resolve)),
    });
    const converge = fakeConverge();
    const { user, onClose, onPaid } = await payByCard();
    await converge.load();
    const { callbacks } = await converge.opened();

    await user.keyboard('{Escape}');
    expect(screen.getByRole('dialog', { name: 'Make a Payment' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Close' })).not.toBeInTheDocument();

    callbacks.onApproval(approval);
    expect(await screen.findByText('Completing your payment…')).toBeInTheDocument();
    await user.keyboard('{Escape}');
    expect(screen.getByRole('dialog', { name: 'Make a Payment' })).toBeInTheDocument();
    expect(onClose).not.toHaveBeenCalled();

    finish(json(cardReceipt()));
    await waitFor(() => expect(onPaid).toHaveBeenCalled());
  });

  it('closes on Escape when nothing is in flight', async () => {
    const user = userEvent.setup();
    const { onClose } = await renderPaymentDialog();
    await user.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalled();
  });
});
