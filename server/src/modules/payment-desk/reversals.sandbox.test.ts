import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  PAYMENT_DESK_PATHS,
  processorCheckResultSchema,
  reversalResultSchema,
} from '@webpay/contracts/payment-desk';
import { paymentReversals } from '../../db/schema.ts';
import { DEMO_GUARANTORS } from '../../demo/demo-guarantors.ts';
import { DEMO_STAFF } from '../../demo/demo-staff.ts';
import { testDatabaseKinds } from '../../../test/support/database.ts';
import { settleSandbox } from '../../../test/support/converge-sandbox.ts';
import { mintStaffSession, officeCall } from '../../../test/support/office.ts';
import {
  MARIA_LINES,
  newKey,
  payByCard,
  paymentByRef,
  processorRecords,
} from '../../../test/support/payments.ts';
import { startTestServer, type TestServer } from '../../../test/support/test-server.ts';
import { ConvergeClient } from '../payments/index.ts';
import { PostingService, postingFile } from '../posting/index.ts';

/*
 * The payment desk against the sandbox processor itself, which settles
 * batches, returns settled card sales and searches by period as Converge
 * does: no test double between the desk and the processor.
 */

const { maria } = DEMO_GUARANTORS;
const CONTEXT = { requestId: 'desk-sandbox', correlationId: 'desk-sandbox', ipAddress: '' };

