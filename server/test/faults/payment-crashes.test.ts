import { mkdtemp, readFile, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_PATHS } from '@webpay/contracts/api';
import { loginResponseSchema } from '@webpay/contracts/auth';
import { payments } from '../../src/db/schema.ts';
import { DEMO_GUARANTORS } from '../../src/demo/demo-guarantors.ts';
import {
  MARIA_LINES,
  completeCard,
  payInLightbox,
  receiptOf,
  startedCard,
  type TestServer,
} from '../support/payments.ts';
import { LIGHTBOX_TOKEN_LIFETIME_MS } from '../../src/modules/payments/reconcile.service.ts';
import { createTestDatabase, type TestDatabase } from '../support/database.ts';
import {
  startServerProcess,
  stopServerProcess,
  type ServerProcess,
} from '../support/server-process.ts';
import { startTestServer, type TestServer as InProcessServer } from '../support/test-server.ts';
import { CRASH_SCENARIOS, drivePayment, type CrashScenario } from './crash-scenarios.ts';
import { crashTable, type CrashRun } from './crash-table.ts';
import { expectErrorObject } from './fault-answers.ts';
import { FAULTS_CONTEXT, payByEcheck } from './payment-driver.ts';
import { expectConsistent, settlementOf } from './settlement.ts';

/*
 * Stripe's exactly-once design ("record progress in steps so a retry
 * resumes instead of charging again"), ASVS 5.0 2.3.3/2.3.4 and decision
 * 0009: a real server process (PostgreSQL) is SIGKILLed at each step of the
 * payment pipeline, card and eCheck, through WEBPAY_CRASH_AT. Then a
 * clean server starts (and reconciles at start), the guarantor retries or
 * walks away, and reconciliation runs once the lightbox window is over.
 * Proved for every step: no approval lost, no invoice charged twice, one
 * receipt per recorded payment, every payment in a final state.
 */

const { maria } = DEMO_GUARANTORS;

async function signIn(server: TestServer): Promise<string> {
  const response = await server.api(API_PATHS.login, {
    body: { accountNumber: maria.accountNumber, pin: maria.pin },
  });
  expect(response.status).toBe(200);
  return loginResponseSchema.parse(await response.json()).access_token;
}

/** Polls `check` until it passes or `timeoutMs` is over, then lets it fail. */
async function eventually(check: () => Promise<void>, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      return await check();
    } catch (error) {
      if (Date.now() > deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }
}

/** Every .eml file the servers wrote to their outboxes under these directories. */
async function outboxMessages(directories: string[]): Promise<string[]> {
  const messages: string[] = [];
  for (const directory of directories) {
    const entries = await readdir(directory, { recursive: true, withFileTypes: true });
    for (const entry of entries) {
      if (entry.isFile() && entry.name.endsWith('.eml')) {
        messages.push(await readFile(path.join(entry.parentPath, entry.name), 'utf8'));
      }
    }
  }
  return messages;
}

/** A message's Message-ID header, the one identity every copy of it carries. */
function messageIdOf(message: string): string {
  const found = /^Message-ID:\s*(<[^>]+>)/im.exec(message);
  if (!found?.[1]) throw new Error('an outbox message without a Message-ID');
  return found[1];
}

