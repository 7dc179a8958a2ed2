import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { IDEMPOTENCY_KEY_HEADER } from '@webpay/contracts/api';
import { formatDateIn } from '@webpay/contracts/language';
import { planAuthorizationText, planSchedule } from '@webpay/contracts/payment-plans';
import { maria, mariaEncounters, storeMariasSession } from '@test/fixtures.ts';
import { chooseLanguage } from '@/lib/language.ts';
import { fakeService, json, renderApp, type FakeCall } from '@test/render-app.tsx';
import { planOptions, savedCard, stubResizeObserver } from '@test/recurring/recurring-fixtures.ts';
import { forgetPlanDraft } from '../hooks/use-plan-draft.ts';

const CREATE = 'POST /payment-plans';
const creates = (calls: FakeCall[]) =>
  calls.filter((call) => `${call.method} ${call.path}` === CREATE);

const created = {
  planNumber: 'PP-K7M2Q9TX',
  version: 1,
  instalments: planSchedule(31_045, 5_200, '2026-12-27'),
  autopay: false,
  emailedTo: maria.email,
};

function service(methods = [savedCard()], answer = () => json(created, 201)) {
  return fakeService({
    'GET /auth/me': () => json(maria),
    'GET /payment-plans/options': () => json(planOptions),
    'GET /payment-methods': () => json({ methods }),
    [CREATE]: answer,
  });
}

/** Daniel's $310.45 alone, at the amount given, on the default day (the 27th). */
async function chooseDaniel(user: UserEvent, monthly: string) {
  await user.click(await screen.findByRole('checkbox', { name: /40010001/ }));
  const amount = screen.getByRole('textbox', { name: 'Monthly amount' });
  await user.clear(amount);
  await user.type(amount, monthly);
}

const liveSchedule = () => screen.getByRole('status', { name: '' });

