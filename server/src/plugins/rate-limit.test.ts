import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_PATHS } from '@webpay/contracts/api';
import { errorObjectSchema } from '@webpay/contracts/errors';
import {
  createTestDatabase,
  testDatabaseKinds,
  type TestDatabase,
} from '../../test/support/database.ts';
import { startTestServer, type TestServer } from '../../test/support/test-server.ts';

const LIMIT = 3;

/** Throttling runs on the local store always, and on Redis too when TEST_REDIS_URL names one. */
const stores: { name: string; env: Record<string, string>; accountNumber: string }[] = [
  { name: 'in-process store', env: {}, accountNumber: '999000111' },
  ...(process.env.TEST_REDIS_URL
    ? [
        {
          name: 'Redis store',
          env: { REDIS_URL: process.env.TEST_REDIS_URL },
          // Failures count per account number, known or not: each store guesses its own.
          accountNumber: '999000222',
        },
      ]
    : []),
];

describe.each(testDatabaseKinds)('sign-in throttling (%s)', (kind) => {
  let database: TestDatabase;

  beforeAll(async () => {
    database = await createTestDatabase(kind);
  });

  afterAll(async () => {
    await database?.close();
  });

  describe.each(stores)('with the $name', ({ env, accountNumber }) => {
    let server: TestServer;
    let other: TestServer;

    beforeAll(async () => {
      const limits = { RATE_LIMIT_LOGIN_MAX: String(LIMIT), RATE_LIMIT_LOGIN_WINDOW_SECONDS: '60' };
      server = await startTestServer(kind, { database, env: { ...env, ...limits } });
      // A second instance sharing the prefix: with Redis the two count together.
      other = await startTestServer(kind, {
        database,
        env: { ...env, ...limits, REDIS_KEY_PREFIX: server.env.REDIS_KEY_PREFIX },
      });
    });

    afterAll(async () => {
      await server?.close();
      await other?.close();
    });

    it('answers 429 with Retry-After and the error object once a client exceeds the limit', async () => {
      const attempt = (target: TestServer) =>
        target.api(API_PATHS.login, { body: { accountNumber, pin: '1234' } });

      for (let i = 0; i < LIMIT; i++) expect((await attempt(server)).status).toBe(401);
      const throttled = await attempt(server);
      expect(throttled.status).toBe(429);
      const retryAfter = Number(throttled.headers.get('retry-after'));
      expect(retryAfter).toBeGreaterThan(0);
      expect(retryAfter).toBeLessThanOrEqual(60);
      const body = errorObjectSchema.parse(await throttled.json());
      expect(body).toMatchObject({
        status: 429,
        code: 'TOO_MANY_REQUESTS',
        title: 'Too many requests',
      });
      expect(body.details[0]).toMatch(/Please wait \d+ seconds? and try again\./);
      expect(body.requestId).toBe(throttled.headers.get('x-request-id'));

      // The limit applies to sign-in only.
      expect((await server.api(API_PATHS.configApp)).status).toBe(200);

      const onOtherInstance = await attempt(other);
      expect(onOtherInstance.status).toBe(env.REDIS_URL ? 429 : 401);
    });
  });
});
