import { and, eq, like, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ASSISTANCE_REVIEW_PATHS,
  caseSchema,
  type Case,
} from '@webpay/contracts/assistance-application';
import { errorObjectSchema } from '@webpay/contracts/errors';
import {
  PAYMENT_DESK_PATHS,
  approvalsSchema,
  reversalResultSchema,
} from '@webpay/contracts/payment-desk';
import {
  assistanceApplications,
  auditEvents,
  encounters,
  paymentLines,
  paymentPlans,
  paymentReversals,
  staffMembers,
} from '../../db/schema.ts';
import { DEMO_GUARANTORS } from '../../demo/demo-guarantors.ts';
import { DEMO_STAFF } from '../../demo/demo-staff.ts';
import { isApiError } from '../../lib/api-error.ts';
import {
  application,
  applications,
  householdAnswers,
  submit,
  trackerOf,
} from '../../../test/support/assistance.ts';
import { settleSandbox } from '../../../test/support/converge-sandbox.ts';
import { testDatabaseKinds } from '../../../test/support/database.ts';
import { mintStaffSession, officeCall } from '../../../test/support/office.ts';
import {
  MARIA_LINES,
  payAch,
  payByCard,
  processorRecords,
  receiptOf,
} from '../../../test/support/payments.ts';
import { guarantorIdOf, insertPortalPlan } from '../../../test/support/portal-plans.ts';
import { startTestServer, type TestServer } from '../../../test/support/test-server.ts';

/*
 * What an approval does to the money, in its own transaction (issue #27):
 * what Maria paid above the new amount owed becomes refund requests waiting
 * on the payment desk, and the plan her account is on is shortened, both
 * committed with the decision. The desk then settles the requests as any.
 */

const { maria } = DEMO_GUARANTORS;
const CONTEXT = { requestId: 'test-approval-money', correlationId: 'test', ipAddress: '' };
const SURGERY = '40010001';

async function caseOf(response: Response): Promise<Case> {
  if (response.status !== 200) throw new Error(`${response.status} ${await response.text()}`);
  return caseSchema.parse(await response.json());
}

