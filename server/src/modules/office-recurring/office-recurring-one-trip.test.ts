import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OFFICE_RECURRING_PATHS } from '@webpay/contracts/office-recurring';
import {
  autopayCharges,
  paymentAuthorizations,
  paymentMethods,
  paymentPlans,
  planInstalments,
  statementAutopay,
} from '../../db/schema.ts';
import { DEMO_GUARANTORS } from '../../demo/demo-guarantors.ts';
import { DEMO_STAFF } from '../../demo/demo-staff.ts';
import { demoId } from '../../demo/ids.ts';
import { testDatabaseKinds } from '../../../test/support/database.ts';
import { mintStaffSession, officeCall } from '../../../test/support/office.ts';
import {
  auditRowsOf,
  described,
  expectDisabledMemberUnread,
  expectEndedSessionsUnread,
} from '../../../test/support/staff-reads.ts';
import { startTestServer, type TestServer } from '../../../test/support/test-server.ts';

const { james } = DEMO_GUARANTORS;
const jamesId = demoId(`guarantor:${james.accountNumber}`);

/** James's recurring payments, with a time in every column that has one. */
async function seedJames(server: TestServer, revokedBy: string) {
  const { db } = server.database;
  const card = randomUUID();
  const planId = randomUUID();
  const holder = { firstName: 'James', lastName: 'Wilson' };
  await db.insert(paymentMethods).values([
    {
      id: card,
      guarantorId: jamesId,
      kind: 'card',
      brand: 'MC',
      last4: '5100',
      cardExpiry: '0931',
      processorToken: 'tok-5100',
      holder,
      isDefault: true,
      savedFrom: 'payment',
    },
    {
      id: randomUUID(),
      guarantorId: jamesId,
      kind: 'card',
      brand: 'VISA',
      last4: '1111',
      cardExpiry: '0127',
      processorToken: 'tok-1111',
      holder,
      savedFrom: 'setup',
      removedAt: new Date('2026-10-10T15:00:00.123Z'),
    },
  ]);
  await db.insert(paymentPlans).values({
    id: planId,
    guarantorId: jamesId,
    planNumber: 'PP-ONETRIP1',
    version: 1,
    type: 'Auto',
    status: 'Active',
    dueCents: 5_000,
    overdueCents: 5_000,
    regularPaymentCents: 5_000,
    currentBalanceCents: 15_000,
    numberOfPayments: 4,
    source: 'portal',
    totalCents: 20_000,
    dayOfMonth: 12,
    autopayMethodId: card,
    needsAttentionSince: '2026-10-14',
  });
  const instalments = ['2026-09-12', '2026-10-12', '2099-01-12'].map((dueDate, index) => ({
    id: randomUUID(),
    planId,
    number: index + 1,
    dueDate,
    amountCents: 5_000,
    completedAt: index === 0 ? '2026-09-12' : null,
    skippedAt: index === 2 ? new Date('2026-11-02T10:00:00.456Z') : null,
  }));
  await db.insert(planInstalments).values(instalments);
  const [authorization] = await db
    .insert(paymentAuthorizations)
    .values([
      {
        id: randomUUID(),
        guarantorId: jamesId,
        kind: 'plan',
        planId,
        paymentMethodId: card,
        text: 'I agree to pay in four monthly payments.',
        language: 'en',
        acceptedAt: new Date('2026-08-20T16:00:00.789Z'),
        ipAddress: '203.0.113.9',
      },
      {
        id: randomUUID(),
        guarantorId: jamesId,
        kind: 'statement_autopay',
        paymentMethodId: card,
        text: 'I agree to pay each statement automatically.',
        language: 'en',
        acceptedAt: new Date('2026-08-21T16:00:00Z'),
        revokedAt: new Date('2026-11-01T16:00:00Z'),
        revokedBy,
        revokeReason: 'Asked on the phone',
      },
    ])
    .returning();
  await db.insert(statementAutopay).values({
    id: randomUUID(),
    guarantorId: jamesId,
    paymentMethodId: card,
    capCents: 30_000,
    authorizationId: authorization?.id ?? '',
  });
  await db.insert(autopayCharges).values({
    id: randomUUID(),
    guarantorId: jamesId,
    kind: 'instalment',
    planId,
    instalmentId: instalments[1]?.id ?? '',
    attempt: 2,
    chargeDate: '2026-10-14',
    amountCents: 5_000,
    paymentMethodId: card,
    status: 'declined',
    failureMessage: 'DECLINED',
  });
}

