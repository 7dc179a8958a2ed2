import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_PATHS } from '@webpay/contracts/api';
import { addDays, toIsoDate } from '@webpay/contracts/dates';
import {
  completedPayments,
  encounterNumber,
  encountersResponseSchema,
  type EncountersResponse,
} from '@webpay/contracts/encounters';
import { hasAtMostTwoDecimals } from '@webpay/contracts/money';
import { auditEvents, guarantors, sessions } from '../../db/schema.ts';
import { DEMO_GUARANTORS, ROBERT_COUNTS } from '../../demo/demo-guarantors.ts';
import { testDatabaseKinds } from '../../../test/support/database.ts';
import { startTestServer, type TestServer } from '../../../test/support/test-server.ts';

const { maria, james, linda, robert, ana } = DEMO_GUARANTORS;

describe.each(testDatabaseKinds)('GET /encounters (%s)', (kind) => {
  let server: TestServer;
  const today = toIsoDate(new Date());

  beforeAll(async () => {
    server = await startTestServer(kind);
  });

  afterAll(async () => {
    await server?.close();
  });

  async function encountersOf(
    guarantor: { accountNumber: string; pin: string },
    requestId?: string,
  ): Promise<EncountersResponse> {
    const token = await server.login(guarantor.accountNumber, guarantor.pin);
    const response = await server.api(API_PATHS.encounters, {
      token,
      headers: requestId ? { 'X-Request-Id': requestId } : {},
    });
    expect(response.status).toBe(200);
    // The database's text, sent as it is, is JSON like any other answer.
    expect(response.headers.get('content-type')).toBe('application/json; charset=utf-8');
    return encountersResponseSchema.parse(await response.json());
  }

  it('gives Maria exactly the bills of DEMO_DATA, to the cent', async () => {
    const body = await encountersOf(maria, 'maria-encounters-1');

    expect(body.encounters).toEqual([
      {
        facilityId: '107',
        accountNumber: '40010001',
        patientName: 'Maria Garcia',
        status: 'self_pay',
        admitDate: '2026-06-02',
        balance: 1250,
        pendingPayments: [
          { receiptId: 'R-9001', date: '2026-11-01', amount: 50, madeInPortal: false },
        ],
        type: 'ENT',
      },
      {
        facilityId: '107',
        accountNumber: '40010002',
        patientName: 'Daniel Garcia',
        status: 'self_pay',
        admitDate: '2026-08-15',
        balance: 310.45,
        type: 'ENT',
      },
      {
        facilityId: '107',
        accountNumber: '40010003',
        patientName: 'Maria Garcia',
        status: 'self_pay',
        admitDate: '2026-09-30',
        balance: 0,
        type: 'ENT',
      },
      expect.objectContaining({
        facilityId: '153',
        accountNumber: '80001',
        patientName: 'Maria Garcia',
        balance: 45.2,
        type: 'EXAR',
        status: 'self_pay',
      }),
      expect.objectContaining({
        facilityId: '153',
        accountNumber: '80002',
        patientName: 'Daniel Garcia',
        balance: 12,
        type: 'EXAR',
        status: 'self_pay',
      }),
      expect.objectContaining({
        facilityId: '990',
        accountNumber: '91001',
        patientName: 'Maria Garcia',
        balance: 220,
        type: 'EXAR',
        status: 'self_pay',
      }),
    ]);
    for (const encounter of body.encounters.slice(1)) {
      expect(encounter).not.toHaveProperty('pendingPayments');
    }

    const [mailIn, auto] = body.paymentPlans;
    expect(body.paymentPlans).toHaveLength(2);
    expect(mailIn).toMatchObject({
      id: 'PP-7001',
      version: 1,
      type: 'Mail-in',
      status: 'Active',
      nextDueDate: addDays(today, 10),
      dueAmount: 150,
      overdueAmount: 75,
      regularPaymentAmount: 150,
      currentBalance: 1480,
      numberOfPayments: 12,
      encounters: [
        {
          facilityId: '107',
          accountNumber: '40009001',
          patientName: 'Maria Garcia',
          status: 'payment_plan',
          admitDate: '2026-01-20',
          balance: 980,
          type: 'ENT',
        },
        {
          facilityId: '107',
          accountNumber: '40009002',
          patientName: 'Daniel Garcia',
          status: 'payment_plan',
          admitDate: '2026-02-11',
          balance: 500,
          type: 'ENT',
        },
      ],
    });
    expect(mailIn?.amortization).toHaveLength(12);
    expect(completedPayments(mailIn ?? { amortization: [] })).toBe(5);

    expect(auto).toMatchObject({
      id: 'PP-7002',
      version: 3,
      type: 'Auto',
      status: 'Broken',
      nextDueDate: addDays(today, -5),
      dueAmount: 80,
      overdueAmount: 0,
      regularPaymentAmount: 80,
      currentBalance: 640,
      numberOfPayments: 10,
      encounters: [
        {
          facilityId: '107',
          accountNumber: '40009010',
          patientName: 'Maria Garcia',
          status: 'payment_plan',
          admitDate: '2025-11-03',
          balance: 640,
          type: 'ENT',
        },
      ],
    });
    expect(auto?.amortization).toHaveLength(10);
    expect(completedPayments(auto ?? { amortization: [] })).toBe(2);

    for (const plan of body.paymentPlans) {
      expect(plan.amortization.map((instalment) => instalment.number)).toEqual(
        plan.amortization.map((_, index) => index + 1),
      );
    }
  });

  it('records the read in the audit trail', async () => {
    await encountersOf(maria, 'maria-encounters-audit');
    const rows = await server.database.db
      .select()
      .from(auditEvents)
      .where(
        and(
          eq(auditEvents.action, 'encounters.read'),
          eq(auditEvents.requestId, 'maria-encounters-audit'),
        ),
      );
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      outcome: 'success',
      actorType: 'guarantor',
      details: { encounters: 6, paymentPlans: 2 },
    });
  });

  it('gives James his other-facility encounters only', async () => {
    const body = await encountersOf(james);
    expect(body.paymentPlans).toEqual([]);
    expect(
      body.encounters.map((item) => [
        encounterNumber(item),
        item.patientName,
        item.balance,
        item.type,
        item.status,
      ]),
    ).toEqual([
      ['221-60001', 'James Wilson', 89.99, 'EXAR', 'self_pay'],
      ['753-70001', 'James Wilson', 150, 'EXAR', 'self_pay'],
      ['753-70002', 'Emma Wilson', 35.5, 'EXAR', 'self_pay'],
    ]);
  });

  it('gives Linda her one settled encounter', async () => {
    const body = await encountersOf(linda);
    expect(body).toEqual({
      encounters: [
        {
          facilityId: '107',
          accountNumber: '40030001',
          patientName: 'Linda Chen',
          status: 'self_pay',
          admitDate: '2026-05-10',
          balance: 0,
          type: 'ENT',
        },
      ],
      paymentPlans: [],
    });
  });

  it('gives Robert his whole large account in one answer', async () => {
    const body = await encountersOf(robert);
    const main = body.encounters.filter((item) => item.type === 'ENT');
    const other = body.encounters.filter((item) => item.type === 'EXAR');
    expect(main).toHaveLength(ROBERT_COUNTS.mainEncounters);
    expect(other).toHaveLength(ROBERT_COUNTS.otherFacilityEncounters);
    expect(body.paymentPlans).toHaveLength(ROBERT_COUNTS.paymentPlans);
    for (const plan of body.paymentPlans) {
      expect(plan.encounters.length).toBeGreaterThanOrEqual(2);
      expect(plan.encounters.length).toBeLessThanOrEqual(6);
      expect(plan.amortization).toHaveLength(plan.numberOfPayments);
    }
    const amounts = [
      ...body.encounters.map((item) => item.balance),
      ...body.paymentPlans.flatMap((plan) => [
        plan.dueAmount,
        plan.overdueAmount,
        plan.currentBalance,
      ]),
    ];
    expect(amounts.every(hasAtMostTwoDecimals)).toBe(true);

    // Stable order: facility, then admit date, then account number.
    const keys = body.encounters.map(
      (item) =>
        `${item.facilityId}|${item.admitDate ?? '9999'}|${item.accountNumber.padStart(12, '0')}`,
    );
    expect(keys).toEqual([...keys].sort());
    expect(await encountersOf(robert)).toEqual(body);
  });

  it("never returns another guarantor's data", async () => {
    const everyone = await Promise.all(
      [maria, james, linda, robert, ana].map((guarantor) => encountersOf(guarantor)),
    );
    const owners = new Map<string, number>();
    everyone.forEach((body, index) => {
      const numbers = [
        ...body.encounters.map(encounterNumber),
        ...body.paymentPlans.flatMap((plan) => [
          `plan:${plan.id}`,
          ...plan.encounters.map(encounterNumber),
        ]),
      ];
      for (const number of numbers) {
        expect(owners.get(number), `${number} appears for two guarantors`).toBeUndefined();
        owners.set(number, index);
      }
    });
    expect(everyone[4]?.encounters.map(encounterNumber)).toEqual(['107-40050001']);
  });

  /** The encounters.read rows a request left. */
  const readsOf = (requestId: string) =>
    server.database.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, 'encounters.read'), eq(auditEvents.requestId, requestId)));

  /** GET /encounters with an ended session's token: 401 SESSION_EXPIRED, and no read audited. */
  async function expectEndedAndUnread(token: string, requestId: string) {
    const response = await server.api(API_PATHS.encounters, {
      token,
      headers: { 'X-Request-Id': requestId },
    });
    expect(response.status).toBe(401);
    expect(await response.json()).toMatchObject({ code: 'SESSION_EXPIRED' });
    expect(await readsOf(requestId)).toEqual([]);
  }

  it('reads and audits nothing for a signed-out or expired session (one statement with the check)', async () => {
    const signedOut = await server.login(maria.accountNumber, maria.pin);
    expect((await server.api(API_PATHS.logout, { token: signedOut, method: 'POST' })).ok).toBe(
      true,
    );
    await expectEndedAndUnread(signedOut, 'encounters-after-logout');

    const lapsed = await server.login(linda.accountNumber, linda.pin);
    await server.database.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(
        inArray(
          sessions.guarantorId,
          server.database.db
            .select({ id: guarantors.id })
            .from(guarantors)
            .where(eq(guarantors.accountNumber, linda.accountNumber)),
        ),
      );
    await expectEndedAndUnread(lapsed, 'encounters-after-expiry');
  });

  it('requires a signed-in guarantor', async () => {
    const response = await server.api(API_PATHS.encounters);
    expect(response.status).toBe(401);
    expect(await response.json()).toMatchObject({ status: 401, code: 'UNAUTHORIZED' });
  });
});
