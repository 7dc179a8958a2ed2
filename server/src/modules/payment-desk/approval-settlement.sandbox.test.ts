import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorObjectSchema } from '@webpay/contracts/errors';
import { PAYMENT_DESK_PATHS, reversalResultSchema } from '@webpay/contracts/payment-desk';
import { auditEvents, paymentLines, paymentReversals, staffMembers } from '../../db/schema.ts';
import { DEMO_GUARANTORS } from '../../demo/demo-guarantors.ts';
import { DEMO_STAFF } from '../../demo/demo-staff.ts';
import { settleSandbox } from '../../../test/support/converge-sandbox.ts';
import { testDatabaseKinds } from '../../../test/support/database.ts';
import { mintStaffSession, officeCall } from '../../../test/support/office.ts';
import {
  MARIA_LINES,
  newKey,
  payByCard,
  paymentByRef,
  processorRecords,
} from '../../../test/support/payments.ts';
import { startTestServer, type TestServer } from '../../../test/support/test-server.ts';

/*
 * A void or refund that waited for a second supervisor, approved on the
 * other side of the card batch's settlement from where it was asked, against
 * the sandbox processor, which refuses a return before settlement and a void
 * after it as Converge does. Each must give the money back once, or not yet.
 */

const { maria } = DEMO_GUARANTORS;
const CONTEXT = { requestId: 'approval-settlement', correlationId: 'approval', ipAddress: '' };

describe.each(testDatabaseKinds)('approving across settlement (%s)', (kind) => {
  let server: TestServer;
  let mariaToken: string;
  let agent: string;
  let supervisor: string;
  let reviewerId: string;

  beforeAll(async () => {
    // $5.00, so a desk void of a small payment waits for a second supervisor.
    server = await startTestServer(kind, { env: { REFUND_APPROVAL_THRESHOLD: '5.00' } });
    mariaToken = await server.login(maria.accountNumber, maria.pin);
    agent = await mintStaffSession(server, DEMO_STAFF.agent.email);
    supervisor = await mintStaffSession(server, DEMO_STAFF.supervisor.email);
    const [reviewer] = await server.database.db
      .select({ id: staffMembers.id })
      .from(staffMembers)
      .where(eq(staffMembers.email, DEMO_STAFF.reviewer.email));
    reviewerId = reviewer?.id ?? '';
  });

  afterAll(async () => {
    await server?.close();
  });

  const db = () => server.database.db;
  const cardPayment = async (...lines: ReturnType<typeof MARIA_LINES.surgery>[]) => {
    const { started } = await payByCard(server, mariaToken, {
      accounts: lines,
      acknowledgePending: true,
    });
    const payment = await paymentByRef(db(), started.refNum);
    if (!payment) throw new Error('the payment was not written');
    return payment;
  };
  /** An assistance approval's refund request of `cents` on the surgery account, Maria's newest payment first. */
  const assistanceRefund = async (payment: { id: string; guarantorId: string }, cents: number) => {
    const [line] = await db()
      .select({ encounterId: paymentLines.encounterId })
      .from(paymentLines)
      .where(eq(paymentLines.paymentId, payment.id));
    const [row] = await db().transaction((tx) =>
      server.app.services.paymentDesk.assistanceRefunds.request(
        tx,
        {
          applicationId: randomUUID(),
          applicationReference: 'FA-TESTTEST',
          guarantorId: payment.guarantorId,
          requestedBy: reviewerId,
          accounts: [{ encounterId: line?.encounterId ?? '', refundCents: cents }],
        },
        CONTEXT,
      ),
    );
    expect(row).toMatchObject({ paymentId: payment.id, kind: 'return', amountCents: cents });
    return row?.id ?? '';
  };
  const approve = (paymentId: string, reversalId: string) =>
    officeCall(server, PAYMENT_DESK_PATHS.approve(paymentId, reversalId), {
      token: supervisor,
      body: {},
    });
  const typesAt = async (invoiceNumber: string) =>
    (await processorRecords(db(), invoiceNumber)).transactions
      .map((txn) => txn.transactionType)
      .sort();
  const reversalRow = async (id: string) =>
    (await db().select().from(paymentReversals).where(eq(paymentReversals.id, id)))[0];

  it('voids a refund of the whole card payment approved before the sale settled', async () => {
    const payment = await cardPayment(MARIA_LINES.surgery(8));
    const reversalId = await assistanceRefund(payment, 800);

    const answer = await approve(payment.id, reversalId);
    expect(answer.status).toBe(200);
    expect(reversalResultSchema.parse(await answer.json())).toMatchObject({
      reversal: { kind: 'void', status: 'completed', amountCents: 800 },
      message: 'Voided $8.00.',
    });
    expect(await typesAt(payment.processorReference)).toEqual(['SALE', 'VOID']);
    // Approved once: again, or after the batch settles, nothing more goes back.
    expect((await approve(payment.id, reversalId)).status).toBe(409);
    await settleSandbox(server.baseUrl, server.env);
    expect(await typesAt(payment.processorReference)).toEqual(['SALE', 'VOID']);
    const [audited] = await db()
      .select()
      .from(auditEvents)
      .where(
        and(
          eq(auditEvents.action, 'payment.reversal.approved'),
          eq(auditEvents.targetId, payment.id),
        ),
      );
    expect(audited?.details).toMatchObject({ kind: 'void', requestedKind: 'return' });
  });

  it('keeps part of a card payment waiting until the sale settles, then returns it', async () => {
    const payment = await cardPayment(MARIA_LINES.surgery(8));
    const reversalId = await assistanceRefund(payment, 300);

    const early = await approve(payment.id, reversalId);
    expect(early.status).toBe(409);
    expect(errorObjectSchema.parse(await early.json())).toMatchObject({
      code: 'REVERSAL_NOT_ALLOWED',
      details: [
        'The card payment has not settled yet; approve this refund after it settles (the processor settles card payments once a day).',
      ],
    });
    expect(await reversalRow(reversalId)).toMatchObject({
      status: 'awaiting_approval',
      decidedBy: null,
      sentAt: null,
    });
    expect(await typesAt(payment.processorReference)).toEqual(['SALE']);

    await settleSandbox(server.baseUrl, server.env);
    const later = await approve(payment.id, reversalId);
    expect(reversalResultSchema.parse(await later.json()).reversal).toMatchObject({
      kind: 'return',
      status: 'completed',
      amountCents: 300,
    });
    expect(await typesAt(payment.processorReference)).toEqual(['RETURN', 'SALE']);
  });

  it('refunds to the card a void approved after the sale settled', async () => {
    const payment = await cardPayment(MARIA_LINES.surgery(5), MARIA_LINES.emergency(3));
    const requested = await officeCall(server, PAYMENT_DESK_PATHS.void(payment.id), {
      token: agent,
      body: { reason: 'Paid twice', idempotencyKey: newKey() },
    });
    const waiting = reversalResultSchema.parse(await requested.json()).reversal;
    expect(waiting).toMatchObject({ kind: 'void', status: 'awaiting_approval' });

    await settleSandbox(server.baseUrl, server.env);
    const answer = await approve(payment.id, waiting.reversalId);
    expect(reversalResultSchema.parse(await answer.json()).reversal).toMatchObject({
      kind: 'return',
      status: 'completed',
      amountCents: 800,
    });
    expect(await typesAt(payment.processorReference)).toEqual(['RETURN', 'SALE']);
    expect((await reversalRow(waiting.reversalId))?.allocation).toEqual([
      { lineNumber: 1, amountCents: 500 },
      { lineNumber: 2, amountCents: 300 },
    ]);
  });
});
