import { eq, like } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { payments } from '../../src/db/schema.ts';
import { DEMO_GUARANTORS } from '../../src/demo/demo-guarantors.ts';
import {
  MARIA_LINES,
  completeCard,
  newKey,
  payInLightbox,
  paymentByRef,
  receiptOf,
  startCard,
  startedCard,
} from '../support/payments.ts';
import { startTestServer, type TestServer } from '../support/test-server.ts';
import { expectErrorObject, timed } from './fault-answers.ts';
import {
  startFaultyProcessor,
  type FaultyProcessor,
  type ProcessorFault,
} from './faulty-processor.ts';
import { FAULTS_CONTEXT, payByEcheck } from './payment-driver.ts';
import { expectConsistent, settlementOf, type Settlement } from './settlement.ts';

/*
 * security.md, testing practice: "fault injection on the processor
 * connections (latency, outages, timeouts)"; decision 0009 and Stripe's
 * exactly-once design. The service talks to Converge through a proxy that
 * hangs past CONVERGE_TIMEOUT_MS, refuses connections, answers 500 or
 * garbage, or rewrites an approval into one for another amount or invoice.
 * Proved: the guarantor gets the documented error object; a payment is
 * never recorded without a verified approval and never lost; once the
 * processor is back, reconciliation settles it with one charge and one
 * receipt.
 */

const { maria } = DEMO_GUARANTORS;
const CONVERGE_TIMEOUT_MS = 500;
const SLACK_MS = 3000;
/** The 408/500 words when the approval may be real: do not pay again, we check. */
const OUTCOME_UNKNOWN = /cannot tell yet whether the payment went through/;
const NOTHING_CHARGED = /You have not been charged/;

/** A settlement but for the receipt e-mail, which goes out in the background whenever it does. */
const withoutEmail = ({ receiptEmailedAt: _sent, ...rest }: Settlement) => rest;

