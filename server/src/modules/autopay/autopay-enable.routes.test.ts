import { randomUUID } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_PATHS } from '@webpay/contracts/api';
import { addDays, dayIn } from '@webpay/contracts/dates';
import { encountersResponseSchema } from '@webpay/contracts/encounters';
import type { Language } from '@webpay/contracts/language';
import { toCents } from '@webpay/contracts/money';
import {
  DEFAULT_AUTOPAY_TIMINGS,
  PAYMENT_PLAN_PATHS,
  autopayOverviewSchema,
  changeDeadline,
  planAuthorizationText,
  statementAutopayAuthorizationText,
} from '@webpay/contracts/payment-plans';
import {
  auditEvents,
  autopayCharges,
  encounters,
  paymentAuthorizations,
  paymentMethods,
  paymentPlans,
  payments,
  planInstalments,
  receipts,
  statementAutopay,
  statements,
} from '../../db/schema.ts';
import { DEMO_GUARANTORS } from '../../demo/demo-guarantors.ts';
import { guarantorIdOf, insertCard, insertPlan } from '../../../test/support/autopay.ts';
import { startTestServer, type TestServer } from '../../../test/support/test-server.ts';

const { maria, robert } = DEMO_GUARANTORS;
const CARD = { kind: 'card' as const, brand: 'VISA', last4: '1111' };
const AGENT = 'autopay-enable-test';

