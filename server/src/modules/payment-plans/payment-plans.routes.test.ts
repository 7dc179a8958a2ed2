import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { API_PATHS } from '@webpay/contracts/api';
import { addDays, dayIn } from '@webpay/contracts/dates';
import { encountersResponseSchema } from '@webpay/contracts/encounters';
import type { Language } from '@webpay/contracts/language';
import {
  PAYMENT_PLAN_PATHS,
  firstDueDate,
  planAuthorizationText,
  planCreatedSchema,
  planOptionsSchema,
  planSchedule,
  type AuthorizedMethod,
  type CreatePlanRequest,
  type PlanOptions,
} from '@webpay/contracts/payment-plans';
import {
  auditEvents,
  encounters,
  paymentAuthorizations,
  paymentMethods,
  paymentPlans,
  planInstalments,
} from '../../db/schema.ts';
import { DEMO_GUARANTORS } from '../../demo/demo-guarantors.ts';
import { testDatabaseKinds } from '../../../test/support/database.ts';
import { guarantorIdOf } from '../../../test/support/portal-plans.ts';
import { startTestServer, type TestServer } from '../../../test/support/test-server.ts';
import { createPaymentPlans } from './index.ts';
import { PaymentPlansRepository } from './payment-plans.repository.ts';
import { PLAN_NUMBER_PATTERN } from './payment-plans.service.ts';

const { maria } = DEMO_GUARANTORS;

