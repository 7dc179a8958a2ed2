import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  OFFICE_RECURRING_PATHS,
  guarantorRecurringSchema,
  plansNeedingAttentionSchema,
  staffAutopayCancelledSchema,
} from '@webpay/contracts/office-recurring';
import {
  auditEvents,
  autopayCharges,
  paymentAuthorizations,
  paymentMethods,
  paymentPlans,
  payments,
  planInstalments,
  receipts,
  staffMembers,
  statementAutopay,
} from '../../db/schema.ts';
import { DEMO_GUARANTORS } from '../../demo/demo-guarantors.ts';
import { DEMO_STAFF } from '../../demo/demo-staff.ts';
import { demoId } from '../../demo/ids.ts';
import { testDatabaseKinds } from '../../../test/support/database.ts';
import { officeCall, staffSignIn } from '../../../test/support/office.ts';
import { startTestServer, type TestServer } from '../../../test/support/test-server.ts';
import type { StaffAutopayCanceller, StaffCancel } from './index.ts';

const { maria, james } = DEMO_GUARANTORS;
const mariaId = demoId(`guarantor:${maria.accountNumber}`);
const jamesId = demoId(`guarantor:${james.accountNumber}`);

const RECEIPT_ID = 'R-AUTOPAY-1';
const CARD_TOKEN = 'tok-4421-secret-token';
const BANK_SEALED = 'v1.sealed-bank-account-ciphertext';
const AUTHORIZATION_TEXT =
  'I agree to pay Wasatch Valley Health $600.00 for account 107-40010001 in 6 monthly payments of $100.00, interest-free.';

/** What the autopay module was asked to cancel, in order. */
class FakeCanceller implements StaffAutopayCanceller {
  calls: { what: 'plan' | 'statement'; id: string; by: StaffCancel }[] = [];
  cancelPlanAutopay(planId: string, by: StaffCancel) {
    this.calls.push({ what: 'plan', id: planId, by });
    return Promise.resolve({ stillCharging: null });
  }
  cancelStatementAutopay(guarantorId: string, by: StaffCancel) {
    this.calls.push({ what: 'statement', id: guarantorId, by });
    return Promise.resolve({ stillCharging: null });
  }
}

