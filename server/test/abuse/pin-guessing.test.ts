import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_PATHS } from '@webpay/contracts/api';
import { DEMO_GUARANTORS } from '../../src/demo/demo-guarantors.ts';
import { LOCKOUT_MINUTES, MAX_FAILED_SIGN_INS } from '../../src/modules/lockout/lockout.service.ts';
import { testDatabaseKinds, type TestDatabaseKind } from '../support/database.ts';
import type { TestServer } from '../support/test-server.ts';
import {
  THROTTLE_MAX,
  THROTTLE_STORE,
  THROTTLE_WINDOW_SECONDS,
  failureReasons,
  from,
  letLocksPass,
  newClient,
  startAbuseServer,
} from './abuse-server.ts';
import { AttackTable, AttackTally } from './attack-tally.ts';

/*
 * PIN guessing at volume (ASVS 4.0 2.2.1 / 5.0 6.3.1 anti-automation;
 * NIST SP 800-63B: limit consecutive failures per account). What
 * lockout.routes.test.ts already proves is not repeated here: 1000 guesses
 * from ONE client, the lockout alone with the throttle off, and the answers
 * of a known and an unknown account number through the lock. This file adds
 * the attacker with many addresses, one at a time and all at once (the
 * burst once got every PIN checked: the lockout was checked before and
 * counted after), the one address spraying many accounts, and guarantors
 * signing in together, whom counting attempts first must not lock out.
 */

const { maria, james, robert } = DEMO_GUARANTORS;
const MANY_CLIENTS = 200;
const BURST = 40;
/** Guarantors signing in to one account at once, as many as the soak's workers. */
const TOGETHER = 16;
const SPRAYED_ACCOUNTS = 200;

const table = new AttackTable('PIN sign-in under attack');
afterAll(() => table.print());

/** The i-th wrong 8-digit PIN for an account whose PIN is `right`. */
const wrongPin = (i: number, right: string) => {
  const pin = String(20_000_000 + i * 7919).slice(-8);
  return pin === right ? '99999999' : pin;
};

const signIn = (
  server: TestServer,
  accountNumber: string,
  pin: string,
  headers = from(newClient()),
) => server.api(API_PATHS.login, { body: { accountNumber, pin }, headers });

