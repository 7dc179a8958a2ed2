import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ASSISTANCE_REVIEW_PATHS, caseSchema } from '@webpay/contracts/assistance-application';
import { addDays } from '@webpay/contracts/dates';
import { PAYMENT_PLAN_PATHS, autopayOverviewSchema } from '@webpay/contracts/payment-plans';
import { assistanceApplications, guarantors } from '../../db/schema.ts';
import { DEMO_GUARANTORS } from '../../demo/demo-guarantors.ts';
import { DEMO_STAFF } from '../../demo/demo-staff.ts';
import {
  application,
  applications,
  householdAnswers,
  submit,
  trackerOf,
} from '../../../test/support/assistance.ts';
import {
  FakeAutopayProcessor,
  FakeLedger,
  fakeMethods,
  guarantorIdOf,
  insertCard,
  insertPlan,
} from '../../../test/support/autopay.ts';
import { testDatabaseKinds } from '../../../test/support/database.ts';
import { officeCall, staffSignIn } from '../../../test/support/office.ts';
import { startTestServer, type TestServer } from '../../../test/support/test-server.ts';
import { chargesPausedByAssistance, onAssistanceHold } from './hold.ts';

const { maria } = DEMO_GUARANTORS;
const CONTEXT = { requestId: 'test-hold', correlationId: 'test-hold', ipAddress: '' };

/*
 * Section 501(r)(6): while an application is open the account is on hold,
 * notices stop and charges pause unless the guarantor keeps paying; the
 * hold lifts on a denial or when requested information is overdue, each
 * with its written notices.
 */
describe.each(testDatabaseKinds)('the hold of an open application (%s)', (kind) => {
  let server: TestServer;
  let token: string;
  let mariaId: string;
  let reviewer: string;

  const holdOf = async () => {
    const { rows } = await server.database.db.execute<{ held: boolean; paused: boolean }>(
      sql`select ${onAssistanceHold(mariaId)} as held, ${chargesPausedByAssistance(mariaId)} as paused`,
    );
    return rows[0];
  };

  const apply = async (keepPaying: boolean) => {
    const listed = await applications(server, token);
    const body = application(householdAnswers(listed.openAccounts, 1, 90_000));
    return trackerOf(await submit(server, token, { ...body, keepPaying }));
  };

  beforeAll(async () => {
    server = await startTestServer(kind);
    token = await server.login(maria.accountNumber, maria.pin);
    const [row] = await server.database.db
      .select({ id: guarantors.id })
      .from(guarantors)
      .where(eq(guarantors.accountNumber, maria.accountNumber));
    mariaId = row?.id ?? '';
    reviewer = await staffSignIn(server, DEMO_STAFF.reviewer);
  });

  afterAll(async () => {
    await server?.close();
  });

  it('stops notices and pauses charges while open; a denial lifts it with its notices', async () => {
    expect(await holdOf()).toEqual({ held: false, paused: false });
    const tracker = await apply(false);
    expect(await holdOf()).toEqual({ held: true, paused: true });
    const notices = await server.app.services.statementNotices.notify(
      { accountNumber: maria.accountNumber, dryRun: true },
      CONTEXT,
    );
    expect(notices.results).toEqual([]);
    expect(notices.notEligible).toContain('financial assistance');

    const response = await officeCall(server, ASSISTANCE_REVIEW_PATHS.deny(tracker.reference), {
      token: reviewer,
      body: { reason: 'Household income is above 400% of the poverty guideline.' },
    });
    const denied = caseSchema.parse(await response.json());
    expect(denied.status).toBe('denied');
    expect(denied.hold).toMatchObject({ active: false, releaseReason: 'denied' });
    expect(denied.letters.map((letter) => letter.kind).sort()).toEqual([
      'collection_notice',
      'denial',
      'hold_released',
    ]);
    expect(denied.letters.find((letter) => letter.kind === 'denial')?.body).toContain(
      'Household income is above 400%',
    );
    expect(await holdOf()).toEqual({ held: false, paused: false });
  });

  it('keeps charges going when she chose to, and lifts once when information is overdue', async () => {
    const tracker = await apply(true);
    expect(await holdOf()).toEqual({ held: true, paused: false });
    const asked = await officeCall(
      server,
      ASSISTANCE_REVIEW_PATHS.requestInformation(tracker.reference),
      { token: reviewer, body: { items: ['A letter from your employer'], dueOn: '2026-12-01' } },
    );
    expect(asked.status).toBe(200);

    const decisions = server.app.services.assistanceDecisions;
    // On the due date itself the hold still stands; the day after, it lifts.
    expect(await decisions.releaseOverdue('2026-12-01', CONTEXT)).toEqual([]);
    expect(await decisions.releaseOverdue(addDays('2026-12-01', 1), CONTEXT)).toEqual([
      tracker.reference,
    ]);
    expect(await decisions.releaseOverdue(addDays('2026-12-01', 2), CONTEXT)).toEqual([]);
    expect(await holdOf()).toEqual({ held: false, paused: false });

    const [row] = await server.database.db
      .select()
      .from(assistanceApplications)
      .where(eq(assistanceApplications.reference, tracker.reference));
    // Still open: the office can decide it when the letter comes.
    expect(row).toMatchObject({
      status: 'need_information',
      holdReleaseReason: 'information_overdue',
    });
    const letters = await server.app.services.assistanceReview.case(
      tracker.reference,
      { staffId: 'test', role: 'reviewer', name: 'Test' },
      CONTEXT,
    );
    expect(letters.letters.map((letter) => letter.kind).sort()).toEqual([
      'collection_notice',
      'hold_released',
      'incomplete',
    ]);
  });
});

