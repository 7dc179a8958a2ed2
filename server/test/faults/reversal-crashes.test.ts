import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_PATHS } from '@webpay/contracts/api';
import { loginResponseSchema } from '@webpay/contracts/auth';
import { PAYMENT_DESK_PATHS, reversalResultSchema } from '@webpay/contracts/payment-desk';
import { paymentReversals, pendingPayments } from '../../src/db/schema.ts';
import { DEMO_GUARANTORS } from '../../src/demo/demo-guarantors.ts';
import { DEMO_STAFF } from '../../src/demo/demo-staff.ts';
import type { PaymentCheckpoint } from '../../src/modules/payments/index.ts';
import { createTestDatabase, type TestDatabase } from '../support/database.ts';
import { officeCall, staffSignIn } from '../support/office.ts';
import {
  MARIA_LINES,
  newKey,
  payByCard,
  paymentByRef,
  processorRecords,
} from '../support/payments.ts';
import {
  startServerProcess,
  stopServerProcess,
  type ServerProcess,
} from '../support/server-process.ts';
import { startTestServer, type TestServer as InProcessServer } from '../support/test-server.ts';
import { FAULTS_CONTEXT } from './payment-driver.ts';

/*
 * A void from the payment desk is crash-safe like a payment (decision
 * 0025): a real server process (PostgreSQL) is SIGKILLed just before it
 * asks the processor, and just after the processor voided the sale but
 * before the answer was written. Reconciliation then settles each: the
 * first failed (nothing was given back, the desk may try again), the
 * second completed with the processor's void: exactly one void at the
 * processor, one completed reversal, its effects once. Returns follow the
 * same path once the sandbox settles batches.
 */

const { maria } = DEMO_GUARANTORS;

interface Crashed {
  point: PaymentCheckpoint;
  paymentId: string;
  invoiceNumber: string;
  reversalId: string;
  key: string;
}

describe.runIf(process.env.TEST_DATABASE_URL)(
  'kill -9 around the processor call of a void (postgres)',
  () => {
    let database: TestDatabase;
    let dataDir: string;
    const processes: ServerProcess[] = [];
    let operator: InProcessServer | undefined;
    const crashed: Crashed[] = [];

    beforeAll(async () => {
      database = await createTestDatabase('postgres');
      dataDir = await mkdtemp(path.join(tmpdir(), 'webpay-reversal-crashes-'));
    });

    afterAll(async () => {
      await Promise.all(processes.map((server) => stopServerProcess(server)));
      await operator?.close();
      await database?.close();
      if (dataDir) await rm(dataDir, { recursive: true, force: true });
    });

    const voidsAt = async (invoiceNumber: string) =>
      (await processorRecords(database.db, invoiceNumber)).transactions.filter(
        (txn) => txn.transactionType === 'VOID',
      );

    /** A card payment, then a void sent to a server that dies at `point`. */
    const crashAt = async (point: PaymentCheckpoint, index: number): Promise<Crashed> => {
      const doomed = await startServerProcess(database.url, path.join(dataDir, `doomed-${index}`), {
        WEBPAY_CRASH_AT: point,
        RECONCILE_GRACE_SECONDS: '3600',
        RECONCILE_INTERVAL_SECONDS: '0',
        // The sale must stay unsettled, so it can be voided.
        SANDBOX_SETTLEMENT_TIME: 'off',
      });
      processes.push(doomed);
      const login = await doomed.api(API_PATHS.login, {
        body: { accountNumber: maria.accountNumber, pin: maria.pin },
      });
      const token = loginResponseSchema.parse(await login.json()).access_token;
      const { started } = await payByCard(doomed, token, {
        accounts: [MARIA_LINES.surgery(9 + index)],
        acknowledgePending: true,
      });
      const payment = await paymentByRef(database.db, started.refNum);
      if (!payment) throw new Error('no payment');
      const agent = await staffSignIn(
        { baseUrl: doomed.baseUrl, database } as never,
        DEMO_STAFF.agent,
      );
      const key = newKey();
      const answer = await officeCall(doomed, PAYMENT_DESK_PATHS.void(payment.id), {
        token: agent,
        body: { reason: 'Paid twice', idempotencyKey: key },
      }).then(
        (response) => response.status,
        () => 'no answer',
      );
      expect(answer).toBe('no answer');
      expect(await doomed.exited).not.toEqual({ code: 0, signal: null });
      const [reversal] = await database.db
        .select()
        .from(paymentReversals)
        .where(eq(paymentReversals.paymentId, payment.id));
      expect(reversal?.status).toBe('processing');
      return {
        point,
        paymentId: payment.id,
        invoiceNumber: payment.processorReference,
        reversalId: reversal?.id ?? '',
        key,
      };
    };

    it('dies before and after the processor call, leaving the void processing', async () => {
      crashed.push(await crashAt('reversal-before-processor', 0));
      crashed.push(await crashAt('reversal-after-processor', 1));
      expect(await voidsAt(crashed[0]?.invoiceNumber ?? '')).toHaveLength(0);
      expect(await voidsAt(crashed[1]?.invoiceNumber ?? '')).toHaveLength(1);
    }, 120_000);

    it('reconciles each once: failed when nothing was voided, completed with the one void', async () => {
      operator = await startTestServer('postgres', { database });
      const run = () =>
        operator?.app.services.paymentDesk.reconcile.run({ graceSeconds: 0 }, FAULTS_CONTEXT);
      await Promise.all([run(), run()]);
      const [before, after] = crashed;
      if (!before || !after || !operator) throw new Error('no crashes to reconcile');

      const rowOf = async (id: string) =>
        (await database.db.select().from(paymentReversals).where(eq(paymentReversals.id, id)))[0];
      expect((await rowOf(before.reversalId))?.status).toBe('failed');
      const completed = await rowOf(after.reversalId);
      const [theVoid] = await voidsAt(after.invoiceNumber);
      expect(completed).toMatchObject({ status: 'completed', processorTxnId: theVoid?.txnId });
      const pending = await database.db
        .select()
        .from(pendingPayments)
        .where(eq(pendingPayments.paymentId, after.paymentId));
      expect(pending).toEqual([]);

      // The agent's retry with the same key answers the completed void; nothing more is sent.
      const agent = await staffSignIn(operator, DEMO_STAFF.agent);
      const retry = await officeCall(operator, PAYMENT_DESK_PATHS.void(after.paymentId), {
        token: agent,
        body: { reason: 'Paid twice', idempotencyKey: after.key },
      });
      const result = reversalResultSchema.parse(await retry.json());
      expect(result.reversal).toMatchObject({ reversalId: after.reversalId, status: 'completed' });
      expect(await voidsAt(after.invoiceNumber)).toHaveLength(1);

      // The one that failed can be voided again, once.
      const again = await officeCall(operator, PAYMENT_DESK_PATHS.void(before.paymentId), {
        token: agent,
        body: { reason: 'Paid twice', idempotencyKey: newKey() },
      });
      expect(reversalResultSchema.parse(await again.json()).reversal.status).toBe('completed');
      expect(await voidsAt(before.invoiceNumber)).toHaveLength(1);
      const mails = await operator.app.services.outbox.messagesConcerning(
        { addresses: [], paymentIds: [after.paymentId], statementIds: [] },
        20,
      );
      expect(mails.filter((mail) => mail.kind === 'payment_reversal')).toHaveLength(1);
    }, 60_000);
  },
);