describe('turning autopay on, and the autopay overview', () => {
  let server: TestServer;
  let token: string;
  let mariaId: string;
  const db = () => server.database.db;
  const today = () => dayIn(server.env.WEBPAY_TIME_ZONE, new Date());

  beforeAll(async () => {
    server = await startTestServer('pglite');
    token = await server.login(maria.accountNumber, maria.pin);
    mariaId = await guarantorIdOf(db(), maria.accountNumber);
  });
  afterAll(async () => {
    await server?.close();
  });

  /** A Mail-in portal plan over two of Maria's open encounters, its first instalment paid. */
  async function portalPlan(dueDates: string[]) {
    const plan = await insertPlan(db(), mariaId, null, dueDates);
    const open = await db()
      .select({ id: encounters.id })
      .from(encounters)
      .where(
        and(
          eq(encounters.guarantorId, mariaId),
          isNull(encounters.closedAt),
          isNull(encounters.planId),
        ),
      )
      .limit(2);
    for (const row of open) {
      await db().update(encounters).set({ planId: plan.planId }).where(eq(encounters.id, row.id));
    }
    return plan;
  }

  /** The text the portal shows, built from what the dashboard lists (as the web does). */
  async function planText(planNumber: string, language: Language = 'en') {
    const response = await server.api(API_PATHS.encounters, { token });
    const { paymentPlans: plans } = encountersResponseSchema.parse(await response.json());
    const plan = plans.find((row) => row.id === planNumber);
    if (!plan) throw new Error(`the dashboard does not list ${planNumber}`);
    const instalments = plan.amortization
      .filter((row) => row.completedAt === null)
      .map((row) => ({
        number: row.number,
        dueDate: row.dueDate,
        amountCents: toCents(row.amount),
      }));
    return planAuthorizationText(language, {
      payee: server.env.WEBPAY_PROVIDER_NAME,
      accounts: plan.encounters.map((row) => `${row.facilityId}-${row.accountNumber}`),
      totalCents: instalments.reduce((sum, row) => sum + row.amountCents, 0),
      instalments,
      dayOfMonth: Number(instalments[0]?.dueDate.slice(8, 10)),
      autopayMethod: CARD,
      noticeDays: DEFAULT_AUTOPAY_TIMINGS.fixedNoticeDays,
      changeBusinessDays: DEFAULT_AUTOPAY_TIMINGS.changeBusinessDays,
      billingOfficePhone: maria.supportPhone,
    });
  }

  const statementText = (capCents: number, language: Language = 'en') =>
    statementAutopayAuthorizationText(language, {
      payee: server.env.WEBPAY_PROVIDER_NAME,
      method: CARD,
      capCents,
      noticeDays: DEFAULT_AUTOPAY_TIMINGS.variableNoticeDays,
      changeBusinessDays: DEFAULT_AUTOPAY_TIMINGS.changeBusinessDays,
      billingOfficePhone: maria.supportPhone,
    });

  const putPlan = (planNumber: string, body: unknown, headers: Record<string, string> = {}) =>
    server.api(PAYMENT_PLAN_PATHS.planAutopay(planNumber), {
      method: 'PUT',
      token,
      body,
      headers: { 'User-Agent': AGENT, ...headers },
    });

  /** The refusal's field paths, as named anywhere in the error object. */
  const fields = async (response: Response) =>
    [...JSON.stringify(await response.json()).matchAll(/body\.[A-Za-z.]+/g)].map((m) => m[0]);

  const planRow = async (planId: string) =>
    (await db().select().from(paymentPlans).where(eq(paymentPlans.id, planId)))[0];

  it('turns a plan’s autopay on with the exact words over the remaining instalments, stored word for word', async () => {
    const start = addDays(today(), 20);
    const plan = await portalPlan([addDays(today(), -10), start, addDays(start, 30)]);
    await db()
      .update(planInstalments)
      .set({ completedAt: addDays(today(), -10) })
      .where(eq(planInstalments.id, plan.instalmentIds[0] ?? ''));
    const card = await insertCard(db(), mariaId, `tok-approve-${randomUUID()}`);
    const text = await planText(plan.planNumber);
    expect(text).toContain('2 monthly payments');

    const wrong = await putPlan(plan.planNumber, {
      paymentMethodId: card,
      authorization: { accepted: true, text: `${text} ` },
    });
    expect(wrong.status).toBe(400);
    expect(await fields(wrong)).toEqual(['body.authorization.text']);
    expect((await planRow(plan.planId))?.autopayMethodId).toBeNull();

    const response = await putPlan(plan.planNumber, {
      paymentMethodId: card,
      authorization: { accepted: true, text },
    });
    expect(response.status).toBe(204);
    expect(await planRow(plan.planId)).toMatchObject({ autopayMethodId: card, type: 'Auto' });
    const [stored] = await db()
      .select()
      .from(paymentAuthorizations)
      .where(eq(paymentAuthorizations.planId, plan.planId));
    expect(stored).toMatchObject({
      kind: 'plan_autopay',
      paymentMethodId: card,
      text,
      language: 'en',
      userAgent: AGENT,
      revokedAt: null,
    });
    const audit = await db()
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, 'autopay.enabled'), eq(auditEvents.targetId, plan.planId)));
    expect(audit).toHaveLength(1);

    const off = await server.api(PAYMENT_PLAN_PATHS.planAutopay(plan.planNumber), {
      method: 'DELETE',
      token,
    });
    expect(off.status).toBe(200);
    expect(await planRow(plan.planId)).toMatchObject({ autopayMethodId: null, type: 'Mail-in' });

    // A charge the cancel stopped does not keep its instalment from being charged once autopay is back.
    const stopped = randomUUID();
    await db()
      .insert(autopayCharges)
      .values({
        id: stopped,
        guarantorId: mariaId,
        kind: 'instalment',
        planId: plan.planId,
        instalmentId: plan.instalmentIds[1] ?? '',
        attempt: 1,
        chargeDate: start,
        amountCents: 5_000,
        paymentMethodId: card,
        status: 'cancelled',
      });
    const again = await putPlan(plan.planNumber, {
      paymentMethodId: card,
      authorization: { accepted: true, text },
    });
    expect(again.status).toBe(204);
    expect(await db().select().from(autopayCharges).where(eq(autopayCharges.id, stopped))).toEqual(
      [],
    );
  });

  it('accepts the Spanish words with Accept-Language: es', async () => {
    const plan = await portalPlan([addDays(today(), 40)]);
    const card = await insertCard(db(), mariaId, `tok-approve-${randomUUID()}`);
    const english = await putPlan(
      plan.planNumber,
      {
        paymentMethodId: card,
        authorization: { accepted: true, text: await planText(plan.planNumber, 'en') },
      },
      { 'Accept-Language': 'es' },
    );
    expect(english.status).toBe(400);
    const text = await planText(plan.planNumber, 'es');
    const response = await putPlan(
      plan.planNumber,
      { paymentMethodId: card, authorization: { accepted: true, text } },
      { 'Accept-Language': 'es' },
    );
    expect(response.status).toBe(204);
    const [stored] = await db()
      .select()
      .from(paymentAuthorizations)
      .where(eq(paymentAuthorizations.planId, plan.planId));
    expect(stored).toMatchObject({ text, language: 'es' });
  });

  it('refuses someone else’s or a removed method, and plans not made in the portal', async () => {
    const plan = await portalPlan([addDays(today(), 40)]);
    const text = await planText(plan.planNumber);
    const robertCard = await insertCard(
      db(),
      await guarantorIdOf(db(), robert.accountNumber),
      `tok-approve-${randomUUID()}`,
    );
    const removed = await insertCard(db(), mariaId, `tok-approve-${randomUUID()}`);
    await db()
      .update(paymentMethods)
      .set({ removedAt: new Date() })
      .where(eq(paymentMethods.id, removed));
    for (const methodId of [robertCard, removed, 'no-such-method']) {
      const response = await putPlan(plan.planNumber, {
        paymentMethodId: methodId,
        authorization: { accepted: true, text },
      });
      expect(response.status).toBe(400);
      expect(await fields(response)).toEqual(['body.paymentMethodId']);
    }
    const card = await insertCard(db(), mariaId, `tok-approve-${randomUUID()}`);
    const feed = await putPlan('PP-7001', {
      paymentMethodId: card,
      authorization: { accepted: true, text },
    });
    expect(feed.status).toBe(404);
    const robertToken = await server.login(robert.accountNumber, robert.pin);
    const crossed = await server.api(PAYMENT_PLAN_PATHS.planAutopay(plan.planNumber), {
      method: 'PUT',
      token: robertToken,
      body: { paymentMethodId: robertCard, authorization: { accepted: true, text } },
    });
    expect(crossed.status).toBe(404);
    expect((await planRow(plan.planId))?.autopayMethodId).toBeNull();
  });

  it('turns autopay on statements on, replaces it, then turns it off', async () => {
    const first = await insertCard(db(), mariaId, `tok-approve-${randomUUID()}`);
    const second = await insertCard(db(), mariaId, `tok-approve-${randomUUID()}`);
    const put = (paymentMethodId: string, capCents: number, text: string) =>
      server.api(PAYMENT_PLAN_PATHS.statementAutopay, {
        method: 'PUT',
        token,
        body: { paymentMethodId, capCents, authorization: { accepted: true, text } },
      });
    const wrong = await put(first, 50_000, statementText(40_000));
    expect(wrong.status).toBe(400);
    expect(await fields(wrong)).toEqual(['body.authorization.text']);

    expect((await put(first, 50_000, statementText(50_000))).status).toBe(204);
    expect((await put(second, 70_000, statementText(70_000))).status).toBe(204);
    const rows = await db()
      .select()
      .from(statementAutopay)
      .where(eq(statementAutopay.guarantorId, mariaId));
    const active = rows.filter((row) => row.cancelledAt === null);
    expect(active).toMatchObject([{ paymentMethodId: second, capCents: 70_000 }]);
    const authorizations = await db()
      .select()
      .from(paymentAuthorizations)
      .where(
        and(
          eq(paymentAuthorizations.guarantorId, mariaId),
          eq(paymentAuthorizations.kind, 'statement_autopay'),
        ),
      );
    expect(authorizations.map((row) => [row.text, row.revokeReason])).toEqual(
      expect.arrayContaining([
        [statementText(50_000), 'replaced'],
        [statementText(70_000), null],
      ]),
    );

    const overview = await server.api(PAYMENT_PLAN_PATHS.autopay, { token });
    expect(autopayOverviewSchema.parse(await overview.json()).statement).toMatchObject({
      paymentMethodId: second,
      capCents: 70_000,
    });

    const off = await server.api(PAYMENT_PLAN_PATHS.statementAutopay, { method: 'DELETE', token });
    expect(off.status).toBe(200);
    const after = await db()
      .select()
      .from(statementAutopay)
      .where(and(eq(statementAutopay.guarantorId, mariaId), isNull(statementAutopay.cancelledAt)));
    expect(after).toEqual([]);
  });

  it('shows what is coming, skippable or not, and what was charged', async () => {
    const card = await insertCard(db(), mariaId, `tok-approve-${randomUUID()}`);
    const later = await insertPlan(db(), mariaId, card, [
      addDays(today(), 30),
      addDays(today(), 60),
    ]);
    const soon = await insertPlan(db(), mariaId, card, [addDays(today(), 1)]);
    const retried = await insertPlan(db(), mariaId, card, [addDays(today(), -2)]);
    const base = { guarantorId: mariaId, kind: 'instalment' as const, paymentMethodId: card };
    await db()
      .insert(autopayCharges)
      .values([
        {
          ...base,
          id: randomUUID(),
          planId: retried.planId,
          instalmentId: retried.instalmentIds[0],
          attempt: 1,
          chargeDate: addDays(today(), -2),
          amountCents: 5_000,
          status: 'declined',
          failureMessage: 'DECLINED',
        },
        {
          ...base,
          id: randomUUID(),
          planId: retried.planId,
          instalmentId: retried.instalmentIds[0],
          attempt: 2,
          chargeDate: addDays(today(), 10),
          amountCents: 5_000,
          status: 'noticed',
        },
      ]);
    // A charge paid earlier, with the receipt of its payment.
    const [receipt] = await db()
      .select({ paymentId: receipts.paymentId, receiptId: receipts.receiptId })
      .from(receipts)
      .innerJoin(payments, eq(payments.id, receipts.paymentId))
      .where(eq(payments.guarantorId, mariaId))
      .limit(1);
    if (!receipt) throw new Error('Maria has no receipt in the demo data');
    await db()
      .insert(autopayCharges)
      .values({
        ...base,
        id: randomUUID(),
        planId: later.planId,
        instalmentId: later.instalmentIds[1],
        attempt: 1,
        chargeDate: addDays(today(), -40),
        amountCents: 5_000,
        status: 'paid',
        paymentId: receipt.paymentId,
      });
    const statementId = randomUUID();
    await db()
      .insert(statements)
      .values({
        id: statementId,
        guarantorId: mariaId,
        statementDate: addDays(today(), 1),
        accountNumber: maria.accountNumber,
        amountDueCents: 12_345,
        dueDate: addDays(today(), 25),
        status: 'open',
        items: [],
      });
    const text = statementText(100_000);
    const on = await server.api(PAYMENT_PLAN_PATHS.statementAutopay, {
      method: 'PUT',
      token,
      body: { paymentMethodId: card, capCents: 100_000, authorization: { accepted: true, text } },
    });
    expect(on.status).toBe(204);

    const response = await server.api(PAYMENT_PLAN_PATHS.autopay, { token });
    expect(response.status).toBe(200);
    const overview = autopayOverviewSchema.parse(await response.json());
    const find = (planNumber: string | null) =>
      overview.upcoming.filter((row) => row.planNumber === planNumber);
    expect(find(later.planNumber)).toEqual([
      {
        kind: 'instalment',
        planNumber: later.planNumber,
        instalmentNumber: 1,
        statementId: null,
        date: addDays(today(), 30),
        amountCents: 5_000,
        paymentMethodId: card,
        changeableUntil: changeDeadline(addDays(today(), 30), 3),
        canSkip: true,
        retry: false,
      },
    ]);
    expect(find(soon.planNumber)).toMatchObject([{ instalmentNumber: 1, canSkip: false }]);
    expect(find(retried.planNumber)).toMatchObject([
      { instalmentNumber: 1, date: addDays(today(), 10), retry: true, canSkip: true },
    ]);
    expect(find(null)).toMatchObject([
      { kind: 'statement', statementId, amountCents: null, date: addDays(today(), 25) },
    ]);
    expect(overview.plans).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          planNumber: later.planNumber,
          autopay: true,
          canUseAutopay: true,
        }),
        expect.objectContaining({ planNumber: 'PP-7001', canUseAutopay: false }),
      ]),
    );
    expect(overview.history).toMatchObject([
      { planNumber: retried.planNumber, attempt: 1, status: 'declined', failure: 'DECLINED' },
      {
        planNumber: later.planNumber,
        instalmentNumber: 2,
        status: 'paid',
        receiptId: receipt.receiptId,
      },
    ]);
  });
});
