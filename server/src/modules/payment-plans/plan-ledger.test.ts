import { randomUUID } from 'node:crypto';
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { paymentLines, paymentPlans, payments, planInstalments } from '../../db/schema.ts';
import { DEMO_GUARANTORS } from '../../demo/demo-guarantors.ts';
import {
  createTestDatabase,
  testDatabaseKinds,
  type TestDatabase,
} from '../../../test/support/database.ts';
import { guarantorIdOf, insertPortalPlan } from '../../../test/support/portal-plans.ts';
import { insertCompletedReversal } from '../../../test/support/reversals.ts';
import { PlanLedger } from './plan-ledger.ts';

const { maria } = DEMO_GUARANTORS;
const AMOUNTS = [5175, 5175, 5175, 5175, 5175, 5170];

describe.each(testDatabaseKinds)('plan ledger (%s)', (kind) => {
  let database: TestDatabase;
  let ledger: PlanLedger;
  let mariaId: string;
  let planId: string;
  const db = () => database.db;

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    ledger = new PlanLedger(database.db);
    mariaId = await guarantorIdOf(db(), maria.accountNumber);
  });

  afterAll(async () => {
    await database?.close();
  });

  /** A fresh portal plan: 310.45 in six on the 15th from January 2027, flagged for attention. */
  beforeEach(async () => {
    ({ id: planId } = await insertPortalPlan(db(), mariaId, { amounts: AMOUNTS }));
    await db()
      .update(paymentPlans)
      .set({ needsAttentionSince: '2027-03-20' })
      .where(eq(paymentPlans.id, planId));
  });

  const pay = async (amountCents: number, status: 'recorded' | 'declined' = 'recorded') => {
    const id = randomUUID();
    await db()
      .insert(payments)
      .values({
        id,
        guarantorId: mariaId,
        status,
        method: 'card',
        amountCents,
        processorReference: `PAY-${id.slice(0, 12)}`,
        payer: {},
        recordedAt: status === 'recorded' ? new Date() : null,
      });
    await db().insert(paymentLines).values({
      id: randomUUID(),
      paymentId: id,
      lineNumber: 1,
      paymentType: 'Payment Plan',
      facilityId: '107',
      accountId: 'PP',
      amountCents,
      planId,
    });
    return id;
  };

  const plan = async () => {
    const [row] = await db().select().from(paymentPlans).where(eq(paymentPlans.id, planId));
    return row;
  };
  const completed = async () =>
    (
      await db()
        .select({ completedAt: planInstalments.completedAt })
        .from(planInstalments)
        .where(eq(planInstalments.planId, planId))
        .orderBy(asc(planInstalments.number))
    ).map((row) => row.completedAt);

  it('a partial payment: the first instalment still due, less what was paid', async () => {
    await pay(3000);
    await pay(9999, 'declined');
    await ledger.refresh(planId, '2026-12-20');
    expect(await plan()).toMatchObject({
      nextDueDate: '2027-01-15',
      dueCents: 2175,
      overdueCents: 0,
      currentBalanceCents: 28_045,
      needsAttentionSince: null,
    });
    expect(await completed()).toEqual([null, null, null, null, null, null]);
  });

  it('a full instalment completes it; a reversal of it opens it again', async () => {
    const paymentId = await pay(5175);
    await ledger.refresh(planId, '2027-01-10');
    expect(await completed()).toEqual(['2027-01-10', null, null, null, null, null]);
    expect(await plan()).toMatchObject({ nextDueDate: '2027-02-15', dueCents: 5175 });

    await insertCompletedReversal(db(), paymentId, { kind: 'return', amountCents: 2000 });
    await ledger.refresh(planId, '2027-01-12');
    expect(await completed()).toEqual([null, null, null, null, null, null]);
    expect(await plan()).toMatchObject({ dueCents: 2000, currentBalanceCents: 27_870 });
  });

  it('overdue: what is left of instalments past their date; skipped ones count as unpaid', async () => {
    await pay(5175);
    await db()
      .update(planInstalments)
      .set({ skippedAt: new Date() })
      .where(and(eq(planInstalments.planId, planId), eq(planInstalments.number, 2)));
    await ledger.refresh(planId, '2027-03-16');
    expect(await plan()).toMatchObject({
      nextDueDate: '2027-04-15',
      dueCents: 5175,
      overdueCents: 10_350,
      currentBalanceCents: 25_870,
      // Still overdue: the billing office keeps seeing it.
      needsAttentionSince: '2027-03-20',
    });
  });

  it('paid in full through the payments on it', async () => {
    await pay(20_000);
    await pay(11_045);
    await ledger.refresh(planId, '2027-02-01');
    expect(await plan()).toMatchObject({
      nextDueDate: null,
      dueCents: 0,
      overdueCents: 0,
      currentBalanceCents: 0,
    });
    expect((await completed()).every((day) => day === '2027-02-01')).toBe(true);
  });

  it('refreshes the plans a payment paid on; leaves matched plans to the feed', async () => {
    const paymentId = await pay(5175);
    await ledger.refreshForPayment(paymentId, '2027-01-01');
    expect(await plan()).toMatchObject({ nextDueDate: '2027-02-15' });

    await db()
      .update(paymentPlans)
      .set({ matchedAt: new Date() })
      .where(eq(paymentPlans.id, planId));
    await pay(5175);
    await ledger.refresh(planId, '2027-01-01');
    expect(await plan()).toMatchObject({ nextDueDate: '2027-02-15', dueCents: 5175 });
  });

  it('refreshAll goes through every open portal plan not matched yet, never a feed plan', async () => {
    const portal = await db()
      .select({ matchedAt: paymentPlans.matchedAt, closedAt: paymentPlans.closedAt })
      .from(paymentPlans)
      .where(eq(paymentPlans.source, 'portal'));
    const count = await ledger.refreshAll('2027-01-01');
    expect(count).toBe(portal.filter((row) => !row.matchedAt && !row.closedAt).length);
    expect(count).toBeGreaterThan(0);
    expect(await plan()).toMatchObject({ nextDueDate: '2027-01-15', needsAttentionSince: null });
    const [feedPlan] = await db()
      .select()
      .from(paymentPlans)
      .where(eq(paymentPlans.planNumber, 'PP-7001'));
    expect(feedPlan?.dueCents).toBe(15_000);
  });

  it("reduces inside a caller's transaction: committed with it, or not at all", async () => {
    const amounts = async () =>
      (
        await db()
          .select({ amountCents: planInstalments.amountCents })
          .from(planInstalments)
          .where(eq(planInstalments.planId, planId))
          .orderBy(asc(planInstalments.number))
      ).map((row) => row.amountCents);
    const refused = new Error('the caller gave up');
    await expect(
      db().transaction(async (tx) => {
        expect(await ledger.with(tx).reduce(planId, 10_350, '2027-01-01')).toBe('reduced');
        throw refused;
      }),
    ).rejects.toBe(refused);
    expect(await plan()).toMatchObject({ totalCents: 31_045, currentBalanceCents: 31_045 });
    expect(await amounts()).toEqual(AMOUNTS);

    await db().transaction(async (tx) => {
      expect(await ledger.with(tx).reduce(planId, 10_350, '2027-01-01')).toBe('reduced');
      // The caller's own reads see it before the commit.
      const [seen] = await tx.select().from(paymentPlans).where(eq(paymentPlans.id, planId));
      expect(seen?.totalCents).toBe(20_695);
    });
    expect(await plan()).toMatchObject({
      totalCents: 20_695,
      currentBalanceCents: 20_695,
      regularPaymentCents: 5175,
      closedAt: null,
    });
    expect(await amounts()).toEqual([5175, 5175, 5175, 5170, 0, 0]);
  });
});