describe.each(testDatabaseKinds)('the payment desk with the sandbox processor (%s)', (kind) => {
  let server: TestServer;
  let mariaToken: string;
  let agent: string;
  let supervisor: string;

  beforeAll(async () => {
    server = await startTestServer(kind);
    mariaToken = await server.login(maria.accountNumber, maria.pin);
    agent = await mintStaffSession(server, DEMO_STAFF.agent.email);
    supervisor = await mintStaffSession(server, DEMO_STAFF.supervisor.email);
  });

  afterAll(async () => {
    await server?.close();
  });

  const cardPayment = async (surgery: number, emergency: number) => {
    const { started } = await payByCard(server, mariaToken, {
      accounts: [MARIA_LINES.surgery(surgery), MARIA_LINES.emergency(emergency)],
      acknowledgePending: true,
    });
    const payment = await paymentByRef(server.database.db, started.refNum);
    if (!payment) throw new Error('the payment was not written');
    return payment;
  };
  const desk = (path: string, token: string, body: Record<string, unknown>) =>
    officeCall(server, path, { token, body: { idempotencyKey: newKey(), ...body } });
  const typesAt = async (invoiceNumber: string) =>
    (await processorRecords(server.database.db, invoiceNumber)).transactions
      .map((txn) => txn.transactionType)
      .sort();

  it('voids before settlement and refunds in parts after it, at the processor', async () => {
    const voided = await cardPayment(3, 2);
    const before = await desk(PAYMENT_DESK_PATHS.refund(voided.id), supervisor, {
      amount: '1.00',
      reason: 'Too early',
    });
    expect(before.status).toBe(409);
    const voidAnswer = await desk(PAYMENT_DESK_PATHS.void(voided.id), agent, { reason: 'Twice' });
    expect(reversalResultSchema.parse(await voidAnswer.json()).reversal.status).toBe('completed');
    expect(await typesAt(voided.processorReference)).toEqual(['SALE', 'VOID']);

    const refunded = await cardPayment(12, 8);
    await settleSandbox(server.baseUrl, server.env);
    const late = await desk(PAYMENT_DESK_PATHS.void(refunded.id), agent, { reason: 'Too late' });
    expect(late.status).toBe(409);
    for (const amount of ['5.00', '15.00']) {
      const answer = await desk(PAYMENT_DESK_PATHS.refund(refunded.id), supervisor, {
        amount,
        reason: 'Overpaid',
      });
      expect(reversalResultSchema.parse(await answer.json()).reversal).toMatchObject({
        kind: 'return',
        status: 'completed',
      });
    }
    expect(await typesAt(refunded.processorReference)).toEqual(['RETURN', 'RETURN', 'SALE']);

    // The posting export carries the void and both refunds as negative lines beside their
    // payments, and the billing system's confirmation of that very file applies them all.
    const posting = new PostingService(server.database.db);
    const batch = await posting.exportPayments({}, CONTEXT);
    const ours = (payment: { id: string }) =>
      batch.lines
        .filter((line) => line.paymentId === payment.id)
        .map((line) => [line.entry, line.lineNumber, line.amountCents]);
    expect(ours(voided)).toEqual([
      ['payment', 1, 300],
      ['payment', 2, 200],
      ['void', 1, -300],
      ['void', 2, -200],
    ]);
    // Each refund is taken from the last line first: $5 of the $8, then $3 and $12.
    expect(ours(refunded)).toEqual([
      ['payment', 1, 1200],
      ['payment', 2, 800],
      ['refund', 2, -500],
      ['refund', 1, -1200],
      ['refund', 2, -300],
    ]);
    const applied = await posting.applyConfirmation(
      postingFile(batch.lines),
      { fileName: 'posting.csv', dryRun: false },
      CONTEXT,
    );
    expect(applied.problems).toEqual([]);
    const reversals = await server.database.db
      .select()
      .from(paymentReversals)
      .where(inArray(paymentReversals.paymentId, [voided.id, refunded.id]));
    expect(reversals).toHaveLength(3);
    expect(reversals.every((row) => row.appliedAt !== null)).toBe(true);
  });

  it('finds a return made directly at the processor', async () => {
    const payment = await cardPayment(6, 4);
    await settleSandbox(server.baseUrl, server.env);
    const client = new ConvergeClient(server.env, { timeoutMs: 10_000 });
    await client.returnTransaction({
      txnId: payment.processorTxnId ?? '',
      amountCents: 250,
      invoiceNumber: payment.processorReference,
    });
    const run = await server.app.services.paymentDesk.reconcile.run({ graceSeconds: 0 }, CONTEXT);
    expect(run.entries.filter((entry) => entry.paymentId === payment.id)).toMatchObject([
      { action: 'found', kind: 'return', amountCents: 250 },
    ]);
    const rows = await server.database.db
      .select()
      .from(paymentReversals)
      .where(eq(paymentReversals.paymentId, payment.id));
    expect(rows).toMatchObject([{ source: 'processor', status: 'completed', amountCents: 250 }]);
    // The emergency line, the last one, gives the $2.50 back.
    expect(rows[0]?.allocation).toEqual([{ lineNumber: 2, amountCents: 250 }]);
  });

  it('records a void made at the processor when an agent checks the payment with it', async () => {
    const payment = await cardPayment(3, 2);
    const client = new ConvergeClient(server.env, { timeoutMs: 10_000 });
    await client.voidTransaction(payment.processorTxnId ?? '', 'card');
    const check = () =>
      officeCall(server, PAYMENT_DESK_PATHS.checkWithProcessor(payment.id), {
        token: agent,
        body: {},
      });

    const first = await check();
    expect(first.status).toBe(200);
    expect(processorCheckResultSchema.parse(await first.json())).toMatchObject({ found: 1 });
    // A second look, or the scheduled run after it, finds nothing new.
    const second = processorCheckResultSchema.parse(await (await check()).json());
    expect(second.found).toBe(0);
    const run = await server.app.services.paymentDesk.reconcile.run({ graceSeconds: 0 }, CONTEXT);
    expect(run.entries.filter((entry) => entry.paymentId === payment.id)).toEqual([]);

    const rows = await server.database.db
      .select()
      .from(paymentReversals)
      .where(eq(paymentReversals.paymentId, payment.id));
    expect(rows).toMatchObject([
      { kind: 'void', source: 'processor', status: 'completed', amountCents: 500 },
    ]);
  });

  it('lets no viewer check a payment with the processor', async () => {
    const payment = await cardPayment(1, 1);
    const viewer = await mintStaffSession(server, DEMO_STAFF.viewer.email);
    const response = await officeCall(server, PAYMENT_DESK_PATHS.checkWithProcessor(payment.id), {
      token: viewer,
      body: {},
    });
    expect(response.status).toBe(403);
  });
});
