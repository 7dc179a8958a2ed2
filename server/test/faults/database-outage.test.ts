import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { inArray } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { API_PATHS } from '@webpay/contracts/api';
import { loginResponseSchema } from '@webpay/contracts/auth';
import { paymentLines, payments } from '../../src/db/schema.ts';
import { DEMO_GUARANTORS } from '../../src/demo/demo-guarantors.ts';
import { MARIA_LINES, newKey, startCard } from '../support/payments.ts';
import { createTestDatabase, type TestDatabase } from '../support/database.ts';
import {
  startServerProcess,
  stopServerProcess,
  type ServerProcess,
} from '../support/server-process.ts';
import { startTcpProxy, type TcpProxy } from '../support/tcp-proxy.ts';
import { expectErrorObject, timed } from './fault-answers.ts';

/*
 * security.md, testing practice: "fault injection on the database
 * connections (latency, outages, timeouts)". A real server process (as
 * production runs it, with its crash-on-unhandled-rejection guard) talks to
 * PostgreSQL through a TCP proxy the test controls; PostgreSQL itself, which
 * other runs share, is never touched. Proved: an outage is a 503
 * DATABASE_UNAVAILABLE error object within DATABASE_TIMEOUT_MS, readiness
 * fails while liveness holds, nothing crashes or answers a bare 500, a cut
 * transaction commits whole or not at all (ASVS 5.0 2.3.3), and service
 * comes back by itself.
 */

const { maria } = DEMO_GUARANTORS;
/** The server's limit for one connection attempt or one query (DATABASE_TIMEOUT_MS). */
const DATABASE_TIMEOUT_MS = 1000;
/** What an answer may take beyond that limit on a busy two-core machine. */
const SLACK_MS = 3000;

/** The same database URL (schema in `options`) through the proxy. */
function throughProxy(databaseUrl: string, proxy: TcpProxy): string {
  const url = new URL(databaseUrl);
  url.hostname = proxy.host;
  url.port = String(proxy.port);
  return url.toString();
}

