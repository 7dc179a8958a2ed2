import { performance } from 'node:perf_hooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_PATHS } from '@webpay/contracts/api';
import { errorObjectSchema, type ErrorObject } from '@webpay/contracts/errors';
import { DEMO_GUARANTORS } from '../../demo/demo-guarantors.ts';
import {
  createTestDatabase,
  testDatabaseKinds,
  type TestDatabase,
} from '../../../test/support/database.ts';
import { startTestServer, type TestServer } from '../../../test/support/test-server.ts';
import { LOCKOUT_MINUTES, MAX_FAILED_SIGN_INS } from './lockout.service.ts';

const { james, robert, linda, maria } = DEMO_GUARANTORS;
/** Guesses from one client against one account, behind the per-client throttle. */
const ATTEMPTS = 1000;
/** Guesses without the throttle: each reaches the service, so fewer keep the suite quick. */
const UNTHROTTLED_ATTEMPTS = 300;

/** Throttling on the local store always, and on Redis too when TEST_REDIS_URL names one. */
const stores: {
  name: string;
  env: Record<string, string>;
  target: (typeof DEMO_GUARANTORS)[keyof typeof DEMO_GUARANTORS];
}[] = [
  { name: 'in-process store', env: {}, target: robert },
  ...(process.env.TEST_REDIS_URL
    ? [{ name: 'Redis store', env: { REDIS_URL: process.env.TEST_REDIS_URL }, target: maria }]
    : []),
];

const wrongPin = (i: number, right: string) => {
  const pin = String(10_000_000 + i).slice(-8);
  return pin === right ? '99999999' : pin;
};

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
};

/** What a caller sees of an answer, without the ids that differ per request. */
async function answerOf(response: Response) {
  const {
    requestId: _r,
    correlationId: _c,
    ...body
  } = errorObjectSchema.parse(await response.json()) as ErrorObject;
  const retryAfter = response.headers.get('retry-after');
  return {
    status: response.status,
    body,
    // Whole minutes: two answers a few milliseconds apart may differ by a second.
    retryAfterMinutes: retryAfter === null ? null : Math.ceil(Number(retryAfter) / 60),
  };
}

