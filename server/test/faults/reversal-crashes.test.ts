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
import { SANDBOX_CONVERGE_CREDENTIALS } from '../../src/production-rules.ts';
import { xmlTxn } from '../support/converge-sandbox.ts';
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
 * A void or a refund from the payment desk is crash-safe like a payment
 * (decision 0025): a real server process (PostgreSQL) is SIGKILLed just
 * before it asks the processor, and just after the processor voided the
 * sale (or returned part of it, once settled) but before the answer was
 * written. Reconciliation then settles each: the first failed (nothing was
 * given back, the desk may try again), the second completed with the
 * processor's void or return: exactly one at the processor, one completed
 * reversal, its effects once.
 */

const { maria } = DEMO_GUARANTORS;

type Kind = 'void' | 'return';

/** What each kind is at the processor, who asks for it and how. */
const KINDS = {
  void: {
    txnType: 'VOID',
    staff: DEMO_STAFF.agent,
    path: PAYMENT_DESK_PATHS.void,
    body: { reason: 'Paid twice' },
  },
  return: {
    txnType: 'RETURN',
    staff: DEMO_STAFF.supervisor,
    path: PAYMENT_DESK_PATHS.refund,
    body: { reason: 'Charged twice', amount: '4.00' },
  },
} as const;

/** Closes the sandbox processor's batch of the server at `baseUrl`, so its sales can be returned. */
async function settleBatch(baseUrl: string): Promise<void> {
  const answer = await xmlTxn(baseUrl, {
    ssl_merchant_id: SANDBOX_CONVERGE_CREDENTIALS.merchantId,
    ssl_user_id: SANDBOX_CONVERGE_CREDENTIALS.userId,
    ssl_pin: SANDBOX_CONVERGE_CREDENTIALS.pin,
    ssl_transaction_type: 'settle',
  });
  expect(answer.ssl_result).toBe('0');
}

interface Crashed {
  kind: Kind;
  point: PaymentCheckpoint;
  paymentId: string;
  invoiceNumber: string;
  reversalId: string;
  key: string;
}

describe.runIf(process.env.TEST_DATABASE_URL)(
  'kill -9 around the processor call of a void or a refund (postgres)',
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

    /** The processor's voids or returns of one sale. */
    const reversalsAt = async (kind: Kind, invoiceNumber: string) =>
      (await processorRecords(database.db, invoiceNumber)).transactions.filter(
        (txn) => txn.transactionType === KINDS[kind].txnType,
      );

    /** A card payment, then a void or refund sent to a server that dies at `point`. */
    const crashAt = async (
      kind: Kind,
      point: PaymentCheckpoint,
      index: number,
    ): Promise<Crashed> => {
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
      if (kind === 'return') await settleBatch(doomed.baseUrl);
      const staff = await staffSignIn(
        { baseUrl: doomed.baseUrl, database } as never,
        KINDS[kind].staff,
      );
      const key = newKey();
      const answer = await officeCall(doomed, KINDS[kind].path(payment.id), {
        token: staff,
        body: { ...KINDS[kind].body, idempotencyKey: key },
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
        kind,
        point,
        paymentId: payment.id,
        invoiceNumber: payment.processorReference,
        reversalId: reversal?.id ?? '',
        key,
      };
    };

    it('dies before and after the processor call, leaving the void or refund processing', async () => {
      let index = 0;
      // Returns first: settling their batch settles every open sale, which could then not be voided.
      for (const kind of ['return', 'void'] as const) {
        for (const point of ['reversal-before-processor', 'reversal-after-processor'] as const) {
          crashed.push(await crashAt(kind, point, index));
          index += 1;
        }
      }
      const counts = await Promise.all(
        crashed.map(async (crash) => (await reversalsAt(crash.kind, crash.invoiceNumber)).length),
      );
      expect(counts).toEqual([0, 1, 0, 1]);
    }, 240_000);

    it('reconciles each once: failed when nothing was given back, completed with the one at the processor', async () => {
      operator = await startTestServer('postgres', { database });
      const run = () =>
        operator?.app.services.paymentDesk.reconcile.run({ graceSeconds: 0 }, FAULTS_CONTEXT);
      await Promise.all([run(), run()]);
      if (!operator) throw new Error('no operator server');
      const server = operator;
      const rowOf = async (id: string) =>
        (await database.db.select().from(paymentReversals).where(eq(paymentReversals.id, id)))[0];

      for (const kind of ['void', 'return'] as const) {
        const [before, after] = crashed.filter((crash) => crash.kind === kind);
        if (!before || !after) throw new Error(`no ${kind} crashes to reconcile`);
        expect((await rowOf(before.reversalId))?.status).toBe('failed');
        const completed = await rowOf(after.reversalId);
        const [atProcessor] = await reversalsAt(kind, after.invoiceNumber);
        expect(completed).toMatchObject({
          status: 'completed',
          processorTxnId: atProcessor?.txnId,
        });

        // The retry with the same key answers the completed one; nothing more is sent.
        const staff = await staffSignIn(server, KINDS[kind].staff);
        const retry = await officeCall(server, KINDS[kind].path(after.paymentId), {
          token: staff,
          body: { ...KINDS[kind].body, idempotencyKey: after.key },
        });
        const result = reversalResultSchema.parse(await retry.json());
        expect(result.reversal).toMatchObject({
          reversalId: after.reversalId,
          status: 'completed',
        });
        expect(await reversalsAt(kind, after.invoiceNumber)).toHaveLength(1);

        // The one that failed can be made again, once.
        const again = await officeCall(server, KINDS[kind].path(before.paymentId), {
          token: staff,
          body: { ...KINDS[kind].body, idempotencyKey: newKey() },
        });
        expect(reversalResultSchema.parse(await again.json()).reversal.status).toBe('completed');
        expect(await reversalsAt(kind, before.invoiceNumber)).toHaveLength(1);

        const mails = await server.app.services.outbox.messagesConcerning(
          { addresses: [], paymentIds: [after.paymentId], statementIds: [] },
          20,
        );
        expect(mails.filter((mail) => mail.kind === 'payment_reversal')).toHaveLength(1);
      }
      // A voided payment is no longer pending on the guarantor's dashboard.
      const [voided] = crashed.filter((crash) => crash.kind === 'void').slice(1);
      const pending = await database.db
        .select()
        .from(pendingPayments)
        .where(eq(pendingPayments.paymentId, voided?.paymentId ?? ''));
      expect(pending).toEqual([]);
    }, 90_000);
  },
);