describe.runIf(process.env.TEST_DATABASE_URL)(
  'Stripe exactly-once, ASVS 5.0 2.3.3/2.3.4: kill -9 at each step of a payment (postgres)',
  () => {
    let database: TestDatabase;
    let dataDir: string;
    const processes: ServerProcess[] = [];
    let operator: InProcessServer | undefined;
    const runs: CrashRun[] = [];

    beforeAll(async () => {
      database = await createTestDatabase('postgres');
      dataDir = await mkdtemp(path.join(tmpdir(), 'webpay-payment-crashes-'));
    });

    afterAll(async () => {
      await Promise.all(processes.map((server) => stopServerProcess(server)));
      await operator?.close();
      await database?.close();
      if (dataDir) await rm(dataDir, { recursive: true, force: true });
    });

    const refNumOfKey = async (key: string) => {
      const [row] = await database.db
        .select()
        .from(payments)
        .where(eq(payments.idempotencyKey, key));
      return row?.processorReference ?? '';
    };

    /** One server started to die at the scenario's step, the payment driven into it. */
    const crashRun = async (scenario: CrashScenario, index: number): Promise<CrashRun> => {
      const doomed = await startServerProcess(database.url, path.join(dataDir, `doomed-${index}`), {
        WEBPAY_CRASH_AT: scenario.point,
        // Its own start must not settle the orphans of the runs before it.
        RECONCILE_GRACE_SECONDS: '3600',
        RECONCILE_INTERVAL_SECONDS: '0',
      });
      processes.push(doomed);
      const driven = await drivePayment(doomed, await signIn(doomed), scenario);

      // Killed at that very point, not stopped: a clean exit would have finished the step.
      expect(await doomed.exited).not.toEqual({ code: 0, signal: null });
      expect(driven.lastCall).not.toBe('200');
      // Its last words may still be on their way through the pipe.
      await eventually(async () => {
        expect(doomed.output()).toContain(`killing the process at ${scenario.point}`);
      }, 2000);
      const refNum = driven.refNum ?? (await refNumOfKey(driven.key));
      const atCrash = await settlementOf(database.db, refNum);
      expect({ status: atCrash.status, charged: atCrash.charges.length === 1 }).toEqual(
        scenario.atCrash,
      );
      expectConsistent(atCrash, { settled: false });
      return { scenario, driven, refNum, atCrash };
    };

    it('dies at each step, leaving each payment where that step stands', async () => {
      // Two at a time: each run is mostly a server starting, one per core.
      for (let first = 0; first < CRASH_SCENARIOS.length; first += 2) {
        const pair = CRASH_SCENARIOS.slice(first, first + 2);
        runs.push(
          ...(await Promise.all(pair.map((scenario, at) => crashRun(scenario, first + at)))),
        );
      }
    }, 180_000);

    /** The guarantor repeats the call that met the crash, with the same Idempotency-Key. */
    const retry = async (server: TestServer, token: string, run: CrashRun): Promise<string> => {
      const { scenario, driven } = run;
      const stored = await settlementOf(database.db, run.refNum);
      if (scenario.method === 'eCheck') {
        const response = await payByEcheck(server, token, scenario.amount, driven.key);
        if (scenario.finalStatus === 'failed') {
          await expectErrorObject(response, 500, 'PROCESSOR_ERROR');
          return '500 PROCESSOR_ERROR, not charged';
        }
        expect((await receiptOf(response)).receiptId).toBe(stored.receiptId);
        return '200, the same receipt';
      }
      if (driven.sale) {
        const receipt = await receiptOf(await completeCard(server, token, run.refNum, driven.sale));
        expect(receipt.receiptId).toBe(stored.receiptId);
        return '200, the same receipt';
      }
      // The start again: the payment written before the crash gets its token now.
      const body = { accounts: [MARIA_LINES.surgery(scenario.amount)] };
      const resumed = await startedCard(server, token, body, driven.key);
      expect(resumed.refNum).toBe(run.refNum);
      const sale = await payInLightbox(server, resumed.token);
      expect(sale.type).toBe('approval');
      await receiptOf(await completeCard(server, token, resumed.refNum, sale.response));
      return 'start resumed, paid, 200';
    };

    it('restarts clean, records at start every approval the dead ones left, and answers each retry once', async () => {
      expect(runs).toHaveLength(CRASH_SCENARIOS.length);
      const clean = await startServerProcess(database.url, path.join(dataDir, 'clean'), {
        RECONCILE_GRACE_SECONDS: '0',
        RECONCILE_INTERVAL_SECONDS: '0',
        CONVERGE_TIMEOUT_MS: '1000',
      });
      processes.push(clean);
      // Its reconciliation at start, on its own: approvals recorded, the
      // eCheck the processor never saw failed, the rest left open.
      const afterStart = (scenario: CrashScenario) =>
        scenario.atCrash.charged ? 'recorded' : scenario.method === 'eCheck' ? 'failed' : undefined;
      await eventually(async () => {
        for (const run of runs) {
          const expected = afterStart(run.scenario);
          if (expected) expect((await settlementOf(database.db, run.refNum)).status).toBe(expected);
        }
      }, 30_000);

      const token = await signIn(clean);
      for (const run of runs) {
        if (run.scenario.guarantor === 'retries') run.retry = await retry(clean, token, run);
      }
    }, 60_000);

    it('leaves, once the lightbox window is over, no approval lost and no invoice charged twice', async () => {
      // The billing office's reconciliation, run as if 16 minutes had passed.
      operator = await startTestServer('postgres', { database });
      const later = new Date(Date.now() + LIGHTBOX_TOKEN_LIFETIME_MS + 60_000);
      const reconcile = () =>
        operator?.app.services.reconcile.run({ graceSeconds: 0, now: later }, FAULTS_CONTEXT);
      await reconcile();
      if (!operator) throw new Error('no operator server');
      const ours = new Set(runs.map((run) => run.refNum));
      const again = await reconcile();
      expect(again?.entries.filter((entry) => ours.has(entry.refNum))).toEqual([]);

      for (const run of runs) {
        run.final = await settlementOf(database.db, run.refNum);
        expect(run.final.status, run.scenario.point).toBe(run.scenario.finalStatus);
        expectConsistent(run.final, { settled: true });
      }
      // Each recorded payment's receipt e-mail goes out once: queued with the
      // recording, it outlives the process that died before sending it
      // (issue 22), and no retry or reconciliation queues another. A worker
      // of the dying process may have taken it first: then it is tried again
      // once its worker's heartbeat is missed (10 s) and a server notices (every 15 s).
      const recorded = runs.filter((run) => run.final?.status === 'recorded');
      await eventually(async () => {
        for (const run of recorded) {
          expect((await settlementOf(database.db, run.refNum)).receiptEmailedAt).toBeInstanceOf(
            Date,
          );
        }
      }, 150_000);
      // A process killed after its worker handed the message over but before
      // it recorded that, sends it again from another process: the same
      // Message-ID, so a mail client shows one message.
      const sent = await outboxMessages([dataDir, operator.env.DATA_DIR]);
      for (const run of recorded) {
        const receiptId = run.final?.receiptId ?? '';
        const copies = sent.filter((message) => message.includes(receiptId));
        expect(copies.length, `${run.scenario.point}: receipt ${receiptId}`).toBeGreaterThan(0);
        expect(
          new Set(copies.map(messageIdOf)).size,
          `${run.scenario.point}: receipt ${receiptId}`,
        ).toBe(1);
      }
      console.info(crashTable(runs).join('\n'));
    }, 240_000);
  },
);
