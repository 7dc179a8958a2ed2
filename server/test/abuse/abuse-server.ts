import { and, eq, inArray, like, sql } from 'drizzle-orm';
import { API_PATHS } from '@webpay/contracts/api';
import type { Database } from '../../src/db/client.ts';
import { auditEvents, signInLockouts } from '../../src/db/schema.ts';
import type { TestDatabaseKind } from '../support/database.ts';
import {
  startTestServer,
  type TestServer,
  type TestServerOptions,
} from '../support/test-server.ts';

/*
 * A test server set up the way an attacker meets production: the per-client
 * throttle at README's defaults, client addresses read from X-Forwarded-For
 * (TRUST_PROXY=127.0.0.1, as behind the load balancer), so one test can play
 * one client or thousands, and the throttle counted in Redis when
 * TEST_REDIS_URL names one, as several instances would share it.
 */

export const THROTTLE_MAX = 10;
export const THROTTLE_WINDOW_SECONDS = 60;

const redisUrl = process.env.TEST_REDIS_URL;
export const THROTTLE_STORE = redisUrl ? 'Redis' : 'in-process';

let clientsMade = 0;

/** An address no earlier call of this process used: 10.x.y.z. */
export function newClient(): string {
  clientsMade += 1;
  return `10.${(clientsMade >> 16) & 255}.${(clientsMade >> 8) & 255}.${clientsMade & 255}`;
}

/** Headers of a call from `address`, tagged with a request id to find its audit events by. */
export function from(address: string, requestId?: string): Record<string, string> {
  return { 'X-Forwarded-For': address, ...(requestId ? { 'X-Request-Id': requestId } : {}) };
}

export async function startAbuseServer(
  kind: TestDatabaseKind,
  options: TestServerOptions = {},
): Promise<TestServer> {
  const server = await startTestServer(kind, {
    ...options,
    env: {
      TRUST_PROXY: '127.0.0.1',
      RATE_LIMIT_LOGIN_MAX: String(THROTTLE_MAX),
      RATE_LIMIT_LOGIN_WINDOW_SECONDS: String(THROTTLE_WINDOW_SECONDS),
      ...(redisUrl ? { REDIS_URL: redisUrl } : {}),
      ...options.env,
    },
  });
  if (redisUrl) await waitForThrottleStore(server);
  return server;
}

/**
 * The throttle lets calls through while its Redis connection is still
 * opening (skipOnError), which would shift "throttled from attempt 11" by
 * one; a throwaway client's calls show when the counters are kept.
 */
async function waitForThrottleStore(server: TestServer): Promise<void> {
  for (let round = 0; round < 50; round++) {
    const response = await server.api(API_PATHS.loginMagic, {
      body: { abracadabra: 'warm-up' },
      headers: from(newClient()),
    });
    await response.arrayBuffer();
    if (response.headers.has('x-ratelimit-remaining')) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error('the throttle never reached Redis');
}

/**
 * Lets every lock pass. A lock ends by the database's clock (the lockout
 * repository compares locked_until with now()); SignInLockout's `now` only
 * words the 423, so ageing the row is how a test lets 15 minutes go by.
 */
export async function letLocksPass(db: Database): Promise<void> {
  await db
    .update(signInLockouts)
    .set({ lockedUntil: sql`now() - interval '1 second'` })
    .where(sql`${signInLockouts.lockedUntil} > now()`);
}

/** Forgets every lockout counter, so the next attempt takes the unlocked path. */
export async function forgetLockouts(db: Database): Promise<void> {
  await db.delete(signInLockouts);
}

/**
 * Sign-in failures recorded for the calls whose request id starts with
 * `prefix`, by reason: tells the attempts whose secret was checked
 * (wrong_pin, wrong_code…) from those refused before (locked).
 */
export async function failureReasons(
  db: Database,
  prefix: string,
  actions: string[] = ['auth.login'],
): Promise<Record<string, number>> {
  const rows = await db
    .select({ details: auditEvents.details })
    .from(auditEvents)
    .where(
      and(
        inArray(auditEvents.action, actions),
        eq(auditEvents.outcome, 'failure'),
        like(auditEvents.requestId, `${prefix}%`),
      ),
    );
  const reasons: Record<string, number> = {};
  for (const { details } of rows) {
    const reason = String(details?.reason ?? 'unknown');
    reasons[reason] = (reasons[reason] ?? 0) + 1;
  }
  return reasons;
}
