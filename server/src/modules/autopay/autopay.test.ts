import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  autopayCharges,
  paymentAuthorizations,
  paymentPlans,
  payments,
  receipts,
  statementAutopay,
  statements,
} from '../../db/schema.ts';
import { MAIL_QUEUE } from '../mail/index.ts';
import { DEMO_GUARANTORS } from '../../demo/demo-guarantors.ts';
import { testDatabaseKinds } from '../../../test/support/database.ts';
import {
  startMailCatcher,
  type MailCatcher,
  type MailFilter,
} from '../../../test/support/mail-catcher.ts';
import { startTestServer, type TestServer } from '../../../test/support/test-server.ts';
import {
  FakeAutopayProcessor,
  FakeLedger,
  fakeMethods,
  guarantorIdOf,
  insertCard,
  insertPlan,
} from '../../../test/support/autopay.ts';

const { maria } = DEMO_GUARANTORS;

describe.each(testDatabaseKinds)('autopay runs (%s)', (kind) => {
  let catcher: MailCatcher;
  let server: TestServer;
  let second: TestServer;
  const processor = new FakeAutopayProcessor();
  const ledger = new FakeLedger();
  let guarantorId: string;

  beforeAll(async () => {
    catcher = await startMailCatcher();
    const overrides = (db: TestServer['database']['db']) => ({
      processor,
      autopay: { processor, ledger, methods: fakeMethods(db) },
    });
    server = await startTestServer(kind, {
      env: { SMTP_URL: catcher.url },
      serviceOverrides: { processor, autopay: { processor, ledger, methods: lazyMethods() } },
    });
    // A second instance over the same database: another server's runner.
    second = await startTestServer(kind, {
      env: { SMTP_URL: catcher.url },
      database: server.database,
      serviceOverrides: overrides(server.database.db),
    });
    guarantorId = await guarantorIdOf(db(), maria.accountNumber);
  });

  afterAll(async () => {
    await second?.close();
    await server?.close();
    await catcher?.close();
  });

  /** The first server's methods read its own database, known only once it started. */
  function lazyMethods() {
    return { chargeable: (id: string) => fakeMethods(db()).chargeable(id) };
  }
  const db = () => server.database.db;
  /** Sends what the outbox holds now, as a command does before it exits, then finds the message. */
  const mailTo = async (filter: MailFilter) => {
    await server.app.services.jobs.workOff(MAIL_QUEUE.name, 10_000);
    return catcher.waitForMail(filter);
  };
  /** The outbox holds a message about the guarantor with this subject (sent or still queued). */
  const queuedSubjects = async () =>
    (
      await server.app.services.outbox.messagesConcerning(
        { guarantorId, addresses: [], paymentIds: [], statementIds: [] },
        200,
      )
    ).map((message) => message.subject);
  const run = (today: string, dryRun = false) =>
    server.app.services.autopay.service.run(today, { dryRun });
  const chargesOf = (instalmentId: string) =>
    db()
      .select()
      .from(autopayCharges)
      .where(eq(autopayCharges.instalmentId, instalmentId))
      .orderBy(autopayCharges.attempt);
  const count = async (table: typeof payments | typeof autopayCharges) =>
    (
      await db()
        .select({ n: sql<number>`count(*)::int` })
        .from(table)
    )[0]?.n ?? 0;

  it('sends the notice first, then charges on the due day once, with the instalment flags', async () => {
    const method = await insertCard(db(), guarantorId, 'tok-approve-1');
    const plan = await insertPlan(db(), guarantorId, method, ['2027-01-15', '2027-02-15']);
    const [first] = plan.instalmentIds;

    expect(
      (await run('2027-01-11')).entries.filter((e) => e.about.startsWith(plan.planNumber)),
    ).toHaveLength(0);
    const noticed = await run('2027-01-12');
    expect(noticed.entries).toContainEqual(
      expect.objectContaining({
        action: 'noticed',
        about: `${plan.planNumber} #1`,
        chargeDate: '2027-01-15',
      }),
    );
    const notice = await mailTo({
      to: maria.email,
      subject: 'Autopay: a payment will be charged on',
    });
    expect(notice.text).toContain('Visa card ending in 1111');
    expect(notice.text).toContain('$50.00');
    expect(notice.text).toContain('payment 1 of 2');
    // Friday the 15th: three business days before is Tuesday the 12th.
    expect(notice.text).toContain('by Jan 12, 2027');

    await run('2027-01-14');
    expect(processor.salesFor('tok-approve-1')).toHaveLength(0);

    const charged = await run('2027-01-15');
    expect(charged.entries).toContainEqual(
      expect.objectContaining({ action: 'charged', about: `${plan.planNumber} #1` }),
    );
    await run('2027-01-15');
    const sales = processor.salesFor('tok-approve-1');
    expect(sales).toHaveLength(1);
    expect(sales[0]).toMatchObject({
      amountCents: 5_000,
      recurring: { kind: 'instalment', paymentNumber: 1, paymentCount: 2 },
    });

    const [charge] = await chargesOf(first ?? '');
    expect(charge).toMatchObject({ status: 'paid', attempt: 1 });
    const [payment] = await db()
      .select()
      .from(payments)
      .where(eq(payments.id, charge?.paymentId ?? ''));
    expect(payment).toMatchObject({
      status: 'recorded',
      origin: 'autopay',
      paymentMethodId: method,
      amountCents: 5_000,
    });
    expect(sales[0]?.invoiceNumber).toBe(payment?.processorReference);
    const stored = await db()
      .select()
      .from(receipts)
      .where(eq(receipts.paymentId, payment?.id ?? ''));
    expect(stored).toHaveLength(1);
    await mailTo({ to: maria.email, subject: stored[0]?.receiptId ?? '' });
    expect(ledger.refreshed).toContain(plan.planId);
  });

  it('a dry run lists what it would do and writes nothing', async () => {
    const method = await insertCard(db(), guarantorId, 'tok-approve-dry');
    const plan = await insertPlan(db(), guarantorId, method, ['2027-03-15']);
    const before = [await count(autopayCharges), await count(payments)];
    const report = await run('2027-03-12', true);
    expect(report.dryRun).toBe(true);
    expect(report.entries).toContainEqual(
      expect.objectContaining({ action: 'noticed', about: `${plan.planNumber} #1` }),
    );
    expect([await count(autopayCharges), await count(payments)]).toEqual(before);
    await run('2027-03-12');
    const dueDay = await run('2027-03-15', true);
    expect(dueDay.entries).toContainEqual(
      expect.objectContaining({ action: 'charged', chargeDate: '2027-03-15' }),
    );
    expect(processor.salesFor('tok-approve-dry')).toHaveLength(0);
    expect((await chargesOf(plan.instalmentIds[0] ?? ''))[0]?.status).toBe('noticed');
    await run('2027-03-15');
  });

  it('a late notice moves the charge so the warning still comes first', async () => {
    const method = await insertCard(db(), guarantorId, 'tok-approve-late');
    const plan = await insertPlan(db(), guarantorId, method, ['2027-04-15']);
    await run('2027-04-14');
    expect((await chargesOf(plan.instalmentIds[0] ?? ''))[0]).toMatchObject({
      chargeDate: '2027-04-17',
      status: 'noticed',
    });
    await run('2027-04-15');
    expect(processor.salesFor('tok-approve-late')).toHaveLength(0);
    await run('2027-04-17');
    expect(processor.salesFor('tok-approve-late')).toHaveLength(1);
  });

  it('retries a decline after three days, then leaves the plan to the billing office', async () => {
    const method = await insertCard(db(), guarantorId, 'tok-decline-1');
    const plan = await insertPlan(db(), guarantorId, method, ['2027-05-14']);
    const instalment = plan.instalmentIds[0] ?? '';
    await run('2027-05-11');
    const first = await run('2027-05-14');
    expect(first.entries).toContainEqual(
      expect.objectContaining({ action: 'declined', reason: 'DECLINED' }),
    );
    expect(await queuedSubjects()).toContain('Autopay: your payment was declined');
    expect(await chargesOf(instalment)).toMatchObject([
      { attempt: 1, status: 'declined', failureMessage: 'DECLINED' },
      { attempt: 2, status: 'noticed', chargeDate: '2027-05-17' },
    ]);
    await run('2027-05-16');
    expect(processor.salesFor('tok-decline-1')).toHaveLength(1);

    await run('2027-05-17');
    expect(processor.salesFor('tok-decline-1')).toHaveLength(2);
    expect((await chargesOf(instalment)).map((charge) => charge.status)).toEqual([
      'declined',
      'declined',
    ]);
    const [row] = await db().select().from(paymentPlans).where(eq(paymentPlans.id, plan.planId));
    expect(row?.needsAttentionSince).toBe('2027-05-17');
    expect(await queuedSubjects()).toContain('Autopay: your payment could not be made');
    await run('2027-05-20');
    expect(processor.salesFor('tok-decline-1')).toHaveLength(2);
  });

  it('never charges again after an unanswered charge; reconciliation records it', async () => {
    const method = await insertCard(db(), guarantorId, 'tok-timeout-1');
    const plan = await insertPlan(db(), guarantorId, method, ['2027-06-15']);
    const instalment = plan.instalmentIds[0] ?? '';
    await run('2027-06-12');
    const lost = await run('2027-06-15');
    expect(lost.entries).toContainEqual(
      expect.objectContaining({ action: 'unknown', about: `${plan.planNumber} #1` }),
    );
    expect((await chargesOf(instalment))[0]?.status).toBe('charging');
    const [charge] = await chargesOf(instalment);
    const [open] = await db()
      .select()
      .from(payments)
      .where(eq(payments.id, charge?.paymentId ?? ''));
    expect(open?.status).toBe('initiated');

    const report = await server.app.services.reconcile.run(
      { graceSeconds: 0, now: new Date(Date.now() + 60_000) },
      { requestId: 'test', correlationId: 'test', ipAddress: '' },
    );
    expect(report.entries.find((entry) => entry.paymentId === open?.id)?.action).toBe('recorded');

    const next = await run('2027-06-16');
    expect(next.entries).toContainEqual(
      expect.objectContaining({ action: 'charged', about: `${plan.planNumber} #1` }),
    );
    expect((await chargesOf(instalment))[0]?.status).toBe('paid');
    expect(processor.salesFor('tok-timeout-1')).toHaveLength(1);
    expect(
      await db()
        .select()
        .from(receipts)
        .where(eq(receipts.paymentId, open?.id ?? '')),
    ).toHaveLength(1);
  });

  it('two runners at the same moment charge once', async () => {
    const method = await insertCard(db(), guarantorId, 'tok-approve-race');
    const plan = await insertPlan(db(), guarantorId, method, ['2027-07-15']);
    await Promise.all([
      run('2027-07-12'),
      second.app.services.autopay.service.run('2027-07-12', { dryRun: false }),
    ]);
    expect(await chargesOf(plan.instalmentIds[0] ?? '')).toHaveLength(1);
    await Promise.all([
      run('2027-07-15'),
      second.app.services.autopay.service.run('2027-07-15', { dryRun: false }),
    ]);
    expect(processor.salesFor('tok-approve-race')).toHaveLength(1);
    const charges = await chargesOf(plan.instalmentIds[0] ?? '');
    expect(charges.map((charge) => charge.status)).toEqual(['paid']);
    const made = await db()
      .select()
      .from(payments)
      .where(and(eq(payments.paymentMethodId, method), eq(payments.origin, 'autopay')));
    expect(made).toHaveLength(1);
  });

  it('charges a statement as unscheduled, up to the cap; above it, asks to pay by hand', async () => {
    const method = await insertCard(db(), guarantorId, 'tok-approve-statement');
    const authorizationId = crypto.randomUUID();
    await db().insert(paymentAuthorizations).values({
      id: authorizationId,
      guarantorId,
      kind: 'statement_autopay',
      paymentMethodId: method,
      text: 'authorized',
      language: 'en',
      acceptedAt: new Date(),
    });
    await db().insert(statementAutopay).values({
      id: crypto.randomUUID(),
      guarantorId,
      paymentMethodId: method,
      capCents: 20_000,
      authorizationId,
    });
    const statement = (date: string, due: string, cents: number) => ({
      id: crypto.randomUUID(),
      guarantorId,
      statementDate: date,
      accountNumber: maria.accountNumber,
      amountDueCents: cents,
      dueDate: due,
      status: 'open' as const,
      items: [],
    });
    const within = statement('2027-08-01', '2027-08-25', 12_345);
    const above = statement('2027-08-02', '2027-08-25', 45_000);
    await db().insert(statements).values([within, above]);

    await run('2027-08-15');
    const rows = await db()
      .select()
      .from(autopayCharges)
      .where(eq(autopayCharges.guarantorId, guarantorId));
    expect(rows.find((row) => row.statementId === within.id)).toMatchObject({
      status: 'noticed',
      amountCents: 12_345,
      chargeDate: '2027-08-25',
    });
    expect(rows.find((row) => row.statementId === above.id)?.status).toBe('over_cap');
    expect(await queuedSubjects()).toContain('Autopay: please pay your statement yourself');

    await run('2027-08-26');
    const sales = processor.salesFor('tok-approve-statement');
    expect(sales).toHaveLength(1);
    expect(sales[0]).toMatchObject({ amountCents: 12_345, recurring: { kind: 'unscheduled' } });
  });
});
