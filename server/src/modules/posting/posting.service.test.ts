import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  auditEvents,
  encounters,
  paymentPlans,
  paymentReversals,
  payments,
  pendingPayments,
  receipts,
} from '../../db/schema.ts';
import type { RequestContext } from '../../lib/request-context.ts';
import {
  createTestDatabase,
  testDatabaseKinds,
  type TestDatabase,
} from '../../../test/support/database.ts';
import { guarantorIdOf, insertPortalPlan } from '../../../test/support/portal-plans.ts';
import { insertCompletedReversal } from '../../../test/support/reversals.ts';
import { postingFile } from './posting-file.ts';
import { BATCH_ID_PATTERN, PostingService } from './posting.service.ts';

const context: RequestContext = { requestId: 'test-posting', correlationId: 'test', ipAddress: '' };

describe.each(testDatabaseKinds)('posting service (%s)', (kind) => {
  let database: TestDatabase;
  let posting: PostingService;

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    posting = new PostingService(database.db);
  });

  afterAll(async () => {
    await database?.close();
  });

  const db = () => database.db;

  /** The demo history, all exported and applied, made fresh again: recorded, not yet exported. */
  beforeEach(async () => {
    await db().update(payments).set({ exportedAt: null, exportBatch: null, appliedAt: null });
  });

  const recorded = () =>
    db()
      .select({ id: payments.id, amountCents: payments.amountCents })
      .from(payments)
      .where(eq(payments.status, 'recorded'));

  /** A day some way into the demo history, with payments on both sides of it. */
  const midHistory = async () => {
    const [row] = await db()
      .select({
        day: sql<string>`to_char(min(${payments.createdAt}) + interval '200 days', 'YYYY-MM-DD')`,
      })
      .from(payments);
    return new Date(`${row?.day ?? ''}T00:00:00.000Z`);
  };

  it('exports every payment once, however many exports run at once', async () => {
    const all = await recorded();
    expect(all.length).toBeGreaterThan(50);

    // Some take all, some the recent ones: their sets overlap.
    const since = await midHistory();
    const batches = await Promise.all(
      Array.from({ length: 6 }, (_, index) =>
        posting.exportPayments(index % 2 === 0 ? {} : { since }, context),
      ),
    );
    const exported = batches.flatMap((batch) => [
      ...new Set(batch.lines.map((line) => line.paymentId)),
    ]);
    expect(exported).toHaveLength(all.length);
    expect(new Set(exported)).toEqual(new Set(all.map((payment) => payment.id)));

    const nonEmpty = batches.filter((batch) => batch.batchId !== null);
    expect(nonEmpty.length).toBeGreaterThanOrEqual(1);
    for (const batch of nonEmpty) {
      expect(batch.batchId).toMatch(BATCH_ID_PATTERN);
      expect(batch.lines.every((line) => line.batchId === batch.batchId)).toBe(true);
      const stored = await db()
        .select({ id: payments.id })
        .from(payments)
        .where(eq(payments.exportBatch, batch.batchId ?? ''));
      expect(new Set(stored.map((row) => row.id))).toEqual(
        new Set(batch.lines.map((line) => line.paymentId)),
      );
    }
    const total = batches.reduce((sum, batch) => sum + batch.totalCents, 0);
    expect(total).toBe(all.reduce((sum, payment) => sum + payment.amountCents, 0));

    const events = await db()
      .select()
      .from(auditEvents)
      .where(
        and(eq(auditEvents.action, 'payments.exported'), eq(auditEvents.requestId, 'test-posting')),
      );
    expect(events.map((event) => event.details)).toEqual(
      expect.arrayContaining(
        nonEmpty.map((batch) =>
          expect.objectContaining({
            batchId: batch.batchId,
            count: batch.payments,
            totalCents: batch.totalCents,
          }),
        ),
      ),
    );

    const again = await posting.exportPayments({}, context);
    expect(again).toEqual({
      batchId: null,
      lines: [],
      payments: 0,
      plans: 0,
      adjustments: 0,
      reversals: 0,
      totalCents: 0,
    });
  });

  it('exports only payments made since a day, leaving the rest for later', async () => {
    const since = await midHistory();

    const recent = await posting.exportPayments({ since }, context);
    expect(recent.payments).toBeGreaterThan(0);
    expect(recent.lines.every((line) => line.paidAt >= since)).toBe(true);
    const left = await db()
      .select({ createdAt: payments.createdAt })
      .from(payments)
      .where(isNull(payments.exportedAt));
    expect(left.length).toBeGreaterThan(0);
    expect(left.every((row) => row.createdAt < since)).toBe(true);

    const rest = await posting.exportPayments({}, context);
    expect(rest.payments).toBe(left.length);
  });

  it('prints an earlier batch again exactly as it was, changing nothing', async () => {
    const first = await posting.exportPayments({}, context);
    const before = await db().select().from(payments);
    const again = await posting.batch(first.batchId ?? '', context);
    expect(again).toEqual(first);
    expect(postingFile(again?.lines ?? [])).toBe(postingFile(first.lines));
    expect(await db().select().from(payments)).toEqual(before);
    expect(await posting.batch('EXP-20000101-AAAAAA', context)).toBeUndefined();
  });

  it('applies a confirmation all or nothing, and marks the pending payments applied', async () => {
    const exported = await posting.exportPayments({}, context);
    const [first, second] = [...new Set(exported.lines.map((line) => line.receiptId))];
    const paymentOf = async (receiptId: string | undefined) => {
      const [row] = await db()
        .select({ id: payments.id, appliedAt: payments.appliedAt })
        .from(payments)
        .innerJoin(receipts, eq(receipts.paymentId, payments.id))
        .where(eq(receipts.receiptId, receiptId ?? ''));
      if (!row) throw new Error(`no payment for ${receiptId}`);
      return row;
    };
    const firstPayment = await paymentOf(first);
    // The demo history has no pending rows of its own; give the first payment one.
    const [pendingSource] = await db()
      .select()
      .from(pendingPayments)
      .where(isNull(pendingPayments.paymentId))
      .limit(1);
    if (!pendingSource) throw new Error('the demo data has no pending payment');
    await db()
      .update(pendingPayments)
      .set({ paymentId: firstPayment.id })
      .where(eq(pendingPayments.id, pendingSource.id));

    const refused = await posting.applyConfirmation(
      `receipt_id,applied_at\n${first},2026-01-05\nWP-UNKNOWN1,\n`,
      { fileName: 'refused.csv', dryRun: false },
      context,
    );
    expect(refused).toEqual({
      problems: [{ line: 3, message: 'unknown receipt WP-UNKNOWN1' }],
      results: [],
    });
    expect((await paymentOf(first)).appliedAt).toBeNull();

    const dryRun = await posting.applyConfirmation(
      `receipt_id\n${first}\n`,
      { fileName: 'confirm.csv', dryRun: true },
      context,
    );
    expect(dryRun.results.map((result) => result.outcome)).toEqual(['would_apply']);
    expect((await paymentOf(first)).appliedAt).toBeNull();

    const report = await posting.applyConfirmation(
      `receipt_id,applied_at\n${first},2026-01-05\n${second},\n`,
      { fileName: 'confirm.csv', dryRun: false, now: new Date('2026-02-01T08:00:00.000Z') },
      context,
    );
    expect(report.problems).toEqual([]);
    expect(
      report.results.map(({ receiptId, outcome, appliedAt }) => [receiptId, outcome, appliedAt]),
    ).toEqual([
      [first, 'applied', new Date('2026-01-05T00:00:00.000Z')],
      [second, 'applied', new Date('2026-02-01T08:00:00.000Z')],
    ]);
    expect((await paymentOf(first)).appliedAt).toEqual(new Date('2026-01-05T00:00:00.000Z'));
    expect((await paymentOf(second)).appliedAt).toEqual(new Date('2026-02-01T08:00:00.000Z'));
    const [pending] = await db()
      .select()
      .from(pendingPayments)
      .where(eq(pendingPayments.id, pendingSource.id));
    expect(pending?.appliedAt).toEqual(new Date('2026-01-05T00:00:00.000Z'));

    const repeated = await posting.applyConfirmation(
      `receipt_id\n${first}\n${second}\n`,
      { fileName: 'confirm.csv', dryRun: false },
      context,
    );
    expect(repeated.results.map((result) => result.outcome)).toEqual([
      'already_applied',
      'already_applied',
    ]);
    expect((await paymentOf(first)).appliedAt).toEqual(new Date('2026-01-05T00:00:00.000Z'));

    const audits = await db()
      .select({ outcome: auditEvents.outcome, details: auditEvents.details })
      .from(auditEvents)
      .where(
        and(
          eq(auditEvents.action, 'payments.applied'),
          inArray(auditEvents.targetId, ['refused.csv', 'confirm.csv']),
        ),
      )
      .orderBy(auditEvents.id);
    expect(audits).toEqual([
      { outcome: 'failure', details: { problems: 1, lines: [3] } },
      {
        outcome: 'success',
        details: {
          applied: 2,
          alreadyApplied: 0,
          totalCents: expect.any(Number),
          receiptIds: [first, second],
          reversalIds: [],
        },
      },
      {
        outcome: 'success',
        details: {
          applied: 0,
          alreadyApplied: 2,
          totalCents: 0,
          receiptIds: [],
          reversalIds: [],
        },
      },
    ]);
  });

  it('refuses payments that are not exported yet', async () => {
    const [receipt] = await db().select({ receiptId: receipts.receiptId }).from(receipts).limit(1);
    const report = await posting.applyConfirmation(
      `receipt_id\n${receipt?.receiptId}\n`,
      { fileName: 'early.csv', dryRun: false },
      context,
    );
    expect(report.problems).toEqual([
      { line: 2, message: `receipt ${receipt?.receiptId} has not been exported yet` },
    ]);
  });

  it('exports each completed reversal once, with or after its payment, and applies it', async () => {
    const [older, newer] = await db()
      .select({ id: payments.id, amountCents: payments.amountCents })
      .from(payments)
      .where(eq(payments.status, 'recorded'))
      .orderBy(payments.createdAt)
      .limit(2);
    if (!older || !newer) throw new Error('the demo history has no payments');
    // The older payment is exported before it is voided; the newer one goes with its refund.
    await db()
      .update(payments)
      .set({ exportedAt: new Date() })
      .where(eq(payments.status, 'recorded'));
    await db().update(payments).set({ exportedAt: null }).where(eq(payments.id, newer.id));
    const voided = await insertCompletedReversal(db(), older.id, { kind: 'void' });
    const refunded = await insertCompletedReversal(db(), newer.id, {
      kind: 'return',
      amountCents: 1,
    });
    const pending = await insertCompletedReversal(db(), newer.id, {
      kind: 'check',
      amountCents: 1,
    });
    await db()
      .update(paymentReversals)
      .set({ status: 'processing', completedAt: null })
      .where(eq(paymentReversals.id, pending.id));

    const batches = await Promise.all(
      Array.from({ length: 4 }, () => posting.exportPayments({}, context)),
    );
    const reversalLines = batches.flatMap((batch) =>
      batch.lines.filter((line) => line.entry !== 'payment'),
    );
    expect(new Set(reversalLines.map((line) => line.reversalId))).toEqual(
      new Set([voided.reference, refunded.reference]),
    );
    expect(reversalLines.every((line) => line.amountCents < 0)).toBe(true);
    expect(
      reversalLines
        .filter((line) => line.reversalId === voided.reference)
        .reduce((sum, line) => sum + line.amountCents, 0),
    ).toBe(-older.amountCents);
    const withRefund = batches.find((batch) =>
      batch.lines.some((l) => l.reversalId === refunded.reference),
    );
    // The refund's payment is in the same batch, its lines first.
    const ofNewer = withRefund?.lines.filter((line) => line.paymentId === newer.id) ?? [];
    expect(ofNewer.map((line) => line.entry)).toEqual([
      ...ofNewer.slice(0, -1).map(() => 'payment'),
      'refund',
    ]);
    expect(ofNewer.length).toBeGreaterThan(1);

    const confirmation = `receipt_id,reversal_id\n${reversalLines[0]?.receiptId},${voided.reference}\nWP-X,${pending.reference}\n`;
    const refused = await posting.applyConfirmation(
      confirmation,
      { fileName: 'r.csv', dryRun: false },
      context,
    );
    expect(refused.problems).toEqual([
      { line: 3, message: `reversal ${pending.reference} has not been exported yet` },
    ]);
    const ok = await posting.applyConfirmation(
      `receipt_id,reversal_id\nWP-X,${voided.reference}\n`,
      { fileName: 'r.csv', dryRun: false },
      context,
    );
    expect(ok.results).toEqual([
      expect.objectContaining({
        reversalId: voided.reference,
        amountCents: -older.amountCents,
        outcome: 'applied',
      }),
    ]);
    await db().delete(paymentReversals);
  });

  it('exports a plan made in the portal once, a row per encounter, and its confirmation skips them', async () => {
    const { id: planId, planNumber } = await insertPortalPlan(
      db(),
      await guarantorIdOf(db(), '100200300'),
      {
        amounts: [26_005, 26_005, 26_005, 26_005, 26_005, 26_020],
        accounts: ['40010001', '40010002'],
        type: 'Auto',
      },
    );

    const batch = await posting.exportPayments({}, context);
    const plans = batch.lines.filter((line) => line.entry === 'plan');
    expect(batch.plans).toBe(1);
    expect(plans.map((line) => [line.facilityId, line.accountId, line.amountCents])).toEqual([
      ['107', '40010001', 125_000],
      ['107', '40010002', 31_045],
    ]);
    expect(plans.every((line) => line.receiptId === '' && line.method === null)).toBe(true);
    expect(plans[0]?.plan).toEqual({
      planNumber,
      monthlyCents: 26_005,
      numberOfPayments: 6,
      firstDueDate: '2027-01-15',
      dayOfMonth: 15,
      // Autopay is whether the plan charges a method, not its type.
      autopay: false,
    });
    // The plan rows move no money: the total is the payments'.
    const money = batch.lines.filter((line) => line.entry !== 'plan');
    expect(batch.totalCents).toBe(money.reduce((sum, line) => sum + line.amountCents, 0));
    const [stored] = await db().select().from(paymentPlans).where(eq(paymentPlans.id, planId));
    expect(stored?.exportBatch).toBe(batch.batchId);
    expect(stored?.exportedAt).toBeInstanceOf(Date);

    const again = await posting.exportPayments({}, context);
    expect(again.plans).toBe(0);
    const reprinted = await posting.batch(batch.batchId ?? '', context);
    expect(reprinted?.lines.filter((line) => line.entry === 'plan')).toEqual(plans);

    const report = await posting.applyConfirmation(
      postingFile(batch.lines),
      { fileName: 'confirm.csv', dryRun: true },
      context,
    );
    expect(report.problems).toEqual([]);
    expect(report.results.length).toBe(batch.payments);

    await db()
      .update(encounters)
      .set({ planId: null, status: 'self_pay' })
      .where(eq(encounters.planId, planId));
    await db().delete(paymentPlans).where(eq(paymentPlans.id, planId));
  });
});
