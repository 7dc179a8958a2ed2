import { asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database, DatabaseHandle } from '../db/client.ts';
import { openDatabase } from '../db/client.ts';
import * as schema from '../db/schema.ts';
import { verifyPassword, verifyPin } from '../lib/secrets.ts';
import { SecondFactors } from '../modules/staff/index.ts';
import { DEVELOPMENT_JWT_SECRET } from '../production-rules.ts';
import { receiptFromSnapshot } from '../modules/payments/receipts.ts';
import {
  createTestDatabase,
  testDatabaseKinds,
  type TestDatabase,
} from '../../test/support/database.ts';
import { addDays, addMonths } from './calendar.ts';
import type { DemoRows } from './dataset.ts';
import { DEMO_GUARANTORS, ROBERT_COUNTS } from './demo-guarantors.ts';
import { DEMO_STAFF } from './demo-staff.ts';
import {
  applicationTableNames,
  buildDemoDataset,
  resetDatabase,
  seedDemoDataIfEmpty,
} from './seed.ts';

const TODAY = '2026-11-22';

async function guarantorByAccount(db: Database, accountNumber: string) {
  const guarantor = await db.query.guarantors.findFirst({
    where: eq(schema.guarantors.accountNumber, accountNumber),
  });
  if (!guarantor) throw new Error(`No guarantor ${accountNumber}`);
  return guarantor;
}

async function encountersOf(db: Database, guarantorId: string) {
  return db
    .select()
    .from(schema.encounters)
    .where(eq(schema.encounters.guarantorId, guarantorId))
    .orderBy(asc(schema.encounters.facilityId), asc(schema.encounters.accountNumber));
}

async function count(db: Database, table: string): Promise<number> {
  const result = await db.execute<{ n: number }>(
    sql`select count(*)::int as n from ${sql.identifier(table)}`,
  );
  return result.rows[0]?.n ?? -1;
}

