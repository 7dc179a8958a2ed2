import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_PATHS } from '@webpay/contracts/api';
import { loginChallenges } from '../../src/db/schema.ts';
import { DEMO_GUARANTORS } from '../../src/demo/demo-guarantors.ts';
import type { TestServer } from '../support/test-server.ts';
import { forgetLockouts, from, newClient, startAbuseServer } from './abuse-server.ts';
import { formatTable } from './attack-tally.ts';
import { comparableAnswer } from './answers.ts';
import { compareTimings, type TimingComparison } from './timing.ts';

/*
 * No account enumeration (ASVS 5.0 6.3.8): for every form that takes an
 * identifier without a session, a known and an unknown one get the same
 * answer — status, every header, body — and take the same time.
 * lockout.routes.test.ts already proves that PIN answers stay identical
 * through the lock, verification.routes.test.ts that decoy verifications
 * behave like real ones, magic-link.routes.test.ts that an unknown address
 * is accepted alike, signup.routes.test.ts that an address already on file
 * is accepted alike; this file adds the headers and the timing, measured
 * over many calls. The unknown identifiers have the known ones' length, so
 * even Content-Length must agree. Timing needs one database only: PGlite.
 */

const { ana, james, maria } = DEMO_GUARANTORS;
const UNKNOWN_ACCOUNT = '987650321';
/** As long as Maria's address, so an echo of it cannot differ in length. */
const UNKNOWN_EMAIL = 'mario.garcai@example.com';
/** Each PIN call costs a deliberately slow hash (scrypt, ~30 ms): fewer calls keep the file quick. */
const PIN_SAMPLES = 100;
/** A timing test may measure twice (see timing.ts), on a machine others share. */
const TIMING_TEST_TIMEOUT_MS = 90_000;

const timings: TimingComparison[] = [];
afterAll(() => {
  if (timings.length === 0) return;
  console.info(
    `\nAnswer times, known vs unknown identifier (medians, interleaved)\n${formatTable(
      timings.map((timing) => ({
        form: timing.label,
        calls: timing.samples,
        'known ms': timing.knownMedianMs.toFixed(2),
        'unknown ms': timing.unknownMedianMs.toFixed(2),
        'difference ms': timing.differenceMs.toFixed(2),
        'bound ms': timing.boundMs.toFixed(2),
        runs: timing.runs,
      })),
    )}`,
  );
});

describe('no account enumeration (pglite)', () => {
  let server: TestServer;

  beforeAll(async () => {
    expect(UNKNOWN_ACCOUNT).toHaveLength(james.accountNumber.length);
    expect(UNKNOWN_EMAIL).toHaveLength(maria.email.length);
    server = await startAbuseServer('pglite');
  });

  afterAll(async () => {
    await server?.close();
  });

  /** Every call from an address of its own, so the throttle's headers read alike. */
  const call = (path: string, body: unknown) =>
    server.api(path, { body, headers: from(newClient()) });
  const drained = async (response: Promise<Response>) => (await response).arrayBuffer();

  it(
    'PIN sign-in: a known and an unknown account number get the same answer and take the same time',
    async () => {
      const pinOf = (accountNumber: string) =>
        call(API_PATHS.login, { accountNumber, pin: '13572468' });
      const known = await comparableAnswer(await pinOf(james.accountNumber));
      const unknown = await comparableAnswer(await pinOf(UNKNOWN_ACCOUNT));
      expect(known.status).toBe(401);
      expect(unknown).toEqual(known);

      const timing = await compareTimings('PIN sign-in (wrong PIN)', {
        known: () => drained(pinOf(james.accountNumber)),
        unknown: () => drained(pinOf(UNKNOWN_ACCOUNT)),
        // Untimed: forget the failures, so that no call meets a lock and each checks a PIN.
        reset: () => forgetLockouts(server.database.db),
        samples: PIN_SAMPLES,
      });
      timings.push(timing);
      expect(timing.within).toBe(true);
    },
    TIMING_TEST_TIMEOUT_MS,
  );

  it(
    'e-mail + birthdate sign-in: a matching and a non-matching address get the same answer and take the same time',
    async () => {
      const start = (email: string) =>
        call(API_PATHS.loginEmail, { email, birthdate: maria.birthdate });
      const known = await comparableAnswer(await start(maria.email), maria.email);
      const unknown = await comparableAnswer(await start(UNKNOWN_EMAIL), UNKNOWN_EMAIL);
      expect(known.status).toBe(200);
      expect(known.body).toEqual({
        guarantorId: '<uuid>',
        verificationId: '<uuid>',
        email: '<echo>',
      });
      expect(unknown).toEqual(known);

      const timing = await compareTimings('e-mail + birthdate sign-in', {
        known: () => drained(start(maria.email)),
        unknown: () => drained(start(UNKNOWN_EMAIL)),
      });
      timings.push(timing);
      expect(timing.within).toBe(true);
    },
    TIMING_TEST_TIMEOUT_MS,
  );

  it(
    'sign-up: an address another guarantor has and a free one get the same answer and take the same time',
    async () => {
      const signUp = (email: string) =>
        call(API_PATHS.signupEmail, {
          accountNumber: ana.accountNumber,
          firstName: ana.firstName,
          lastName: ana.lastName,
          birthdate: ana.birthdate,
          email,
          enrollPaperless: false,
        });
      // Maria's address in another letter case is hers all the same.
      const registered = maria.email.toUpperCase();
      const known = await comparableAnswer(await signUp(registered));
      const unknown = await comparableAnswer(await signUp(UNKNOWN_EMAIL));
      expect(known).toMatchObject({ status: 200, body: true });
      expect(unknown).toEqual(known);

      const timing = await compareTimings('sign-up', {
        known: () => drained(signUp(registered)),
        unknown: () => drained(signUp(UNKNOWN_EMAIL)),
      });
      timings.push(timing);
      expect(timing.within).toBe(true);
    },
    TIMING_TEST_TIMEOUT_MS,
  );

  it(
    'magic-link request: a signed-up and an unknown address get the same answer and take the same time',
    async () => {
      const request = (email: string) => call(API_PATHS.loginMagicRequest, { email });
      const known = await comparableAnswer(await request(maria.email));
      const unknown = await comparableAnswer(await request(UNKNOWN_EMAIL));
      expect(known).toMatchObject({ status: 202, body: { accepted: true } });
      expect(unknown).toEqual(known);

      const timing = await compareTimings('magic-link request', {
        known: () => drained(request(maria.email)),
        unknown: () => drained(request(UNKNOWN_EMAIL)),
        // Untimed: forget the links, so that no call meets the 5-per-15-minutes cap and each issues one.
        reset: () =>
          server.database.db.delete(loginChallenges).where(eq(loginChallenges.kind, 'magic_link')),
      });
      timings.push(timing);
      expect(timing.within).toBe(true);
    },
    TIMING_TEST_TIMEOUT_MS,
  );
});
