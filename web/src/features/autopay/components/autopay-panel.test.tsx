import { beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClientProvider } from '@tanstack/react-query';
import type { PaymentPlan } from '@webpay/contracts/encounters';
import { formatDateIn } from '@webpay/contracts/language';
import {
  planAuthorizationText,
  statementAutopayAuthorizationText,
  type AutopayOverview,
} from '@webpay/contracts/payment-plans';
import { createQueryClient } from '@/lib/query-client.ts';
import { sessionStore, toSession } from '@/lib/session.ts';
import { claimsFor, encounter, maria, tokenFor } from '@test/fixtures.ts';
import { fakeService, json, type FakeCall } from '@test/render-app.tsx';
import { planOptions, savedCard, stubResizeObserver } from '@test/recurring/recurring-fixtures.ts';
import { AutopayPanel } from './autopay-panel.tsx';

const PLAN = 'PP-K7M2Q9TX';

/** Daniel's plan: $310.45 in six payments from 27 December, the first one paid. */
const plan: PaymentPlan = {
  id: PLAN,
  version: 1,
  type: 'Mail-in',
  status: 'Active',
  nextDueDate: '2027-01-27',
  dueAmount: 52,
  overdueAmount: 0,
  regularPaymentAmount: 52,
  currentBalance: 258.45,
  numberOfPayments: 6,
  amortization: [
    '2026-12-27',
    '2027-01-27',
    '2027-02-27',
    '2027-03-27',
    '2027-04-27',
    '2027-05-27',
  ].map((dueDate, index) => ({
    number: index + 1,
    dueDate,
    amount: index === 5 ? 50.45 : 52,
    completedAt: index === 0 ? '2026-12-27' : null,
  })),
  encounters: [
    encounter({ accountNumber: '40010002', patientName: 'Daniel Garcia', balance: 310.45 }),
  ],
};

/** The plan's second instalment, coming up and still skippable. */
const SECOND_INSTALMENT: AutopayOverview['upcoming'][number] = {
  kind: 'instalment',
  planNumber: PLAN,
  instalmentNumber: 2,
  statementId: null,
  date: '2027-01-27',
  amountCents: 5_200,
  paymentMethodId: 'pm-visa',
  changeableUntil: '2027-01-22',
  canSkip: true,
  retry: false,
};

function overview(overrides: Partial<AutopayOverview> = {}): AutopayOverview {
  return {
    statement: null,
    plans: [
      { planNumber: PLAN, version: 1, autopay: false, paymentMethodId: null, canUseAutopay: true },
    ],
    upcoming: [],
    history: [],
    pausedByAssistance: false,
    ...overrides,
  };
}

function renderPanel(answer: AutopayOverview, methods = [savedCard()], handlers = {}) {
  const service = fakeService({
    'GET /autopay': () => json(answer),
    'GET /payment-methods': () => json({ methods }),
    'GET /payment-plans/options': () => json(planOptions),
    'GET /encounters': () => json({ encounters: [], paymentPlans: [plan] }),
    ...handlers,
  });
  const claims = claimsFor();
  sessionStore.set(
    toSession({ token: tokenFor(claims), expiresAt: Date.now() + 600_000, user: maria, claims }),
  );
  render(
    <QueryClientProvider client={createQueryClient()}>
      <AutopayPanel />
    </QueryClientProvider>,
  );
  return service;
}

const sent = (calls: FakeCall[], method: string, path: string) =>
  calls.filter((call) => call.method === method && call.path === path);

const section = (name: string) => screen.findByRole('region', { name });