describe('setting up a payment plan (/payment-plan)', () => {
  beforeEach(() => {
    forgetPlanDraft();
    stubResizeObserver();
    storeMariasSession();
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
  });

  it('checks every eligible account and says the schedule live: $310.45 at $52.00 is 6 payments, the last $50.45', async () => {
    service();
    const user = userEvent.setup();
    await renderApp('/payment-plan');
    expect(
      await screen.findByRole('heading', { name: 'Set up a payment plan', level: 1 }),
    ).toBeVisible();
    expect(await screen.findByRole('checkbox', { name: /40010001/ })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: /40010002/ })).toBeChecked();
    expect(screen.getByText('$1,560.45')).toBeVisible();

    await chooseDaniel(user, '52.00');
    const first = formatDateIn('en', '2026-12-27');
    const last = formatDateIn('en', '2027-05-27');
    expect(liveSchedule()).toHaveAttribute('aria-live', 'polite');
    expect(liveSchedule()).toHaveTextContent(
      `6 monthly payments from ${first}; the last one, $50.45, on ${last}.`,
    );
    expect(screen.getByText('From $25.00 to $310.45.')).toBeVisible();
  });

  it.each([
    ['20.00', 'The monthly amount must be at least $25.00.'],
    ['400.00', 'The monthly amount cannot be more than the total, $310.45.'],
  ])('refuses $%s a month on $310.45', async (monthly, message) => {
    service();
    const user = userEvent.setup();
    await renderApp('/payment-plan');
    await chooseDaniel(user, monthly);
    expect(liveSchedule()).toHaveTextContent(message);
    expect(screen.getByRole('textbox', { name: 'Monthly amount' })).toHaveAttribute(
      'aria-invalid',
      'true',
    );
    await user.click(screen.getByRole('button', { name: 'Review the plan' }));
    expect(screen.queryByRole('heading', { name: 'Review your payment plan' })).toBeNull();
  });

  it('keeps each balance on the right of its account, never wrapped under it', async () => {
    service();
    await renderApp('/payment-plan');
    await screen.findByRole('checkbox', { name: /40010001/ });
    // jsdom lays nothing out: what keeps the balance beside the name is a row that does not wrap.
    const boxes = screen.getAllByRole('checkbox', { name: /Account/ });
    expect(boxes.length).toBeGreaterThan(1);
    for (const box of boxes) {
      const row = box.closest('label')?.querySelector(':scope > span');
      expect(row).not.toHaveClass('flex-wrap');
      expect(row?.lastElementChild).toHaveClass('shrink-0', 'text-right');
    }
  });

  it('says a problem with the amount right under the amount, before the day of the month', async () => {
    service();
    const user = userEvent.setup();
    await renderApp('/payment-plan');
    await chooseDaniel(user, '20.00');
    const amount = screen.getByRole('textbox', { name: 'Monthly amount' });
    const day = screen.getByRole('combobox', { name: 'Day of the month' });
    const problem = screen.getByText('The monthly amount must be at least $25.00.');
    expect(amount.parentElement?.parentElement).toContainElement(problem);
    expect(problem.compareDocumentPosition(day) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it('refuses a plan longer than the most months, naming the least monthly amount', async () => {
    service();
    const user = userEvent.setup();
    await renderApp('/payment-plan');
    const amount = await screen.findByRole('textbox', { name: 'Monthly amount' });
    await user.clear(amount);
    await user.type(amount, '30');
    expect(liveSchedule()).toHaveTextContent(
      'That would take 53 months; a plan lasts at most 24. Pay at least $65.02 a month.',
    );
  });

  it('reviews the instalments and authorization, then sends the exact plan with an Idempotency-Key', async () => {
    const { calls } = service([savedCard()], () => json(created, 201));
    const user = userEvent.setup();
    await renderApp('/payment-plan');
    await chooseDaniel(user, '52.00');
    await user.click(screen.getByRole('button', { name: 'Review the plan' }));

    const heading = await screen.findByRole('heading', { name: 'Review your payment plan' });
    expect(heading).toHaveFocus();
    const table = screen.getByRole('table', { name: 'Payment schedule' });
    expect(within(table).getAllByRole('row')).toHaveLength(7);
    const text = planAuthorizationText('en', {
      payee: 'Canyon Health',
      accounts: ['107-40010002'],
      totalCents: 31_045,
      instalments: planSchedule(31_045, 5_200, '2026-12-27'),
      dayOfMonth: 27,
      autopayMethod: null,
      noticeDays: 3,
      changeBusinessDays: 3,
      billingOfficePhone: '(801) 555-0142',
    });
    expect(screen.getByText(text)).toBeVisible();
    expect(text).toContain('(801) 555-0142');

    const agree = screen.getByRole('button', { name: 'Agree and create plan' });
    await user.click(agree);
    expect(screen.getByText('Please accept the authorization to continue')).toBeVisible();
    expect(creates(calls)).toHaveLength(0);

    await user.click(
      screen.getByRole('checkbox', { name: 'I have read and accept this authorization' }),
    );
    await user.click(agree);
    await screen.findByRole('heading', { name: 'Your payment plan is set up' });
    const [sent] = creates(calls);
    expect(sent?.body).toEqual({
      encounters: [{ facilityId: '107', accountNumber: '40010002' }],
      monthlyAmountCents: 5_200,
      dayOfMonth: 27,
      autopay: false,
      paymentMethodId: null,
      authorization: { accepted: true, text },
    });
    expect(sent?.headers.get(IDEMPOTENCY_KEY_HEADER)).toMatch(/^[0-9a-f-]{36}$/);
    expect(screen.getByText('Plan number: PP-K7M2Q9TX')).toBeVisible();
    expect(
      screen.getByText(`First payment: $52.00 on ${formatDateIn('en', '2026-12-27')}.`),
    ).toBeVisible();
    expect(
      screen.getByText('A copy of the authorization was e-mailed to maria.garcia@example.com.'),
    ).toBeVisible();
    expect(screen.getByRole('link', { name: 'Back to the dashboard' })).toHaveAttribute(
      'href',
      '/webpay/dashboard',
    );
  });

  it("shows the service's error and sends the same attempt again with the same key", async () => {
    const refusal = {
      title: 'Invalid request',
      status: 400,
      code: 'VALIDATION_ERROR',
      details: ['The monthly amount is below the minimum.', 'monthlyAmountCents'],
      requestId: 'req-1',
      correlationId: 'corr-1',
    };
    let answers = 0;
    const { calls } = service([savedCard()], () =>
      ++answers === 1 ? json(refusal, 400) : json(created, 201),
    );
    const user = userEvent.setup();
    await renderApp('/payment-plan');
    await chooseDaniel(user, '52.00');
    await user.click(screen.getByRole('button', { name: 'Review the plan' }));
    await user.click(
      await screen.findByRole('checkbox', { name: 'I have read and accept this authorization' }),
    );
    await user.click(screen.getByRole('button', { name: 'Agree and create plan' }));

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Invalid request');
    expect(alert).toHaveTextContent('The monthly amount is below the minimum.');
    await user.click(screen.getByRole('button', { name: 'Agree and create plan' }));
    await screen.findByRole('heading', { name: 'Your payment plan is set up' });
    const [first, second] = creates(calls);
    expect(second?.headers.get(IDEMPOTENCY_KEY_HEADER)).toBe(
      first?.headers.get(IDEMPOTENCY_KEY_HEADER),
    );
  });

  it('needs a saved method for autopay, and names it in the authorization and the request', async () => {
    const { calls } = service([savedCard()]);
    const user = userEvent.setup();
    await renderApp('/payment-plan');
    await chooseDaniel(user, '52.00');
    await user.click(screen.getByRole('switch', { name: 'Autopay' }));
    const method = screen.getByRole('combobox', { name: 'Payment method' });
    expect(method).toHaveValue('pm-visa');
    await user.click(screen.getByRole('button', { name: 'Review the plan' }));
    expect(
      await screen.findByText(/I authorize Visa card ending in 1111 to be charged/),
    ).toBeVisible();
    await user.click(
      screen.getByRole('checkbox', { name: 'I have read and accept this authorization' }),
    );
    await user.click(screen.getByRole('button', { name: 'Agree and create plan' }));
    await screen.findByRole('heading', { name: 'Your payment plan is set up' });
    expect(creates(calls)[0]?.body).toMatchObject({ autopay: true, paymentMethodId: 'pm-visa' });
  });

  it('without a saved method, autopay points to Payment Methods and keeps the plan from review', async () => {
    service([]);
    const user = userEvent.setup();
    await renderApp('/payment-plan');
    await chooseDaniel(user, '52.00');
    await user.click(screen.getByRole('switch', { name: 'Autopay' }));
    expect(screen.getByText('You have no saved payment method for autopay.')).toBeVisible();
    expect(screen.getByRole('link', { name: 'Add one under Payment Methods' })).toHaveAttribute(
      'href',
      '/webpay/payment-methods',
    );
    await user.click(screen.getByRole('button', { name: 'Review the plan' }));
    expect(screen.getByText('Choose a payment method for autopay')).toBeVisible();
    expect(screen.queryByRole('heading', { name: 'Review your payment plan' })).toBeNull();
  });
});

describe('in Spanish', () => {
  beforeEach(() => {
    forgetPlanDraft();
    stubResizeObserver();
    storeMariasSession();
  });

  it('says the schedule, the switch and the button in Spanish, with "monto" for amount', async () => {
    chooseLanguage('es');
    service();
    const user = userEvent.setup();
    await renderApp('/payment-plan');
    expect(
      await screen.findByRole('heading', { name: 'Configurar un plan de pagos', level: 1 }),
    ).toBeVisible();
    await user.click(await screen.findByRole('checkbox', { name: /40010001/ }));
    const amount = screen.getByRole('textbox', { name: 'Monto mensual' });
    await user.clear(amount);
    await user.type(amount, '52.00');
    expect(liveSchedule()).toHaveTextContent(
      /^6 pagos mensuales desde el .*; el último, de \$50\.45, el /,
    );
    await user.click(screen.getByRole('switch', { name: 'Pago automático' }));
    await user.click(screen.getByRole('button', { name: 'Revisar el plan' }));
    expect(await screen.findByText(/^Acepto pagar a Canyon Health/)).toBeVisible();
    expect(screen.getByRole('button', { name: 'Aceptar y crear el plan' })).toBeVisible();
  });
});

describe('the dashboard button', () => {
  // The dashboard loads the button's code beside the plan options; loaded once
  // here, so the tests wait on the page rather than on the module's first transform.
  beforeAll(() => import('./set-up-plan-link.tsx'));

  beforeEach(() => {
    forgetPlanDraft();
    stubResizeObserver();
    storeMariasSession();
  });

  function dashboardService(options = planOptions) {
    return fakeService({
      'GET /auth/me': () => json(maria),
      'GET /encounters': () => json(mariaEncounters),
      'GET /payment-plans/options': () => json(options),
    });
  }

  it('leads to the plan setup when an account is eligible', async () => {
    dashboardService();
    await renderApp('/dashboard');
    await waitFor(() =>
      expect(screen.getByRole('link', { name: 'Set up a payment plan' })).toHaveAttribute(
        'href',
        '/webpay/payment-plan',
      ),
    );
  });

  it('is not shown when no account can go on a plan', async () => {
    const { calls } = dashboardService({ ...planOptions, eligible: [] });
    await renderApp('/dashboard');
    await screen.findAllByText('Daniel Garcia');
    await waitFor(() =>
      expect(calls.some((call) => call.path === '/payment-plans/options')).toBe(true),
    );
    expect(screen.queryByRole('link', { name: 'Set up a payment plan' })).toBeNull();
  });

  it('reads "Configurar un plan de pagos" in Spanish', async () => {
    chooseLanguage('es');
    dashboardService();
    await renderApp('/dashboard');
    expect(await screen.findByRole('link', { name: 'Configurar un plan de pagos' })).toBeVisible();
  });
});