describe.each(testDatabaseKinds)('PIN guessing (%s)', (kind: TestDatabaseKind) => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startAbuseServer(kind);
  });

  afterAll(async () => {
    await server?.close();
  });

  it(`lets ${MANY_CLIENTS} clients guessing one account, one after another, sign in zero times: the account lockout stops them, the throttle never sees them`, async () => {
    const tally = new AttackTally(`${MANY_CLIENTS} clients, one guess each, one account [${kind}]`);
    const prefix = `pin-clients-${kind}-`;
    for (let i = 0; i < MANY_CLIENTS; i++) {
      // Halfway through, the right PIN: the lock refuses it as well.
      const pin = i === MANY_CLIENTS / 2 ? james.pin : wrongPin(i, james.pin);
      const response = await signIn(
        server,
        james.accountNumber,
        pin,
        from(newClient(), `${prefix}${i}`),
      );
      tally.add(response.status);
      await response.arrayBuffer();
    }
    const checked = (await failureReasons(server.database.db, prefix)).wrong_pin ?? 0;
    table.add(tally, checked);

    expect(tally.successes).toBe(0);
    expect(checked).toBe(MAX_FAILED_SIGN_INS);
    expect(tally.count(429)).toBe(0);
    expect(tally.count(401)).toBe(MAX_FAILED_SIGN_INS - 1);
    expect(tally.firstOf(423)).toBe(MAX_FAILED_SIGN_INS);
    expect(tally.count(423)).toBe(MANY_CLIENTS - MAX_FAILED_SIGN_INS + 1);

    // Fifteen minutes later (the lock aged in the database), James signs in.
    await letLocksPass(server.database.db);
    expect((await signIn(server, james.accountNumber, james.pin)).status).toBe(200);
  });

  it(`lets a burst of ${BURST} guesses from ${BURST} clients at once check ${MAX_FAILED_SIGN_INS} PINs, no more (ASVS 5.0 2.3.3: no check-then-act)`, async () => {
    // Answers are tallied as they arrive: the refused ones come back first.
    const tally = new AttackTally(`burst of ${BURST} clients at once, one account [${kind}]`);
    const prefix = `pin-burst-${kind}-`;
    await Promise.all(
      Array.from({ length: BURST }, async (_, i) => {
        const response = await signIn(
          server,
          maria.accountNumber,
          wrongPin(i, maria.pin),
          from(newClient(), `${prefix}${i}`),
        );
        tally.add(response.status);
        await response.arrayBuffer();
      }),
    );
    // Attempts are counted before the PIN is checked, so only a lock round's worth get a check.
    const reasons = await failureReasons(server.database.db, prefix);
    const checked = reasons.wrong_pin ?? 0;
    table.add(tally, checked);

    expect(tally.successes).toBe(0);
    expect(checked).toBe(MAX_FAILED_SIGN_INS);
    expect(reasons.locked).toBe(BURST - MAX_FAILED_SIGN_INS);
    expect(tally.count(401)).toBe(MAX_FAILED_SIGN_INS - 1);
    expect(tally.count(423)).toBe(BURST - MAX_FAILED_SIGN_INS + 1);

    const locked = await signIn(server, maria.accountNumber, maria.pin);
    expect(locked.status).toBe(423);
    const retryAfter = Number(locked.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan((LOCKOUT_MINUTES - 1) * 60);
    expect(retryAfter).toBeLessThanOrEqual(LOCKOUT_MINUTES * 60);

    await letLocksPass(server.database.db);
    expect((await signIn(server, maria.accountNumber, maria.pin)).status).toBe(200);
  });

  it(`lets ${TOGETHER} sign-ins with the right PIN at once all in: a lock that attempts in flight start waits for them`, async () => {
    // Counting attempts before their check means the 5th in flight starts a lock; a success
    // among them lifts it, and the others, waiting on it, go through.
    const statuses = await Promise.all(
      Array.from({ length: TOGETHER }, async () => {
        const response = await signIn(server, robert.accountNumber, robert.pin);
        await response.arrayBuffer();
        return response.status;
      }),
    );
    expect(statuses).toEqual(Array(TOGETHER).fill(200));
  });

  it(`throttles one client trying one PIN on each of ${SPRAYED_ACCOUNTS} accounts after ${THROTTLE_MAX} (${THROTTLE_STORE} store), and no account locks`, async () => {
    const tally = new AttackTally(
      `one client, ${SPRAYED_ACCOUNTS} accounts, one PIN each (${THROTTLE_STORE} throttle) [${kind}]`,
    );
    const attacker = newClient();
    const prefix = `pin-spray-${kind}-`;
    let retryAfter: number | undefined;
    for (let i = 0; i < SPRAYED_ACCOUNTS; i++) {
      // The demo accounts among made-up ones, each tried with the same common PIN.
      const demo = [maria, james, robert][i];
      const accountNumber = demo ? demo.accountNumber : String(700_000_000 + i);
      const response = await signIn(
        server,
        accountNumber,
        '12345678',
        from(attacker, `${prefix}${i}`),
      );
      tally.add(response.status);
      if (response.status === 429) retryAfter ??= Number(response.headers.get('retry-after'));
      await response.arrayBuffer();
    }
    const reasons = await failureReasons(server.database.db, prefix);
    const checked = (reasons.wrong_pin ?? 0) + (reasons.unknown_account ?? 0);
    table.add(tally, checked);

    expect(tally.successes).toBe(0);
    expect(checked).toBe(THROTTLE_MAX);
    expect(tally.count(401)).toBe(THROTTLE_MAX);
    expect(tally.firstOf(429)).toBe(THROTTLE_MAX + 1);
    expect(tally.count(429)).toBe(SPRAYED_ACCOUNTS - THROTTLE_MAX);
    expect(tally.count(423)).toBe(0);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(THROTTLE_WINDOW_SECONDS);

    // The throttle is the attacker's alone: Robert, from his own address, signs in.
    expect((await signIn(server, robert.accountNumber, robert.pin)).status).toBe(200);
  });
});
