import { randomBytes } from 'node:crypto';
import { readdirSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_PATHS } from '@webpay/contracts/api';
import { loginResponseSchema } from '@webpay/contracts/auth';
import { SIGN_IN_LIMITS } from '@webpay/contracts/sign-in';
import { MIGRATIONS_TABLE } from '../../src/db/migrate.ts';
import { MIGRATIONS_DIR } from '../../src/install-root.ts';
import { guarantors, receipts } from '../../src/db/schema.ts';
import { DEMO_GUARANTORS } from '../../src/demo/demo-guarantors.ts';
import {
  MARIA_LINES,
  completeCard,
  payInLightbox,
  paymentByRef,
  processorRecords,
  receiptOf,
  startedCard,
} from '../support/payments.ts';
import { createTestDatabase, type TestDatabase } from '../support/database.ts';
import { nginxBinary, startLoadBalancer, type LoadBalancer } from '../support/nginx.ts';
import {
  serviceCaller,
  startServerProcess,
  stopServerProcess,
  type ServerProcess,
} from '../support/server-process.ts';

/*
 * Production's shape on one machine: two server processes behind nginx on
 * one PostgreSQL and one Redis (docs/operations.md, Several instances).
 * Whatever one instance knows, the other must know too. Needs
 * TEST_DATABASE_URL, TEST_REDIS_URL and nginx; `npm run test:cluster` runs
 * it alone, and CI (which installs nginx) sets WEBPAY_CLUSTER_TEST=required
 * so that a missing piece fails the run instead of skipping it.
 */

const databaseUrl = process.env.TEST_DATABASE_URL;
const redisUrl = process.env.TEST_REDIS_URL;
const nginx = nginxBinary();
const missing = [
  databaseUrl ? undefined : 'TEST_DATABASE_URL',
  redisUrl ? undefined : 'TEST_REDIS_URL',
  nginx ? undefined : 'nginx (apt-get install nginx-light)',
].filter((item): item is string => item !== undefined);
const required = process.env.WEBPAY_CLUSTER_TEST === 'required';

const { maria, robert } = DEMO_GUARANTORS;
/** Per client and window; small, so that two separate counters would let twice as many through. */
const THROTTLE = 6;

describe.runIf(required && missing.length > 0)('several instances: prerequisites', () => {
  it('has PostgreSQL, Redis and nginx', () => {
    expect(missing).toEqual([]);
  });
});