describe('security.md fault injection, decision 0009, Stripe exactly-once: the card processor slow, down or answering garbage', () => {
  let processor: FaultyProcessor;
  let server: TestServer;
  let token: string;

  beforeAll(async () => {
    processor = await startFaultyProcessor();
    server = await startTestServer(process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite', {
      env: {
        CONVERGE_HOSTED_URL: processor.hostedUrl,
        CONVERGE_XML_URL: processor.xmlUrl,
        CONVERGE_TIMEOUT_MS: String(CONVERGE_TIMEOUT_MS),
      },
    });
    processor.setTarget(server.baseUrl);
    token = await server.login(maria.accountNumber, maria.pin);
  });

  afterEach(async () => {
    processor.clear();
    await processor.accept();
  });

  afterAll(async () => {
    await server?.close();
    await processor?.close();
  });

  const db = () => server.database.db;
  const reconcile = (now?: Date) =>
    server.app.services.reconcile.run({ graceSeconds: 0, ...(now ? { now } : {}) }, FAULTS_CONTEXT);
  const actionFor = async (refNum: string, now?: Date) =>
    (await reconcile(now)).entries.find((entry) => entry.refNum === refNum)?.action;
  const refNumOfKey = async (key: string) => {
    const [row] = await db().select().from(payments).where(eq(payments.idempotencyKey, key));
    return row?.processorReference ?? '';
  };

  /** A card payment approved in the lightbox, whose completion is still to come. */
  const approvedInLightbox = async (amount: number) => {
    const started = await startedCard(server, token, { accounts: [MARIA_LINES.surgery(amount)] });
    const sale = await payInLightbox(server, started.token);
    expect(sale.type).toBe('approval');
    return { refNum: started.refNum, sale: sale.response };
  };

  it('answers 408 to an approval check that hangs, keeps the payment open, and reconciliation records it once', async () => {
    const { refNum, sale } = await approvedInLightbox(61);
    processor.inject('txnquery', { kind: 'hang' });

    const completion = await timed(() => completeCard(server, token, refNum, sale));
    expect(completion.ms).toBeLessThan(CONVERGE_TIMEOUT_MS + SLACK_MS);
    const error = await expectErrorObject(completion.result, 408, 'PROCESSOR_TIMEOUT');
    expect(error.details[0]).toMatch(OUTCOME_UNKNOWN);
    expect(await actionFor(refNum)).toBe('error');
    const open = await settlementOf(db(), refNum);
    expect(open.status).toBe('in_lightbox');
    expectConsistent(open, { settled: false });

    processor.clear();
    expect(await actionFor(refNum)).toBe('recorded');
    const settled = await settlementOf(db(), refNum);
    expect(settled.status).toBe('recorded');
    expectConsistent(settled, { settled: true });
    // The guarantor's retry gets that same receipt.
    const receipt = await receiptOf(await completeCard(server, token, refNum, sale));
    expect(receipt.amount).toBe(61);
    expect(withoutEmail(await settlementOf(db(), refNum))).toEqual(withoutEmail(settled));
  });

  const unreachable: [string, () => Promise<void> | void][] = [
    ['refuses connections', () => processor.refuse()],
    ['answers 500', () => processor.inject('txnquery', { kind: 'status', status: 500 })],
    ['answers 503', () => processor.inject('txnquery', { kind: 'status', status: 503 })],
    ['answers garbage', () => processor.inject('txnquery', { kind: 'garbage' })],
    ['drops the connection', () => processor.inject('txnquery', { kind: 'reset' })],
  ];

  it.each(unreachable)(
    'answers 500 PROCESSOR_ERROR when the processor %s, and the retry after it is back records once',
    async (_fault, inject) => {
      const { refNum, sale } = await approvedInLightbox(62);
      await inject();

      const error = await expectErrorObject(
        await completeCard(server, token, refNum, sale),
        500,
        'PROCESSOR_ERROR',
      );
      expect(error.details[0]).toMatch(OUTCOME_UNKNOWN);
      expect(await actionFor(refNum)).toBe('error');
      expectConsistent(await settlementOf(db(), refNum), { settled: false });

      processor.clear();
      await processor.accept();
      const receipt = await receiptOf(await completeCard(server, token, refNum, sale));
      expect(receipt.amount).toBe(62);
      expect(await actionFor(refNum)).toBeUndefined();
      const settled = await settlementOf(db(), refNum);
      expect(settled.status).toBe('recorded');
      expectConsistent(settled, { settled: true });
    },
  );

  const contradicting: [string, Record<string, string>][] = [
    ['another amount', { ssl_amount: '1.00' }],
    ['another invoice', { ssl_invoice_number: 'PAY-ANOTHERONE2' }],
    ['a decline', { ssl_result: '1', ssl_result_message: 'DECLINED' }],
  ];

  it.each(contradicting)(
    'never records an approval the processor contradicts (%s), and records the true one once it does not',
    async (_contradiction, fields) => {
      const { refNum, sale } = await approvedInLightbox(63);
      processor.inject('txnquery', { kind: 'rewrite', fields });

      await expectErrorObject(
        await completeCard(server, token, refNum, sale),
        402,
        'PAYMENT_NOT_VERIFIED',
      );
      // Reconciliation hears the same contradiction, and records nothing either.
      expect(await actionFor(refNum)).toBe('still_open');
      const open = await settlementOf(db(), refNum);
      expect(open.status).toBe('in_lightbox');
      expectConsistent(open, { settled: false });

      processor.clear();
      expect(await actionFor(refNum)).toBe('recorded');
      const settled = await settlementOf(db(), refNum);
      expect(settled.txnId).toBe(sale.ssl_txn_id);
      expectConsistent(settled, { settled: true });
    },
  );

  it('answers 408 to an eCheck debit that never reached the processor, and reconciliation fails it with nothing charged', async () => {
    processor.inject('ecspurchase', { kind: 'hang' });
    const key = newKey();
    const debit = await timed(() => payByEcheck(server, token, 64, key));
    expect(debit.ms).toBeLessThan(CONVERGE_TIMEOUT_MS + SLACK_MS);
    const error = await expectErrorObject(debit.result, 408, 'PROCESSOR_TIMEOUT');
    expect(error.details[0]).toMatch(OUTCOME_UNKNOWN);
    const refNum = await refNumOfKey(key);
    expect(await paymentByRef(db(), refNum)).toMatchObject({
      status: 'initiated',
      failureCode: 'processor_timeout',
    });

    processor.clear();
    // Once no request of it can still be on its way, the processor's "never seen" is final.
    expect(await actionFor(refNum, new Date(Date.now() + 60_000))).toBe('failed');
    const settled = await settlementOf(db(), refNum);
    expect(settled.status).toBe('failed');
    expect(settled.charges).toEqual([]);
    expectConsistent(settled, { settled: true });
  });

  const lostAnswers: [string, ProcessorFault, number, string][] = [
    ['hangs', { kind: 'hang', after: true }, 408, 'PROCESSOR_TIMEOUT'],
    ['answers 500', { kind: 'status', status: 500, after: true }, 500, 'PROCESSOR_ERROR'],
    ['answers garbage', { kind: 'garbage', after: true }, 500, 'PROCESSOR_ERROR'],
    // Answers that contradict the request: an approval, but not of this payment.
    [
      'answers an approval of another amount',
      { kind: 'rewrite', fields: { ssl_amount: '1.00' } },
      500,
      'PROCESSOR_ERROR',
    ],
    [
      'answers an approval of another invoice',
      { kind: 'rewrite', fields: { ssl_invoice_number: 'PAY-ANOTHERONE2' } },
      500,
      'PROCESSOR_ERROR',
    ],
    // Neither approved nor declined: not a reason to close the payment.
    [
      'answers with an empty result',
      { kind: 'rewrite', fields: { ssl_result: '', ssl_result_message: '' } },
      500,
      'PROCESSOR_ERROR',
    ],
  ];

  it.each(lostAnswers)(
    'keeps an eCheck open when the processor debits and then %s, and records it once',
    async (_fault, fault, status, code) => {
      processor.inject('ecspurchase', fault);
      const key = newKey();
      const error = await expectErrorObject(
        await payByEcheck(server, token, 65, key),
        status,
        code,
      );
      expect(error.details[0]).toMatch(OUTCOME_UNKNOWN);
      const refNum = await refNumOfKey(key);
      const open = await settlementOf(db(), refNum);
      expect(open).toMatchObject({ status: 'initiated', charges: [expect.any(String)] });
      expectConsistent(open, { settled: false });

      processor.clear();
      expect(await actionFor(refNum)).toBe('recorded');
      const settled = await settlementOf(db(), refNum);
      expectConsistent(settled, { settled: true });
      // The same request again (the portal's retry) gets that receipt, not a second debit.
      const receipt = await receiptOf(await payByEcheck(server, token, 65, key));
      expect(receipt.paymentMethod).toBe('eCheck');
      expect(withoutEmail(await settlementOf(db(), refNum))).toEqual(withoutEmail(settled));
    },
  );

  const tokenFaults: [string, ProcessorFault, number, string][] = [
    ['does not answer', { kind: 'hang' }, 408, 'PROCESSOR_TIMEOUT'],
    ['answers 500', { kind: 'status', status: 500 }, 500, 'PROCESSOR_ERROR'],
    ['answers garbage', { kind: 'garbage' }, 500, 'PROCESSOR_ERROR'],
  ];

  it.each(tokenFaults)(
    'fails a card start whose session request the processor %s, telling the guarantor nothing was charged',
    async (_fault, fault, status, code) => {
      processor.inject('transaction_token', fault);
      const key = newKey();
      const error = await expectErrorObject(
        await startCard(server, token, { accounts: [MARIA_LINES.surgery(66)] }, key),
        status,
        code,
      );
      expect(error.details[0]).toMatch(NOTHING_CHARGED);
      const refNum = await refNumOfKey(key);
      expect(await paymentByRef(db(), refNum)).toMatchObject({
        status: 'failed',
        lightboxToken: null,
      });
      processor.clear();
      // Already settled: reconciliation does not even look at it.
      expect(await actionFor(refNum)).toBeUndefined();
      expectConsistent(await settlementOf(db(), refNum), { settled: true });
    },
  );

  it('leaves no approval unrecorded and no invoice charged twice (ASVS 5.0 2.3.4)', async () => {
    await reconcile(new Date(Date.now() + 60 * 60_000));
    // The payments of this file, not the demo data's history.
    const all = await db().select().from(payments).where(like(payments.idempotencyKey, 'test-%'));
    expect(all.length).toBeGreaterThan(10);
    for (const payment of all) {
      expectConsistent(await settlementOf(db(), payment.processorReference), { settled: true });
    }
  });
});
