import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, toIsoDate } from '@webpay/contracts/dates';
import { auditEvents, paymentReversals, payments } from '../../db/schema.ts';
import { readCsv } from '../../lib/csv.ts';
import { DEMO_GUARANTORS } from '../../demo/demo-guarantors.ts';
import {
  SANDBOX_BANK_ACCOUNTS,
  SANDBOX_TEST_CARDS,
} from '../../modules/converge-sandbox/test-instruments.ts';
import {
  APPROVED_ECHECK,
  MARIA_LINES,
  payAch,
  payByCard,
  receiptOf,
} from '../../../test/support/payments.ts';
import { POSTING_COLUMNS } from '../../modules/posting/posting-file.ts';
import { BATCH_ID_PATTERN } from '../../modules/posting/posting.service.ts';
import { testDatabaseKinds } from '../../../test/support/database.ts';
import { insertCompletedReversal } from '../../../test/support/reversals.ts';
import { startTestServer, type TestServer } from '../../../test/support/test-server.ts';
import { cliRunner } from '../../../test/support/cli.ts';

const { maria } = DEMO_GUARANTORS;
const HEADER = POSTING_COLUMNS.join(',');

/** The CSV on standard output as records of named fields, after checking its header. */
function postedRows(out: string[]): Record<string, string>[] {
  const { records, problems } = readCsv(out.join('\n'));
  expect(problems).toEqual([]);
  const [header, ...rows] = records;
  expect(header?.fields).toEqual([...POSTING_COLUMNS]);
  return rows.map((row) =>
    Object.fromEntries(POSTING_COLUMNS.map((column, index) => [column, row.fields[index] ?? ''])),
  );
}