describe.runIf(process.env.TEST_DATABASE_URL)(
  'security.md fault injection: PostgreSQL down, stalled, slow or cut off (postgres)',
  () => {
    let database: TestDatabase;
    let proxy: TcpProxy;
    let server: ServerProcess;
    let dataDir: string;

    beforeAll(async () => {
      database = await createTestDatabase('postgres');
      const direct = new URL(database.url);
      proxy = await startTcpProxy(direct.hostname, Number(direct.port || 5432));
      dataDir = await mkdtemp(path.join(tmpdir(), 'webpay-database-outage-'));
      server = await startServerProcess(throughProxy(database.url, proxy), dataDir, {
        DATABASE_TIMEOUT_MS: String(DATABASE_TIMEOUT_MS),
        // A retried payment start waits this long plus 2 s for the first one.
        CONVERGE_TIMEOUT_MS: '1000',
        RECONCILE_INTERVAL_SECONDS: '0',
      });
    });

    afterEach(async () => {
      proxy.resume();
      proxy.setLatency(0);
      await proxy.accept();
    });

    afterAll(async () => {
      await stopServerProcess(server);
      await proxy?.close();
      await database?.close();
      if (dataDir) await rm(dataDir, { recursive: true, force: true });
    });

    const signIn = () =>
      server.api(API_PATHS.login, { body: { accountNumber: maria.accountNumber, pin: maria.pin } });
    const signedIn = async () => {
      const response = await signIn();
      expect(response.status).toBe(200);
      return loginResponseSchema.parse(await response.json()).access_token;
    };
    const paymentsOf = (keys: string[]) =>
      database.db.select().from(payments).where(inArray(payments.idempotencyKey, keys));
    const probe = (name: 'healthz' | 'readyz') => fetch(`${server.baseUrl}/${name}`);
    const encounters = (token: string) => server.api(API_PATHS.encounters, { token });

    /** Up again without a restart: ready, signing in, and the session from before still valid. */
    const expectRecovered = async (token: string) => {
      expect((await probe('readyz')).status).toBe(200);
      expect((await encounters(token)).status).toBe(200);
      await signedIn();
    };

    it('answers 503 DATABASE_UNAVAILABLE while PostgreSQL refuses connections, stays live, and recovers by itself', async () => {
      const token = await signedIn();
      await proxy.refuse();

      const health = await probe('healthz');
      expect(health.status).toBe(200);
      expect(await health.json()).toEqual({ status: 'ok' });
      await expectErrorObject(await probe('readyz'), 503, 'DATABASE_UNAVAILABLE');
      await expectErrorObject(await signIn(), 503, 'DATABASE_UNAVAILABLE');
      await expectErrorObject(await encounters(token), 503, 'DATABASE_UNAVAILABLE');

      await proxy.accept();
      await expectRecovered(token);
    });

    it('answers 503 within DATABASE_TIMEOUT_MS while the network to PostgreSQL stalls, then recovers', async () => {
      const token = await signedIn();
      // Connections stay open and new ones are accepted, but no byte gets
      // through: a partition or a frozen host, which nothing reports as an error.
      proxy.pause();

      const health = await timed(() => probe('healthz'));
      expect(health.result.status).toBe(200);
      expect(health.ms).toBeLessThan(SLACK_MS);
      const stalled = await timed(() =>
        Promise.all([probe('readyz'), signIn(), encounters(token)]),
      );
      const [ready, login, list] = stalled.result;
      expect(stalled.ms).toBeLessThan(DATABASE_TIMEOUT_MS + SLACK_MS);
      await expectErrorObject(ready, 503, 'DATABASE_UNAVAILABLE');
      await expectErrorObject(login, 503, 'DATABASE_UNAVAILABLE');
      await expectErrorObject(list, 503, 'DATABASE_UNAVAILABLE');

      proxy.resume();
      await expectRecovered(token);
    });

    it('serves a slow database, and answers 503 rather than hanging or 500 once it is slower than the limit', async () => {
      const token = await signedIn();
      proxy.setLatency(100);
      expect((await signIn()).status).toBe(200);
      expect((await encounters(token)).status).toBe(200);

      proxy.setLatency(DATABASE_TIMEOUT_MS + 500);
      const slow = await timed(signIn);
      expect(slow.ms).toBeLessThan(DATABASE_TIMEOUT_MS * 2 + SLACK_MS);
      await expectErrorObject(slow.result, 503, 'DATABASE_UNAVAILABLE');

      proxy.setLatency(0);
      await expectRecovered(token);
    });

    /** Payment starts whose database connections were cut at growing delays. */
    const cutStarts: { key: string; amount: number; status: number; body: string }[] = [];
    const startPayment = (token: string, key: string, amount: number) =>
      startCard(server, token, { accounts: [MARIA_LINES.surgery(amount)] }, key);

    it('survives connections cut mid-transaction: each payment start commits whole or not at all (ASVS 5.0 2.3.3)', async () => {
      const token = await signedIn();
      // Each payment start is a claim transaction (payment and lines), the
      // sandbox processor's token transaction and an update; with latency on
      // every packet, cuts at growing delays land in each of them in turn.
      proxy.setLatency(15);
      for (let delay = 10; delay <= 610; delay += 40) {
        const key = newKey();
        const amount = 1 + delay / 100;
        const answer = startPayment(token, key, amount);
        await new Promise((resolve) => setTimeout(resolve, delay));
        proxy.cutAll();
        const response = await answer;
        cutStarts.push({ key, amount, status: response.status, body: await response.text() });
      }
      proxy.setLatency(0);

      for (const { status, body } of cutStarts) {
        if (status === 200) continue;
        // The sandbox processor runs in this server on the same database, so a
        // cut can also fail the processor's side: the documented 500
        // PROCESSOR_ERROR ("you have not been charged"). Nothing else.
        const { code } = JSON.parse(body) as { code: string };
        expect({ status, code }).toSatisfy(
          (answer: { status: number; code: string }) =>
            (answer.status === 503 && answer.code === 'DATABASE_UNAVAILABLE') ||
            (answer.status === 500 && answer.code === 'PROCESSOR_ERROR'),
        );
      }
      expect(cutStarts.some((attempt) => attempt.status !== 200)).toBe(true);

      const rows = await paymentsOf(cutStarts.map(({ key }) => key));
      const lines = await database.db
        .select()
        .from(paymentLines)
        .where(
          inArray(
            paymentLines.paymentId,
            rows.map((row) => row.id),
          ),
        );
      // Whole or nothing: no payment without its line.
      for (const row of rows) {
        expect(lines.filter((line) => line.paymentId === row.id)).toHaveLength(1);
      }
      // Every start that answered 200 handed out a token it stored.
      for (const attempt of cutStarts.filter(({ status }) => status === 200)) {
        const { refNum, token: lightboxToken } = JSON.parse(attempt.body) as Record<string, string>;
        expect(rows.find((row) => row.processorReference === refNum)).toMatchObject({
          status: 'in_lightbox',
          lightboxToken,
        });
      }
      await expectRecovered(token);
    });

    it('resumes each cut payment start on its retry with the same key (Stripe: a retry resumes)', async () => {
      expect(cutStarts.length).toBeGreaterThan(0);
      const token = await signedIn();
      // The portal's Try Again sends the same key: every attempt ends with one
      // payment and a token, the 200s with the very token they were given.
      const retries = await Promise.all(
        cutStarts.map(async (attempt) => {
          const response = await startPayment(token, attempt.key, attempt.amount);
          return { attempt, status: response.status, body: await response.text() };
        }),
      );
      const rows = await paymentsOf(cutStarts.map(({ key }) => key));
      const failed = new Set(
        rows.filter((row) => row.status === 'failed').map((row) => row.idempotencyKey),
      );
      for (const { attempt, status, body } of retries) {
        if (failed.has(attempt.key)) {
          // Closed when the processor's side failed: the same words again, nothing charged.
          await expectErrorObject(new Response(body, { status }), 500, 'PROCESSOR_ERROR');
          continue;
        }
        expect(status, body).toBe(200);
        if (attempt.status === 200) expect(JSON.parse(body)).toEqual(JSON.parse(attempt.body));
      }
      // One payment per key, whatever the cuts and retries.
      expect(rows).toHaveLength(cutStarts.length);
    });

    it('is still the first process, and its log holds no crash and no connection secrets', () => {
      expect(server.child.exitCode).toBeNull();
      expect(server.child.signalCode).toBeNull();
      const log = server.output();
      expect(log).not.toMatch(/Unhandled|uncaught/i);
      // pg's client object (with the backend's cancel key) once rode along on pool errors.
      expect(log).not.toContain('secretKey');
    });
  },
);
