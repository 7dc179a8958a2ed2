import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sandboxConvergeBatches } from '../../db/schema.ts';
import {
  createTestDatabase,
  testDatabaseKinds,
  type TestDatabase,
} from '../../../test/support/database.ts';
import { startTestServer, type TestServer } from '../../../test/support/test-server.ts';
import {
  CONVERGE_TIME,
  credentialFields,
  echeckPurchase,
  lightboxSale,
  sandboxConvergeEnv,
  settleSandbox,
  uniqueInvoice,
  xmlTxn,
} from '../../../test/support/converge-sandbox.ts';
import { ConvergeClient, ConvergeProcessorError, formatConvergeTime } from '../payments/index.ts';
import { startLocalSandbox, type LocalSandbox } from './local-sandbox.ts';
import { SANDBOX_TEST_CARDS } from './test-instruments.ts';

/** The processor's refusal of a call, as the client reports it. */
async function refusalOf(call: Promise<unknown>): Promise<ConvergeProcessorError> {
  const error: unknown = await call.then(
    () => undefined,
    (reason: unknown) => reason,
  );
  if (!(error instanceof ConvergeProcessorError)) {
    throw new Error(`expected a refusal, got ${String(error)}`);
  }
  return error;
}

const statusOf = async (client: ConvergeClient, txnId: string | undefined) =>
  (await client.queryTransaction({ txnId: txnId ?? '' }))[0];