/** Maria's recurring payments: a card (default), a removed bank account, an autopay plan, statement autopay. */
async function seedMaria(server: TestServer, agentId: string) {
  const { db } = server.database;
  const card = randomUUID();
  const bank = randomUUID();
  const planId = randomUUID();
  const holder = { firstName: 'Maria', lastName: 'Garcia' };
  await db.insert(paymentMethods).values([
    {
      id: card,
      guarantorId: mariaId,
      kind: 'card',
      brand: 'VISA',
      last4: '4421',
      cardExpiry: '1230',
      processorToken: CARD_TOKEN,
      holder,
      isDefault: true,
      savedFrom: 'payment',
    },
    {
      id: bank,
      guarantorId: mariaId,
      kind: 'bank',
      brand: 'CHECKING',
      last4: '6789',
      bankSealed: BANK_SEALED,
      bankKeyId: 'k1',
      bankFingerprint: 'fingerprint-of-the-account',
      holder,
      savedFrom: 'setup',
      removedAt: new Date('2026-11-10T15:00:00Z'),
    },
  ]);
  await db.insert(paymentPlans).values({
    id: planId,
    guarantorId: mariaId,
    planNumber: 'PP-TESTRCUR',
    version: 1,
    type: 'Auto',
    status: 'Active',
    dueCents: 10_000,
    overdueCents: 10_000,
    regularPaymentCents: 10_000,
    currentBalanceCents: 50_000,
    numberOfPayments: 6,
    source: 'portal',
    totalCents: 60_000,
    dayOfMonth: 5,
    autopayMethodId: card,
    needsAttentionSince: '2026-10-08',
  });
  const instalments = ['2026-09-05', '2026-10-05', '2099-01-05'].map((dueDate, index) => ({
    id: randomUUID(),
    planId,
    number: index + 1,
    dueDate,
    amountCents: 10_000,
    completedAt: index === 0 ? '2026-09-05' : null,
  }));
  await db.insert(planInstalments).values(instalments);
  const [authorization] = await db
    .insert(paymentAuthorizations)
    .values([
      {
        id: randomUUID(),
        guarantorId: mariaId,
        kind: 'plan',
        planId,
        paymentMethodId: card,
        text: AUTHORIZATION_TEXT,
        language: 'en',
        acceptedAt: new Date('2026-08-20T16:00:00Z'),
        ipAddress: '203.0.113.7',
      },
      {
        id: randomUUID(),
        guarantorId: mariaId,
        kind: 'statement_autopay',
        paymentMethodId: card,
        text: 'Autorizo a Wasatch Valley Health a cobrar automáticamente.',
        language: 'es',
        acceptedAt: new Date('2026-08-21T16:00:00Z'),
        ipAddress: '203.0.113.8',
        revokedAt: new Date('2026-11-01T16:00:00Z'),
        revokedBy: agentId,
        revokeReason: 'Asked on the phone',
      },
    ])
    .returning();
  await db.insert(statementAutopay).values({
    id: randomUUID(),
    guarantorId: mariaId,
    paymentMethodId: card,
    capCents: 50_000,
    authorizationId: authorization?.id ?? '',
  });
  const paymentId = randomUUID();
  await db.insert(payments).values({
    id: paymentId,
    guarantorId: mariaId,
    status: 'recorded',
    method: 'card',
    amountCents: 10_000,
    processorReference: `AP-${paymentId.slice(0, 8)}`,
    payer: holder,
    origin: 'autopay',
    paymentMethodId: card,
  });
  await db
    .insert(receipts)
    .values({ id: randomUUID(), paymentId, receiptId: RECEIPT_ID, snapshot: {} });
  await db.insert(autopayCharges).values([
    {
      id: randomUUID(),
      guarantorId: mariaId,
      kind: 'instalment',
      planId,
      instalmentId: instalments[0]?.id ?? '',
      attempt: 1,
      chargeDate: '2026-09-05',
      amountCents: 10_000,
      paymentMethodId: card,
      status: 'paid',
      paymentId,
    },
    {
      id: randomUUID(),
      guarantorId: mariaId,
      kind: 'instalment',
      planId,
      instalmentId: instalments[1]?.id ?? '',
      attempt: 2,
      chargeDate: '2026-10-08',
      amountCents: 10_000,
      paymentMethodId: card,
      status: 'declined',
      failureMessage: 'DECLINED',
    },
  ]);
  return { card, bank, planId };
}

