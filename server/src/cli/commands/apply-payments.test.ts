import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_PATHS } from '@webpay/contracts/api';
import { encountersResponseSchema } from '@webpay/contracts/encounters';
import { paymentHistorySchema } from '@webpay/contracts/payment-history';
import { auditEvents, payments, pendingPayments } from '../../db/schema.ts';
import { DEMO_GUARANTORS } from '../../demo/demo-guarantors.ts';
import { MARIA_LINES, payByCard } from '../../../test/support/payments.ts';
import { testDatabaseKinds } from '../../../test/support/database.ts';
import { startTestServer, type TestServer } from '../../../test/support/test-server.ts';
import { cliRunner } from '../../../test/support/cli.ts';

const { maria } = DEMO_GUARANTORS;

describe.each(testDatabaseKinds)('webpay apply (%s)', (kind) => {
  let server: TestServer;
  let token: string;
  let directory: string;
  const run = cliRunner(() => server);

  beforeAll(async () => {
    server = await startTestServer(kind);
    token = await server.login(maria.accountNumber, maria.pin);
    directory = await mkdtemp(path.join(tmpdir(), 'webpay-apply-'));
  });

  afterAll(async () => {
    await server?.close();
    if (directory) await rm(directory, { recursive: true, force: true });
  });

  const db = () => server.database.db;

  /** Every receipt id pending anywhere on Maria's dashboard. */
  const pendingOnDashboard = async () => {
    const response = await server.api(API_PATHS.encounters, { token });
    expect(response.status).toBe(200);
    const body = encountersResponseSchema.parse(await response.json());
    return JSON.stringify(body)
      .match(/"receiptId":"[^"]+"/g)
      ?.map((match) => match.slice('"receiptId":"'.length, -1));
  };

  const historyStatus = async (receiptId: string) => {
    const response = await server.api(API_PATHS.payments, { token });
    const history = paymentHistorySchema.parse(await response.json());
    return history.payments.find((payment) => payment.receiptId === receiptId)?.status;
  };

  const exportTo = async (name: string) => {
    const file = path.join(directory, name);
    const exported = await run('export-payments', '--out', file);
    expect(exported.code).toBe(0);
    return file;
  };

  const paymentRows = (ids: string[]) =>
    db()
      .select({ id: payments.id, appliedAt: payments.appliedAt })
      .from(payments)
      .where(inArray(payments.id, ids));

  let exportFile: string;
  let paid: { id: string; receiptId: string }[];

  it('applies an exported file: the pending payments leave the dashboard', async () => {
    const first = await payByCard(server, token, {
      accounts: [MARIA_LINES.surgery(30), MARIA_LINES.mailInPlan(12)],
    });
    const second = await payByCard(server, token, { accounts: [MARIA_LINES.emergency(5)] });
    paid = [first.receipt, second.receipt];
    const receiptIds = paid.map((receipt) => receipt.receiptId);
    expect(await pendingOnDashboard()).toEqual(expect.arrayContaining(receiptIds));
    expect(await historyStatus(first.receipt.receiptId)).toBe('pending');

    exportFile = await exportTo('posting.csv');
    const { code, out, err } = await run('apply', exportFile);
    expect(err).toEqual([]);
    expect(code).toBe(0);
    expect(out).toEqual([
      expect.stringMatching(
        new RegExp(
          `^applied\\s+${first.receipt.receiptId}\\s+${first.started.refNum}\\s+\\$42\\.00$`,
        ),
      ),
      expect.stringMatching(
        new RegExp(`^applied\\s+${second.receipt.receiptId}\\s+PAY-\\S+\\s+\\$5\\.00$`),
      ),
      'Applied 2, already applied 0.',
    ]);

    const stillPending = (await pendingOnDashboard()) ?? [];
    for (const receiptId of receiptIds) expect(stillPending).not.toContain(receiptId);
    expect(await historyStatus(first.receipt.receiptId)).toBe('applied');
    const rows = await db()
      .select({ appliedAt: pendingPayments.appliedAt })
      .from(pendingPayments)
      .where(
        inArray(
          pendingPayments.paymentId,
          paid.map((receipt) => receipt.id),
        ),
      );
    expect(rows).toHaveLength(3);
    expect(rows.every((row) => row.appliedAt instanceof Date)).toBe(true);

    const [audit] = await db()
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.action, 'payments.applied'));
    expect(audit).toMatchObject({
      outcome: 'success',
      actorType: 'operator',
      targetType: 'posting_file',
      targetId: 'posting.csv',
      details: { applied: 2, alreadyApplied: 0, totalCents: 4700, receiptIds },
    });
  });

  it('changes nothing when the same file is applied again', async () => {
    const before = await paymentRows(paid.map((receipt) => receipt.id));
    const { code, out } = await run('apply', exportFile);
    expect(code).toBe(0);
    expect(out.slice(0, 2)).toEqual([
      expect.stringMatching(/^already applied\s+WP-\S+\s+PAY-\S+\s+\$42\.00 — on \d{4}-/),
      expect.stringMatching(/^already applied\s+WP-\S+\s+PAY-\S+\s+\$5\.00 — on \d{4}-/),
    ]);
    expect(out[2]).toBe('Applied 0, already applied 2.');
    expect(await paymentRows(paid.map((receipt) => receipt.id))).toEqual(before);
  });

  it('rejects a file with bad rows, naming each by line, and applies none of it', async () => {
    const exported = await payByCard(server, token, { accounts: [MARIA_LINES.surgery(7)] });
    await exportTo('second.csv');
    const notExported = await payByCard(server, token, { accounts: [MARIA_LINES.surgery(8)] });
    const file = path.join(directory, 'confirmation.csv');
    await writeFile(
      file,
      [
        'receipt_id,applied_at,posted_by',
        `${exported.receipt.receiptId},2026-01-05,"Smith, J."`,
        'WP-NOSUCH22,2026-01-05,x',
        `${notExported.receipt.receiptId},,x`,
        `${exported.receipt.receiptId},05.01.2026,x`,
        '',
      ].join('\r\n'),
    );

    const { code, out, err } = await run('apply', file);
    expect(code).toBe(1);
    expect(out).toEqual([]);
    expect(err).toEqual([
      `${file}:3: unknown receipt WP-NOSUCH22`,
      `${file}:4: receipt ${notExported.receipt.receiptId} has not been exported yet`,
      `${file}:5: applied_at "05.01.2026" is not a date (YYYY-MM-DD) or an ISO 8601 time with offset`,
      `Nothing was applied: 3 problems in ${file}.`,
    ]);
    const ids = [exported.receipt.id, notExported.receipt.id];
    expect((await paymentRows(ids)).map((row) => row.appliedAt)).toEqual([null, null]);
    expect(await pendingOnDashboard()).toEqual(
      expect.arrayContaining([exported.receipt.receiptId, notExported.receipt.receiptId]),
    );
    const [failure] = await db()
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.targetId, 'confirmation.csv'));
    expect(failure).toMatchObject({
      outcome: 'failure',
      details: { problems: 3, lines: [3, 4, 5] },
    });

    const dryRun = await run('apply', '--dry-run', path.join(directory, 'second.csv'));
    expect(dryRun.out).toEqual([
      expect.stringMatching(/^would apply\s+WP-\S+\s+PAY-\S+\s+\$7\.00$/),
      'Dry run: would apply 1, already applied 0. Nothing was changed.',
    ]);
    expect((await paymentRows([exported.receipt.id]))[0]?.appliedAt).toBeNull();

    const fixed = path.join(directory, 'fixed.csv');
    await writeFile(fixed, `receipt_id,applied_at\n${exported.receipt.receiptId},2026-01-05\n`);
    const applied = await run('apply', fixed);
    expect(applied.out.at(-1)).toBe('Applied 1, already applied 0.');
    expect((await paymentRows([exported.receipt.id]))[0]?.appliedAt).toEqual(
      new Date('2026-01-05T00:00:00.000Z'),
    );
  });

  it('needs a readable file, and explains itself', async () => {
    const missing = await run('apply');
    expect(missing.code).toBe(1);
    expect(missing.err[0]).toBe('webpay apply: missing FILE');
    const extra = await run('apply', 'a.csv', 'b.csv');
    expect(extra.err[0]).toBe('webpay apply: unexpected argument "b.csv"');
    const absent = await run('apply', path.join(directory, 'absent.csv'));
    expect(absent.code).toBe(1);
    expect(absent.err[0]).toMatch(/^apply: cannot read .*absent\.csv: ENOENT/);

    const empty = path.join(directory, 'empty.csv');
    await writeFile(empty, 'receipt_id\r\n');
    expect((await run('apply', empty)).out).toEqual([
      `Nothing to apply: ${empty} lists no receipts.`,
    ]);

    const help = await run('apply', '--help');
    expect(help.code).toBe(0);
    expect(help.out[0]).toBe('Usage: webpay apply [--dry-run] FILE');
    expect(help.out).toContain('Arguments:');
    expect(help.out.join('\n')).toContain('receipt_id');
    expect(await readFile(exportFile, 'utf8')).toMatch(/^batch_id,receipt_id,/);
  });
});