describe.each(testDatabaseKinds)('Converge sandbox: settlement and returns (%s)', (kind) => {
  let server: TestServer;
  let client: ConvergeClient;

  beforeAll(async () => {
    // Batches close only on request here; the daily time has its own tests below.
    server = await startTestServer(kind, { env: { SANDBOX_SETTLEMENT_TIME: 'off' } });
    client = new ConvergeClient(sandboxConvergeEnv(server.baseUrl, server.env));
  });

  afterAll(async () => {
    await server?.close();
  });

  const cardSale = (
    invoiceNumber: string,
    amount = '100.00',
    card: { number: string } = SANDBOX_TEST_CARDS.visa,
  ) => lightboxSale(server.baseUrl, server.env, { invoiceNumber, amount, cardNumber: card.number });

  const batchRow = async (batchId: string | undefined) => {
    const [row] = await server.database.db
      .select()
      .from(sandboxConvergeBatches)
      .where(eq(sandboxConvergeBatches.batchId, batchId ?? ''));
    return row;
  };
  const batchCount = async () =>
    (await server.database.db.select({ n: count() }).from(sandboxConvergeBatches))[0]?.n ?? 0;

  it('settles the open batch on request and says so in txnquery', async () => {
    const invoice = uniqueInvoice('WP-STL');
    const sale = await cardSale(invoice, '125.50');
    const purchase = await echeckPurchase(client, uniqueInvoice('WP-STL-ACH'), 4000);
    expect((await statusOf(client, sale.ssl_txn_id))?.ssl_trans_status).toBe('OPN');

    const settled = await client.settle();
    expect(settled).toEqual({
      ssl_result: '0',
      ssl_result_message: 'APPROVAL',
      ssl_batch_no: expect.stringMatching(/^\d{6}-[A-Z0-9]{6}$/),
      ssl_txn_count: expect.stringMatching(/^\d+$/),
      ssl_amount: expect.stringMatching(/^-?\d+\.\d{2}$/),
      ssl_settle_time: expect.stringMatching(CONVERGE_TIME),
    });
    const row = await batchRow(settled.ssl_batch_no);
    expect(row).toMatchObject({ trigger: 'request' });
    expect(String(row?.transactionCount)).toBe(settled.ssl_txn_count);
    expect(row?.netCents).toBeGreaterThanOrEqual(12_550 + 4000);
    expect(formatConvergeTime(row?.settledAt ?? new Date(0))).toBe(settled.ssl_settle_time);

    for (const txn of [sale, purchase]) {
      expect(await statusOf(client, txn.ssl_txn_id)).toMatchObject({
        ssl_trans_status: 'STL',
        ssl_settle_time: settled.ssl_settle_time,
        ssl_batch_no: settled.ssl_batch_no,
      });
    }

    // Nothing left open: an empty batch answers, with no number and no row.
    const before = await batchCount();
    expect(await settleSandbox(server.baseUrl, server.env)).toMatchObject({
      ssl_result: '0',
      ssl_batch_no: '',
      ssl_txn_count: '0',
      ssl_amount: '0.00',
    });
    expect(await batchCount()).toBe(before);
  });

  it('returns a settled card sale in parts that add up exactly to it, and no more', async () => {
    const invoice = uniqueInvoice('WP-RET');
    const sale = await cardSale(invoice, '100.00');
    await client.settle();
    const txnId = sale.ssl_txn_id ?? '';

    const first = await client.returnTransaction({
      txnId,
      amountCents: 4000,
      invoiceNumber: invoice,
    });
    expect(first).toEqual({
      ssl_result: '0',
      ssl_result_message: 'APPROVAL',
      ssl_txn_id: expect.stringMatching(/^\d{6}[A-Z0-9]{3}-/),
      ssl_txn_time: expect.stringMatching(CONVERGE_TIME),
      ssl_approval_code: expect.stringMatching(/^\d{6}$/),
      ssl_amount: '40.00',
      ssl_invoice_number: invoice,
    });
    expect(first.ssl_txn_id).not.toBe(txnId);

    const tooMuch = await refusalOf(
      client.returnTransaction({ txnId, amountCents: 6001, invoiceNumber: invoice }),
    );
    expect(tooMuch).toMatchObject({
      errorCode: '5000',
      errorName: 'Invalid Field Value',
      errorMessage: 'ssl_amount is more than remains to be returned on this sale (60.00).',
    });
    const rest = await client.returnTransaction({
      txnId,
      amountCents: 6000,
      invoiceNumber: invoice,
    });
    expect(rest.ssl_amount).toBe('60.00');
    expect(
      await refusalOf(client.returnTransaction({ txnId, amountCents: 1, invoiceNumber: invoice })),
    ).toMatchObject({ errorCode: '5000', errorMessage: expect.stringContaining('(0.00)') });

    const listed = await client.queryTransaction({ invoiceNumber: invoice });
    expect(
      listed.map((txn) => [
        txn.ssl_txn_id,
        txn.ssl_transaction_type,
        txn.ssl_trans_status,
        txn.ssl_amount,
      ]),
    ).toEqual([
      [txnId, 'SALE', 'STL', '100.00'],
      [first.ssl_txn_id, 'RETURN', 'OPN', '40.00'],
      [rest.ssl_txn_id, 'RETURN', 'OPN', '60.00'],
    ]);
    expect(listed[1]).toMatchObject({
      ssl_card_number: '41**********9990',
      ssl_card_short_description: 'VISA',
      ssl_result_message: 'APPROVAL',
      ssl_invoice_number: invoice,
    });

    // Returns settle too, and count against the batch's net.
    const settled = await client.settle();
    expect(settled).toMatchObject({ ssl_txn_count: '2', ssl_amount: '-100.00' });
    expect((await batchRow(settled.ssl_batch_no))?.netCents).toBe(-10_000);
    expect((await statusOf(client, rest.ssl_txn_id))?.ssl_trans_status).toBe('STL');
  });

  it('refuses a return before settlement, of an eCheck, of an unknown, declined or voided sale', async () => {
    const invoice = uniqueInvoice('WP-NORET');
    const open = await cardSale(invoice);
    const declined = await cardSale(invoice, '100.00', SANDBOX_TEST_CARDS.declined);
    const voided = await cardSale(invoice);
    await client.voidTransaction(voided.ssl_txn_id ?? '', 'card');
    const unsettled = await refusalOf(
      client.returnTransaction({
        txnId: open.ssl_txn_id ?? '',
        amountCents: 100,
        invoiceNumber: invoice,
      }),
    );
    expect(unsettled).toMatchObject({
      errorCode: '5040',
      errorName: 'Invalid Transaction ID',
      errorMessage:
        'This transaction has not settled yet and cannot be returned; void it (ccvoid) instead.',
    });

    const purchase = await echeckPurchase(client, uniqueInvoice('WP-NORET-ACH'));
    await client.settle();
    expect(
      await refusalOf(
        client.returnTransaction({
          txnId: purchase.ssl_txn_id ?? '',
          amountCents: 100,
          invoiceNumber: invoice,
        }),
      ),
    ).toMatchObject({
      errorCode: '5040',
      errorMessage: 'This transaction is an eCheck; only card sales can be returned (ccreturn).',
    });
    for (const txnId of [declined.ssl_txn_id ?? '', voided.ssl_txn_id ?? '', 'no-such-txn']) {
      expect(
        await refusalOf(
          client.returnTransaction({ txnId, amountCents: 100, invoiceNumber: invoice }),
        ),
        txnId,
      ).toMatchObject({ errorCode: '5040', errorMessage: expect.stringContaining('unknown') });
    }
    // A voided sale is never settled; the declined one neither.
    expect(await statusOf(client, voided.ssl_txn_id)).toMatchObject({ ssl_trans_status: 'VOID' });
    expect(await statusOf(client, voided.ssl_txn_id)).not.toHaveProperty('ssl_settle_time');
    // Its fields are checked like any request's.
    expect(
      await xmlTxn(server.baseUrl, {
        ...credentialFields(server.env),
        ssl_transaction_type: 'ccreturn',
        ssl_txn_id: open.ssl_txn_id ?? '',
      }),
    ).toMatchObject({ errorCode: '4009', errorMessage: 'ssl_amount is required.' });
  });

  it('refuses a void once the sale has settled; voids carry the sale’s invoice number', async () => {
    const invoice = uniqueInvoice('WP-LATEVOID');
    const sale = await cardSale(invoice);
    const purchase = await echeckPurchase(client, invoice);
    await client.settle();
    const late = await refusalOf(client.voidTransaction(sale.ssl_txn_id ?? '', 'card'));
    expect(late).toMatchObject({
      errorCode: '5040',
      errorName: 'Invalid Transaction ID',
      errorMessage:
        'This transaction has settled and can no longer be voided; return it (ccreturn) instead.',
    });
    expect(
      await refusalOf(client.voidTransaction(purchase.ssl_txn_id ?? '', 'echeck')),
    ).toMatchObject({ errorCode: '5040', errorMessage: expect.stringContaining('settled') });

    const early = await cardSale(invoice);
    const voided = await client.voidTransaction(early.ssl_txn_id ?? '', 'card');
    expect(voided.ssl_invoice_number).toBe(invoice);
    const listed = await client.queryTransaction({ invoiceNumber: invoice });
    expect(listed.map((txn) => [txn.ssl_transaction_type, txn.ssl_trans_status])).toEqual([
      ['SALE', 'STL'],
      ['ECSPURCHASE', 'STL'],
      ['SALE', 'VOID'],
      ['VOID', 'OPN'],
    ]);
  });

  it('of two settle requests at once, one closes the batch and the other finds it empty', async () => {
    const sale = await cardSale(uniqueInvoice('WP-RACE'));
    const before = await batchCount();
    const answers = await Promise.all([client.settle(), client.settle(), client.settle()]);
    const closed = answers.filter((answer) => answer.ssl_txn_count !== '0');
    expect(closed).toHaveLength(1);
    expect(await batchCount()).toBe(before + 1);
    expect((await statusOf(client, sale.ssl_txn_id))?.ssl_batch_no).toBe(closed[0]?.ssl_batch_no);
  });

  it('lists every transaction made in a period, oldest first', async () => {
    // Converge times count whole seconds: start on a fresh one, after the other tests' records.
    const from = new Date(Math.ceil(Date.now() / 1000) * 1000 + 1000);
    await new Promise((resolve) => setTimeout(resolve, from.getTime() - Date.now()));
    const invoice = uniqueInvoice('WP-PERIOD');
    const sale = await cardSale(invoice);
    const purchase = await echeckPurchase(client, invoice);
    const voided = await client.voidTransaction(purchase.ssl_txn_id ?? '', 'echeck');
    const found = await client.queryTransaction({ from, to: new Date() });
    expect(found.map((txn) => [txn.ssl_txn_id, txn.ssl_transaction_type])).toEqual([
      [sale.ssl_txn_id, 'SALE'],
      [purchase.ssl_txn_id, 'ECSPURCHASE'],
      [voided.ssl_txn_id, 'ECSVOID'],
    ]);
    // An earlier period holds the demo payments' sales, and none of these.
    const past = new Date(from.getTime() - 20 * 86_400_000);
    const earlier = await client.queryTransaction({
      from: past,
      to: new Date(from.getTime() - 86_400_000),
    });
    expect(earlier.filter((txn) => txn.ssl_invoice_number === invoice)).toEqual([]);
  });

  it('refuses a period it cannot search', async () => {
    const query = (fields: Record<string, string>) =>
      xmlTxn(server.baseUrl, {
        ...credentialFields(server.env),
        ssl_transaction_type: 'txnquery',
        ...fields,
      });
    const start = '11/01/2026 12:00:00 AM';
    expect(
      await query({ ssl_search_start_date: start, ssl_search_end_date: '12/02/2026 12:00:01 AM' }),
    ).toEqual({
      errorCode: '5000',
      errorName: 'Invalid Field Value',
      errorMessage: 'ssl_search_end_date must be at most 31 days after ssl_search_start_date.',
    });
    expect(
      await query({ ssl_search_start_date: start, ssl_search_end_date: '10/31/2026 11:59:59 PM' }),
    ).toMatchObject({ errorCode: '5000', errorMessage: expect.stringContaining('not be before') });
    expect(
      await query({ ssl_search_start_date: '2026-11-01', ssl_search_end_date: start }),
    ).toMatchObject({
      errorCode: '5000',
      errorMessage: expect.stringContaining('ssl_search_start_date'),
    });
    expect(await query({ ssl_search_start_date: start })).toMatchObject({
      errorCode: '4009',
      errorMessage: 'ssl_search_end_date is required.',
    });
    expect(await query({ ssl_search_end_date: start })).toMatchObject({
      errorCode: '4009',
      errorMessage: 'ssl_search_start_date is required.',
    });
  });
});