describe.runIf(missing.length === 0)('two instances behind nginx (postgres, redis)', () => {
  let database: TestDatabase;
  let dataDir: string;
  let first: ServerProcess;
  let second: ServerProcess;
  let balancer: LoadBalancer;
  let viaBalancer: ReturnType<typeof serviceCaller>;

  beforeAll(async () => {
    // An empty schema: both instances find it so and race to migrate it.
    database = await createTestDatabase('postgres', { migrate: false });
    dataDir = await mkdtemp(path.join(tmpdir(), 'webpay-cluster-'));
    const shared = {
      DEMO_DATA: 'true',
      REDIS_URL: redisUrl ?? '',
      REDIS_KEY_PREFIX: `webpay-cluster-${randomBytes(4).toString('hex')}:`,
      RATE_LIMIT_LOGIN_MAX: String(THROTTLE),
      RATE_LIMIT_LOGIN_WINDOW_SECONDS: '600',
      // The test, nginx and both instances are on loopback: X-Forwarded-For names the client.
      TRUST_PROXY: '127.0.0.1',
    };
    [first, second] = await Promise.all([
      startServerProcess(database.url, path.join(dataDir, 'a'), shared),
      startServerProcess(database.url, path.join(dataDir, 'b'), shared),
    ]);
    balancer = await startLoadBalancer(nginx ?? '', [first.port, second.port]);
    viaBalancer = serviceCaller(balancer.baseUrl);
  }, 180_000);

  afterAll(async () => {
    await balancer?.close();
    await Promise.all([stopServerProcess(first), stopServerProcess(second)]);
    await database?.close();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  /** A PIN sign-in as the client at `address`. */
  const signIn = (
    call: ReturnType<typeof serviceCaller>,
    address: string,
    accountNumber: string,
    pin: string,
  ) =>
    call(API_PATHS.login, {
      body: { accountNumber, pin },
      headers: { 'X-Forwarded-For': address },
    });
  const tokenOf = async (response: Response) => {
    expect(response.status).toBe(200);
    return loginResponseSchema.parse(await response.json()).access_token;
  };

  it('migrates the new database once and loads the demo data once, however the two start', async () => {
    const files = readdirSync(MIGRATIONS_DIR).filter((name) => name.endsWith('.sql'));
    const applied = await database.db.execute<{ count: number }>(
      sql`select count(*)::int as count from ${sql.identifier(MIGRATIONS_TABLE)}`,
    );
    expect(applied.rows[0]?.count).toBe(files.length);
    const people = await database.db.select({ id: guarantors.id }).from(guarantors);
    expect(people).toHaveLength(5);
    for (const instance of [first, second]) {
      expect(instance.output()).not.toMatch(/"level":(50|60)/);
    }
  });

  it('spreads the load balancer’s requests over both instances', async () => {
    const routeCount = async (instance: ServerProcess) => {
      const text = await (await fetch(`${instance.baseUrl}/metrics`)).text();
      const line = text
        .split('\n')
        .find(
          (entry) =>
            entry.startsWith('webpay_http_requests_total{') && entry.includes('route="/healthz"'),
        );
      return Number(line?.split(' ').at(-1) ?? 0);
    };
    const before = await Promise.all([routeCount(first), routeCount(second)]);
    for (let index = 0; index < 20; index += 1) {
      expect((await fetch(`${balancer.baseUrl}/healthz`)).status).toBe(200);
    }
    const after = await Promise.all([routeCount(first), routeCount(second)]);
    expect(after[0] - before[0]).toBeGreaterThan(0);
    expect(after[1] - before[1]).toBeGreaterThan(0);
    expect(after[0] - before[0] + (after[1] - before[1])).toBe(20);
  });

  it('shares the per-client throttle: the limit holds across both instances and the balancer', async () => {
    const client = '198.51.100.7';
    const statuses: number[] = [];
    for (let index = 0; index < THROTTLE * 2; index += 1) {
      const call = [first.api, second.api, viaBalancer][index % 3] ?? first.api;
      // A new unknown account each time, so no lockout gets in the way.
      const response = await signIn(call, client, `9${String(index).padStart(8, '0')}`, '00000000');
      statuses.push(response.status);
    }
    expect(statuses.slice(0, THROTTLE)).toEqual(Array.from({ length: THROTTLE }, () => 401));
    expect(statuses.slice(THROTTLE)).toEqual(Array.from({ length: THROTTLE }, () => 429));
    // Another client is not held back by this one.
    expect(
      (await signIn(second.api, '198.51.100.8', robert.accountNumber, robert.pin)).status,
    ).toBe(200);
  });

  it('shares the lockout: failures on either instance lock the account on both', async () => {
    for (let index = 0; index < SIGN_IN_LIMITS.lockoutFailures; index += 1) {
      const call = index % 2 === 0 ? first.api : second.api;
      const response = await signIn(
        call,
        `203.0.113.${index + 1}`,
        robert.accountNumber,
        '11111111',
      );
      expect(response.status).toBe(index + 1 < SIGN_IN_LIMITS.lockoutFailures ? 401 : 423);
    }
    for (const call of [first.api, second.api, viaBalancer]) {
      const response = await signIn(call, '203.0.113.200', robert.accountNumber, robert.pin);
      expect(response.status).toBe(423);
    }
  });

  it('refuses on one instance a session signed out on the other', async () => {
    const token = await tokenOf(
      await signIn(first.api, '192.0.2.10', maria.accountNumber, maria.pin),
    );
    expect((await second.api(API_PATHS.me, { token })).status).toBe(200);
    expect((await first.api(API_PATHS.logout, { method: 'POST', token })).status).toBeLessThan(300);
    expect((await second.api(API_PATHS.me, { token })).status).toBe(401);
    expect((await viaBalancer(API_PATHS.me, { token })).status).toBe(401);
  });

  it('charges once when one payment is completed through both instances and the balancer at once', async () => {
    const balancerServer = { baseUrl: balancer.baseUrl, api: viaBalancer };
    const token = await tokenOf(
      await signIn(viaBalancer, '192.0.2.20', maria.accountNumber, maria.pin),
    );
    const started = await startedCard(balancerServer, token, {
      accounts: [MARIA_LINES.surgery(33)],
    });
    const sale = await payInLightbox(balancerServer, started.token);
    expect(sale.type).toBe('approval');
    const targets = [first, second, balancerServer];
    const responses = await Promise.all(
      Array.from({ length: 30 }, (_, index) =>
        completeCard(targets[index % 3] ?? first, token, started.refNum, sale.response),
      ),
    );
    const answered = await Promise.all(responses.map(receiptOf));
    expect(new Set(answered.map((receipt) => receipt.receiptId)).size).toBe(1);
    const payment = await paymentByRef(database.db, started.refNum);
    expect(payment?.status).toBe('recorded');
    const stored = await database.db
      .select()
      .from(receipts)
      .where(eq(receipts.paymentId, payment?.id ?? ''));
    expect(stored).toHaveLength(1);
    expect((await processorRecords(database.db, started.refNum)).transactions).toHaveLength(1);
  });
});