describe.each(testDatabaseKinds)('demo data on %s', (kind) => {
  let database: TestDatabase;
  let db: Database;
  beforeAll(async () => {
    database = await createTestDatabase(kind, { today: TODAY });
    db = database.db;
  });
  afterAll(async () => {
    await database.close();
  });

  it('loads the five guarantors with hashed PINs', async () => {
    const rows = await db.select().from(schema.guarantors);
    expect(rows.map((row) => row.accountNumber).sort()).toEqual(
      Object.values(DEMO_GUARANTORS)
        .map((guarantor) => guarantor.accountNumber)
        .sort(),
    );
    for (const demo of Object.values(DEMO_GUARANTORS)) {
      const row = rows.find((candidate) => candidate.accountNumber === demo.accountNumber);
      expect(row?.pinHash, demo.key).toMatch(/^scrypt\$/);
      expect(row?.pinHash).not.toContain(demo.pin);
      await expect(verifyPin(demo.pin, row?.pinHash ?? '')).resolves.toBe(true);
      expect(row).toMatchObject({
        mmi: demo.mmi,
        firstName: demo.firstName,
        lastName: demo.lastName,
        email: demo.email,
        birthdate: demo.birthdate,
        supportPhone: demo.supportPhone,
        roles: [...demo.roles],
        paperless: demo.paperless,
      });
    }
  });

  it('has Maria exactly as DEMO_DATA.md describes her', async () => {
    const maria = await guarantorByAccount(db, '100200300');
    expect(maria).toMatchObject({
      mmi: '5001001',
      email: 'maria.garcia@example.com',
      birthdate: '1984-03-17',
      supportPhone: '(801) 555-0142',
      roles: ['historical-data'],
      paperless: true,
    });
    expect(maria.signedUpAt).toBeInstanceOf(Date);
    expect(maria.emailVerifiedAt).toBeInstanceOf(Date);

    const encounters = await encountersOf(db, maria.id);
    const main = encounters.filter((e) => e.type === 'ENT' && e.planId === null);
    expect(
      main.map((e) => [
        `${e.facilityId}-${e.accountNumber}`,
        e.patientName,
        e.status,
        e.admitDate,
        e.balanceCents,
      ]),
    ).toEqual([
      ['107-40010001', 'Maria Garcia', 'self_pay', '2026-06-02', 125_000],
      ['107-40010002', 'Daniel Garcia', 'self_pay', '2026-08-15', 31_045],
      ['107-40010003', 'Maria Garcia', 'self_pay', '2026-09-30', 0],
    ]);

    const exar = encounters.filter((e) => e.type === 'EXAR');
    expect(
      exar.map((e) => [
        `${e.facilityId}-${e.accountNumber}`,
        e.patientName,
        e.status,
        e.balanceCents,
      ]),
    ).toEqual([
      ['153-80001', 'Maria Garcia', 'self_pay', 4_520],
      ['153-80002', 'Daniel Garcia', 'self_pay', 1_200],
      ['990-91001', 'Maria Garcia', 'self_pay', 22_000],
    ]);

    const pending = await db
      .select()
      .from(schema.pendingPayments)
      .where(eq(schema.pendingPayments.guarantorId, maria.id));
    expect(pending).toHaveLength(1);
    expect(pending[0]).toMatchObject({
      encounterId: main[0]?.id,
      planId: null,
      paymentId: null,
      receiptId: 'R-9001',
      paidOn: '2026-11-01',
      amountCents: 5_000,
      appliedAt: null,
    });
  });

  it("has Maria's two plans with their figures, instalments and encounters", async () => {
    const maria = await guarantorByAccount(db, '100200300');
    const plans = await db.query.paymentPlans.findMany({
      where: eq(schema.paymentPlans.guarantorId, maria.id),
      orderBy: asc(schema.paymentPlans.planNumber),
    });
    expect(plans.map((plan) => `${plan.planNumber}-${plan.version}`)).toEqual([
      'PP-7001-1',
      'PP-7002-3',
    ]);
    const [mailIn, auto] = plans;
    expect(mailIn).toMatchObject({
      type: 'Mail-in',
      status: 'Active',
      nextDueDate: addDays(TODAY, 10),
      dueCents: 15_000,
      overdueCents: 7_500,
      regularPaymentCents: 15_000,
      currentBalanceCents: 148_000,
      numberOfPayments: 12,
    });
    expect(auto).toMatchObject({
      type: 'Auto',
      status: 'Broken',
      nextDueDate: addDays(TODAY, -5),
      dueCents: 8_000,
      overdueCents: 0,
      regularPaymentCents: 8_000,
      currentBalanceCents: 64_000,
      numberOfPayments: 10,
    });

    const expected = [
      {
        plan: mailIn,
        completed: 5,
        encounters: [
          ['40009001', 'Maria Garcia', '2026-01-20', 98_000],
          ['40009002', 'Daniel Garcia', '2026-02-11', 50_000],
        ],
      },
      {
        plan: auto,
        completed: 2,
        encounters: [['40009010', 'Maria Garcia', '2025-11-03', 64_000]],
      },
    ];
    for (const { plan, completed, encounters } of expected) {
      if (!plan) throw new Error('missing plan');
      const instalments = await db
        .select()
        .from(schema.planInstalments)
        .where(eq(schema.planInstalments.planId, plan.id))
        .orderBy(asc(schema.planInstalments.number));
      expect(instalments).toHaveLength(plan.numberOfPayments);
      expect(instalments.filter((i) => i.completedAt !== null)).toHaveLength(completed);
      // The completed ones are the first ones, all in the past.
      expect(
        instalments.slice(0, completed).every((i) => i.completedAt && i.completedAt <= TODAY),
      ).toBe(true);
      expect(
        instalments.some((i) => i.dueDate === plan.nextDueDate && i.completedAt === null),
      ).toBe(true);

      const planEncounters = await db
        .select()
        .from(schema.encounters)
        .where(eq(schema.encounters.planId, plan.id))
        .orderBy(asc(schema.encounters.accountNumber));
      expect(
        planEncounters.map((e) => [e.accountNumber, e.patientName, e.admitDate, e.balanceCents]),
      ).toEqual(encounters);
      expect(
        planEncounters.every(
          (e) => e.type === 'ENT' && e.status === 'payment_plan' && e.facilityId === '107',
        ),
      ).toBe(true);
      expect(planEncounters.reduce((sum, e) => sum + e.balanceCents, 0)).toBe(
        plan.currentBalanceCents,
      );
    }
  });

  it("has Maria's six statements, consistent with her encounters", async () => {
    const maria = await guarantorByAccount(db, '100200300');
    const statements = await db
      .select()
      .from(schema.statements)
      .where(eq(schema.statements.guarantorId, maria.id))
      .orderBy(asc(schema.statements.statementDate));
    expect(statements.map((s) => s.statementDate)).toEqual(
      [5, 4, 3, 2, 1, 0].map((months) => addMonths('2026-11-01', -months)),
    );
    for (const statement of statements) {
      expect(statement.accountNumber).toBe('100200300');
      expect(statement.items.length).toBeGreaterThan(0);
      expect(statement.amountDueCents).toBe(
        statement.items.reduce((sum, item) => sum + item.balanceCents, 0),
      );
      for (const item of statement.items) {
        expect(item.balanceCents).toBe(
          item.chargesCents - item.paymentsCents - item.adjustmentsCents,
        );
        expect(item.balanceCents).toBeGreaterThanOrEqual(0);
        expect(item.serviceDate <= statement.statementDate).toBe(true);
      }
    }
    const latest = statements.at(-1);
    expect(latest?.status).toBe('open');
    // Nothing was paid since the 1st, so the latest statement shows today's balances.
    const encounters = await encountersOf(db, maria.id);
    for (const item of latest?.items ?? []) {
      const encounter = encounters.find((e) => e.accountNumber === item.accountNumber);
      expect(item.balanceCents).toBe(encounter?.balanceCents);
    }
  });

  it("has Maria's past card and eCheck payments with lines and receipts", async () => {
    const maria = await guarantorByAccount(db, '100200300');
    const payments = await db
      .select()
      .from(schema.payments)
      .where(eq(schema.payments.guarantorId, maria.id));
    expect(payments.length).toBeGreaterThanOrEqual(3);
    expect(new Set(payments.map((p) => p.method))).toEqual(new Set(['card', 'eCheck']));
    for (const payment of payments) {
      expect(payment.status).toBe('recorded');
      // Recorded when paid, as the portal records one: reports count it by this.
      expect(payment.recordedAt).toEqual(payment.createdAt);
      expect(payment.appliedAt).toBeInstanceOf(Date);
      expect(payment.createdAt.getTime()).toBeLessThan(Date.parse(`${TODAY}T00:00:00Z`));
      const lines = await db
        .select()
        .from(schema.paymentLines)
        .where(eq(schema.paymentLines.paymentId, payment.id));
      expect(lines.length).toBeGreaterThan(0);
      expect(lines.reduce((sum, line) => sum + line.amountCents, 0)).toBe(payment.amountCents);
      const receipts = await db
        .select()
        .from(schema.receipts)
        .where(eq(schema.receipts.paymentId, payment.id));
      expect(receipts).toHaveLength(1);
      expect(receipts[0]?.snapshot).toMatchObject({
        receiptId: receipts[0]?.receiptId,
        paymentMethod: payment.method,
        status: 'approved',
      });
      // The receipt the payment endpoints would answer for it.
      expect(() => receiptFromSnapshot(receipts[0]?.snapshot)).not.toThrow();
      if (payment.method === 'eCheck') {
        expect(payment.bankLast4).toMatch(/^\d{4}$/);
        expect(payment.bankAccountFingerprint).toMatch(/^[0-9a-f]{64}$/);
        expect(payment.cardLast4).toBeNull();
      } else {
        expect(payment.cardLast4).toMatch(/^\d{4}$/);
        expect(payment.bankAccountFingerprint).toBeNull();
      }
    }
    // Full bank account numbers appear nowhere.
    const stored = JSON.stringify(
      await db.execute(
        sql`select p.*, r.snapshot from payments p join receipts r on r.payment_id = p.id`,
      ),
    );
    expect(stored).not.toContain('000123456789');
    expect(stored).not.toContain('000987654321');
  });

  it('has James, Linda and Ana as described', async () => {
    const james = await guarantorByAccount(db, '200300400');
    expect(james).toMatchObject({
      supportPhone: null,
      roles: [],
      email: 'james.wilson@example.com',
    });
    expect(
      (await encountersOf(db, james.id)).map((e) => [
        e.type,
        `${e.facilityId}-${e.accountNumber}`,
        e.patientName,
        e.balanceCents,
      ]),
    ).toEqual([
      ['EXAR', '221-60001', 'James Wilson', 8_999],
      ['EXAR', '753-70001', 'James Wilson', 15_000],
      ['EXAR', '753-70002', 'Emma Wilson', 3_550],
    ]);

    const linda = await guarantorByAccount(db, '300400500');
    expect(linda).toMatchObject({ email: null, roles: [], birthdate: '1990-07-22' });
    expect(
      (await encountersOf(db, linda.id)).map((e) => [
        e.type,
        e.accountNumber,
        e.status,
        e.admitDate,
        e.balanceCents,
      ]),
    ).toEqual([['ENT', '40030001', 'self_pay', '2026-05-10', 0]]);

    const ana = await guarantorByAccount(db, '500600700');
    expect(ana).toMatchObject({
      email: null,
      signedUpAt: null,
      emailVerifiedAt: null,
      birthdate: '1995-12-08',
    });
    expect(
      (await encountersOf(db, ana.id)).map((e) => [
        e.type,
        e.accountNumber,
        e.patientName,
        e.admitDate,
        e.balanceCents,
      ]),
    ).toEqual([['ENT', '40050001', 'Ana Torres', '2026-10-12', 7_500]]);
    for (const guarantor of [james, linda, ana]) {
      expect(
        await db
          .select()
          .from(schema.paymentPlans)
          .where(eq(schema.paymentPlans.guarantorId, guarantor.id)),
      ).toEqual([]);
    }
  });

  it("has Robert's large account", async () => {
    const robert = await guarantorByAccount(db, '400500600');
    expect(robert.roles).toEqual(['historical-data']);
    const encounters = await encountersOf(db, robert.id);
    expect(encounters.filter((e) => e.type === 'ENT' && e.planId === null)).toHaveLength(
      ROBERT_COUNTS.mainEncounters,
    );
    const exar = encounters.filter((e) => e.type === 'EXAR');
    expect(exar).toHaveLength(ROBERT_COUNTS.otherFacilityEncounters);
    expect(new Set(exar.map((e) => e.facilityId))).toEqual(new Set(['153', '221', '753', '990']));

    const plans = await db
      .select()
      .from(schema.paymentPlans)
      .where(eq(schema.paymentPlans.guarantorId, robert.id));
    expect(plans).toHaveLength(ROBERT_COUNTS.paymentPlans);
    expect(new Set(plans.map((p) => p.type))).toEqual(new Set(['Mail-in', 'Auto', 'Unknown']));
    expect(new Set(plans.map((p) => p.status))).toEqual(new Set(['Active', 'Broken', 'Unknown']));
    expect(plans.filter((p) => p.overdueCents > 0).length).toBeGreaterThanOrEqual(3);
    expect(plans.some((p) => p.nextDueDate !== null && p.nextDueDate < TODAY)).toBe(true);
    for (const plan of plans) {
      const planEncounters = encounters.filter((e) => e.planId === plan.id);
      expect(planEncounters.length).toBeGreaterThanOrEqual(2);
      expect(planEncounters.length).toBeLessThanOrEqual(6);
      expect(planEncounters.every((e) => e.status === 'payment_plan' && e.type === 'ENT')).toBe(
        true,
      );
      expect(planEncounters.reduce((sum, e) => sum + e.balanceCents, 0)).toBe(
        plan.currentBalanceCents,
      );
      expect(plan.dueCents + plan.overdueCents).toBeLessThanOrEqual(plan.currentBalanceCents);
      const instalments = await db
        .select()
        .from(schema.planInstalments)
        .where(eq(schema.planInstalments.planId, plan.id));
      expect(instalments).toHaveLength(plan.numberOfPayments);
      const open = instalments.filter((i) => i.completedAt === null);
      expect(open.length).toBeGreaterThan(0);
      expect(open.reduce((sum, i) => sum + i.amountCents, 0)).toBe(plan.currentBalanceCents);
    }

    expect(
      await db.select().from(schema.statements).where(eq(schema.statements.guarantorId, robert.id)),
    ).toHaveLength(ROBERT_COUNTS.statements);
    const payments = await db
      .select()
      .from(schema.payments)
      .where(eq(schema.payments.guarantorId, robert.id));
    expect(payments).toHaveLength(ROBERT_COUNTS.payments);
    expect(new Set(payments.map((p) => p.method))).toEqual(new Set(['card', 'eCheck']));
  });

  it('keeps every foreign key and money figure whole', async () => {
    for (const table of [
      'encounters',
      'payments',
      'payment_lines',
      'plan_instalments',
      'statements',
    ]) {
      expect(await count(db, table)).toBeGreaterThan(0);
    }
    const negative = await db.execute<{ n: number }>(sql`
      select (select count(*) from encounters where balance_cents < 0)
           + (select count(*) from payment_lines where amount_cents <= 0)
           + (select count(*) from plan_instalments where amount_cents <= 0) as n`);
    expect(Number(negative.rows[0]?.n)).toBe(0);
  });

  it('does not load twice', async () => {
    const before = await count(db, 'encounters');
    await expect(seedDemoDataIfEmpty(db, { today: TODAY })).resolves.toBe(false);
    expect(await count(db, 'encounters')).toBe(before);
  });

  it('loads the demo billing office staff, active, with their published credentials', async () => {
    const rows = await db.select().from(schema.staffMembers);
    expect(rows.map((row) => [row.email, row.role, row.status, row.kind]).sort()).toEqual(
      Object.values(DEMO_STAFF)
        .map((member) => [member.email, member.role, 'active', 'local'])
        .sort(),
    );
    const factors = new SecondFactors(DEVELOPMENT_JWT_SECRET);
    for (const member of Object.values(DEMO_STAFF)) {
      const row = rows.find((candidate) => candidate.email === member.email);
      expect(await verifyPassword(member.password, row?.passwordHash ?? '')).toBe(true);
      expect(factors.unseal(row?.totpSecretSealed ?? '')).toBe(member.totpSecret);
      expect(row?.totpSecretSealed).not.toContain(member.totpSecret);
    }
  });

  it('adds the demo staff to a database loaded before there were any', async () => {
    const guarantorsBefore = await count(db, 'guarantors');
    await db.delete(schema.staffMembers);
    await expect(seedDemoDataIfEmpty(db, { today: TODAY })).resolves.toBe(true);
    expect(await count(db, 'staff_members')).toBe(Object.keys(DEMO_STAFF).length);
    expect(await count(db, 'guarantors')).toBe(guarantorsBefore);
    await expect(seedDemoDataIfEmpty(db, { today: TODAY })).resolves.toBe(false);
  });
});