describe.each(testDatabaseKinds)('payment plans (%s)', (kind) => {
  let server: TestServer;
  let token: string;
  let mariaId: string;
  const db = () => server.database.db;

  beforeAll(async () => {
    server = await startTestServer(kind);
    token = await server.login(maria.accountNumber, maria.pin);
    mariaId = await guarantorIdOf(db(), maria.accountNumber);
  });

  afterAll(async () => {
    await server?.close();
  });

  /** Each test starts from the demo data: no plan made in the portal, the encounters back on their own. */
  beforeEach(async () => {
    const portal = await db()
      .select({ id: paymentPlans.id })
      .from(paymentPlans)
      .where(eq(paymentPlans.source, 'portal'));
    const ids = portal.map((plan) => plan.id);
    if (ids.length === 0) return;
    await db()
      .update(encounters)
      .set({ planId: null, status: 'self_pay' })
      .where(inArray(encounters.planId, ids));
    await db().delete(paymentAuthorizations).where(inArray(paymentAuthorizations.planId, ids));
    await db().delete(paymentPlans).where(inArray(paymentPlans.id, ids));
  });

  const options = async (): Promise<PlanOptions> => {
    const response = await server.api(PAYMENT_PLAN_PATHS.options, { token });
    expect(response.status).toBe(200);
    return planOptionsSchema.parse(await response.json());
  };

  /** The request the portal sends: the authorization worded from the options, as it shows it. */
  const requestFor = async (terms: {
    accounts: string[];
    monthly: number;
    day: number;
    method?: AuthorizedMethod & { id: string };
    language?: Language;
  }): Promise<CreatePlanRequest> => {
    const { eligible, today, timings } = await options();
    const balance = (account: string) =>
      eligible.find((row) => `${row.facilityId}-${row.accountNumber}` === account)?.balanceCents ??
      0;
    const total = terms.accounts.reduce((sum, account) => sum + balance(account), 0);
    const instalments =
      total > 0 && terms.monthly > 0
        ? planSchedule(total, terms.monthly, firstDueDate(today, terms.day))
        : [];
    const text = planAuthorizationText(terms.language ?? 'en', {
      payee: server.env.WEBPAY_PROVIDER_NAME,
      accounts: terms.accounts,
      totalCents: total,
      instalments,
      dayOfMonth: terms.day,
      autopayMethod: terms.method ?? null,
      noticeDays: timings.fixedNoticeDays,
      changeBusinessDays: timings.changeBusinessDays,
      billingOfficePhone: maria.supportPhone,
    });
    return {
      encounters: terms.accounts.map((account) => {
        const [facilityId = '', accountNumber = ''] = account.split('-');
        return { facilityId, accountNumber };
      }),
      monthlyAmountCents: terms.monthly,
      dayOfMonth: terms.day,
      autopay: terms.method !== undefined,
      paymentMethodId: terms.method?.id ?? null,
      authorization: { accepted: true, text: text || 'nothing' },
    };
  };

  const create = (body: unknown, key: string, headers: Record<string, string> = {}) =>
    server.api(PAYMENT_PLAN_PATHS.create, {
      method: 'POST',
      token,
      body,
      headers: { 'Idempotency-Key': key, 'User-Agent': 'plans-test-agent', ...headers },
    });

  const portalPlans = () =>
    db().select().from(paymentPlans).where(eq(paymentPlans.source, 'portal'));

  const mails = async () => {
    await server.app.services.jobs.workOff('mail', 10_000);
    const all = await server.app.services.outbox.messagesConcerning(
      { guarantorId: mariaId, paymentIds: [], statementIds: [], addresses: [] },
      50,
    );
    return all.filter((mail) => mail.kind === 'plan_authorization');
  };

  const savedCard = async (removed = false) => {
    const id = crypto.randomUUID();
    await db()
      .insert(paymentMethods)
      .values({
        id,
        guarantorId: mariaId,
        kind: 'card',
        brand: 'VISA',
        last4: '4242',
        cardExpiry: '1230',
        processorToken: `token-${id}`,
        holder: { firstName: 'Maria', lastName: 'Garcia' },
        savedFrom: 'setup',
        removedAt: removed ? new Date() : null,
      });
    return { id, kind: 'card' as const, brand: 'VISA', last4: '4242' };
  };

  it('offers the rules, the facility’s today and only Maria’s main encounters with a balance on no plan', async () => {
    const answer = await options();
    expect(answer.rules).toEqual({
      minBalanceCents: 10_000,
      minMonthlyCents: 2_500,
      maxMonths: 24,
      interestRatePercent: 0,
    });
    expect(answer.today).toBe(dayIn(server.env.WEBPAY_TIME_ZONE, new Date()));
    expect(answer.timings).toEqual({
      fixedNoticeDays: 3,
      variableNoticeDays: 10,
      retryDays: 3,
      changeBusinessDays: 3,
    });
    expect(answer.eligible).toEqual([
      {
        facilityId: '107',
        accountNumber: '40010001',
        patientName: 'Maria Garcia',
        admitDate: '2026-06-02',
        balanceCents: 125_000,
      },
      {
        facilityId: '107',
        accountNumber: '40010002',
        patientName: 'Daniel Garcia',
        admitDate: '2026-08-15',
        balanceCents: 31_045,
      },
    ]);
  });

  it('sets up a 6-month plan on 310.45: schedule, rows, authorization, e-mail, audit and dashboard', async () => {
    const body = await requestFor({ accounts: ['107-40010002'], monthly: 5175, day: 15 });
    const response = await create(body, 'plan-six-months-1', { 'X-Request-Id': 'plan-create-1' });
    expect(response.status).toBe(200);
    const created = planCreatedSchema.parse(await response.json());
    const { today } = await options();

    // Five of 51.75 and a last of 51.70, on the 15th of six months in a row from at least a week away.
    expect(created.instalments.map((i) => i.amountCents)).toEqual([
      5175, 5175, 5175, 5175, 5175, 5170,
    ]);
    const [first] = created.instalments;
    expect(first?.dueDate.endsWith('-15')).toBe(true);
    expect(first && first.dueDate >= addDays(today, 7)).toBe(true);
    expect(first && first.dueDate <= addDays(today, 7 + 31)).toBe(true);
    created.instalments.forEach((instalment, index) => {
      const [y, m] = (first?.dueDate ?? '').split('-').map(Number) as [number, number];
      const month = new Date(Date.UTC(y, m - 1 + index, 15)).toISOString().slice(0, 10);
      expect(instalment).toEqual({
        number: index + 1,
        dueDate: month,
        amountCents: instalment.amountCents,
      });
    });
    expect(created).toMatchObject({ version: 1, autopay: false, emailedTo: maria.email });
    expect(created.planNumber).toMatch(PLAN_NUMBER_PATTERN);

    const [plan] = await portalPlans();
    expect(plan).toMatchObject({
      guarantorId: mariaId,
      planNumber: created.planNumber,
      version: 1,
      type: 'Mail-in',
      status: 'Active',
      totalCents: 31_045,
      dayOfMonth: 15,
      idempotencyKey: 'plan-six-months-1',
      autopayMethodId: null,
      nextDueDate: first?.dueDate,
      dueCents: 5175,
      overdueCents: 0,
      currentBalanceCents: 31_045,
      regularPaymentCents: 5175,
      numberOfPayments: 6,
      matchedAt: null,
      exportedAt: null,
    });
    const rows = await db()
      .select()
      .from(planInstalments)
      .where(eq(planInstalments.planId, plan?.id ?? ''));
    expect(rows).toHaveLength(6);
    const [moved] = await db()
      .select()
      .from(encounters)
      .where(and(eq(encounters.facilityId, '107'), eq(encounters.accountNumber, '40010002')));
    expect(moved).toMatchObject({ planId: plan?.id, status: 'payment_plan' });
    const [authorization] = await db()
      .select()
      .from(paymentAuthorizations)
      .where(eq(paymentAuthorizations.planId, plan?.id ?? ''));
    expect(authorization).toMatchObject({
      guarantorId: mariaId,
      kind: 'plan',
      text: body.authorization.text,
      language: 'en',
      ipAddress: '127.0.0.1',
      userAgent: 'plans-test-agent',
      paymentMethodId: null,
    });
    expect(authorization?.acceptedAt).toBeInstanceOf(Date);

    const [audit] = await db()
      .select()
      .from(auditEvents)
      .where(
        and(
          eq(auditEvents.requestId, 'plan-create-1'),
          eq(auditEvents.action, 'payment_plan.created'),
        ),
      );
    expect(audit).toMatchObject({ outcome: 'success', targetId: plan?.id });

    expect(await mails()).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          to: maria.email,
          subject: `Your payment plan ${created.planNumber} with ${server.env.WEBPAY_PROVIDER_NAME}`,
        }),
      ]),
    );

    // The dashboard lists it with its amortization, the encounter under it and no longer on its own.
    const dashboard = await server.api(API_PATHS.encounters, { token });
    const bills = encountersResponseSchema.parse(await dashboard.json());
    expect(bills.encounters.map((e) => e.accountNumber)).not.toContain('40010002');
    const listed = bills.paymentPlans.find((p) => p.id === created.planNumber);
    expect(listed).toMatchObject({
      version: 1,
      type: 'Mail-in',
      status: 'Active',
      nextDueDate: first?.dueDate,
      dueAmount: 51.75,
      overdueAmount: 0,
      regularPaymentAmount: 51.75,
      currentBalance: 310.45,
      numberOfPayments: 6,
      encounters: [expect.objectContaining({ accountNumber: '40010002', balance: 310.45 })],
    });
    expect(listed?.amortization).toEqual(
      created.instalments.map((i) => ({
        number: i.number,
        dueDate: i.dueDate,
        amount: i.amountCents / 100,
        completedAt: null,
      })),
    );
  });

  it('answers a repeated key with the same plan and refuses another body under it', async () => {
    const body = await requestFor({ accounts: ['107-40010002'], monthly: 5175, day: 15 });
    const first = planCreatedSchema.parse(await (await create(body, 'plan-repeat-1')).json());
    const again = await create(body, 'plan-repeat-1');
    expect(again.status).toBe(200);
    expect(planCreatedSchema.parse(await again.json())).toEqual(first);
    expect(await portalPlans()).toHaveLength(1);

    const other = await requestFor({ accounts: ['107-40010002'], monthly: 6000, day: 15 });
    const reused = await create(other, 'plan-repeat-1');
    expect(reused.status).toBe(409);
    expect(await reused.json()).toMatchObject({ code: 'IDEMPOTENCY_KEY_REUSED' });
    expect(await portalPlans()).toHaveLength(1);
  });

  it('makes one plan of two requests with the same key at once', async () => {
    const body = await requestFor({ accounts: ['107-40010002'], monthly: 5175, day: 15 });
    const answers = await Promise.all([
      create(body, 'plan-at-once-1'),
      create(body, 'plan-at-once-1'),
    ]);
    expect(answers.map((answer) => answer.status)).toEqual([200, 200]);
    const [a, b] = await Promise.all(answers.map(async (answer) => answer.json()));
    expect(a).toEqual(b);
    expect(await portalPlans()).toHaveLength(1);
  });

  it('replays the plan a request with the same key made after its own lookup', async () => {
    const body = await requestFor({ accounts: ['107-40010002'], monthly: 5175, day: 15 });
    const first = await create(body, 'plan-race-1');
    expect(first.status).toBe(200);
    // The second request looks its key up before the first has committed, then finds the encounter taken.
    const lookup = vi
      .spyOn(PaymentPlansRepository.prototype, 'byKey')
      .mockResolvedValueOnce(undefined);
    try {
      const second = await create(body, 'plan-race-1');
      expect(second.status).toBe(200);
      expect(await second.json()).toEqual(await first.json());
    } finally {
      lookup.mockRestore();
    }
    expect(await portalPlans()).toHaveLength(1);
  });

  it('needs an Idempotency-Key of 8 to 128 characters', async () => {
    const body = await requestFor({ accounts: ['107-40010002'], monthly: 5175, day: 15 });
    expect((await create(body, 'short')).status).toBe(400);
    expect((await create(body, 'x'.repeat(129))).status).toBe(400);
    expect(await portalPlans()).toHaveLength(0);
  });

  it('with autopay keeps the saved card and makes the plan Auto; words and e-mails it in Spanish', async () => {
    const card = await savedCard();
    const body = await requestFor({
      accounts: ['107-40010002'],
      monthly: 5175,
      day: 3,
      method: card,
      language: 'es',
    });
    expect(body.authorization.text).toContain('Visa terminada en 4242');
    const response = await create(body, 'plan-autopay-1', { 'Accept-Language': 'es' });
    expect(response.status).toBe(200);
    const created = planCreatedSchema.parse(await response.json());
    expect(created.autopay).toBe(true);
    const [plan] = await portalPlans();
    expect(plan).toMatchObject({ type: 'Auto', autopayMethodId: card.id, dayOfMonth: 3 });
    const [authorization] = await db()
      .select()
      .from(paymentAuthorizations)
      .where(eq(paymentAuthorizations.planId, plan?.id ?? ''));
    expect(authorization).toMatchObject({ language: 'es', paymentMethodId: card.id });
    expect(await mails()).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          subject: `Su plan de pagos ${created.planNumber} con ${server.env.WEBPAY_PROVIDER_NAME}`,
        }),
      ]),
    );
  });

  it('refuses autopay without a method, or with a removed one', async () => {
    const removed = await savedCard(true);
    const body = await requestFor({
      accounts: ['107-40010002'],
      monthly: 5175,
      day: 3,
      method: removed,
    });
    const gone = await create(body, 'plan-removed-card');
    expect(gone.status).toBe(400);
    expect(JSON.stringify(await gone.json())).toContain('body.paymentMethodId');
    const none = await create({ ...body, paymentMethodId: null }, 'plan-no-card-1');
    expect(none.status).toBe(400);
    expect(JSON.stringify(await none.json())).toContain('body.paymentMethodId');
    expect(await portalPlans()).toHaveLength(0);
  });

  it('refuses an authorization that is not the one the plan needs, writing nothing', async () => {
    const mailsBefore = (await mails()).length;
    const body = await requestFor({ accounts: ['107-40010002'], monthly: 5175, day: 15 });
    // Words for another day of the month than the one asked for.
    const stale = await requestFor({ accounts: ['107-40010002'], monthly: 5175, day: 16 });
    const response = await create(
      { ...body, authorization: stale.authorization },
      'plan-stale-words',
    );
    expect(response.status).toBe(400);
    const error = await response.json();
    expect(error).toMatchObject({ code: 'VALIDATION_ERROR' });
    expect(JSON.stringify(error)).toContain('body.authorization.text');
    expect(await portalPlans()).toHaveLength(0);
    expect(await mails()).toHaveLength(mailsBefore);
  });

  describe('the rules', () => {
    const refused = async (body: unknown, status: number, field: string, key: string) => {
      const response = await create(body, key);
      expect(response.status).toBe(status);
      expect(JSON.stringify(await response.json())).toContain(field);
      expect(await portalPlans()).toHaveLength(0);
    };

    it('a monthly amount under the least', async () => {
      const body = await requestFor({ accounts: ['107-40010002'], monthly: 2000, day: 15 });
      await refused(body, 400, 'body.monthlyAmountCents', 'rule-min-monthly');
    });

    it('more months than allowed', async () => {
      const body = await requestFor({
        accounts: ['107-40010001', '107-40010002'],
        monthly: 2500,
        day: 15,
      });
      await refused(body, 400, 'body.monthlyAmountCents', 'rule-max-months');
    });

    it('a monthly amount above the balance', async () => {
      const body = await requestFor({ accounts: ['107-40010002'], monthly: 40_000, day: 15 });
      await refused(body, 400, 'body.monthlyAmountCents', 'rule-above-balance');
    });

    it('a day outside 1 to 28', async () => {
      const body = await requestFor({ accounts: ['107-40010002'], monthly: 5175, day: 15 });
      await refused({ ...body, dayOfMonth: 29 }, 400, 'dayOfMonth', 'rule-day-29');
      await refused({ ...body, dayOfMonth: 0 }, 400, 'dayOfMonth', 'rule-day-0');
    });

    it('no encounters', async () => {
      const body = await requestFor({ accounts: ['107-40010002'], monthly: 5175, day: 15 });
      await refused({ ...body, encounters: [] }, 400, 'encounters', 'rule-no-encounters');
    });

    it('someone else’s encounter, one on a plan, one at another facility: as unknown', async () => {
      const body = await requestFor({ accounts: ['107-40010002'], monthly: 5175, day: 15 });
      const others = [
        { facilityId: '107', accountNumber: '40050001' }, // Ana's
        { facilityId: '107', accountNumber: '40009001' }, // on PP-7001
        { facilityId: '153', accountNumber: '80001' }, // not a main encounter
        { facilityId: '107', accountNumber: '40010003' }, // nothing owed
      ];
      for (const [index, other] of others.entries()) {
        const response = await create(
          { ...body, encounters: [...body.encounters, other] },
          `rule-not-eligible-${index}`,
        );
        expect(response.status).toBe(404);
        const error = await response.json();
        expect(error).toMatchObject({ code: 'ACCOUNT_NOT_FOUND' });
        expect(JSON.stringify(error)).toContain('body.encounters.1');
      }
      expect(await portalPlans()).toHaveLength(0);
    });

    it('an encounter listed twice', async () => {
      const body = await requestFor({ accounts: ['107-40010002'], monthly: 5175, day: 15 });
      await refused(
        { ...body, encounters: [...body.encounters, ...body.encounters] },
        400,
        'body.encounters.1',
        'rule-twice',
      );
    });

    it('a balance under the least (a stricter setting)', async () => {
      const plans = createPaymentPlans({
        db: db(),
        calendar: { dayOf: () => '2026-11-28' } as never,
        outbox: { queue: async () => '' },
        branding: server.app.services.mail.branding,
        settings: {
          rules: {
            minBalanceCents: 50_000,
            minMonthlyCents: 2500,
            maxMonths: 24,
            interestRatePercent: 0,
          },
          timings: {
            fixedNoticeDays: 3,
            variableNoticeDays: 10,
            retryDays: 3,
            changeBusinessDays: 3,
          },
          payee: 'Payee',
          fallbackSupportPhone: '(801) 555-0100',
        },
      });
      const body = await requestFor({ accounts: ['107-40010002'], monthly: 5175, day: 15 });
      await expect(
        plans.service.create(
          { guarantorId: mariaId },
          'rule-min-balance',
          body,
          { userAgent: null },
          {
            requestId: 'r',
            correlationId: 'r',
            ipAddress: '',
            language: 'en',
          },
        ),
      ).rejects.toMatchObject({
        statusCode: 400,
        details: [expect.stringMatching(/^body\.encounters: .*\$500\.00/)],
      });
      expect(await portalPlans()).toHaveLength(0);
    });
  });
});