describe.each(testDatabaseKinds)('an approval on accounts Maria paid on (%s)', (kind) => {
  let server: TestServer;
  let token: string;
  let reference: string;
  let decided: Case;
  let planId: string;
  const paid = { card: '', eCheck: '', earlierCents: 0 };
  const staff = { reviewer: '', second: '', supervisor: '', secondId: '' };

  const db = () => server.database.db;
  const refundsOf = (applicationId: string) =>
    db()
      .select()
      .from(paymentReversals)
      .where(like(paymentReversals.idempotencyKey, `assistance:${applicationId}:%`));
  /** What recorded payments (the demo's among them) put on the surgery account so far. */
  const paidOnSurgery = async () => {
    const { rows } = await db().execute<{ cents: number }>(sql`
      select coalesce(sum(l.amount_cents), 0)::int as cents
      from payment_lines l
      join payments p on p.id = l.payment_id
      join encounters e on e.id = l.encounter_id
      where p.status = 'recorded' and e.account_number = ${SURGERY}`);
    return rows[0]?.cents ?? 0;
  };
  const applicationId = async () => {
    const [row] = await db()
      .select({ id: assistanceApplications.id })
      .from(assistanceApplications)
      .where(eq(assistanceApplications.reference, reference));
    return row?.id ?? '';
  };

  beforeAll(async () => {
    server = await startTestServer(kind);
    token = await server.login(maria.accountNumber, maria.pin);
    paid.earlierCents = await paidOnSurgery();
    // A card payment, then an eCheck (the newest), both on the surgery account.
    paid.card = (
      await payByCard(server, token, {
        accounts: [MARIA_LINES.surgery(40)],
        acknowledgePending: true,
      })
    ).receipt.id;
    paid.eCheck = (
      await receiptOf(
        await payAch(server, token, {
          accounts: [MARIA_LINES.surgery(25)],
          acknowledgePending: true,
        }),
      )
    ).id;
    // The plan carries the surgery and the emergency visit; she applies for the surgery only.
    ({ id: planId } = await insertPortalPlan(db(), await guarantorIdOf(db(), maria.accountNumber), {
      amounts: [50_000, 50_000, 50_000, 6_045],
      accounts: [SURGERY, '40010002'],
    }));
    const listed = await applications(server, token);
    const surgery = listed.openAccounts.filter((account) => account.accountNumber === SURGERY);
    expect(surgery).toHaveLength(1);
    reference = (
      await trackerOf(
        await submit(server, token, application(householdAnswers(surgery, 4, 40_000))),
      )
    ).reference;
    staff.reviewer = await mintStaffSession(server, DEMO_STAFF.reviewer.email);
    staff.second = await mintStaffSession(server, DEMO_STAFF.secondReviewer.email);
    staff.supervisor = await mintStaffSession(server, DEMO_STAFF.supervisor.email);
    const [second] = await db()
      .select({ id: staffMembers.id })
      .from(staffMembers)
      .where(eq(staffMembers.email, DEMO_STAFF.secondReviewer.email));
    staff.secondId = second?.id ?? '';

    const approve = (reviewer: string) =>
      officeCall(server, ASSISTANCE_REVIEW_PATHS.approve(reference), { token: reviewer, body: {} });
    // Above the policy's amount: the second reviewer's approval decides it.
    expect((await caseOf(await approve(staff.reviewer))).firstApproval).not.toBeNull();
    decided = await caseOf(await approve(staff.second));
  });

  afterAll(async () => {
    await server?.close();
  });

  it('asks the desk to give back what she paid above the new amount, newest payment first', async () => {
    expect(decided.status).toBe('approved');
    // Free care: all she paid on the surgery account is owed back, her $65.00 and before.
    expect(decided.decision?.refundCents).toBe(paid.earlierCents + 6_500);
    const rows = await refundsOf(await applicationId());
    expect(rows.reduce((sum, row) => sum + row.amountCents, 0)).toBe(decided.decision?.refundCents);
    expect(decided.refundShortCents).toBe(0);
    const byPayment = new Map(rows.map((row) => [row.paymentId, row]));
    expect(byPayment.get(paid.eCheck)).toMatchObject({ kind: 'check', amountCents: 2_500 });
    expect(byPayment.get(paid.card)).toMatchObject({ kind: 'return', amountCents: 4_000 });
    for (const row of rows) {
      expect(row).toMatchObject({
        status: 'awaiting_approval',
        source: 'assistance',
        requestedBy: staff.secondId,
        reason: `Financial assistance ${reference} approved: paid above the new amount owed`,
        idempotencyKey: `assistance:${await applicationId()}:${row.paymentId}`,
        sentAt: null,
      });
      // Allocated only on the surgery account's lines of that payment.
      const lines = await db()
        .select({ lineNumber: paymentLines.lineNumber, encounterId: paymentLines.encounterId })
        .from(paymentLines)
        .where(eq(paymentLines.paymentId, row.paymentId));
      const [surgery] = await db()
        .select({ id: encounters.id })
        .from(encounters)
        .where(eq(encounters.accountNumber, SURGERY));
      for (const entry of row.allocation) {
        const line = lines.find((candidate) => candidate.lineNumber === entry.lineNumber);
        expect(line?.encounterId).toBe(surgery?.id);
      }
      expect(row.allocation.reduce((sum, entry) => sum + entry.amountCents, 0)).toBe(
        row.amountCents,
      );
    }
    // The case page lists them newest payment first: hers, then the older ones.
    expect(decided.refunds.map((refund) => refund.reversalId).sort()).toEqual(
      rows.map((row) => row.id).sort(),
    );
    expect(
      decided.refunds
        .slice(0, 2)
        .map(({ paymentId, amountCents, status }) => [paymentId, amountCents, status]),
    ).toEqual([
      [paid.eCheck, 2_500, 'awaiting_approval'],
      [paid.card, 4_000, 'awaiting_approval'],
    ]);
    // Each named by its payment's receipt, as the desk finds it.
    expect(decided.refunds.slice(0, 2).every((refund) => refund.receiptId !== null)).toBe(true);

    const audited = await db()
      .select()
      .from(auditEvents)
      .where(
        and(
          eq(auditEvents.action, 'payment.refund.requested'),
          eq(auditEvents.actorId, staff.secondId),
        ),
      );
    expect(audited.map((row) => row.details)).toEqual(
      expect.arrayContaining(
        rows.map((row) =>
          expect.objectContaining({
            reference: row.reference,
            application: reference,
            source: 'assistance',
            amountCents: row.amountCents,
          }),
        ),
      ),
    );
  });

  it('has shortened the plan by the time the approval answers', async () => {
    const [plan] = await db().select().from(paymentPlans).where(eq(paymentPlans.id, planId));
    const left = 156_045 - (decided.decision?.totalAdjustmentCents ?? 0);
    expect(left).toBeGreaterThan(0);
    // What the emergency visit owes is left on it, within its first month.
    expect(plan).toMatchObject({ totalCents: left, currentBalanceCents: left, closedAt: null });
  });

  it('writes nothing twice: a second approval is refused, a replay answers the same requests', async () => {
    const id = await applicationId();
    const before = await refundsOf(id);
    const again = await officeCall(server, ASSISTANCE_REVIEW_PATHS.approve(reference), {
      token: staff.second,
      body: {},
    });
    expect(again.status).toBe(409);
    const replayed = await db().transaction((tx) =>
      server.app.services.paymentDesk.assistanceRefunds.request(
        tx,
        {
          applicationId: id,
          applicationReference: reference,
          guarantorId: decided.guarantorId,
          requestedBy: staff.secondId,
          accounts: decided.accounts.map(() => ({ encounterId: 'any', refundCents: 6_500 })),
        },
        CONTEXT,
      ),
    );
    expect(replayed.map((row) => row.id).sort()).toEqual(before.map((row) => row.id).sort());
    expect(await refundsOf(id)).toEqual(before);
  });

  it('leaves them to a supervisor other than the reviewer, who completes them', async () => {
    const queue = approvalsSchema.parse(
      await (
        await officeCall(server, PAYMENT_DESK_PATHS.approvals, { token: staff.supervisor })
      ).json(),
    );
    const requested = queue.approvals.filter((item) => item.source === 'assistance');
    expect(requested).toHaveLength(decided.refunds.length);
    const waiting = requested.filter((item) => [paid.card, paid.eCheck].includes(item.paymentId));
    expect(waiting).toHaveLength(2);
    const [first] = waiting;
    if (!first) throw new Error('nothing waits');

    // The deciding reviewer may not approve the request made in their name.
    const byReviewer = await officeCall(
      server,
      PAYMENT_DESK_PATHS.approve(first.paymentId, first.reversalId),
      { token: staff.second, body: {} },
    );
    expect(byReviewer.status).toBe(403);
    expect(errorObjectSchema.parse(await byReviewer.json()).code).toBe('STAFF_PERMISSION_REQUIRED');
    const refused = await server.app.services.paymentDesk.reversals
      .approve(
        first.paymentId,
        first.reversalId,
        { staffId: staff.secondId, sessionId: 's' },
        CONTEXT,
      )
      .catch((error: unknown) => error);
    expect(isApiError(refused) && refused.code).toBe('SECOND_SUPERVISOR_REQUIRED');

    await settleSandbox(server.baseUrl, server.env);
    for (const item of waiting) {
      const answer = await officeCall(
        server,
        PAYMENT_DESK_PATHS.approve(item.paymentId, item.reversalId),
        { token: staff.supervisor, body: {} },
      );
      expect(answer.status).toBe(200);
      expect(reversalResultSchema.parse(await answer.json()).reversal).toMatchObject({
        status: 'completed',
        source: 'assistance',
        decidedBy: { name: DEMO_STAFF.supervisor.name },
      });
    }
    const cardPayment = await db().query.payments.findFirst({
      where: (row, { eq: equals }) => equals(row.id, paid.card),
    });
    const records = await processorRecords(db(), cardPayment?.processorReference ?? '');
    expect(records.transactions.map((txn) => txn.transactionType).sort()).toEqual([
      'RETURN',
      'SALE',
    ]);
    const shown = await caseOf(
      await officeCall(server, ASSISTANCE_REVIEW_PATHS.case(reference), { token: staff.reviewer }),
    );
    expect(shown.refunds.slice(0, 2).map((refund) => refund.status)).toEqual([
      'completed',
      'completed',
    ]);
  });
});