describe.each(testDatabaseKinds)('Converge sandbox: daily settlement (%s)', (kind) => {
  let database: TestDatabase;
  /** The emulators' clock, moved by the tests. */
  let clock = new Date('2026-07-01T15:00:00.000Z');
  const sandboxes: LocalSandbox[] = [];

  /** An emulator over the test database settling at 22:00 in Denver (04:00 UTC in July). */
  async function sandbox(): Promise<ConvergeClient> {
    const local = await startLocalSandbox(
      database.db,
      {
        CONVERGE_MERCHANT_ID: 'sandbox-merchant-id',
        CONVERGE_USER_ID: 'sandbox-user',
        CONVERGE_PIN: 'SANDBOX-PIN-NOT-A-SECRET',
        SANDBOX_SETTLEMENT_TIME: '22:00',
        WEBPAY_TIME_ZONE: 'America/Denver',
      },
      () => clock,
    );
    sandboxes.push(local);
    return new ConvergeClient(local.env);
  }

  const scheduledBatches = () =>
    database.db
      .select()
      .from(sandboxConvergeBatches)
      .where(eq(sandboxConvergeBatches.trigger, 'schedule'))
      .orderBy(sandboxConvergeBatches.settledAt);

  beforeAll(async () => {
    database = await createTestDatabase(kind, { seed: false });
  });

  afterAll(async () => {
    for (const local of sandboxes) await local.close();
    await database?.close();
  });

  it('settles what was made before the cutoff, at the cutoff, on the first request after it', async () => {
    const client = await sandbox();
    const morning = await echeckPurchase(client, uniqueInvoice('WP-DAY-A'));
    clock = new Date('2026-07-02T03:59:59.000Z');
    const evening = await echeckPurchase(client, uniqueInvoice('WP-DAY-B'));
    expect((await statusOf(client, morning.ssl_txn_id))?.ssl_trans_status).toBe('OPN');

    clock = new Date('2026-07-02T04:00:00.000Z');
    const cutoff = formatConvergeTime(clock);
    const late = await echeckPurchase(client, uniqueInvoice('WP-DAY-C'));
    const [first, second] = [
      await statusOf(client, morning.ssl_txn_id),
      await statusOf(client, evening.ssl_txn_id),
    ];
    expect(first).toMatchObject({ ssl_trans_status: 'STL', ssl_settle_time: cutoff });
    expect(second).toMatchObject({ ssl_trans_status: 'STL', ssl_batch_no: first?.ssl_batch_no });
    expect((await statusOf(client, late.ssl_txn_id))?.ssl_trans_status).toBe('OPN');
    expect(
      await refusalOf(client.voidTransaction(morning.ssl_txn_id ?? '', 'echeck')),
    ).toMatchObject({ errorCode: '5040' });
    await client.voidTransaction(late.ssl_txn_id ?? '', 'echeck');
    expect(await scheduledBatches()).toEqual([
      {
        batchId: first?.ssl_batch_no,
        settledAt: clock,
        trigger: 'schedule',
        transactionCount: 2,
        netCents: 8000,
      },
    ]);
  });

  it('closes one batch per missed day, each at its own cutoff', async () => {
    const client = await sandbox();
    clock = new Date('2026-07-02T10:00:00.000Z');
    const second = await echeckPurchase(client, uniqueInvoice('WP-DAY-D'), 1000);
    clock = new Date('2026-07-03T10:00:00.000Z');
    const third = await echeckPurchase(client, uniqueInvoice('WP-DAY-E'), 2000);
    clock = new Date('2026-07-05T12:00:00.000Z');
    const settledAt = async (txn: { ssl_txn_id?: string }) =>
      (await statusOf(client, txn.ssl_txn_id))?.ssl_settle_time;
    expect(await settledAt(second)).toBe('07/03/2026 04:00:00 AM');
    expect(await settledAt(third)).toBe('07/04/2026 04:00:00 AM');
    expect(
      (await scheduledBatches())
        .slice(1)
        .map((batch) => [batch.settledAt.toISOString(), batch.netCents]),
    ).toEqual([
      ['2026-07-03T04:00:00.000Z', 1000],
      ['2026-07-04T04:00:00.000Z', 2000],
    ]);
  });

  it('closes a batch once when two servers pass the cutoff together', async () => {
    const [one, two] = [await sandbox(), await sandbox()];
    await echeckPurchase(one, uniqueInvoice('WP-DAY-F'), 500);
    await echeckPurchase(two, uniqueInvoice('WP-DAY-G'), 700);
    const before = (await scheduledBatches()).length;
    clock = new Date('2026-07-06T04:00:00.000Z');
    await Promise.all([
      one.queryTransaction({ txnId: 'a' }),
      two.queryTransaction({ txnId: 'b' }),
      one.settle(),
      two.queryTransaction({ txnId: 'c' }),
    ]);
    const batches = await scheduledBatches();
    expect(batches).toHaveLength(before + 1);
    expect(batches.at(-1)).toMatchObject({ transactionCount: 2, netCents: 1200 });
  });
});
