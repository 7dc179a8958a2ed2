import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_PATHS } from '@webpay/contracts/api';
import { loginResponseSchema } from '@webpay/contracts/auth';
import { verificationStartedSchema, type VerificationStarted } from '@webpay/contracts/sign-in';
import { guarantors, loginChallenges } from '../../src/db/schema.ts';
import { DEMO_GUARANTORS } from '../../src/demo/demo-guarantors.ts';
import { MAX_FAILED_SIGN_INS } from '../../src/modules/lockout/lockout.service.ts';
import { MAX_CODE_ATTEMPTS } from '../../src/modules/verification/verification.service.ts';
import { testDatabaseKinds, type TestDatabaseKind } from '../support/database.ts';
import { codeFrom, linkFrom, startMailCatcher, type MailCatcher } from '../support/mail-catcher.ts';
import type { TestServer } from '../support/test-server.ts';
import {
  THROTTLE_MAX,
  THROTTLE_STORE,
  failureReasons,
  from,
  letLocksPass,
  newClient,
  startAbuseServer,
} from './abuse-server.ts';
import { AttackTable, AttackTally } from './attack-tally.ts';

/*
 * Guessing e-mailed codes at volume (ASVS 4.0 2.7.x / 5.0 6.4.1, 6.6.2,
 * 6.6.3: single use, bound to their verification, limited tries; ASVS 5.0
 * 6.3.1 anti-automation; NIST SP 800-63B: at most 100 consecutive failures,
 * here 5 per 15 minutes). verification.routes.test.ts already proves the
 * single-client basics — 5 wrong tries kill a code, then the address pauses
 * alike for decoys, new codes are capped — so this file plays the attacker
 * with many addresses who asks for a new code whenever one dies, for each
 * kind of code, the burst across several verifications at once, and the one
 * address spreading its guesses over many verifications.
 */

const { maria, james, robert, ana } = DEMO_GUARANTORS;
const CALLS = 60;
/** Every sixth call asks for a new code (5 fresh tries) for the verification. */
const NEW_CODE_EVERY = MAX_CODE_ATTEMPTS + 1;
const BURST_VERIFICATIONS = 8;
const BURST = BURST_VERIFICATIONS * MAX_CODE_ATTEMPTS;
const SPREAD = 60;

const table = new AttackTable('E-mailed codes under attack');
afterAll(() => table.print());

type Ids = Pick<VerificationStarted, 'guarantorId' | 'verificationId'>;

/** A 6-digit code that is none of `codes`. */
function wrongCode(i: number, codes: readonly string[]): string {
  for (let n = i; ; n += 1) {
    const code = String(100_000 + ((n * 7_919) % 900_000));
    if (!codes.includes(code)) return code;
  }
}