describe.each(testDatabaseKinds)('recurring payments read in one trip (%s)', (kind) => {
  let server: TestServer;
  const viewer = { token: '', staffId: '', sessionId: '' };

  beforeAll(async () => {
    server = await startTestServer(kind);
    viewer.token = await mintStaffSession(server, DEMO_STAFF.viewer.email);
    const member = await server.app.services.staff.members.findByEmail(DEMO_STAFF.viewer.email);
    viewer.staffId = member?.id ?? '';
    const agent = await server.app.services.staff.members.findByEmail(DEMO_STAFF.agent.email);
    await seedJames(server, agent?.id ?? '');
  });

  afterAll(async () => {
    await server?.close();
  });

  const context = (requestId: string) => ({
    requestId,
    correlationId: requestId,
    ipAddress: '198.51.100.7',
  });

  /** The call's answer and rows beside the service's for the same look. */
  async function compared(
    path: string,
    requestId: string,
    serve: (requestId: string) => Promise<unknown>,
  ) {
    const response = await officeCall(server, path, {
      token: viewer.token,
      headers: { 'X-Request-Id': `${requestId}-call` },
    });
    const body: unknown = await response.json();
    const answer = await serve(`${requestId}-service`).catch((error: unknown) => error);
    return {
      status: response.status,
      body,
      answer,
      called: (await auditRowsOf(server, `${requestId}-call`)).map(described),
      served: (await auditRowsOf(server, `${requestId}-service`)).map(described),
    };
  }

  it('answers and audits a guarantor’s recurring payments as the service always has', async () => {
    for (const guarantorId of [
      jamesId,
      demoId(`guarantor:${DEMO_GUARANTORS.maria.accountNumber}`),
    ]) {
      const seen = await compared(
        OFFICE_RECURRING_PATHS.recurring(guarantorId),
        `recurring-${guarantorId}`,
        (id) => server.app.services.officeRecurring.recurring(guarantorId, viewer, context(id)),
      );
      expect(seen.status).toBe(200);
      // The response's schema puts the keys in its order; the values are what counts here.
      expect(seen.body).toEqual(seen.answer);
      expect(seen.called).toEqual(seen.served);
      expect(seen.called.map((row) => row.action)).toEqual(['office.recurring.viewed']);
    }
  });

  it('answers an unknown guarantor 404 with the same failure row', async () => {
    const seen = await compared(
      OFFICE_RECURRING_PATHS.recurring('no-such-guarantor'),
      'unknown',
      (id) =>
        server.app.services.officeRecurring.recurring('no-such-guarantor', viewer, context(id)),
    );
    expect(seen.status).toBe(404);
    expect(seen.answer).toMatchObject({ statusCode: 404 });
    expect(seen.body).toMatchObject({ status: 404, code: 'NOT_FOUND' });
    expect(seen.called).toEqual(seen.served);
    expect(seen.called).toMatchObject([
      { action: 'office.recurring.viewed', outcome: 'failure', details: { reason: 'not_found' } },
    ]);
  });

  it('answers and audits the plans needing attention as the service always has', async () => {
    const seen = await compared(OFFICE_RECURRING_PATHS.plansNeedingAttention, 'attention', (id) =>
      server.app.services.officeRecurring.plansNeedingAttention(viewer, context(id)),
    );
    expect(seen.status).toBe(200);
    expect(seen.body).toEqual(seen.answer);
    expect(seen.body).toMatchObject({ plans: [{ planNumber: 'PP-ONETRIP1' }] });
    expect(seen.called).toEqual(seen.served);
    expect(seen.called.map((row) => row.action)).toEqual(['office.plans_attention.viewed']);
  });

  it('reads and audits nothing for an ended, unknown or disabled staff session', async () => {
    for (const path of [
      OFFICE_RECURRING_PATHS.recurring(jamesId),
      OFFICE_RECURRING_PATHS.plansNeedingAttention,
    ]) {
      await expectEndedSessionsUnread(server, path, DEMO_STAFF.viewer.email);
      await expectDisabledMemberUnread(server, path, DEMO_STAFF.viewer.email);
    }
  });

  it('answers a bad id 401 without a session, and 400 only to a signed-in caller', async () => {
    const bad = OFFICE_RECURRING_PATHS.recurring('not.an.id');
    expect((await officeCall(server, bad)).status).toBe(401);
    const response = await officeCall(server, bad, {
      token: viewer.token,
      headers: { 'X-Request-Id': 'recurring-bad-id' },
    });
    expect(response.status).toBe(400);
    expect(await auditRowsOf(server, 'recurring-bad-id')).toEqual([]);
    await expectEndedSessionsUnread(server, bad, DEMO_STAFF.viewer.email);
  });
});