describe('buildDemoDataset', () => {
  const fixedHash = async (pin: string) => `test-hash-${pin}`;

  it('builds identical rows, ids included, on every run', async () => {
    const first = await buildDemoDataset({ today: TODAY, hashPin: fixedHash });
    const second = await buildDemoDataset({ today: TODAY, hashPin: fixedHash });
    expect(second).toEqual(first);
  });

  it("keeps Robert's figures from day to day; only dates move", async () => {
    const figures = (rows: DemoRows) => ({
      encounters: rows.encounters.map((e) => [
        e.id,
        e.facilityId,
        e.accountNumber,
        e.patientName,
        e.status,
        e.balanceCents,
        e.planId,
      ]),
      plans: rows.paymentPlans.map((p) => [
        p.id,
        p.planNumber,
        p.version,
        p.type,
        p.status,
        p.dueCents,
        p.overdueCents,
        p.regularPaymentCents,
        p.currentBalanceCents,
        p.numberOfPayments,
      ]),
      instalments: rows.planInstalments.map((i) => [
        i.id,
        i.number,
        i.amountCents,
        i.completedAt === null,
      ]),
      payments: rows.payments.map((p) => [p.id, p.method, p.amountCents, p.cardBrand, p.bankLast4]),
      lines: rows.paymentLines.map((l) => [l.id, l.accountId, l.amountCents]),
      receipts: rows.receipts.map((r) => r.receiptId),
      statements: rows.statements.length,
    });
    const today = await buildDemoDataset({ today: TODAY, hashPin: fixedHash });
    for (const other of ['2026-12-31', '2027-03-01', '2028-02-29']) {
      const later = await buildDemoDataset({ today: other, hashPin: fixedHash });
      expect(figures(later)).toEqual(figures(today));
      const dates = later.payments.map((p) => p.createdAt?.toISOString().slice(0, 10) ?? '');
      expect(dates.every((date) => date < other)).toBe(true);
    }
  });

  it('dates the latest statement the 1st of the current month', async () => {
    const rows = await buildDemoDataset({ today: '2027-01-31', hashPin: fixedHash });
    const latest = rows.statements
      .map((s) => s.statementDate)
      .sort()
      .at(-1);
    expect(latest).toBe('2027-01-01');
  });

  it('rejects a malformed today', async () => {
    await expect(buildDemoDataset({ today: '2026-02-30', hashPin: fixedHash })).rejects.toThrow(
      RangeError,
    );
    await expect(buildDemoDataset({ today: 'yesterday', hashPin: fixedHash })).rejects.toThrow(
      RangeError,
    );
  });
});

