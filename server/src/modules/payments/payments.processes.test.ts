import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_PATHS } from '@webpay/contracts/api';
import { loginResponseSchema } from '@webpay/contracts/auth';
import { pendingPayments, receipts } from '../../db/schema.ts';
import { DEMO_GUARANTORS } from '../../demo/demo-guarantors.ts';
import { createTestDatabase, type TestDatabase } from '../../../test/support/database.ts';
import {
  REPO_ROOT,
  captureOutput,
  exitOf,
  processEnv,
  startServerProcess,
  stopServerProcess,
  type ServerProcess,
} from '../../../test/support/server-process.ts';
import {
  MARIA_LINES,
  completeCard,
  payInLightbox,
  paymentByRef,
  processorRecords,
  receiptOf,
  startedCard,
  type TestServer,
} from '../../../test/support/payments.ts';

/*
 * Exactly once across processes, as production runs it: several instances
 * over one PostgreSQL, and an instance that dies between the processor's
 * approval and our write. Real server processes (npx tsx server/src/main.ts)
 * over a fresh schema; only with TEST_DATABASE_URL.
 */

const { maria } = DEMO_GUARANTORS;

async function login(server: TestServer): Promise<string> {
  const response = await server.api(API_PATHS.login, {
    body: { accountNumber: maria.accountNumber, pin: maria.pin },
  });
  expect(response.status).toBe(200);
  return loginResponseSchema.parse(await response.json()).access_token;
}

/** `npm run webpay -- reconcile --grace 0` over the given database, as an operator runs it. */
async function runReconcileCli(databaseUrl: string, dataDir: string) {
  const child = spawn(
    'npx',
    ['tsx', path.join(REPO_ROOT, 'server/src/cli/webpay.ts'), 'reconcile', '--grace', '0'],
    {
      cwd: REPO_ROOT,
      stdio: ['ignore', 'pipe', 'pipe'],
      // PUBLIC_URL of no running server: the command serves the sandbox processor itself.
      env: processEnv(databaseUrl, dataDir, { PUBLIC_URL: 'http://127.0.0.1:9' }),
    },
  );
  const output = captureOutput(child);
  const { code } = await exitOf(child);
  return { code, output: output() };
}

// Each test starts real processes (an instance, the reconcile command twice),
// each compiling the server on start: on a loaded machine that takes far
// longer than one request-level test's allowance.
describe.runIf(process.env.TEST_DATABASE_URL)(
  'payments across server processes (postgres)',
  { timeout: 120_000 },
  () => {
    let database: TestDatabase;
    let dataDir: string;
    const servers: ServerProcess[] = [];

    beforeAll(async () => {
      database = await createTestDatabase('postgres');
      dataDir = await mkdtemp(path.join(tmpdir(), 'webpay-processes-'));
    });

    afterAll(async () => {
      await Promise.all(servers.map((server) => stopServerProcess(server)));
      await database?.close();
      await rm(dataDir, { recursive: true, force: true });
    });

    it('charges once and gives one receipt when two instances share 50 concurrent completions', async () => {
      const [first, second] = await Promise.all([
        startServerProcess(database.url, path.join(dataDir, 'a')),
        startServerProcess(database.url, path.join(dataDir, 'b')),
      ]);
      servers.push(first, second);
      const token = await login(first);

      const started = await startedCard(first, token, {
        accounts: [MARIA_LINES.surgery(51), MARIA_LINES.emergency(5)],
      });
      const sale = await payInLightbox(first, started.token);
      expect(sale.type).toBe('approval');
      const responses = await Promise.all(
        Array.from({ length: 50 }, (_, index) =>
          completeCard(index % 2 === 0 ? first : second, token, started.refNum, sale.response),
        ),
      );
      const answered = await Promise.all(responses.map(receiptOf));
      expect(new Set(answered.map((receipt) => JSON.stringify(receipt))).size).toBe(1);

      const payment = await paymentByRef(database.db, started.refNum);
      expect(payment?.status).toBe('recorded');
      const stored = await database.db
        .select()
        .from(receipts)
        .where(eq(receipts.paymentId, payment?.id ?? ''));
      expect(stored).toHaveLength(1);
      expect(stored[0]?.receiptId).toBe(answered[0]?.receiptId);
      const pending = await database.db
        .select()
        .from(pendingPayments)
        .where(eq(pendingPayments.paymentId, payment?.id ?? ''));
      expect(pending).toHaveLength(2);
      expect((await processorRecords(database.db, started.refNum)).transactions).toHaveLength(1);
    });

    it('loses no approval when the instance dies right after it, and reconciliation records it once', async () => {
      const doomed = await startServerProcess(database.url, path.join(dataDir, 'c'), {
        WEBPAY_CRASH_AT: 'after-approval',
      });
      servers.push(doomed);
      const token = await login(doomed);
      const started = await startedCard(doomed, token, { accounts: [MARIA_LINES.surgery(52)] });
      const sale = await payInLightbox(doomed, started.token);
      expect(sale.type).toBe('approval');

      const completion = await completeCard(doomed, token, started.refNum, sale.response).then(
        (response) => response.status,
        (error: unknown) => (error instanceof Error ? error.name : 'failed'),
      );
      expect(completion).not.toBe(200);
      // Killed, not stopped: a clean exit would have recorded the payment first.
      expect(await doomed.exited).not.toEqual({ code: 0, signal: null });

      const orphan = await paymentByRef(database.db, started.refNum);
      expect(orphan?.status).toBe('in_lightbox');
      const before = await database.db
        .select()
        .from(receipts)
        .where(eq(receipts.paymentId, orphan?.id ?? ''));
      expect(before).toEqual([]);

      const firstRun = await runReconcileCli(database.url, path.join(dataDir, 'cli'));
      expect(firstRun.code, firstRun.output).toBe(0);
      expect(firstRun.output).toMatch(
        new RegExp(`recorded\\s+${started.refNum}\\s+card\\s+\\$52\\.00`),
      );
      const secondRun = await runReconcileCli(database.url, path.join(dataDir, 'cli'));
      expect(secondRun.code, secondRun.output).toBe(0);
      expect(secondRun.output).not.toContain(started.refNum);

      const recorded = await paymentByRef(database.db, started.refNum);
      expect(recorded).toMatchObject({
        status: 'recorded',
        processorTxnId: sale.response.ssl_txn_id,
      });
      const after = await database.db
        .select()
        .from(receipts)
        .where(eq(receipts.paymentId, orphan?.id ?? ''));
      expect(after).toHaveLength(1);
    });
  },
);
