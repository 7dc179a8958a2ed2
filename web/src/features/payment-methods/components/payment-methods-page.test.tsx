import { beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { IDEMPOTENCY_KEY_HEADER } from '@webpay/contracts/api';
import { storedCredentialConsentText, type PaymentMethod } from '@webpay/contracts/payment-methods';
import { appConfig, maria, storeMariasSession } from '@test/fixtures.ts';
import { fakeService, json, renderApp, type FakeCall } from '@test/render-app.tsx';
import { fakeConverge } from '../../../../test/payments/fake-converge.ts';

function method(overrides: Partial<PaymentMethod> = {}): PaymentMethod {
  return {
    id: 'pm-1',
    kind: 'card',
    brand: 'VISA',
    last4: '1111',
    expiry: '08/29',
    expiresOn: '2029-08-31',
    expiringSoon: false,
    expired: false,
    holderName: 'Maria Garcia',
    isDefault: true,
    usedBy: [],
    createdAt: '2026-11-01T10:00:00.000Z',
    ...overrides,
  };
}

const visa = method({ usedBy: [{ kind: 'plan', planNumber: 'PP-7K3M9QXA', planVersion: 1 }] });
const checking = method({
  id: 'pm-2',
  kind: 'bank',
  brand: 'CHECKING',
  last4: '6789',
  expiry: null,
  expiresOn: null,
  isDefault: false,
  usedBy: [{ kind: 'statement_autopay' }],
});
const soon = method({
  id: 'pm-3',
  brand: 'MC',
  last4: '4444',
  isDefault: false,
  expiringSoon: true,
});
const old = method({ id: 'pm-4', brand: 'DISC', last4: '0001', isDefault: false, expired: true });

const IN_USE = {
  title: 'This payment method is in use',
  status: 409,
  code: 'PAYMENT_METHOD_IN_USE',
  details: ['PP-7K3M9QXA'],
};
const terms = {
  payee: appConfig.branding.providerName,
  billingOfficePhone: maria.supportPhone ?? '',
};
const callsTo = (calls: FakeCall[], route: string) =>
  calls.filter((call) => `${call.method} ${call.path}` === route);

/** The service, whose list answers `saved.methods` as the handlers change it. */
function methodsService(
  methods: PaymentMethod[],
  handlers: (saved: { methods: PaymentMethod[] }) => Parameters<typeof fakeService>[0] = () => ({}),
) {
  const saved = { methods };
  return fakeService({
    'GET /auth/me': () => json(maria),
    'GET /payment-methods': () => json({ methods: saved.methods }),
    ...handlers(saved),
  });
}

const noContent = () => new Response(null, { status: 204 });

async function openPage() {
  storeMariasSession();
  const rendered = await renderApp('/payment-methods');
  return { user: userEvent.setup(), ...rendered };
}

async function fillBilling(user: UserEvent, dialog: HTMLElement) {
  const scope = within(dialog);
  await user.type(scope.getByLabelText('Address'), '12 Canyon Rd');
  await user.type(scope.getByLabelText('City'), 'Provo');
  await user.selectOptions(scope.getByLabelText('State'), 'UT');
  await user.type(scope.getByLabelText('ZIP code'), '84601');
}

describe('payment methods page', () => {
  beforeEach(() => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
  });

  it('lists each method with its label, holder, expiry, default, uses and expiry warnings', async () => {
    methodsService([visa, checking, soon, old]);
    await openPage();
    const list = await screen.findByRole('region', { name: 'Saved payment methods' });
    expect(document.title).toBe('Payment Methods | Canyon Pay');
    expect(screen.getByRole('heading', { level: 1, name: 'Payment Methods' })).toBeInTheDocument();
    expect(screen.getAllByRole('link', { name: 'Payment Methods' })[0]).toHaveAttribute(
      'aria-current',
      'page',
    );

    const items = within(list)
      .getAllByRole('listitem')
      .filter((item) => item.parentElement?.parentElement === list);
    expect(items).toHaveLength(4);
    const [first, second, third, fourth] = items.map((item) => within(item));
    expect(first?.getByRole('heading', { name: 'VISA •••• 1111 Default' })).toBeInTheDocument();
    expect(first?.getByText('Expires 08/29')).toBeInTheDocument();
    expect(first?.getByText('Maria Garcia')).toBeInTheDocument();
    expect(first?.getByText('Autopay for plan PP-7K3M9QXA')).toBeInTheDocument();
    expect(first?.queryByRole('button', { name: /Make default/ })).toBeNull();
    expect(first?.queryByRole('alert')).toBeNull();

    expect(second?.getByRole('heading', { name: 'Checking •••• 6789' })).toBeInTheDocument();
    expect(second?.getByText('Autopay on statements')).toBeInTheDocument();
    expect(second?.queryByText(/Expires/)).toBeNull();

    expect(third?.getByRole('alert')).toHaveTextContent('This card expires soon');
    expect(fourth?.getByRole('alert')).toHaveTextContent('This card has expired');
    expect(fourth?.getByText('Expired 08/29')).toBeInTheDocument();
  });

  it('says when there is nothing saved yet', async () => {
    methodsService([]);
    await openPage();
    expect(
      await screen.findByRole('heading', { name: 'No saved payment methods' }),
    ).toBeInTheDocument();
  });

  it('makes a method the default and shows the new list', async () => {
    const service = methodsService([visa, checking], (saved) => ({
      'PUT /payment-methods/pm-2/default': () => {
        saved.methods = [
          { ...checking, isDefault: true },
          { ...visa, isDefault: false },
        ];
        return noContent();
      },
    }));
    const { user } = await openPage();
    await user.click(
      await screen.findByRole('button', { name: 'Make default Checking •••• 6789' }),
    );

    expect(
      await screen.findByText('Checking •••• 6789 is now your default payment method.'),
    ).toBeInTheDocument();
    expect(
      await screen.findByRole('heading', { name: 'Checking •••• 6789 Default' }),
    ).toBeInTheDocument();
    expect(callsTo(service.calls, 'PUT /payment-methods/pm-2/default')).toHaveLength(1);
  });

  it('asks for a replacement when the method is in use, and removes it with that replacement', async () => {
    const service = methodsService([visa, checking], (saved) => ({
      'DELETE /payment-methods/pm-1': (call) => {
        if (!(call.body as { replacementId?: string }).replacementId) return json(IN_USE, 409);
        saved.methods = [checking];
        return noContent();
      },
    }));
    const { user } = await openPage();
    await user.click(await screen.findByRole('button', { name: 'Remove VISA •••• 1111' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove VISA •••• 1111?' });
    await user.click(within(dialog).getByRole('button', { name: 'Remove' }));

    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'It is in use. Choose the saved method that takes its place:',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Move and remove' }));
    expect(within(dialog).getByText('Choose the method that takes its place')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('radio', { name: 'Checking •••• 6789' }));
    await user.click(within(dialog).getByRole('button', { name: 'Move and remove' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() =>
      expect(screen.getByRole('heading', { level: 1, name: 'Payment Methods' })).toHaveFocus(),
    );
    expect(await screen.findByText('VISA •••• 1111 was removed.')).toBeInTheDocument();
    expect(callsTo(service.calls, 'DELETE /payment-methods/pm-1').map((call) => call.body)).toEqual(
      [{}, { replacementId: 'pm-2' }],
    );
  });

  it('says what to do when a method in use has nothing to take its place', async () => {
    methodsService([visa, old], () => ({
      'DELETE /payment-methods/pm-1': () => json(IN_USE, 409),
    }));
    const { user } = await openPage();
    await user.click(await screen.findByRole('button', { name: 'Remove VISA •••• 1111' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Remove' }));

    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      /no other saved method to take its place/,
    );
    expect(within(dialog).queryByRole('button', { name: /Remove|Move and remove/ })).toBeNull();
  });

  it('adds a bank account with the eCheck rules and the accepted consent', async () => {
    const saved = method({ ...checking, id: 'pm-9', usedBy: [] });
    const service = methodsService([visa], (list) => ({
      'POST /payment-methods/bank': () => {
        list.methods = [visa, saved];
        return json(saved, 201);
      },
    }));
    const { user } = await openPage();
    await user.click(await screen.findByRole('button', { name: 'Add a bank account for autopay' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add a bank account for autopay' });
    const scope = within(dialog);
    const consent = storedCredentialConsentText('en', 'bank', terms);
    expect(scope.getByText(consent)).toBeInTheDocument();

    await fillBilling(user, dialog);
    await user.type(scope.getByLabelText('Routing number'), '12345678x9');
    await user.type(scope.getByLabelText('Account number'), '12');
    await user.click(scope.getByRole('button', { name: 'Save bank account' }));

    expect(scope.getByLabelText('Routing number')).toHaveValue('123456789');
    expect(scope.getByLabelText('Routing number')).toHaveAccessibleDescription(
      /Routing number is not valid/,
    );
    expect(scope.getByRole('checkbox', { name: 'I accept these terms' })).toBeInvalid();
    expect(callsTo(service.calls, 'POST /payment-methods/bank')).toHaveLength(0);

    await user.clear(scope.getByLabelText('Routing number'));
    await user.type(scope.getByLabelText('Routing number'), '324377516');
    await user.type(scope.getByLabelText('Account number'), '3456789');
    await user.click(scope.getByRole('radio', { name: 'Savings' }));
    await user.click(scope.getByRole('checkbox', { name: 'I accept these terms' }));
    await user.click(scope.getByRole('button', { name: 'Save bank account' }));

    expect(await screen.findByText('Checking •••• 6789 was saved.')).toBeInTheDocument();
    const [request] = callsTo(service.calls, 'POST /payment-methods/bank');
    expect(request?.body).toEqual({
      payer: {
        firstName: 'Maria',
        lastName: 'Garcia',
        address: '12 Canyon Rd',
        city: 'Provo',
        state: 'UT',
        zipCode: '84601',
        email: null,
      },
      eCheck: { routingNumber: '324377516', accountNumber: '123456789', accountType: 'SAVINGS' },
      consent: { accepted: true, text: consent },
    });
  });

  it('adds a card: consent first, then the card window with the setup token, then the completion', async () => {
    const saved = method({ id: 'pm-8', brand: 'MC', last4: '5454', isDefault: false });
    const service = methodsService([visa], (list) => ({
      'POST /payment-methods/card': () => json({ setupId: 'CS-1', token: 'setup-token-1' }, 201),
      'PUT /payment-methods/card/CS-1': () => {
        list.methods = [visa, saved];
        return json(saved);
      },
    }));
    const converge = fakeConverge();
    const { user } = await openPage();
    await user.click(await screen.findByRole('button', { name: 'Add a card' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add a card' });
    const scope = within(dialog);
    await fillBilling(user, dialog);
    await user.click(scope.getByRole('button', { name: 'Continue to the card window' }));

    const box = scope.getByRole('checkbox', { name: 'I accept these terms' });
    expect(box).toHaveFocus();
    expect(box).toHaveAccessibleDescription(/Please accept the terms to save this payment method/);
    expect(callsTo(service.calls, 'POST /payment-methods/card')).toHaveLength(0);

    await user.click(box);
    await user.click(scope.getByRole('button', { name: 'Continue to the card window' }));
    await converge.load();
    const { token, callbacks } = await converge.opened();
    expect(token).toBe('setup-token-1');
    const [start] = callsTo(service.calls, 'POST /payment-methods/card');
    expect(start?.body).toEqual({
      payer: expect.objectContaining({ firstName: 'Maria', zipCode: '84601', email: null }),
      consent: { accepted: true, text: storedCredentialConsentText('en', 'card', terms) },
    });
    expect(start?.headers.get(IDEMPOTENCY_KEY_HEADER)).toMatch(/^[0-9a-f-]{36}$/);

    callbacks.onApproval({
      ssl_result: '0',
      ssl_token: '4421912014039990',
      ssl_txn_id: 'V-1',
      ssl_amount: 0,
    });
    expect(await screen.findByText('MC •••• 5454 was saved.')).toBeInTheDocument();
    const [completion] = callsTo(service.calls, 'PUT /payment-methods/card/CS-1');
    expect(completion?.body).toEqual({
      convergeResponse: { ssl_result: '0', ssl_token: '4421912014039990', ssl_txn_id: 'V-1' },
    });
    expect(await screen.findByRole('heading', { name: 'MC •••• 5454' })).toBeInTheDocument();
  });

  it('tells a card the processor refused and keeps the form', async () => {
    methodsService([], () => ({
      'POST /payment-methods/card': () => json({ setupId: 'CS-2', token: 'setup-token-2' }, 201),
    }));
    const converge = fakeConverge();
    const { user } = await openPage();
    await user.click(await screen.findByRole('button', { name: 'Add a card' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add a card' });
    await fillBilling(user, dialog);
    await user.click(within(dialog).getByRole('checkbox', { name: 'I accept these terms' }));
    await user.click(within(dialog).getByRole('button', { name: 'Continue to the card window' }));
    await converge.load();
    (await converge.opened()).callbacks.onDeclined({ ssl_result_message: 'DECLINED' });

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The card could not be verified: DECLINED');
    // The dialog is modal again once the card window is gone: a new element.
    const again = screen.getByRole('dialog', { name: 'Add a card' });
    expect(again).toContainElement(alert);
    expect(within(again).getByLabelText('City')).toHaveValue('Provo');
  });
});