describe.each(testDatabaseKinds)('recurring payments in the console’s API (%s)', (kind) => {
  let server: TestServer;
  const canceller = new FakeCanceller();
  const tokens = { viewer: '', agent: '' };
  let seeded: Awaited<ReturnType<typeof seedMaria>>;
  let agentId = '';

  beforeAll(async () => {
    server = await startTestServer(kind, { serviceOverrides: { autopayCanceller: canceller } });
    tokens.viewer = await staffSignIn(server, DEMO_STAFF.viewer);
    tokens.agent = await staffSignIn(server, DEMO_STAFF.agent);
    const [agent] = await server.database.db
      .select({ id: staffMembers.id })
      .from(staffMembers)
      .where(eq(staffMembers.email, DEMO_STAFF.agent.email));
    agentId = agent?.id ?? '';
    seeded = await seedMaria(server, agentId);
  });

  beforeEach(() => {
    canceller.calls = [];
  });

  afterAll(async () => {
    await server?.close();
  });

  const call = (path: string, token: string, request: { body?: unknown; id?: string } = {}) =>
    officeCall(server, path, {
      token,
      ...(request.body === undefined ? {} : { body: request.body }),
      ...(request.id ? { headers: { 'X-Request-Id': request.id } } : {}),
    });
  const auditRow = async (requestId: string) => {
    const [row] = await server.database.db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.requestId, requestId));
    return row;
  };

  it('shows a viewer Maria’s recurring payments, masked, and audits the look', async () => {
    const response = await call(OFFICE_RECURRING_PATHS.recurring(mariaId), tokens.viewer, {
      id: 'recurring-view',
    });
    expect(response.status).toBe(200);
    const text = await response.text();
    for (const secret of [CARD_TOKEN, BANK_SEALED, 'fingerprint-of-the-account', 'k1']) {
      expect(text).not.toContain(secret);
    }
    const recurring = guarantorRecurringSchema.parse(JSON.parse(text));

    expect(recurring.methods.map((method) => [method.last4, method.removedAt !== null])).toEqual([
      ['4421', false],
      ['6789', true],
    ]);
    expect(recurring.methods[0]).toMatchObject({
      expiry: '12/30',
      isDefault: true,
      usedBy: [{ kind: 'plan', planNumber: 'PP-TESTRCUR' }, { kind: 'statement_autopay' }],
    });
    const [plan] = recurring.plans;
    expect(plan).toMatchObject({ planNumber: 'PP-TESTRCUR', autopay: true, needsAttention: true });
    expect(plan?.instalments.map((row) => row.status)).toEqual(['paid', 'overdue', 'due']);
    expect(recurring.statementAutopay).toMatchObject({ capCents: 50_000 });
    const planAuthorization = recurring.authorizations.find((row) => row.kind === 'plan');
    expect(planAuthorization).toMatchObject({
      text: AUTHORIZATION_TEXT,
      language: 'en',
      ipAddress: '203.0.113.7',
      planNumber: 'PP-TESTRCUR',
      revokedAt: null,
    });
    expect(recurring.authorizations.find((row) => row.revokedAt)).toMatchObject({
      revokedBy: DEMO_STAFF.agent.email,
      revokeReason: 'Asked on the phone',
    });
    expect(recurring.history.map((row) => [row.status, row.receiptId])).toEqual([
      ['declined', null],
      ['paid', RECEIPT_ID],
    ]);
    expect(recurring.upcoming).toMatchObject([
      { kind: 'instalment', planNumber: 'PP-TESTRCUR', instalmentNumber: 3, date: '2099-01-05' },
    ]);
    expect(await auditRow('recurring-view')).toMatchObject({
      action: 'office.recurring.viewed',
      actorType: 'staff',
      guarantorId: mariaId,
      outcome: 'success',
    });
  });

  it('answers 404 for a guarantor that does not exist', async () => {
    const response = await call(
      OFFICE_RECURRING_PATHS.recurring('no-such-guarantor'),
      tokens.viewer,
    );
    expect(response.status).toBe(404);
  });

  it('refuses a viewer’s cancel with 403, asking the autopay module nothing', async () => {
    const response = await call(
      OFFICE_RECURRING_PATHS.cancelPlanAutopay(mariaId, 'PP-TESTRCUR'),
      tokens.viewer,
      { body: { reason: 'Caller asked' }, id: 'recurring-403' },
    );
    expect(response.status).toBe(403);
    expect(canceller.calls).toEqual([]);
    expect(await auditRow('recurring-403')).toMatchObject({ action: 'access.denied' });
  });

  it('requires a reason to cancel', async () => {
    const response = await call(
      OFFICE_RECURRING_PATHS.cancelPlanAutopay(mariaId, 'PP-TESTRCUR'),
      tokens.agent,
      { body: { reason: '   ' } },
    );
    expect(response.status).toBe(400);
    expect(canceller.calls).toEqual([]);
  });

  it('answers 404 for Maria’s plan asked for under another guarantor', async () => {
    const response = await call(
      OFFICE_RECURRING_PATHS.cancelPlanAutopay(jamesId, 'PP-TESTRCUR'),
      tokens.agent,
      { body: { reason: 'Caller asked' }, id: 'recurring-404' },
    );
    expect(response.status).toBe(404);
    expect(canceller.calls).toEqual([]);
    expect(await auditRow('recurring-404')).toMatchObject({
      action: 'office.autopay.plan_cancelled',
      outcome: 'failure',
      guarantorId: jamesId,
    });
  });

  it('cancels a plan’s autopay for an agent, with the reason in the audit row', async () => {
    const response = await call(
      OFFICE_RECURRING_PATHS.cancelPlanAutopay(mariaId, 'PP-TESTRCUR'),
      tokens.agent,
      { body: { reason: 'Card lost, caller asked' }, id: 'recurring-cancel-plan' },
    );
    expect(response.status).toBe(200);
    expect(staffAutopayCancelledSchema.parse(await response.json()).message).toContain(
      'PP-TESTRCUR',
    );
    expect(canceller.calls).toEqual([
      {
        what: 'plan',
        id: seeded.planId,
        by: { kind: 'staff', staffId: agentId, reason: 'Card lost, caller asked' },
      },
    ]);
    expect(await auditRow('recurring-cancel-plan')).toMatchObject({
      action: 'office.autopay.plan_cancelled',
      outcome: 'success',
      actorId: agentId,
      guarantorId: mariaId,
      details: expect.objectContaining({
        reason: 'Card lost, caller asked',
        planNumber: 'PP-TESTRCUR',
      }),
    });
  });

  it('cancels autopay on statements, and says 404 where it is not on', async () => {
    const response = await call(
      OFFICE_RECURRING_PATHS.cancelStatementAutopay(mariaId),
      tokens.agent,
      { body: { reason: 'Moving to paper' }, id: 'recurring-cancel-statement' },
    );
    expect(response.status).toBe(200);
    expect(canceller.calls).toMatchObject([{ what: 'statement', id: mariaId }]);
    expect(await auditRow('recurring-cancel-statement')).toMatchObject({
      action: 'office.autopay.statement_cancelled',
      details: expect.objectContaining({ reason: 'Moving to paper' }),
    });

    const none = await call(OFFICE_RECURRING_PATHS.cancelStatementAutopay(jamesId), tokens.agent, {
      body: { reason: 'Moving to paper' },
    });
    expect(none.status).toBe(404);
  });

  it('lists the plans needing attention for a viewer, with the guarantor and the overdue amount', async () => {
    const response = await call(OFFICE_RECURRING_PATHS.plansNeedingAttention, tokens.viewer, {
      id: 'recurring-attention',
    });
    expect(response.status).toBe(200);
    const { plans } = plansNeedingAttentionSchema.parse(await response.json());
    expect(plans.find((plan) => plan.planNumber === 'PP-TESTRCUR')).toEqual({
      guarantorId: mariaId,
      guarantorName: `${maria.firstName} ${maria.lastName}`,
      accountNumber: maria.accountNumber,
      planNumber: 'PP-TESTRCUR',
      overdueSince: '2026-10-08',
      overdueCents: 10_000,
    });
    const days = plans.map((plan) => plan.overdueSince);
    expect(days).toEqual([...days].sort());
    expect(await auditRow('recurring-attention')).toMatchObject({
      action: 'office.plans_attention.viewed',
    });
    await server.database.db
      .update(paymentPlans)
      .set({ closedAt: new Date() })
      .where(and(eq(paymentPlans.id, seeded.planId)));
    const after = plansNeedingAttentionSchema.parse(
      await (await call(OFFICE_RECURRING_PATHS.plansNeedingAttention, tokens.viewer)).json(),
    );
    expect(after.plans.map((plan) => plan.planNumber)).not.toContain('PP-TESTRCUR');
  });
});