describe.each(testDatabaseKinds)('code guessing (%s)', (kind: TestDatabaseKind) => {
  let catcher: MailCatcher;
  let server: TestServer;

  beforeAll(async () => {
    catcher = await startMailCatcher();
    server = await startAbuseServer(kind, { env: { SMTP_URL: catcher.url } });
  });

  afterAll(async () => {
    await server?.close();
    await catcher?.close();
  });

  const guess = (ids: Ids, code: string, headers = from(newClient())) =>
    server.api(API_PATHS.loginCode, {
      body: { guarantorId: ids.guarantorId, verificationId: ids.verificationId, code },
      headers,
    });
  const startEmailSignIn = async (email: string, birthdate: string) => {
    const response = await server.api(API_PATHS.loginEmail, {
      body: { email, birthdate },
      headers: from(newClient()),
    });
    expect(response.status).toBe(200);
    return verificationStartedSchema.parse(await response.json());
  };
  const signUpAna = () =>
    server.api(API_PATHS.signupEmail, {
      body: {
        accountNumber: ana.accountNumber,
        firstName: ana.firstName,
        lastName: ana.lastName,
        birthdate: ana.birthdate,
        email: ana.signUpEmail,
        enrollPaperless: false,
      },
      headers: from(newClient()),
    });
  const pinSignIn = (accountNumber: string, pin: string) =>
    server.api(API_PATHS.login, { body: { accountNumber, pin }, headers: from(newClient()) });
  const startMfa = async (token: string) => {
    const response = await server.api(API_PATHS.mfaEmail, {
      method: 'POST',
      token,
      headers: from(newClient()),
    });
    expect(response.status).toBe(200);
    return verificationStartedSchema.parse(await response.json());
  };
  const mailedCode = async (to: string) => codeFrom(await catcher.waitForMail({ to }));

  /**
   * The attacker holds a verification's ids (not the mailbox) and guesses
   * from a new address each time, asking for a new code — 5 fresh tries —
   * whenever the last one must have died. Halfway, the right code.
   */
  async function guessWithNewCodes(label: string, ids: Ids, rightCode: string) {
    const tally = new AttackTally(label);
    const prefix = `codes-${kind}-${label.split(' ')[0]}-`;
    for (let i = 0; i < CALLS; i++) {
      const headers = from(newClient(), `${prefix}${i}`);
      const response =
        i % NEW_CODE_EVERY === NEW_CODE_EVERY - 1
          ? await server.api(API_PATHS.signupSendCode, {
              body: { guarantorId: ids.guarantorId, verificationId: ids.verificationId },
              headers,
            })
          : await guess(ids, i === CALLS / 2 ? rightCode : wrongCode(i, [rightCode]), headers);
      tally.add(response.status);
      await response.arrayBuffer();
    }
    const reasons = await failureReasons(server.database.db, prefix, [
      'auth.login',
      'auth.code.resend',
    ]);
    const checked = reasons.wrong_code ?? 0;
    table.add(tally, checked);

    expect(tally.successes).toBe(0);
    // Five wrong tries, the fifth kills the code and pauses the identifier...
    expect(checked).toBe(MAX_FAILED_SIGN_INS);
    expect(tally.statuses.slice(0, MAX_CODE_ATTEMPTS)).toEqual(Array(MAX_CODE_ATTEMPTS).fill(401));
    // ...so the new code is refused (423), and every later guess meets a dead code (401).
    expect(tally.firstOf(423)).toBe(NEW_CODE_EVERY);
    expect(tally.count(423)).toBe(Math.floor(CALLS / NEW_CODE_EVERY));
    expect(tally.count(401)).toBe(CALLS - Math.floor(CALLS / NEW_CODE_EVERY));
    expect(reasons.verification_not_live).toBe(CALLS - tally.count(423) - checked);
  }

  it(`e-mail + birthdate sign-in: ${CALLS} calls from ${CALLS} clients on one verification sign in zero times; James signs in once the lock lifts`, async () => {
    const started = await startEmailSignIn(james.email, james.birthdate);
    const code = await mailedCode(james.email);
    await guessWithNewCodes(
      `e-mail-code: ${CALLS} clients, one verification [${kind}]`,
      started,
      code,
    );

    // The address is paused: not even a new verification.
    const paused = await server.api(API_PATHS.loginEmail, {
      body: { email: james.email, birthdate: james.birthdate },
      headers: from(newClient()),
    });
    expect(paused.status).toBe(423);

    await letLocksPass(server.database.db);
    // The code stopped working after its tries, lock or no lock...
    expect((await guess(started, code)).status).toBe(401);
    // ...and James, asking again, signs in.
    const fresh = await startEmailSignIn(james.email, james.birthdate);
    expect((await guess(fresh, await mailedCode(james.email))).status).toBe(200);
  });

  it(`sign-up: ${CALLS} calls from ${CALLS} clients on Ana's sign-up code sign in zero times, and pause her account number`, async () => {
    expect((await signUpAna()).status).toBe(200);
    const mail = await catcher.waitForMail({ to: ana.signUpEmail });
    const link = new URL(linkFrom(mail, '/verify/code'));
    const ids = {
      guarantorId: link.searchParams.get('guarantorId') ?? '',
      verificationId: link.searchParams.get('verificationId') ?? '',
    };
    await guessWithNewCodes(
      `sign-up-code: ${CALLS} clients, one verification [${kind}]`,
      ids,
      codeFrom(mail),
    );

    // The account number is paused, for sign-up and PIN alike.
    expect((await signUpAna()).status).toBe(423);
    expect((await pinSignIn(ana.accountNumber, ana.pin)).status).toBe(423);

    await letLocksPass(server.database.db);
    expect((await guess(ids, codeFrom(mail))).status).toBe(401);
    expect((await signUpAna()).status).toBe(200);
    const again = await catcher.waitForMail({ to: ana.signUpEmail });
    const againLink = new URL(linkFrom(again, '/verify/code'));
    const signedIn = await guess(
      {
        guarantorId: againLink.searchParams.get('guarantorId') ?? '',
        verificationId: againLink.searchParams.get('verificationId') ?? '',
      },
      codeFrom(again),
    );
    expect(signedIn.status).toBe(200);
    const [row] = await server.database.db
      .select({ email: guarantors.email })
      .from(guarantors)
      .where(eq(guarantors.accountNumber, ana.accountNumber));
    expect(row?.email).toBe(ana.signUpEmail);
  });

  it(`e-mail multi-factor: ${CALLS} calls from ${CALLS} clients on Robert's code sign in zero times, and pause his account number`, async () => {
    const pinSession = loginResponseSchema.parse(
      await (await pinSignIn(robert.accountNumber, robert.pin)).json(),
    ).access_token;
    const started = await startMfa(pinSession);
    const code = await mailedCode(robert.email);
    await guessWithNewCodes(
      `mfa-code: ${CALLS} clients, one verification [${kind}]`,
      started,
      code,
    );

    expect((await pinSignIn(robert.accountNumber, robert.pin)).status).toBe(423);

    await letLocksPass(server.database.db);
    expect((await guess(started, code)).status).toBe(401);
    const token = loginResponseSchema.parse(
      await (await pinSignIn(robert.accountNumber, robert.pin)).json(),
    ).access_token;
    const fresh = await startMfa(token);
    expect((await guess(fresh, await mailedCode(robert.email))).status).toBe(200);
  });

  it(`e-mail + birthdate sign-in: a burst of ${BURST} guesses at once over ${BURST_VERIFICATIONS} verifications gets ${MAX_FAILED_SIGN_INS} codes tried, no more (ASVS 5.0 2.3.3)`, async () => {
    const verifications: VerificationStarted[] = [];
    const codes: string[] = [];
    for (let i = 0; i < BURST_VERIFICATIONS; i++) {
      verifications.push(await startEmailSignIn(maria.email, maria.birthdate));
      // Each code is read before the next verification starts, so codes[i] is verifications[i]'s.
      codes.push(await mailedCode(maria.email));
    }

    // Answers are tallied as they arrive: the refused ones come back first.
    const tally = new AttackTally(
      `e-mail-code: burst of ${BURST} clients over ${BURST_VERIFICATIONS} verifications [${kind}]`,
    );
    const prefix = `codes-${kind}-burst-`;
    await Promise.all(
      Array.from({ length: BURST }, async (_, i) => {
        const ids = verifications[i % BURST_VERIFICATIONS] as VerificationStarted;
        const response = await guess(ids, wrongCode(i, codes), from(newClient(), `${prefix}${i}`));
        tally.add(response.status);
        await response.arrayBuffer();
      }),
    );
    const reasons = await failureReasons(server.database.db, prefix);
    const rows = await server.database.db
      .select({ id: loginChallenges.id, attempts: loginChallenges.attempts })
      .from(loginChallenges)
      .where(
        inArray(
          loginChallenges.id,
          verifications.map((started) => started.verificationId),
        ),
      );
    const triesOf = new Map(rows.map((row) => [row.id, row.attempts]));
    const checked = rows.reduce((sum, row) => sum + row.attempts, 0);
    table.add(tally, checked);

    expect(tally.successes).toBe(0);
    expect(checked).toBe(MAX_FAILED_SIGN_INS);
    expect(reasons.wrong_code).toBe(MAX_FAILED_SIGN_INS);
    expect(tally.count(401)).toBe(MAX_FAILED_SIGN_INS);
    expect(tally.count(423)).toBe(BURST - MAX_FAILED_SIGN_INS);

    // Even the right codes are refused while the address is paused (a code that
    // used up its tries is dead: 401)...
    for (const [i, started] of verifications.entries()) {
      const dead = (triesOf.get(started.verificationId) ?? 0) >= MAX_CODE_ATTEMPTS;
      expect((await guess(started, codes[i] ?? '')).status).toBe(dead ? 401 : 423);
    }
    // ...and once it lifts, Maria signs in with one still live.
    await letLocksPass(server.database.db);
    const live = verifications.findIndex(
      (started) => (triesOf.get(started.verificationId) ?? 0) < MAX_CODE_ATTEMPTS,
    );
    const signedIn = await guess(verifications[live] as VerificationStarted, codes[live] ?? '');
    expect(signedIn.status).toBe(200);
  });

  it(`throttles one client spreading ${SPREAD} guesses over ${SPREAD} verifications after ${THROTTLE_MAX} (${THROTTLE_STORE} store)`, async () => {
    // Decoy verifications (addresses that match no one), each made by someone else.
    const targets: VerificationStarted[] = [];
    for (let i = 0; i < SPREAD; i++) {
      targets.push(await startEmailSignIn(`nobody.${kind}.${i}@example.com`, '1980-01-01'));
    }
    const tally = new AttackTally(
      `one client, ${SPREAD} verifications, one guess each (${THROTTLE_STORE} throttle) [${kind}]`,
    );
    const attacker = newClient();
    const prefix = `codes-${kind}-spread-`;
    for (const [i, started] of targets.entries()) {
      const response = await guess(started, wrongCode(i, []), from(attacker, `${prefix}${i}`));
      tally.add(response.status);
      await response.arrayBuffer();
    }
    const checked = (await failureReasons(server.database.db, prefix)).wrong_code ?? 0;
    table.add(tally, checked);

    expect(tally.successes).toBe(0);
    expect(checked).toBe(THROTTLE_MAX);
    expect(tally.firstOf(429)).toBe(THROTTLE_MAX + 1);
    expect(tally.count(429)).toBe(SPREAD - THROTTLE_MAX);
    expect(tally.count(423)).toBe(0);
  });
});