describe('AutopayPanel', () => {
  beforeEach(() => {
    stubResizeObserver();
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
  });

  it('turns autopay on statements on with a cap, a method and the accepted authorization', async () => {
    const { calls } = renderPanel(overview(), [savedCard()], {
      'PUT /autopay/statements': () => json({}),
    });
    const user = userEvent.setup();
    const statements = await section('Autopay on statements');
    await user.click(within(statements).getByRole('switch', { name: 'Autopay' }));
    expect(within(statements).getByRole('combobox', { name: 'Payment method' })).toHaveValue(
      'pm-visa',
    );
    await user.type(
      within(statements).getByRole('textbox', { name: 'Most to charge a statement' }),
      '500',
    );
    const text = statementAutopayAuthorizationText('en', {
      payee: 'Canyon Health',
      method: { kind: 'card', brand: 'VISA', last4: '1111' },
      capCents: 50_000,
      noticeDays: 10,
      changeBusinessDays: 3,
      billingOfficePhone: '(801) 555-0142',
    });
    expect(within(statements).getByText(text)).toBeVisible();

    await user.click(within(statements).getByRole('button', { name: 'Turn on autopay' }));
    expect(
      within(statements).getByText('Please accept the authorization to continue'),
    ).toBeVisible();
    expect(sent(calls, 'PUT', '/autopay/statements')).toHaveLength(0);

    await user.click(
      within(statements).getByRole('checkbox', {
        name: 'I have read and accept this authorization',
      }),
    );
    await user.click(within(statements).getByRole('button', { name: 'Turn on autopay' }));
    await waitFor(() => expect(sent(calls, 'PUT', '/autopay/statements')).toHaveLength(1));
    expect(sent(calls, 'PUT', '/autopay/statements')[0]?.body).toEqual({
      paymentMethodId: 'pm-visa',
      capCents: 50_000,
      authorization: { accepted: true, text },
    });
  });

  it('says what to fill in first while the statement authorization cannot be read yet', async () => {
    renderPanel(overview());
    const user = userEvent.setup();
    const statements = await section('Autopay on statements');
    await user.click(within(statements).getByRole('switch', { name: 'Autopay' }));
    const accept = within(statements).getByRole('checkbox', {
      name: 'I have read and accept this authorization',
    });
    expect(accept).toBeDisabled();
    expect(accept).toHaveAccessibleDescription(
      'Enter the most to charge a statement to read the authorization.',
    );
    await user.type(
      within(statements).getByRole('textbox', { name: 'Most to charge a statement' }),
      '500',
    );
    expect(accept).toBeEnabled();
    expect(
      within(statements).queryByText(
        'Enter the most to charge a statement to read the authorization.',
      ),
    ).toBeNull();
  });

  it('needs a saved method before autopay can be turned on', async () => {
    const { calls } = renderPanel(overview(), []);
    const user = userEvent.setup();
    const statements = await section('Autopay on statements');
    await user.click(within(statements).getByRole('switch', { name: 'Autopay' }));
    expect(
      within(statements).getByText('You have no saved payment method for autopay.'),
    ).toBeVisible();
    expect(within(statements).queryByRole('button', { name: 'Turn on autopay' })).toBeNull();
    expect(calls.filter((call) => call.method === 'PUT')).toHaveLength(0);
  });

  it("says the billing office's own plans are paid as arranged with it", async () => {
    renderPanel(
      overview({
        plans: [
          {
            planNumber: 'PP-7002',
            version: 3,
            autopay: false,
            paymentMethodId: null,
            canUseAutopay: false,
          },
        ],
      }),
    );
    const plans = await section('Autopay on payment plans');
    expect(within(plans).getByText('You have no payment plan that can use autopay.')).toBeVisible();
    expect(
      within(plans).getByText(
        'Set up with the billing office: Plan PP-7002. These are paid as arranged with the billing office, not by autopay here.',
      ),
    ).toBeVisible();
    expect(within(plans).queryByRole('switch')).toBeNull();
  });

  it("authorizes a plan's autopay over its remaining instalments", async () => {
    const path = `/payment-plans/${PLAN}/autopay`;
    const { calls } = renderPanel(overview(), [savedCard()], { [`PUT ${path}`]: () => json({}) });
    const user = userEvent.setup();
    const planSection = await section(`Plan ${PLAN}`);
    await user.click(within(planSection).getByRole('switch', { name: 'Autopay' }));
    const text = planAuthorizationText('en', {
      payee: 'Canyon Health',
      accounts: ['107-40010002'],
      totalCents: 25_845,
      instalments: plan.amortization.slice(1).map((instalment) => ({
        number: instalment.number,
        dueDate: instalment.dueDate,
        amountCents: Math.round(instalment.amount * 100),
      })),
      dayOfMonth: 27,
      autopayMethod: { kind: 'card', brand: 'VISA', last4: '1111' },
      noticeDays: 3,
      changeBusinessDays: 3,
      billingOfficePhone: '(801) 555-0142',
    });
    expect(await within(planSection).findByText(text)).toBeVisible();
    expect(text).toContain('in 5 monthly payments of $52.00');
    await user.click(
      within(planSection).getByRole('checkbox', {
        name: 'I have read and accept this authorization',
      }),
    );
    await user.click(within(planSection).getByRole('button', { name: 'Turn on autopay' }));
    await waitFor(() => expect(sent(calls, 'PUT', path)).toHaveLength(1));
    expect(sent(calls, 'PUT', path)[0]?.body).toEqual({
      paymentMethodId: 'pm-visa',
      authorization: { accepted: true, text },
    });
  });

  it("asks before turning a plan's autopay off and says when a charge will still run", async () => {
    const path = `/payment-plans/${PLAN}/autopay`;
    const { calls } = renderPanel(
      overview({
        plans: [
          {
            planNumber: PLAN,
            version: 1,
            autopay: true,
            paymentMethodId: 'pm-visa',
            canUseAutopay: true,
          },
        ],
      }),
      [savedCard()],
      {
        [`DELETE ${path}`]: () =>
          json({ stillCharging: { date: '2027-01-27', amountCents: 5_200 } }),
      },
    );
    const user = userEvent.setup();
    const planSection = await section(`Plan ${PLAN}`);
    expect(within(planSection).getByText('On: Visa card ending in 1111.')).toBeVisible();
    await user.click(within(planSection).getByRole('switch', { name: 'Autopay' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Turn off autopay?' });
    await user.click(within(dialog).getByRole('button', { name: 'Turn off autopay' }));
    await waitFor(() => expect(sent(calls, 'DELETE', path)).toHaveLength(1));
    expect(
      await within(planSection).findByText(
        `Autopay is off. A charge of $52.00 on ${formatDateIn('en', '2027-01-27')} is too close to stop and will still run.`,
      ),
    ).toBeVisible();
  });

  it('skips an upcoming charge while it can, and lists the history', async () => {
    const { calls } = renderPanel(
      overview({
        upcoming: [
          SECOND_INSTALMENT,
          {
            kind: 'statement',
            planNumber: null,
            instalmentNumber: null,
            statementId: 'st-9',
            date: '2027-01-05',
            amountCents: null,
            paymentMethodId: 'pm-visa',
            changeableUntil: '2026-12-31',
            canSkip: false,
            retry: false,
          },
        ],
        history: [
          {
            kind: 'instalment',
            planNumber: PLAN,
            instalmentNumber: 1,
            date: '2026-12-27',
            amountCents: 5_200,
            attempt: 1,
            status: 'paid',
            receiptId: 'R-2001',
            failure: null,
            paymentMethodId: 'pm-visa',
          },
        ],
      }),
      [savedCard()],
      { 'POST /autopay/skip': () => json({}) },
    );
    const user = userEvent.setup();
    const upcoming = await section('Upcoming charges');
    const date = formatDateIn('en', '2027-01-27');
    expect(
      within(upcoming).getByText(`Can be skipped until ${formatDateIn('en', '2027-01-22')}`),
    ).toBeVisible();
    expect(within(upcoming).getByText('Too close to skip')).toBeVisible();
    expect(within(upcoming).getAllByRole('button')).toHaveLength(1);
    await user.click(
      within(upcoming).getByRole('button', {
        name: `Skip the charge for Plan ${PLAN}, payment 2 on ${date}`,
      }),
    );
    await waitFor(() => expect(sent(calls, 'POST', '/autopay/skip')).toHaveLength(1));
    expect(sent(calls, 'POST', '/autopay/skip')[0]?.body).toEqual({
      kind: 'instalment',
      planNumber: PLAN,
      instalmentNumber: 2,
    });
    expect(
      await within(upcoming).findByText(
        `The charge on ${date} will not run; the amount stays due.`,
      ),
    ).toBeVisible();

    const history = await section('Autopay history');
    const row = within(history).getByRole('row', { name: /R-2001/ });
    expect(row).toHaveTextContent('Paid');
    expect(row).toHaveTextContent('$52.00');
    // No application holds her account: nothing says the charges are paused.
    expect(upcoming).not.toHaveTextContent(/Paused/);
  });

  it('says the coming charges are paused while a financial assistance application is open', async () => {
    renderPanel(
      overview({
        pausedByAssistance: true,
        upcoming: [SECOND_INSTALMENT],
      }),
      [savedCard()],
    );
    const upcoming = await section('Upcoming charges');
    expect(
      within(upcoming).getByText(
        'Paused while your financial assistance application is open: nothing is charged until a decision is made.',
      ),
    ).toBeVisible();
  });
});