describe.each(testDatabaseKinds)('seeding and resetting on %s', (kind) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(kind, { seed: false, today: TODAY });
  });
  afterAll(async () => {
    await database.close();
  });

  it('starts empty when asked, with the facilities loaded', async () => {
    expect(await count(database.db, 'guarantors')).toBe(0);
    const facilities = await database.db
      .select()
      .from(schema.facilities)
      .orderBy(asc(schema.facilities.sortOrder));
    expect(facilities.map((f) => [f.id, f.name, f.kind, f.supportPhone])).toEqual([
      ['107', 'Hospitals & Clinics', 'central', '(801) 555-0107'],
      ['153', 'Central Lab', 'external', '(801) 555-0153'],
      ['221', 'Home Care', 'external', '(801) 555-0221'],
      ['753', 'Salt Lake Clinic Lab', 'external', '(801) 555-0753'],
      ['990', 'Medical Equipment', 'external', '(801) 555-0990'],
    ]);
    for (const facility of facilities) {
      expect(facility.email).toMatch(/@example\.(com|org)$/);
      expect(facility.address).toContain('Salt Lake City, UT');
    }
  });

  it('loads once when several instances seed at the same time', async () => {
    const extra: DatabaseHandle[] = [];
    try {
      if (kind === 'postgres') {
        for (let i = 0; i < 2; i += 1)
          extra.push(await openDatabase({ url: database.url, dataDir: '.', poolSize: 2 }));
      }
      const dbs = [database.db, ...extra.map((handle) => handle.db)];
      const outcomes = await Promise.all(
        [...dbs, database.db].map((db) => seedDemoDataIfEmpty(db, { today: TODAY })),
      );
      expect(outcomes.filter(Boolean)).toHaveLength(1);
      expect(await count(database.db, 'guarantors')).toBe(5);
    } finally {
      await Promise.all(extra.map((handle) => handle.close()));
    }
    // Four seeders at once each hash the demo PINs and staff passwords: CPU-bound work that
    // takes well past the default allowance when other test files share the two cores.
  }, 90_000);

  it('resetDatabase restores the demo data and leaves other tables alone', async () => {
    const { db } = database;
    await db.execute(sql`create table keep_me (id int)`);
    await db.delete(schema.pendingPayments);
    await db.update(schema.encounters).set({ balanceCents: 1 });
    await db.execute(
      sql`insert into audit_events (actor_type, action, outcome) values ('system', 'test', 'success')`,
    );

    await resetDatabase(database, { today: TODAY });

    expect(await count(db, 'pending_payments')).toBe(4);
    expect(await count(db, 'audit_events')).toBe(0);
    const maria = await guarantorByAccount(db, '100200300');
    const balances = (await encountersOf(db, maria.id)).map((e) => e.balanceCents);
    expect(balances).toContain(125_000);
    expect(await count(db, 'keep_me')).toBe(0);
    const tables = await db.execute<{ name: string }>(
      sql`select table_name as name from information_schema.tables where table_schema = current_schema()`,
    );
    expect(tables.rows.map((row) => row.name).sort()).toEqual(
      [...applicationTableNames(), 'keep_me', 'webpay_migrations'].sort(),
    );
  });
});