describe.each(testDatabaseKinds)('webpay export-payments (%s)', (kind) => {
  let server: TestServer;
  let token: string;
  let directory: string;
  const run = cliRunner(() => server);

  beforeAll(async () => {
    server = await startTestServer(kind);
    token = await server.login(maria.accountNumber, maria.pin);
    directory = await mkdtemp(path.join(tmpdir(), 'webpay-export-'));
  });

  afterAll(async () => {
    await server?.close();
    if (directory) await rm(directory, { recursive: true, force: true });
  });

  const payByEcheck = async (amount: number) =>
    receiptOf(
      await payAch(server, token, {
        accounts: [MARIA_LINES.centralLab(amount)],
        eCheck: { ...APPROVED_ECHECK, accountType: 'SAVINGS' },
      }),
    );

  let firstBatch: { id: string; out: string[] };

  it('finds nothing to export in the demo history, which was posted long ago', async () => {
    const { code, out, err } = await run('export-payments');
    expect(code).toBe(0);
    expect(out).toEqual([HEADER]);
    expect(err).toEqual(['No payments to export: wrote the header only to standard output.']);
  });

  it('exports each line of the recorded payments with masked numbers, then marks them', async () => {
    const card = await payByCard(server, token, {
      accounts: [MARIA_LINES.surgery(25), MARIA_LINES.emergency(10.05)],
    });
    const bank = await payByEcheck(4.2);

    const { code, out, err } = await run('export-payments');
    expect(code).toBe(0);
    expect(err).toHaveLength(1);
    const batchId = /in batch (\S+) to standard output\.$/.exec(err[0] ?? '')?.[1] ?? '';
    expect(batchId).toMatch(BATCH_ID_PATTERN);
    expect(err[0]).toBe(
      `Exported 2 payments (3 lines), $39.25 in batch ${batchId} to standard output.`,
    );

    const cardPayment = await server.database.db
      .select()
      .from(payments)
      .where(eq(payments.id, card.receipt.id))
      .then((rows) => rows[0]);
    const rows = postedRows(out);
    const common = {
      batch_id: batchId,
      receipt_id: card.receipt.receiptId,
      payment_reference: card.started.refNum,
      facility: '107',
      payment_type: 'Account Payment',
      method: 'card',
      instrument: 'VISA',
      masked_number: '****9990',
      paid_at: cardPayment?.recordedAt?.toISOString(),
      processor_txn_id: cardPayment?.processorTxnId,
      approval_code: cardPayment?.approvalCode,
      entry: 'payment',
      reversal_id: '',
      plan_number: '',
      monthly_amount: '',
      number_of_payments: '',
      first_due_date: '',
      day_of_month: '',
      autopay: '',
    };
    expect(cardPayment?.processorTxnId).toBeTruthy();
    expect(cardPayment?.approvalCode).toBeTruthy();
    expect(rows).toEqual([
      { ...common, account: '107-40010001', amount: '25.00' },
      { ...common, account: '107-40010002', amount: '10.05' },
      {
        batch_id: batchId,
        receipt_id: bank.receiptId,
        payment_reference: expect.stringMatching(/^PAY-/),
        facility: '153',
        account: '80001',
        payment_type: 'GL Payment',
        amount: '4.20',
        method: 'eCheck',
        instrument: 'SAVINGS',
        masked_number: '****6789',
        paid_at: bank.date,
        processor_txn_id: expect.any(String),
        approval_code: expect.any(String),
        entry: 'payment',
        reversal_id: '',
        plan_number: '',
        monthly_amount: '',
        number_of_payments: '',
        first_due_date: '',
        day_of_month: '',
        autopay: '',
      },
    ]);
    const text = out.join('\n');
    expect(text).not.toContain(SANDBOX_TEST_CARDS.visa.number);
    expect(text).not.toContain(SANDBOX_BANK_ACCOUNTS.approved.accountNumber);
    expect(text).not.toContain(SANDBOX_BANK_ACCOUNTS.approved.routingNumber);

    const marked = await server.database.db
      .select({ exportBatch: payments.exportBatch, exportedAt: payments.exportedAt })
      .from(payments)
      .where(eq(payments.exportBatch, batchId));
    expect(marked).toHaveLength(2);
    expect(marked.every((row) => row.exportedAt instanceof Date)).toBe(true);

    const [audit] = await server.database.db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.targetId, batchId));
    expect(audit).toMatchObject({
      action: 'payments.exported',
      outcome: 'success',
      actorType: 'operator',
      targetType: 'export_batch',
      details: { batchId, count: 2, reversals: 0, lines: 3, totalCents: 3925, since: null },
    });
    expect(JSON.stringify(audit)).not.toContain('9990');

    const again = await run('export-payments');
    expect(again.out).toEqual([HEADER]);
    expect(again.err).toEqual(['No payments to export: wrote the header only to standard output.']);
    firstBatch = { id: batchId, out };
  });

  it('writes an earlier batch again, unchanged, into a new file with CRLF line ends', async () => {
    const before = await server.database.db.select().from(payments);
    const file = path.join(directory, 'again.csv');
    const { code, out, err } = await run(
      'export-payments',
      '--batch',
      firstBatch.id,
      '--out',
      file,
    );
    expect(code).toBe(0);
    expect(out).toEqual([]);
    expect(err).toEqual([
      `Batch ${firstBatch.id}: 2 payments (3 lines), $39.25, written again to ${file}. Nothing changed.`,
    ]);
    const written = await readFile(file, 'utf8');
    expect(firstBatch.out).toHaveLength(1);
    expect(written).toBe(`${firstBatch.out[0]}\r\n`);
    expect(await server.database.db.select().from(payments)).toEqual(before);

    const exists = await run('export-payments', '--out', file);
    expect(exists.code).toBe(1);
    expect(exists.err).toEqual([`export-payments: ${file} already exists; choose another --out`]);
    expect(await readFile(file, 'utf8')).toBe(written);

    const unknown = await run('export-payments', '--batch', 'EXP-20000101-AAAAAA');
    expect(unknown.code).toBe(1);
    expect(unknown.err).toEqual(['export-payments: there is no batch "EXP-20000101-AAAAAA"']);
  });

  it('exports only the payments recorded since a day when asked', async () => {
    const receipt = await payByEcheck(1);
    const today = toIsoDate(new Date());
    const tomorrow = await run('export-payments', '--since', addDays(today, 1));
    expect(tomorrow.out).toEqual([HEADER]);
    expect(tomorrow.err).toEqual([
      `No payments to export recorded since ${addDays(today, 1)}: wrote the header only to standard output.`,
    ]);

    const file = path.join(directory, 'today.csv');
    const exported = await run('export-payments', '--since', today, '--out', file);
    expect(exported.code).toBe(0);
    expect(exported.err[0]).toMatch(/^Exported 1 payment \(1 line\), \$1\.00 in batch EXP-/);
    const rows = postedRows((await readFile(file, 'utf8')).trimEnd().split('\r\n'));
    expect(rows.map((row) => row.receipt_id)).toEqual([receipt.receiptId]);
  });

  it('exports voids and refunds as negative lines after their payments, and applies them', async () => {
    const card = await payByCard(server, token, {
      accounts: [MARIA_LINES.surgery(30), MARIA_LINES.emergency(20)],
    });
    const bank = await payByEcheck(7.5);
    const db = server.database.db;
    // Refunded in part: $25.00 takes the last line whole, then $5.00 of the first.
    const refund = await insertCompletedReversal(db, card.receipt.id, {
      kind: 'return',
      amountCents: 2500,
      completedAt: new Date(Date.now() + 1000),
    });
    const check = await insertCompletedReversal(db, bank.id, {
      kind: 'check',
      completedAt: new Date(Date.now() + 2000),
    });

    const { code, out, err } = await run('export-payments');
    expect(code).toBe(0);
    expect(err[0]).toMatch(
      /^Exported 2 payments and 2 voids or refunds \(6 lines\), \$25\.00 in batch EXP-/,
    );
    const rows = postedRows(out);
    const brief = rows.map((row) => [row.receipt_id, row.entry, row.amount, row.reversal_id]);
    expect(brief).toEqual([
      [card.receipt.receiptId, 'payment', '30.00', ''],
      [card.receipt.receiptId, 'payment', '20.00', ''],
      [bank.receiptId, 'payment', '7.50', ''],
      // Reversals after the payments, in the order they completed.
      [card.receipt.receiptId, 'refund', '-5.00', refund.reference],
      [card.receipt.receiptId, 'refund', '-20.00', refund.reference],
      [bank.receiptId, 'check_refund', '-7.50', check.reference],
    ]);
    const refundRow = rows.find((row) => row.reversal_id === refund.reference);
    expect(refundRow).toMatchObject({
      account: '107-40010001',
      method: 'card',
      masked_number: '****9990',
      paid_at: refund.completedAt?.toISOString(),
      processor_txn_id: refund.processorTxnId,
      approval_code: '',
    });
    const checkRow = rows.find((row) => row.reversal_id === check.reference);
    expect(checkRow).toMatchObject({ processor_txn_id: '', masked_number: '****6789' });
    const stored = await db
      .select({ exportBatch: paymentReversals.exportBatch })
      .from(paymentReversals)
      .where(inArray(paymentReversals.id, [refund.id, check.id]));
    expect(stored.map((row) => row.exportBatch)).toEqual([rows[0]?.batch_id, rows[0]?.batch_id]);

    // The posting file confirms its payments and its reversals.
    const file = path.join(directory, 'with-reversals.csv');
    await writeFile(file, `${out.join('\r\n')}\r\n`);
    const applied = await run('apply', file);
    expect(applied.code).toBe(0);
    expect(applied.out.at(-1)).toBe('Applied 4, already applied 0.');
    expect(applied.out).toContainEqual(expect.stringContaining(`reversal ${refund.reference}`));
    const after = await db
      .select({ appliedAt: paymentReversals.appliedAt })
      .from(paymentReversals)
      .where(inArray(paymentReversals.id, [refund.id, check.id]));
    expect(after.every((row) => row.appliedAt instanceof Date)).toBe(true);

    const unknown = path.join(directory, 'unknown-reversal.csv');
    await writeFile(unknown, `receipt_id,reversal_id\r\n${bank.receiptId},RV-NOSUCH00\r\n`);
    const refused = await run('apply', unknown);
    expect(refused.code).toBe(1);
    expect(refused.err[0]).toBe(`${unknown}:2: unknown reversal RV-NOSUCH00`);
  });

  it('says what is wrong with its options, and explains itself', async () => {
    const badDay = await run('export-payments', '--since', '22/11/2026');
    expect(badDay).toMatchObject({
      code: 1,
      err: ['export-payments: --since: must be a date, YYYY-MM-DD'],
    });
    const both = await run('export-payments', '--since', '2026-11-22', '--batch', 'EXP-1');
    expect(both).toMatchObject({
      code: 1,
      err: ['export-payments: --since and --batch cannot be used together'],
    });
    const help = await run('export-payments', '--help');
    expect(help.code).toBe(0);
    expect(help.out[0]).toBe(
      'Usage: webpay export-payments [--since YYYY-MM-DD] [--batch ID] [--out FILE]',
    );
    const general = await run('--help');
    expect(general.out.join('\n')).toMatch(/export-payments\s+Write the recorded payments/);
    expect(general.out.join('\n')).toMatch(/apply\s+Mark the payments/);
    expect(general.out.join('\n')).toMatch(/audit\s+Show the audit trail/);
  });

  it('tells how to write a batch again when its file cannot be written', async () => {
    const receipt = await payByEcheck(2);
    const file = path.join(directory, 'no-such-folder', 'lost.csv');
    const failed = await run('export-payments', '--out', file);
    expect(failed.code).toBe(1);
    expect(failed.err[0]).toMatch(/^export-payments: could not write .*lost\.csv: ENOENT/);
    const batchId = /exported in batch (\S+):/.exec(failed.err[1] ?? '')?.[1] ?? '';
    expect(failed.err[1]).toBe(
      `The payments are exported in batch ${batchId}: "webpay export-payments --batch ${batchId} --out FILE" writes them again.`,
    );
    const again = await run('export-payments', '--batch', batchId);
    expect(again.code).toBe(0);
    expect(postedRows(again.out).map((row) => row.receipt_id)).toEqual([receipt.receiptId]);
  });
});
