import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  auditEvents,
  encounters,
  feedImports,
  guarantors,
  paymentPlans,
  pendingPayments,
  planInstalments,
  receipts,
} from '../../db/schema.ts';
import { DEMO_GUARANTORS } from '../../demo/demo-guarantors.ts';
import type { RequestContext } from '../../lib/request-context.ts';
import {
  createTestDatabase,
  testDatabaseKinds,
  type TestDatabase,
} from '../../../test/support/database.ts';
import { demoFeed, feedTablesDigest, findRecord } from '../../../test/support/billing-feed.ts';
import { insertPortalPlan } from '../../../test/support/portal-plans.ts';
import { BillingFeedService, type ImportOptions } from './billing-feed.service.ts';
import { syntheticFeedRecords } from '../../../test/support/synthetic-feed.ts';
import { feedText, type FeedLine } from './feed-writer.ts';

const { maria, james, linda } = DEMO_GUARANTORS;
const context: RequestContext = {
  requestId: 'test-import',
  correlationId: 'test-import',
  ipAddress: '',
};
const options: ImportOptions = { fileName: 'feed.jsonl', dryRun: false, allowOlder: false };
const unchangedSummary = (report: Awaited<ReturnType<BillingFeedService['importFeed']>>) =>
  Object.values(report.summary ?? {}).reduce(
    (total, counts) => total + counts.created + counts.updated + counts.closed,
    0,
  );

