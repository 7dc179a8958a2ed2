import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorObjectSchema } from '@webpay/contracts/errors';
import {
  PAYMENT_DESK_PATHS,
  approvalsSchema,
  deskPaymentSchema,
  paymentSearchResultSchema,
  reversalResultSchema,
} from '@webpay/contracts/payment-desk';
import { auditEvents, paymentReversals, pendingPayments } from '../../db/schema.ts';
import { DEMO_GUARANTORS } from '../../demo/demo-guarantors.ts';
import { DEMO_STAFF } from '../../demo/demo-staff.ts';
import { testDatabaseKinds } from '../../../test/support/database.ts';
import { DeskProcessor } from '../../../test/support/desk-processor.ts';
import { mintStaffSession, officeCall } from '../../../test/support/office.ts';
import {
  MARIA_LINES,
  newKey,
  payAch,
  payByCard,
  payInLightbox,
  paymentByRef,
  receiptOf,
  startedCard,
} from '../../../test/support/payments.ts';
import { startTestServer, type TestServer } from '../../../test/support/test-server.ts';

const { maria } = DEMO_GUARANTORS;

describe.each(testDatabaseKinds)('the payment desk (%s)', (kind) => {
  let server: TestServer;
  let mariaToken: string;
  const processor = new DeskProcessor();
  const tokens = { viewer: '', agent: '', supervisor: '', admin: '' };

  beforeAll(async () => {
    server = await startTestServer(kind, {
      // $50.00, so small test payments can wait for a second supervisor.
      env: { REFUND_APPROVAL_THRESHOLD: '50.00' },
      serviceOverrides: { reversalProcessor: processor },
    });
    processor.attach(server.env);
    mariaToken = await server.login(maria.accountNumber, maria.pin);
    tokens.viewer = await mintStaffSession(server, DEMO_STAFF.viewer.email);
    tokens.agent = await mintStaffSession(server, DEMO_STAFF.agent.email);
    tokens.supervisor = await mintStaffSession(server, DEMO_STAFF.supervisor.email);
    tokens.admin = await mintStaffSession(server, DEMO_STAFF.admin.email);
  });

  afterAll(async () => {
    await server?.close();
  });

  /** A card payment by Maria of the given dollars on two lines; answers its row. */
  async function cardPayment(surgery: number, emergency: number) {
    const { started } = await payByCard(server, mariaToken, {
      accounts: [MARIA_LINES.surgery(surgery), MARIA_LINES.emergency(emergency)],
      acknowledgePending: true,
    });
    const payment = await paymentByRef(server.database.db, started.refNum);
    if (!payment?.processorTxnId) throw new Error('the payment was not recorded');
    processor.watch(payment.processorReference);
    return payment;
  }

  const post = (path: string, token: string, body: unknown) =>
    officeCall(server, path, { token, body });
  const voidOf = (id: string, token: string, body: Record<string, unknown> = {}) =>
    post(PAYMENT_DESK_PATHS.void(id), token, {
      reason: 'Duplicate',
      idempotencyKey: newKey(),
      ...body,
    });
  const refundOf = (id: string, token: string, amount: string, key = newKey()) =>
    post(PAYMENT_DESK_PATHS.refund(id), token, { amount, reason: 'Overpaid', idempotencyKey: key });
  const resultOf = async (response: Response) => {
    expect(response.status, await response.clone().text()).toBe(200);
    return reversalResultSchema.parse(await response.json());
  };
  const errorOf = async (response: Response) => errorObjectSchema.parse(await response.json());
  const pendingOf = (paymentId: string) =>
    server.database.db
      .select()
      .from(pendingPayments)
      .where(eq(pendingPayments.paymentId, paymentId));
  const auditOf = (paymentId: string, action: string) =>
    server.database.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.targetId, paymentId), eq(auditEvents.action, action)));
  const mailsOf = (paymentId: string) =>
    server.app.services.outbox.messagesConcerning(
      { addresses: [], paymentIds: [paymentId], statementIds: [] },
      20,
    );

  it('lets an agent void an unsettled payment, once, with its effects', async () => {
    const payment = await cardPayment(12.5, 7.5);
    expect(await pendingOf(payment.id)).toHaveLength(2);
    expect((await voidOf(payment.id, tokens.viewer)).status).toBe(403);

    const key = newKey();
    const first = await resultOf(await voidOf(payment.id, tokens.agent, { idempotencyKey: key }));
    expect(first.reversal).toMatchObject({ kind: 'void', status: 'completed', amountCents: 2000 });
    expect(first.message).toBe('Voided $20.00.');
    const again = await resultOf(await voidOf(payment.id, tokens.agent, { idempotencyKey: key }));
    expect(again.reversal.reversalId).toBe(first.reversal.reversalId);
    const reused = await voidOf(payment.id, tokens.agent, { idempotencyKey: key, reason: 'Other' });
    expect(reused.status).toBe(409);
    expect((await errorOf(reused)).code).toBe('IDEMPOTENCY_KEY_REUSED');
    expect(processor.calls.void).toBe(1);

    expect(await pendingOf(payment.id)).toHaveLength(0);
    expect(await auditOf(payment.id, 'payment.void.requested')).toHaveLength(1);
    expect(await auditOf(payment.id, 'payment.reversal.completed')).toHaveLength(1);
    const mails = await mailsOf(payment.id);
    expect(mails.map((mail) => mail.kind)).toContain('payment_reversal');
    expect(mails.find((mail) => mail.kind === 'payment_reversal')?.subject).toMatch(/WP-/);
    expect((await voidOf(payment.id, tokens.agent)).status).toBe(409);
  });

  it('finds a payment by receipt number with its desk status, for a viewer', async () => {
    const payment = await cardPayment(3, 2);
    await resultOf(await voidOf(payment.id, tokens.agent));
    const page = deskPaymentSchema.parse(
      await (
        await officeCall(server, PAYMENT_DESK_PATHS.payment(payment.id), { token: tokens.viewer })
      ).json(),
    );
    const query = new URLSearchParams({ receipt: page.receiptId ?? '' });
    const response = await officeCall(server, `${PAYMENT_DESK_PATHS.search}?${query}`, {
      token: tokens.viewer,
    });
    const { hits, more } = paymentSearchResultSchema.parse(await response.json());
    expect(more).toBe(false);
    expect(hits).toHaveLength(1);
    expect(hits[0]).toMatchObject({ paymentId: payment.id, status: 'voided', refundedCents: 500 });
    const byStatus = await officeCall(
      server,
      `${PAYMENT_DESK_PATHS.search}?status=voided&last4=${payment.cardLast4}&facility=107`,
      { token: tokens.viewer },
    );
    const found = paymentSearchResultSchema.parse(await byStatus.json()).hits;
    expect(found.every((hit) => hit.status === 'voided')).toBe(true);
    expect(found.map((hit) => hit.paymentId)).toContain(payment.id);
    const none = await officeCall(server, PAYMENT_DESK_PATHS.search, { token: tokens.viewer });
    expect(none.status).toBe(400);
  });

  it('refunds a settled card payment in parts, never beyond what remains', async () => {
    const payment = await cardPayment(20, 10);
    expect((await refundOf(payment.id, tokens.supervisor, '5.00')).status).toBe(409);
    processor.settle(payment.processorTxnId ?? '');
    expect((await voidOf(payment.id, tokens.agent)).status).toBe(409);
    expect((await refundOf(payment.id, tokens.agent, '5.00')).status).toBe(403);

    const part = await resultOf(await refundOf(payment.id, tokens.supervisor, '12.00'));
    expect(part.reversal).toMatchObject({ kind: 'return', status: 'completed', amountCents: 1200 });
    expect(part.message).toBe(`Refunded $12.00 to the card ending ${payment.cardLast4}.`);
    // The last line first: emergency ($10) whole, then $2 of the surgery line.
    const pending = await pendingOf(payment.id);
    expect(pending.map((row) => row.amountCents)).toEqual([1800]);

    const tooMuch = await refundOf(payment.id, tokens.supervisor, '18.01');
    expect(tooMuch.status).toBe(400);
    expect((await errorOf(tooMuch)).code).toBe('AMOUNT_EXCEEDS_REFUNDABLE');
    const refusals = (await auditOf(payment.id, 'payment.refund.requested')).filter(
      (row) => row.outcome === 'failure',
    );
    expect(refusals.map((row) => row.details?.code).sort()).toEqual([
      'AMOUNT_EXCEEDS_REFUNDABLE',
      'REVERSAL_NOT_ALLOWED',
    ]);
    await resultOf(await refundOf(payment.id, tokens.supervisor, '18.00'));
    expect(processor.returnedCents(payment.processorReference)).toBe(3000);
    expect(await pendingOf(payment.id)).toHaveLength(0);

    const page = deskPaymentSchema.parse(
      await (
        await officeCall(server, PAYMENT_DESK_PATHS.payment(payment.id), { token: tokens.viewer })
      ).json(),
    );
    expect(page.status).toBe('refunded');
    expect(page.refundableCents).toBe(0);
    expect(page.lines.map((line) => line.refundedCents)).toEqual([2000, 1000]);
    expect(page.processor.settled).toBe(true);
    expect(page.actions.refund).toMatchObject({ available: false, maxCents: 0 });
    expect(page.events.map((event) => event.action)).toContain('payment.refund.requested');
    expect(page.emails.filter((mail) => mail.kind === 'payment-reversal')).toHaveLength(2);
  });

  it('never lets concurrent refunds exceed the payment', async () => {
    const payment = await cardPayment(20, 10);
    processor.settle(payment.processorTxnId ?? '');
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => refundOf(payment.id, tokens.supervisor, '10.00')),
    );
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 200, 200, 409, 409]); // then nothing remains
    expect(processor.returnedCents(payment.processorReference)).toBe(3000);
  });

  it('keeps a refund above the threshold for a second supervisor', async () => {
    const payment = await cardPayment(60, 10);
    processor.settle(payment.processorTxnId ?? '');
    const calls = processor.calls.return;
    const waiting = await resultOf(await refundOf(payment.id, tokens.supervisor, '55.00'));
    expect(waiting.reversal.status).toBe('awaiting_approval');
    expect(waiting.message).toBe('Waiting for a second supervisor');
    expect(processor.calls.return).toBe(calls);

    const queue = approvalsSchema.parse(
      await (
        await officeCall(server, PAYMENT_DESK_PATHS.approvals, { token: tokens.viewer })
      ).json(),
    );
    expect(queue.approvals.map((row) => row.reversalId)).toContain(waiting.reversal.reversalId);
    // What waits holds its part: only $15.00 remains.
    expect((await refundOf(payment.id, tokens.supervisor, '15.01')).status).toBe(400);

    const approve = PAYMENT_DESK_PATHS.approve(payment.id, waiting.reversal.reversalId);
    expect((await post(approve, tokens.agent, {})).status).toBe(403);
    const own = await post(approve, tokens.supervisor, {});
    expect(own.status).toBe(403);
    expect((await errorOf(own)).code).toBe('SECOND_SUPERVISOR_REQUIRED');
    const approved = await resultOf(await post(approve, tokens.admin, {}));
    expect(approved.reversal).toMatchObject({
      status: 'completed',
      decidedBy: { name: expect.any(String) },
    });
    expect(processor.calls.return).toBe(calls + 1);
    expect((await post(approve, tokens.admin, {})).status).toBe(409);
    expect(await auditOf(payment.id, 'payment.reversal.approved')).toHaveLength(1);
  });

  it('rejects what waits only with a reason', async () => {
    const payment = await cardPayment(60, 10);
    processor.settle(payment.processorTxnId ?? '');
    const waiting = await resultOf(await refundOf(payment.id, tokens.supervisor, '70.00'));
    const page = deskPaymentSchema.parse(
      await (
        await officeCall(server, PAYMENT_DESK_PATHS.payment(payment.id), { token: tokens.agent })
      ).json(),
    );
    expect(page.actions.void.why).toBe('A void or refund of this payment is waiting for approval.');
    const reject = PAYMENT_DESK_PATHS.reject(payment.id, waiting.reversal.reversalId);
    expect((await post(reject, tokens.admin, {})).status).toBe(400);
    // A lone surrogate is valid JSON with no UTF-8 form: stored as U+FFFD, never a 500.
    const early = await post(PAYMENT_DESK_PATHS.void(payment.id), tokens.agent, {
      reason: '\ud800',
      idempotencyKey: newKey(),
    });
    expect(early.status).toBe(409);
    const rejected = await resultOf(
      await post(reject, tokens.admin, { reason: 'Not owed \ud800' }),
    );
    expect(rejected.reversal).toMatchObject({
      status: 'rejected',
      rejectionReason: 'Not owed \ufffd',
    });
    expect(await pendingOf(payment.id)).toHaveLength(2);
  });

  it('leaves an unanswered return to reconciliation, which completes it once', async () => {
    const payment = await cardPayment(20, 10);
    processor.settle(payment.processorTxnId ?? '');
    processor.loseNextAnswer = true;
    const lost = await resultOf(await refundOf(payment.id, tokens.supervisor, '8.00'));
    expect(lost.reversal.status).toBe('processing');
    expect(lost.message).toMatch(/reconciliation/);
    const context = { requestId: 'desk-test', correlationId: 'desk-test', ipAddress: '' };
    const runs = await Promise.all([
      server.app.services.paymentDesk.reconcile.run({ graceSeconds: 0 }, context),
      server.app.services.paymentDesk.reconcile.run({ graceSeconds: 0 }, context),
    ]);
    expect(runs.map((run) => run.counts.completed).sort()).toEqual([0, 1]);
    const [row] = await server.database.db
      .select()
      .from(paymentReversals)
      .where(eq(paymentReversals.id, lost.reversal.reversalId));
    expect(row).toMatchObject({ status: 'completed', source: 'desk' });
    expect(await processor.reversalsOf(payment.processorReference)).toHaveLength(1);
    expect(runs.flatMap((run) => run.entries).filter((entry) => entry.action === 'found')).toEqual(
      [],
    );
  });

  it('fails a processing reversal the processor never saw, so it can be tried again', async () => {
    const payment = await cardPayment(20, 10);
    const reference = 'RV-TESTTEST';
    await server.database.db.insert(paymentReversals).values({
      id: randomUUID(),
      reference,
      paymentId: payment.id,
      guarantorId: payment.guarantorId,
      kind: 'void',
      status: 'processing',
      source: 'desk',
      amountCents: payment.amountCents,
      allocation: [],
      reason: 'Lost before the call',
      sentAt: new Date(Date.now() - 600_000),
    });
    const context = { requestId: 'desk-test-2', correlationId: 'desk-test-2', ipAddress: '' };
    const run = await server.app.services.paymentDesk.reconcile.run({ graceSeconds: 60 }, context);
    expect(run.entries.find((entry) => entry.reference === reference)?.action).toBe('failed');
    const again = await resultOf(await voidOf(payment.id, tokens.agent));
    expect(again.reversal.status).toBe('completed');
  });

  it('records a void made directly at the processor once, however many runs find it', async () => {
    const payment = await cardPayment(4, 1);
    await processor.voidDirectly(payment.processorTxnId ?? '', 'card');
    const context = { requestId: 'desk-test-3', correlationId: 'desk-test-3', ipAddress: '' };
    const runs = await Promise.all([
      server.app.services.paymentDesk.reconcile.run({ graceSeconds: 0 }, context),
      server.app.services.paymentDesk.reconcile.run({ graceSeconds: 0 }, context),
    ]);
    const found = runs
      .flatMap((run) => run.entries)
      .filter((entry) => entry.paymentId === payment.id);
    expect(found).toHaveLength(1);
    const rows = await server.database.db
      .select()
      .from(paymentReversals)
      .where(eq(paymentReversals.paymentId, payment.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      kind: 'void',
      source: 'processor',
      status: 'completed',
      reason: 'Made directly at the processor',
      amountCents: 500,
    });
    expect(await pendingOf(payment.id)).toHaveLength(0);
    expect(await auditOf(payment.id, 'payment.reversal.found')).toHaveLength(1);
    expect((await mailsOf(payment.id)).map((mail) => mail.kind)).toContain('payment_reversal');
  });

  it('never records a sale voided at the processor before WebPay recorded it', async () => {
    const started = await startedCard(server, mariaToken, {
      accounts: [MARIA_LINES.surgery(6)],
      acknowledgePending: true,
    });
    const sale = await payInLightbox(server, started.token);
    await processor.voidDirectly(sale.response.ssl_txn_id ?? '', 'card');
    const context = { requestId: 'desk-test-4', correlationId: 'desk-test-4', ipAddress: '' };
    await server.app.services.reconcile.run({ graceSeconds: 0 }, context);
    const payment = await paymentByRef(server.database.db, started.refNum);
    expect(payment?.status).not.toBe('recorded');
    expect(payment?.recordedAt).toBeNull();
  });

  it('refunds a settled eCheck by check, with no processor call', async () => {
    const receipt = await receiptOf(
      await payAch(server, mariaToken, {
        accounts: [MARIA_LINES.surgery(15)],
        acknowledgePending: true,
      }),
    );
    const payment = await server.database.db.query.payments.findFirst({
      where: (row, { eq: equals }) => equals(row.id, receipt.id),
    });
    if (!payment) throw new Error('the eCheck payment was not written');
    processor.settle(payment.processorTxnId ?? '');
    const calls = { ...processor.calls };
    const refunded = await resultOf(await refundOf(payment.id, tokens.supervisor, '15.00'));
    expect(refunded.reversal).toMatchObject({ kind: 'check', status: 'completed' });
    expect(refunded.message).toBe(
      'Refund of $15.00 recorded: the billing system will mail a check.',
    );
    expect(processor.calls).toEqual(calls);
    expect(await pendingOf(payment.id)).toHaveLength(0);
  });

  it('lets an agent void an eCheck paid today', async () => {
    const receipt = await receiptOf(
      await payAch(server, mariaToken, {
        accounts: [MARIA_LINES.emergency(4)],
        acknowledgePending: true,
      }),
    );
    const voided = await resultOf(await voidOf(receipt.id, tokens.agent));
    expect(voided.reversal).toMatchObject({ kind: 'void', status: 'completed', amountCents: 400 });
    const payment = await server.database.db.query.payments.findFirst({
      where: (row, { eq: equals }) => equals(row.id, receipt.id),
    });
    const voids = await processor.reversalsOf(payment?.processorReference ?? '');
    expect(voids.map((txn) => txn.ssl_transaction_type)).toEqual(['ECSVOID']);
  });
});