describe.each(testDatabaseKinds)('sign-in lockout and throttling (%s)', (kind) => {
  let database: TestDatabase;

  beforeAll(async () => {
    database = await createTestDatabase(kind);
  });

  afterAll(async () => {
    await database?.close();
  });

  const tally = async (
    server: TestServer,
    accountNumber: string,
    right: string,
    attempts = ATTEMPTS,
  ) => {
    const counts: Record<number, number> = {};
    for (let i = 0; i < attempts; i++) {
      // Halfway through, the right PIN: it must not get in either.
      const pin = i === attempts / 2 ? right : wrongPin(i, right);
      const response = await server.api(API_PATHS.login, { body: { accountNumber, pin } });
      counts[response.status] = (counts[response.status] ?? 0) + 1;
      await response.arrayBuffer();
    }
    return counts;
  };

  describe.each(stores)('with the $name', ({ name, env, target }) => {
    let server: TestServer;

    beforeAll(async () => {
      server = await startTestServer(kind, {
        database,
        env: { ...env, RATE_LIMIT_LOGIN_MAX: '10', RATE_LIMIT_LOGIN_WINDOW_SECONDS: '60' },
      });
    });

    afterAll(async () => {
      await server?.close();
    });

    it(`lets ${ATTEMPTS} PIN guesses from one client sign in zero times`, async () => {
      const counts = await tally(server, target.accountNumber, target.pin);
      console.info(`[${kind}, ${name}] ${ATTEMPTS} PIN guesses from one client:`, counts);
      expect(counts[200]).toBeUndefined();
      // Ten reach the service: four wrong PINs, the fifth locks, the rest find it locked.
      // (Redis: a call made while the connection is still opening is let through.)
      expect(counts[401]).toBe(MAX_FAILED_SIGN_INS - 1);
      expect((counts[423] ?? 0) + (counts[429] ?? 0)).toBe(ATTEMPTS - 4);
      expect(counts[429]).toBeGreaterThanOrEqual(ATTEMPTS - (env.REDIS_URL ? 11 : 10));
    });
  });

  describe('without the per-client throttle', () => {
    let server: TestServer;

    beforeAll(async () => {
      server = await startTestServer(kind, { database });
    });

    afterAll(async () => {
      await server?.close();
    });

    it(`lets ${UNTHROTTLED_ATTEMPTS} PIN guesses sign in zero times: the lockout alone stops them`, async () => {
      const counts = await tally(server, linda.accountNumber, linda.pin, UNTHROTTLED_ATTEMPTS);
      console.info(`[${kind}] ${UNTHROTTLED_ATTEMPTS} PIN guesses, lockout only:`, counts);
      expect(counts).toEqual({
        401: MAX_FAILED_SIGN_INS - 1,
        423: UNTHROTTLED_ATTEMPTS - MAX_FAILED_SIGN_INS + 1,
      });
    });

    it('answers a known and an unknown account number identically, lockout included', async () => {
      const accounts = { known: james.accountNumber, unknown: '987654321' };
      const answers: Record<keyof typeof accounts, Awaited<ReturnType<typeof answerOf>>[]> = {
        known: [],
        unknown: [],
      };
      const timings: Record<keyof typeof accounts, number[]> = { known: [], unknown: [] };
      for (let attempt = 0; attempt < MAX_FAILED_SIGN_INS + 3; attempt++) {
        for (const which of ['known', 'unknown'] as const) {
          const started = performance.now();
          const response = await server.api(API_PATHS.login, {
            body: { accountNumber: accounts[which], pin: '13572468' },
          });
          timings[which].push(performance.now() - started);
          answers[which].push(await answerOf(response));
        }
      }
      const phase = (values: number[], from: number, to: number) =>
        `${median(values.slice(from, to)).toFixed(1)} ms`;
      const failing = MAX_FAILED_SIGN_INS - 1;
      console.info(
        `[${kind}] median answer times — wrong PIN: known account ${phase(timings.known, 0, failing)}, unknown ${phase(timings.unknown, 0, failing)}; locked: known ${phase(timings.known, failing + 1, Infinity)}, unknown ${phase(timings.unknown, failing + 1, Infinity)}`,
      );
      expect(answers.unknown).toEqual(answers.known);
      expect(answers.known.map((answer) => answer.status)).toEqual([
        401, 401, 401, 401, 423, 423, 423, 423,
      ]);
      expect(answers.known[4]).toMatchObject({
        body: { code: 'ACCOUNT_LOCKED' },
        retryAfterMinutes: LOCKOUT_MINUTES,
      });
      expect(answers.known[0]?.retryAfterMinutes).toBeNull();
    });
  });

  describe('every sign-in and verification route', () => {
    let server: TestServer;

    beforeAll(async () => {
      server = await startTestServer(kind, {
        database,
        env: { RATE_LIMIT_LOGIN_MAX: '2', RATE_LIMIT_LOGIN_WINDOW_SECONDS: '60' },
      });
    });

    afterAll(async () => {
      await server?.close();
    });

    it('throttles each client: 429 with Retry-After and the error object', async () => {
      const ids = {
        guarantorId: '5b7e0c9a-1f7e-4c1e-9a57-0d1e2f3a4b5c',
        verificationId: '0f8e7d6c-5b4a-4938-8271-605f4e3d2c1b',
      };
      const calls: [string, unknown][] = [
        [API_PATHS.loginMagicRequest, { email: 'throttle@example.com' }],
        [API_PATHS.loginMagic, { abracadabra: 'nothing' }],
        [API_PATHS.loginEmail, { email: 'throttle@example.com', birthdate: '1980-01-01' }],
        [API_PATHS.loginCode, { ...ids, code: '123456' }],
        [API_PATHS.signupSendCode, ids],
        [
          API_PATHS.signupEmail,
          {
            accountNumber: '123123123',
            firstName: 'Throttle',
            lastName: 'Test',
            birthdate: '1980-01-01',
            email: 'throttle@example.com',
            enrollPaperless: false,
          },
        ],
        [API_PATHS.mfaEmail, undefined],
      ];
      for (const [path, body] of calls) {
        const call = () =>
          server.api(path, {
            method: 'POST',
            ...(body === undefined ? {} : { body }),
          });
        for (let i = 0; i < 2; i++) expect((await call()).status, path).not.toBe(429);
        const throttled = await call();
        expect(throttled.status, path).toBe(429);
        expect(Number(throttled.headers.get('retry-after')), path).toBeGreaterThan(0);
        expect(errorObjectSchema.parse(await throttled.json()).code).toBe('TOO_MANY_REQUESTS');
      }
    });
  });
});