describe('autopay while an application is open (pglite)', () => {
  const processor = new FakeAutopayProcessor();
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer('pglite', {
      serviceOverrides: {
        processor,
        autopay: { processor, ledger: new FakeLedger(), methods: lazyMethods() },
      },
    });
  });

  afterAll(async () => {
    await server?.close();
  });

  /** The server's methods read its own database, known only once it started. */
  function lazyMethods() {
    return { chargeable: (id: string) => fakeMethods(server.database.db).chargeable(id) };
  }
  const run = (today: string) => server.app.services.autopay.service.run(today, { dryRun: false });
  /** Whether her autopay page says the charges are paused. */
  const pausedOnHerPage = async (token: string) => {
    const response = await server.api(PAYMENT_PLAN_PATHS.autopay, { token });
    expect(response.status).toBe(200);
    return autopayOverviewSchema.parse(await response.json()).pausedByAssistance;
  };

  it('charges nothing while the hold stands, and the instalment once it lifts', async () => {
    const db = server.database.db;
    const guarantorId = await guarantorIdOf(db, maria.accountNumber);
    const method = await insertCard(db, guarantorId, 'tok-approve-hold');
    const plan = await insertPlan(db, guarantorId, method, ['2027-03-15']);
    const token = await server.login(maria.accountNumber, maria.pin);
    expect(await pausedOnHerPage(token)).toBe(false);
    const listed = await applications(server, token);
    const tracker = await trackerOf(
      await submit(server, token, application(householdAnswers(listed.openAccounts, 1, 90_000))),
    );
    expect(await pausedOnHerPage(token)).toBe(true);

    const paused = [...(await run('2027-03-12')).entries, ...(await run('2027-03-15')).entries];
    expect(paused.filter((entry) => entry.about.startsWith(plan.planNumber))).toEqual([]);
    expect(processor.salesFor('tok-approve-hold')).toEqual([]);

    const reviewer = await staffSignIn(server, DEMO_STAFF.reviewer);
    const denied = await officeCall(server, ASSISTANCE_REVIEW_PATHS.deny(tracker.reference), {
      token: reviewer,
      body: { reason: 'Household income is above every tier.' },
    });
    expect(denied.status).toBe(200);
    expect(await pausedOnHerPage(token)).toBe(false);
    await run('2027-03-12');
    await run('2027-03-15');
    expect(processor.salesFor('tok-approve-hold')).toHaveLength(1);
  });
});