describe.each(testDatabaseKinds)('billing feed import (%s)', (kind) => {
  let database: TestDatabase;
  let service: BillingFeedService;
  let generatedAt: Date;
  const db = () => database.db;

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    service = new BillingFeedService(database.db);
  });
  afterAll(async () => {
    await database?.close();
  });
  let clock = Date.now();
  beforeEach(() => {
    // Each test imports a newer extract than the one before.
    clock += 3_600_000;
    generatedAt = new Date(clock);
  });

  const importRecords = (records: FeedLine[], extra: Partial<ImportOptions> = {}) =>
    service.importFeed(feedText(records), { ...options, ...extra }, context);

  const guarantorId = async (accountNumber: string) => {
    const [row] = await db()
      .select({ id: guarantors.id })
      .from(guarantors)
      .where(eq(guarantors.accountNumber, accountNumber));
    return row?.id ?? '';
  };

  const encounter = async (facilityId: string, accountNumber: string) => {
    const [row] = await db()
      .select()
      .from(encounters)
      .where(
        and(eq(encounters.facilityId, facilityId), eq(encounters.accountNumber, accountNumber)),
      );
    return row;
  };

  it('changes nothing when the feed holds what the database holds', async () => {
    const before = await feedTablesDigest(db());
    const report = await importRecords(await demoFeed(generatedAt));
    expect(report.problems).toEqual([]);
    expect(report.summary).toEqual({
      guarantors: { created: 0, updated: 0, unchanged: 5, closed: 0 },
      plans: { created: 0, updated: 0, unchanged: 27, closed: 0 },
      encounters: expect.objectContaining({ created: 0, updated: 0, closed: 0 }),
      statements: expect.objectContaining({ created: 0, updated: 0, closed: 0 }),
      pendingPayments: { created: 0, updated: 0, unchanged: 4, closed: 0 },
    });
    const after = await feedTablesDigest(db());
    // Only the import log grew.
    expect({ ...after, feed_imports: '' }).toEqual({ ...before, feed_imports: '' });
    expect(after.feed_imports).toMatch(/^1:/);
  });

  it('a newer feed updates balances, adds, closes what disappeared; the same feed again changes nothing', async () => {
    const records = (await demoFeed(generatedAt)).filter(
      (record) =>
        // Paid off at Central Lab; Maria's Auto plan ended; R-9001 applied in the billing system.
        !(
          record.record === 'encounter' &&
          record.facility === '153' &&
          record.accountNumber === '80002'
        ) &&
        !(record.record === 'plan' && record.planNumber === 'PP-7002') &&
        !(record.record === 'pending_payment' && record.receiptId === 'R-9001'),
    );
    findRecord(records, 'encounter', (e) => e.accountNumber === '40010001').balance = '1200.00';
    findRecord(records, 'plan', (p) => p.planNumber === 'PP-7001').dueAmount = '75.00';
    findRecord(records, 'guarantor', (g) => g.accountNumber === linda.accountNumber).supportPhone =
      '(801) 555-0199';
    records.push(
      {
        record: 'guarantor',
        accountNumber: '900100200',
        mmi: '5009009',
        firstName: 'Grace',
        lastName: 'Hopper',
        birthdate: '1966-12-09',
        email: 'grace.hopper@example.com',
      },
      {
        record: 'encounter',
        guarantor: '900100200',
        facility: '221',
        accountNumber: '69001',
        patientName: 'Grace Hopper',
        admitDate: '2026-10-01',
        balance: '42.10',
      },
    );

    const first = await importRecords(records);
    expect(first.problems).toEqual([]);
    expect(first.summary?.guarantors).toEqual({ created: 1, updated: 1, unchanged: 4, closed: 0 });
    expect(first.summary?.plans).toEqual({ created: 0, updated: 1, unchanged: 25, closed: 1 });
    expect(first.summary?.encounters).toMatchObject({ created: 1, updated: 1, closed: 2 });
    expect(first.summary?.pendingPayments).toEqual({
      created: 0,
      updated: 0,
      unchanged: 3,
      closed: 1,
    });

    expect((await encounter('107', '40010001'))?.balanceCents).toBe(120_000);
    expect((await encounter('153', '80002'))?.closedAt).toBeInstanceOf(Date);
    expect((await encounter('107', '40009010'))?.closedAt).toBeInstanceOf(Date);
    const [plan] = await db()
      .select()
      .from(paymentPlans)
      .where(eq(paymentPlans.planNumber, 'PP-7002'));
    expect(plan?.closedAt).toBeInstanceOf(Date);
    const [r9001] = await db()
      .select()
      .from(pendingPayments)
      .where(eq(pendingPayments.receiptId, 'R-9001'));
    expect(r9001?.appliedAt).toBeInstanceOf(Date);
    const grace = await encounter('221', '69001');
    expect(grace).toMatchObject({
      type: 'EXAR',
      status: 'self_pay',
      balanceCents: 4_210,
      closedAt: null,
    });
    const [graceRow] = await db()
      .select()
      .from(guarantors)
      .where(eq(guarantors.accountNumber, '900100200'));
    expect(graceRow).toMatchObject({
      pinHash: null,
      emailVerifiedAt: null,
      roles: [],
      paperless: false,
    });

    const before = await feedTablesDigest(db());
    const again = await importRecords(records);
    expect(again.problems).toEqual([]);
    expect(unchangedSummary(again)).toBe(0);
    const after = await feedTablesDigest(db());
    expect({ ...after, feed_imports: '' }).toEqual({ ...before, feed_imports: '' });

    // What came back is reopened.
    const restored = await importRecords(await demoFeed(generatedAt));
    expect(restored.summary?.plans.updated).toBe(2);
    expect((await encounter('153', '80002'))?.closedAt).toBeNull();
    const [pendingAgain] = await db()
      .select()
      .from(pendingPayments)
      .where(and(eq(pendingPayments.receiptId, 'R-9001'), isNull(pendingPayments.appliedAt)));
    expect(pendingAgain?.amountCents).toBe(5_000);
  });

  it('rewrites a plan schedule that changed', async () => {
    const records = await demoFeed(generatedAt);
    const plan = findRecord(records, 'plan', (p) => p.planNumber === 'PP-7001');
    plan.instalments = plan.instalments.map((instalment) =>
      instalment.number === 6 ? { ...instalment, completedAt: instalment.dueDate } : instalment,
    );
    const report = await importRecords(records);
    expect(report.summary?.plans).toMatchObject({ updated: 1 });
    const [planRow] = await db()
      .select()
      .from(paymentPlans)
      .where(eq(paymentPlans.planNumber, 'PP-7001'));
    const rows = await db()
      .select()
      .from(planInstalments)
      .where(eq(planInstalments.planId, planRow?.id ?? ''));
    expect(rows).toHaveLength(12);
    expect(rows.filter((row) => row.completedAt !== null)).toHaveLength(6);
  });

  it('keeps the e-mail and paperless choice of a guarantor who signed up', async () => {
    const records = await demoFeed(generatedAt);
    const feedMaria = findRecord(
      records,
      'guarantor',
      (g) => g.accountNumber === maria.accountNumber,
    );
    feedMaria.email = 'old.address@example.com';
    feedMaria.paperless = false;
    feedMaria.firstName = 'María';
    const report = await importRecords(records);
    expect(report.problems).toEqual([]);
    const [row] = await db()
      .select()
      .from(guarantors)
      .where(eq(guarantors.accountNumber, maria.accountNumber));
    expect(row).toMatchObject({ firstName: 'María', email: maria.email, paperless: true });
    expect(row?.emailVerifiedAt).toBeInstanceOf(Date);
  });

  it('swaps MMIs between two guarantors in one import', async () => {
    const records = await demoFeed(generatedAt);
    const first = findRecord(records, 'guarantor', (g) => g.accountNumber === james.accountNumber);
    const second = findRecord(records, 'guarantor', (g) => g.accountNumber === linda.accountNumber);
    [first.mmi, second.mmi] = [second.mmi, first.mmi];
    const report = await importRecords(records);
    expect(report.problems).toEqual([]);
    const [row] = await db()
      .select()
      .from(guarantors)
      .where(eq(guarantors.accountNumber, james.accountNumber));
    expect(row?.mmi).toBe(linda.mmi);
    await importRecords(await demoFeed(new Date(generatedAt.getTime() + 1000)));
  });

  describe('refuses, with line numbers, and writes nothing', () => {
    const cases: {
      name: string;
      edit: (records: FeedLine[]) => void;
      problem: RegExp;
    }[] = [
      {
        name: 'an unknown field (wrong column)',
        edit: (records) => {
          Object.assign(
            findRecord(records, 'encounter', (e) => e.accountNumber === '40010001'),
            {
              balanceDue: '1.00',
            },
          );
        },
        problem: /^encounter 107-40010001: unknown field "balanceDue"$/,
      },
      {
        name: 'a missing field',
        edit: (records) => {
          const record = findRecord(
            records,
            'guarantor',
            (g) => g.accountNumber === maria.accountNumber,
          );
          delete (record as Partial<typeof record>).birthdate;
        },
        problem: /^guarantor 100200300: birthdate: is missing$/,
      },
      {
        name: 'an amount with three decimals',
        edit: (records) => {
          findRecord(records, 'encounter', (e) => e.accountNumber === '40010002').balance =
            '310.455';
        },
        problem: /^encounter 107-40010002: balance: "310.455" is not an amount/,
      },
      {
        name: 'a negative amount',
        edit: (records) => {
          findRecord(records, 'plan', (p) => p.planNumber === 'PP-7001').overdueAmount = -75;
        },
        problem: /^plan PP-7001: overdueAmount: -75 is not an amount/,
      },
      {
        name: 'an unknown facility',
        edit: (records) => {
          findRecord(records, 'encounter', (e) => e.accountNumber === '91001').facility = '995';
        },
        problem: /^encounter 995-91001: unknown facility 995$/,
      },
      {
        name: 'a duplicate guarantor',
        edit: (records) => {
          records.push({
            ...findRecord(records, 'guarantor', (g) => g.accountNumber === james.accountNumber),
          });
        },
        problem: /^guarantor 200300400 is also on line 3$/,
      },
      {
        name: 'a duplicate encounter',
        edit: (records) => {
          records.push({ ...findRecord(records, 'encounter', (e) => e.accountNumber === '80001') });
        },
        problem: /^encounter 153-80001 is also on line \d+$/,
      },
      {
        name: 'an encounter of a guarantor not in the feed',
        edit: (records) => {
          findRecord(records, 'encounter', (e) => e.accountNumber === '60001').guarantor =
            '999999999';
        },
        problem: /^encounter 221-60001: guarantor 999999999 is not in the feed$/,
      },
    ];

    it.each(cases)('$name', async ({ edit, problem }) => {
      const records = await demoFeed(generatedAt);
      edit(records);
      const before = await feedTablesDigest(db());
      const report = await importRecords(records);
      expect(report.summary === undefined || report.problems.length > 0).toBe(true);
      expect(report.problems.length).toBeGreaterThan(0);
      expect(report.problems.some((p) => problem.test(p.message))).toBe(true);
      for (const p of report.problems) expect(p.line).toBeGreaterThan(0);
      expect(await feedTablesDigest(db())).toEqual(before);
    });

    it('records the refusal in the audit trail', async () => {
      const records = await demoFeed(generatedAt);
      findRecord(records, 'encounter', (e) => e.accountNumber === '40010002').balance = 'lots';
      await importRecords(records, { fileName: 'refused.jsonl' });
      const rows = await db()
        .select()
        .from(auditEvents)
        .where(
          and(
            eq(auditEvents.action, 'billing_feed.imported'),
            eq(auditEvents.targetId, 'refused.jsonl'),
          ),
        );
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({ outcome: 'failure', actorType: 'operator' });
      expect(rows[0]?.details).toMatchObject({ problems: 1 });
    });
  });

  it("refuses an e-mail that belongs to a guarantor the feed doesn't list", async () => {
    const records = (await demoFeed(generatedAt)).filter(
      (record) =>
        !(record.record === 'guarantor' && record.accountNumber === maria.accountNumber) &&
        !('guarantor' in record && record.guarantor === maria.accountNumber),
    );
    findRecord(
      records,
      'guarantor',
      (g) => g.accountNumber === DEMO_GUARANTORS.ana.accountNumber,
    ).email = 'Maria.Garcia@example.com';
    const report = await importRecords(records);
    expect(report.problems).toEqual([
      {
        line: expect.any(Number),
        message: `guarantor ${DEMO_GUARANTORS.ana.accountNumber}: e-mail Maria.Garcia@example.com belongs to guarantor ${maria.accountNumber}, who is not in the feed`,
      },
    ]);
  });

  it('refuses a feed older than the newest imported, unless told to', async () => {
    await importRecords(await demoFeed(generatedAt));
    const older = await demoFeed(new Date(generatedAt.getTime() - 86_400_000));
    const refused = await importRecords(older);
    expect(refused.problems).toEqual([
      {
        line: 1,
        message: expect.stringMatching(
          /before feed DEMO-FEED .*\(--allow-older imports it anyway\)$/,
        ),
      },
    ]);
    const allowed = await importRecords(older, { allowOlder: true });
    expect(allowed.problems).toEqual([]);
  });

  it('a dry run counts the changes and writes nothing', async () => {
    const records = await demoFeed(generatedAt);
    findRecord(records, 'encounter', (e) => e.accountNumber === '40010002').balance = '300.00';
    const before = await feedTablesDigest(db());
    const report = await importRecords(records, { dryRun: true });
    expect(report.problems).toEqual([]);
    expect(report.summary?.encounters.updated).toBe(1);
    expect(report.importId).toBeUndefined();
    expect(await feedTablesDigest(db())).toEqual(before);
  });

  it('leaves pending payments of portal receipts to webpay apply, with a warning', async () => {
    const records = await demoFeed(generatedAt);
    const [portalReceipt] = await db()
      .select({ receiptId: receipts.receiptId })
      .from(receipts)
      .where(eq(receipts.receiptId, 'R-8101'));
    records.push({
      record: 'pending_payment',
      guarantor: maria.accountNumber,
      receiptId: portalReceipt?.receiptId ?? '',
      paidOn: '2026-11-01',
      amount: '10.00',
      facility: '107',
      accountNumber: '40010001',
    });
    const report = await importRecords(records);
    expect(report.problems).toEqual([]);
    expect(report.warnings).toEqual([
      {
        line: records.length,
        message: expect.stringMatching(/a payment made in the portal, left to webpay apply/),
      },
    ]);
  });

  it('loads a generated feed of thousands of encounters and its later extract', async () => {
    const asOf = '2026-11-22';
    const big = syntheticFeedRecords({
      encounters: 2_000,
      asOf,
      generatedAt: new Date(generatedAt),
    });
    const first = await importRecords(big);
    expect(first.problems).toEqual([]);
    expect(first.summary?.encounters).toMatchObject({ created: 2_000 });
    expect(first.summary?.guarantors.created).toBe(400);
    const later = syntheticFeedRecords({
      encounters: 2_000,
      asOf,
      churn: 0.1,
      generatedAt: new Date(generatedAt.getTime() + 1000),
    });
    const second = await importRecords(later);
    expect(second.problems).toEqual([]);
    const counts = second.summary?.encounters;
    expect(counts?.created).toBe(0);
    expect(counts?.updated).toBeGreaterThan(100);
    expect(counts?.updated).toBeLessThan(300);
    expect(counts?.closed).toBeGreaterThan(30);
    const open = await db()
      .select({ id: encounters.id })
      .from(encounters)
      .where(isNull(encounters.closedAt));
    expect(open).toHaveLength(2_000 - (counts?.closed ?? 0));
    const [log] = await db()
      .select()
      .from(feedImports)
      .where(eq(feedImports.feedId, `SYNTHETIC-${asOf}`));
    expect(log?.records).toBe(big.length);
    // Back to the demo for anything after this.
    await importRecords(await demoFeed(new Date(generatedAt.getTime() + 2000)));
    expect(await guarantorId('700000000')).not.toBe('');
  });

  describe('a plan made in the portal', () => {
    const portalPlan = async () =>
      insertPortalPlan(db(), await guarantorId(maria.accountNumber), {
        amounts: [5175, 5175, 5175, 5175, 5175, 5170],
        accounts: ['40010002'],
      });
    const planRow = async (id: string) => {
      const [row] = await db().select().from(paymentPlans).where(eq(paymentPlans.id, id));
      return row;
    };
    const instalmentsOf = async (id: string) =>
      db().select().from(planInstalments).where(eq(planInstalments.planId, id));

    it('is left alone, encounters and all, by a feed that does not list it yet', async () => {
      const { id } = await portalPlan();
      // The demo feed lists 107-40010002 on its own, as before the plan.
      const report = await importRecords(await demoFeed(generatedAt));
      expect(report.problems).toEqual([]);
      expect(report.summary?.plans.closed).toBe(0);
      expect(await planRow(id)).toMatchObject({ closedAt: null, matchedAt: null, dueCents: 5175 });
      expect(await encounter('107', '40010002')).toMatchObject({
        planId: id,
        status: 'payment_plan',
        closedAt: null,
      });
      expect(await instalmentsOf(id)).toHaveLength(6);
    });

    it('is matched by the first feed that lists it, takes its figures, and closes when dropped', async () => {
      const { id, planNumber } = await portalPlan();
      const withPlan = async (at: Date) => {
        const records = (await demoFeed(at)).filter(
          (record) => !(record.record === 'encounter' && record.accountNumber === '40010002'),
        );
        records.push({
          record: 'plan',
          guarantor: maria.accountNumber,
          planNumber,
          version: 1,
          type: 'Mail-in',
          status: 'Active',
          nextDueDate: '2027-01-15',
          dueAmount: '51.75',
          overdueAmount: '0.00',
          regularPaymentAmount: '51.75',
          currentBalance: '300.00',
          numberOfPayments: 6,
          instalments: [],
          encounters: [
            {
              facility: '107',
              accountNumber: '40010002',
              patientName: 'Daniel Garcia',
              status: 'payment_plan',
              admitDate: '2026-08-15',
              balance: '300.00',
            },
          ],
        });
        return records;
      };
      const matched = await importRecords(await withPlan(generatedAt));
      expect(matched.problems).toEqual([]);
      const row = await planRow(id);
      expect(row?.matchedAt).toBeInstanceOf(Date);
      expect(row).toMatchObject({ currentBalanceCents: 30_000, source: 'portal', closedAt: null });
      // Its own schedule stays: autopay's charges point at it.
      expect(await instalmentsOf(id)).toHaveLength(6);
      expect(await encounter('107', '40010002')).toMatchObject({
        planId: id,
        balanceCents: 30_000,
      });

      // The same feed again: the first match stays as it was.
      const firstMatch = row?.matchedAt;
      const again = await importRecords(await withPlan(new Date(generatedAt.getTime() + 1000)));
      expect(again.problems).toEqual([]);
      expect((await planRow(id))?.matchedAt).toEqual(firstMatch);

      // Dropped by a later feed: closed like any plan, the encounter back on its own.
      const dropped = await importRecords(await demoFeed(new Date(generatedAt.getTime() + 2000)));
      expect(dropped.problems).toEqual([]);
      expect(dropped.summary?.plans.closed).toBe(1);
      expect((await planRow(id))?.closedAt).toBeInstanceOf(Date);
      expect(await encounter('107', '40010002')).toMatchObject({ planId: null, closedAt: null });
    });
  });
});
