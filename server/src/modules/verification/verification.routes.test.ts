import { Writable } from 'node:stream';
import { and, desc, eq, sql } from 'drizzle-orm';
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_PATHS } from '@webpay/contracts/api';
import { claimsSchema, loginResponseSchema } from '@webpay/contracts/auth';
import { errorObjectSchema, type ErrorObject } from '@webpay/contracts/errors';
import {
  verificationStartedSchema,
  type SignupRequest,
  type VerificationStarted,
} from '@webpay/contracts/sign-in';
import { auditEvents, guarantors, loginChallenges } from '../../db/schema.ts';
import { DEMO_GUARANTORS } from '../../demo/demo-guarantors.ts';
import { testDatabaseKinds } from '../../../test/support/database.ts';
import {
  codeFrom,
  linkFrom,
  startMailCatcher,
  type MailCatcher,
} from '../../../test/support/mail-catcher.ts';
import { startTestServer, type TestServer } from '../../../test/support/test-server.ts';
import { MAX_CODE_ATTEMPTS, MAX_RESENDS } from './verification.service.ts';

const { maria, james, linda, robert } = DEMO_GUARANTORS;
const UUID_V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
const INVALID_CODE = {
  status: 401,
  code: 'INVALID_CODE',
  title: 'Invalid Code',
  details: ['The verification code you entered is invalid or has expired.'],
};

const MAIL_UNAVAILABLE = {
  status: 503,
  code: 'MAIL_UNAVAILABLE',
  title: 'Email not sent',
  details: ['We could not send the email right now. Please try again in a few minutes.'],
};

/** Two guarantors who have not signed up yet, beside the demo ones. */
const newcomer = (accountNumber: string, mmi: string, firstName: string, lastName: string) => ({
  id: crypto.randomUUID(),
  accountNumber,
  mmi,
  firstName,
  lastName,
  birthdate: '1988-04-02',
});
const ben = newcomer('600700800', '5006006', 'Ben', 'Ortiz');
const cora = newcomer('600700900', '5006007', 'Cora', 'Lind');

const signupOf = (person: typeof ben, email: string): SignupRequest => ({
  accountNumber: person.accountNumber,
  firstName: person.firstName,
  lastName: person.lastName,
  birthdate: person.birthdate,
  email,
  enrollPaperless: false,
});

/** An error answer without the ids that differ on every request. */
const comparable = ({ requestId: _r, correlationId: _c, ...rest }: ErrorObject) => rest;

describe.each(testDatabaseKinds)('e-mailed codes (%s)', (kind) => {
  let catcher: MailCatcher;
  let server: TestServer;
  const logLines: string[] = [];

  beforeAll(async () => {
    catcher = await startMailCatcher();
    server = await startTestServer(kind, {
      env: { SMTP_URL: catcher.url },
      logStream: new Writable({
        write(chunk: Buffer, _encoding, done) {
          logLines.push(chunk.toString('utf8'));
          done();
        },
      }),
    });
    await server.database.db.insert(guarantors).values([ben, cora]);
  });

  afterAll(async () => {
    await server?.close();
    await catcher?.close();
  });

  const startEmailLogin = async (email: string, birthdate: string) => {
    const response = await server.api(API_PATHS.loginEmail, { body: { email, birthdate } });
    expect(response.status).toBe(200);
    return verificationStartedSchema.strict().parse(await response.json());
  };
  const loginWithCode = (
    started: Pick<VerificationStarted, 'guarantorId' | 'verificationId'>,
    code: string,
  ) =>
    server.api(API_PATHS.loginCode, {
      body: { guarantorId: started.guarantorId, verificationId: started.verificationId, code },
    });
  const sendNewCode = (started: Pick<VerificationStarted, 'guarantorId' | 'verificationId'>) =>
    server.api(API_PATHS.signupSendCode, {
      body: { guarantorId: started.guarantorId, verificationId: started.verificationId },
    });
  const errorOf = async (response: Response) => errorObjectSchema.parse(await response.json());
  const wrongCodeFor = (code: string) => (code === '000000' ? '111111' : '000000');

  const guarantorId = async (accountNumber: string) => {
    const [row] = await server.database.db
      .select({ id: guarantors.id })
      .from(guarantors)
      .where(eq(guarantors.accountNumber, accountNumber));
    if (!row) throw new Error(`no guarantor ${accountNumber}`);
    return row.id;
  };
  const challenge = async (verificationId: string) => {
    const [row] = await server.database.db
      .select()
      .from(loginChallenges)
      .where(eq(loginChallenges.id, verificationId));
    return row;
  };

  describe('POST /auth/login/email and /auth/login/code', () => {
    it("e-mails a code that signs in once with loginType 'totp'", async () => {
      const started = await startEmailLogin(' James.Wilson@Example.com ', james.birthdate);
      expect(started.guarantorId).toMatch(UUID_V4);
      expect(started.verificationId).toMatch(UUID_V4);
      expect(started.email).toBe('James.Wilson@Example.com');
      // An opaque reference, not the guarantor's own id.
      expect(started.guarantorId).not.toBe(await guarantorId(james.accountNumber));

      const mail = await catcher.waitForMail({ to: james.email, subject: 'sign-in code' });
      expect(mail.subject).toBe('Your WebPay sign-in code');
      expect(mail.text).toContain('Hello James,');
      expect(mail.text).toContain('expires in 10 minutes');
      expect(mail.text).not.toMatch(/\$\d/);
      const code = codeFrom(mail);
      expect(mail.html).toContain(code);

      const stored = await challenge(started.verificationId);
      expect(stored).toMatchObject({ kind: 'email_code', attempts: 0, maxAttempts: 5 });
      expect(JSON.stringify(stored)).not.toContain(code);

      const response = await loginWithCode(started, code);
      expect(response.status).toBe(200);
      const body = loginResponseSchema.strict().parse(await response.json());
      expect(claimsSchema.parse(decodeJwt(body.access_token))).toMatchObject({
        sub: await guarantorId(james.accountNumber),
        loginType: 'totp',
        roles: [],
      });
      expect((await server.api(API_PATHS.me, { token: body.access_token })).status).toBe(200);

      const reused = await loginWithCode(started, code);
      expect(reused.status).toBe(401);
      expect(await errorOf(reused)).toMatchObject(INVALID_CODE);

      const audits = await server.database.db
        .select()
        .from(auditEvents)
        .where(eq(auditEvents.targetId, started.verificationId));
      expect(audits.map((audit) => [audit.action, audit.outcome])).toEqual(
        expect.arrayContaining([
          ['auth.email_code.start', 'success'],
          ['auth.login', 'failure'],
        ]),
      );
      const [signIn] = await server.database.db
        .select()
        .from(auditEvents)
        .where(
          and(
            eq(auditEvents.action, 'auth.login'),
            eq(auditEvents.outcome, 'success'),
            eq(auditEvents.guarantorId, await guarantorId(james.accountNumber)),
          ),
        )
        .orderBy(desc(auditEvents.id));
      expect(signIn?.details).toMatchObject({ method: 'email_code' });
      expect(JSON.stringify(audits)).not.toContain(code);
    });

    it('lets a code sign in exactly once when requests race', async () => {
      const started = await startEmailLogin(james.email, james.birthdate);
      const code = codeFrom(await catcher.waitForMail({ to: james.email }));
      const answers = await Promise.all(
        Array.from({ length: 6 }, () => loginWithCode(started, code)),
      );
      expect(answers.map((answer) => answer.status).sort()).toEqual([200, 401, 401, 401, 401, 401]);
    });

    it('answers an e-mail and birthdate that match no one just like a match', async () => {
      const real = await startEmailLogin(maria.email, maria.birthdate);
      const wrongBirthdate = await startEmailLogin(maria.email, '1984-03-18');
      const nobody = await startEmailLogin('nobody@example.com', '1970-01-01');
      for (const started of [real, wrongBirthdate, nobody]) {
        expect(started.guarantorId).toMatch(UUID_V4);
        expect(started.verificationId).toMatch(UUID_V4);
      }
      // The same pair gets the same reference again, matched or not.
      expect((await startEmailLogin(maria.email, maria.birthdate)).guarantorId).toBe(
        real.guarantorId,
      );
      expect((await startEmailLogin(maria.email, '1984-03-18')).guarantorId).toBe(
        wrongBirthdate.guarantorId,
      );
      expect(wrongBirthdate.guarantorId).not.toBe(real.guarantorId);

      await server.app.services.mail.idle();
      expect(catcher.mailsTo('nobody@example.com')).toEqual([]);
      const firstCode = codeFrom(await catcher.waitForMail({ to: maria.email }));
      await catcher.waitForMail({ to: maria.email });

      // A wrong code for a real verification and any code for a decoy: the same answer.
      const onReal = await loginWithCode(real, wrongCodeFor(firstCode));
      const onDecoy = await loginWithCode(nobody, '123456');
      expect([onReal.status, onDecoy.status]).toEqual([401, 401]);
      expect(comparable(await errorOf(onDecoy))).toEqual(comparable(await errorOf(onReal)));

      // New codes: the same answer, nothing sent for the decoy.
      const resentDecoy = await sendNewCode(nobody);
      expect(resentDecoy.status).toBe(200);
      expect(await resentDecoy.json()).toEqual(nobody);
      await server.app.services.mail.idle();
      expect(catcher.mailsTo('nobody@example.com')).toEqual([]);

      // The decoys are stored like verifications, with no guarantor.
      expect(await challenge(nobody.verificationId)).toMatchObject({
        kind: 'email_code',
        guarantorId: null,
        attempts: 0,
        resends: 1,
      });
    });

    it(`kills a code after ${MAX_CODE_ATTEMPTS} wrong tries, then pauses the address alike whether it matched or not`, async () => {
      const real = await startEmailLogin(robert.email, robert.birthdate);
      const code = codeFrom(await catcher.waitForMail({ to: robert.email }));
      const decoy = await startEmailLogin('no.one@example.com', robert.birthdate);

      for (const started of [real, decoy]) {
        for (let attempt = 1; attempt <= MAX_CODE_ATTEMPTS; attempt++) {
          const response = await loginWithCode(started, wrongCodeFor(code));
          expect(response.status, `attempt ${attempt}`).toBe(401);
          expect(await errorOf(response)).toMatchObject(INVALID_CODE);
        }
      }
      expect(await challenge(real.verificationId)).toMatchObject({ attempts: MAX_CODE_ATTEMPTS });
      const killed = await loginWithCode(real, code);
      expect(killed.status).toBe(401);
      expect(await errorOf(killed)).toMatchObject(INVALID_CODE);

      // Five wrong codes in a row paused both addresses: starting again is 423, identically.
      const answers = await Promise.all(
        [
          { email: robert.email, birthdate: robert.birthdate },
          { email: 'no.one@example.com', birthdate: robert.birthdate },
        ].map((body) => server.api(API_PATHS.loginEmail, { body })),
      );
      for (const answer of answers) {
        expect(answer.status).toBe(423);
        expect(Number(answer.headers.get('retry-after'))).toBeGreaterThan(14 * 60);
      }
      const [realLock, decoyLock] = (await Promise.all(answers.map(errorOf))).map(comparable);
      expect(realLock).toMatchObject({ code: 'ACCOUNT_LOCKED', title: 'Account locked' });
      expect(realLock?.details[0]).toContain('paused for 15 minutes');
      expect(decoyLock).toEqual(realLock);
      // A new code for the dead verification is refused while the address is paused.
      expect((await sendNewCode(real)).status).toBe(423);
    });

    it('restarts a verification on request: the old code dies, the new one works', async () => {
      const started = await startEmailLogin(maria.email, maria.birthdate);
      const first = codeFrom(await catcher.waitForMail({ to: maria.email }));

      const resent = await sendNewCode(started);
      expect(resent.status).toBe(200);
      expect(verificationStartedSchema.parse(await resent.json())).toEqual(started);
      const second = codeFrom(await catcher.waitForMail({ to: maria.email }));
      expect(await challenge(started.verificationId)).toMatchObject({ resends: 1, attempts: 0 });

      if (first !== second) expect((await loginWithCode(started, first)).status).toBe(401);
      const response = await loginWithCode(started, second);
      expect(response.status).toBe(200);
    });

    it('refuses an expired code, and a new code brings the verification back', async () => {
      const started = await startEmailLogin(maria.email, maria.birthdate);
      const code = codeFrom(await catcher.waitForMail({ to: maria.email }));
      await server.database.db
        .update(loginChallenges)
        .set({ expiresAt: sql`now() - interval '1 second'` })
        .where(eq(loginChallenges.id, started.verificationId));
      const expired = await loginWithCode(started, code);
      expect(expired.status).toBe(401);
      expect(await errorOf(expired)).toMatchObject(INVALID_CODE);

      expect((await sendNewCode(started)).status).toBe(200);
      const fresh = codeFrom(await catcher.waitForMail({ to: maria.email }));
      expect((await loginWithCode(started, fresh)).status).toBe(200);
    });

    it(`allows ${MAX_RESENDS} new codes per verification, then 429, alike for decoys`, async () => {
      const real = await startEmailLogin(maria.email, maria.birthdate);
      let latest = await catcher.waitForMail({ to: maria.email });
      const decoy = await startEmailLogin('someone.else@example.com', '1990-01-01');
      for (let resend = 1; resend <= MAX_RESENDS; resend++) {
        expect((await sendNewCode(real)).status, `resend ${resend}`).toBe(200);
        // Mail may arrive out of order; wait for each before asking for the next.
        latest = await catcher.waitForMail({ to: maria.email });
        expect((await sendNewCode(decoy)).status, `decoy resend ${resend}`).toBe(200);
      }
      const [realRefusal, decoyRefusal] = await Promise.all([
        sendNewCode(real),
        sendNewCode(decoy),
      ]);
      expect([realRefusal.status, decoyRefusal.status]).toEqual([429, 429]);
      const refusal = await errorOf(realRefusal);
      expect(refusal).toMatchObject({
        code: 'TOO_MANY_REQUESTS',
        details: ['Too many new codes were requested for this verification. Please start again.'],
      });
      expect(comparable(await errorOf(decoyRefusal))).toEqual(comparable(refusal));

      // The latest code still works.
      expect((await loginWithCode(real, codeFrom(latest))).status).toBe(200);
    });

    it('gives unknown ids the same answer and sends nothing', async () => {
      const unknown = {
        guarantorId: '5b7e0c9a-1f7e-4c1e-9a57-0d1e2f3a4b5c',
        verificationId: '0f8e7d6c-5b4a-4938-8271-605f4e3d2c1b',
      };
      const before = catcher.messages.length;
      const response = await sendNewCode(unknown);
      expect(response.status).toBe(200);
      expect(await response.json()).toEqual({ ...unknown, email: '' });
      const login = await loginWithCode(unknown, '123456');
      expect(login.status).toBe(401);
      expect(await errorOf(login)).toMatchObject(INVALID_CODE);
      await server.app.services.mail.idle();
      expect(catcher.messages.length).toBe(before);
    });

    it('checks its input', async () => {
      const response = await server.api(API_PATHS.loginEmail, {
        body: { email: 'maria', birthdate: '2999-01-01' },
      });
      expect(response.status).toBe(400);
      expect((await errorOf(response)).details).toEqual([
        'body.email: Please enter a valid email address',
        'body.birthdate: The date of birth cannot be in the future',
      ]);
      const shortCode = await server.api(API_PATHS.loginCode, {
        body: { guarantorId: 'a', verificationId: 'b', code: '123' },
      });
      expect(shortCode.status).toBe(400);
      expect((await errorOf(shortCode)).details).toEqual(['body.code: Enter the 6-digit code']);
    });
  });

  describe('POST /auth/mfa/email', () => {
    it("turns a PIN session into a 'totp' one and revokes the PIN session", async () => {
      const pinToken = await server.login(james.accountNumber, james.pin);
      const response = await server.api(API_PATHS.mfaEmail, { method: 'POST', token: pinToken });
      expect(response.status).toBe(200);
      const started = verificationStartedSchema.strict().parse(await response.json());
      expect(started.email).toBe(james.email);

      const mail = await catcher.waitForMail({ to: james.email, subject: 'verification code' });
      expect(mail.text).toContain('save receipt email addresses');
      // The portal sends the code without the PIN session's token.
      const signedIn = await loginWithCode(started, codeFrom(mail));
      expect(signedIn.status).toBe(200);
      const totp = loginResponseSchema.parse(await signedIn.json()).access_token;
      const claims = claimsSchema.parse(decodeJwt(totp));
      expect(claims.loginType).toBe('totp');

      const old = await server.api(API_PATHS.me, { token: pinToken });
      expect(old.status).toBe(401);
      expect((await errorOf(old)).code).toBe('SESSION_EXPIRED');
      expect((await server.api(API_PATHS.me, { token: totp })).status).toBe(200);

      const [audit] = await server.database.db
        .select()
        .from(auditEvents)
        .where(and(eq(auditEvents.action, 'auth.login'), eq(auditEvents.targetId, claims.sid)));
      expect(audit?.details).toMatchObject({
        method: 'email_mfa',
        replacedSession: expect.any(String),
      });

      // A 'totp' session may verify again.
      expect((await server.api(API_PATHS.mfaEmail, { method: 'POST', token: totp })).status).toBe(
        200,
      );
    });

    it('refuses the code once the session that asked for it has ended', async () => {
      const pinToken = await server.login(maria.accountNumber, maria.pin);
      const response = await server.api(API_PATHS.mfaEmail, { method: 'POST', token: pinToken });
      const started = verificationStartedSchema.parse(await response.json());
      const code = codeFrom(
        await catcher.waitForMail({ to: maria.email, subject: 'verification' }),
      );
      expect((await server.api(API_PATHS.logout, { method: 'POST', token: pinToken })).status).toBe(
        204,
      );
      const refused = await loginWithCode(started, code);
      expect(refused.status).toBe(401);
      expect(await errorOf(refused)).toMatchObject(INVALID_CODE);
    });

    it('answers 400 NO_EMAIL_ON_FILE when there is no address to send to', async () => {
      const token = await server.login(linda.accountNumber, linda.pin);
      const response = await server.api(API_PATHS.mfaEmail, { method: 'POST', token });
      expect(response.status).toBe(400);
      expect(await errorOf(response)).toMatchObject({
        code: 'NO_EMAIL_ON_FILE',
        details: [
          'There is no email address on file for this account, so we cannot email you a code. Please call (801) 555-0100 to add one.',
        ],
      });
    });

    it('needs a session', async () => {
      const response = await server.api(API_PATHS.mfaEmail, { method: 'POST' });
      expect(response.status).toBe(401);
      expect((await errorOf(response)).code).toBe('UNAUTHORIZED');
    });
  });

  describe('when the mail server fails', () => {
    it('answers 503 to a new code that could not be sent, and the verification works after another', async () => {
      const email = 'ben.ortiz@example.com';
      expect((await server.api(API_PATHS.signupEmail, { body: signupOf(ben, email) })).status).toBe(
        200,
      );
      const link = new URL(linkFrom(await catcher.waitForMail({ to: email }), '/verify/code'));
      const ids = {
        guarantorId: link.searchParams.get('guarantorId') ?? '',
        verificationId: link.searchParams.get('verificationId') ?? '',
      };

      catcher.refuse();
      const failed = await server.api(API_PATHS.signupSendCode, { body: ids });
      expect(failed.status).toBe(503);
      expect(await errorOf(failed)).toMatchObject(MAIL_UNAVAILABLE);
      // The failed attempt did not use up one of the verification's new codes.
      const [row] = await server.database.db
        .select({ resends: loginChallenges.resends })
        .from(loginChallenges)
        .where(eq(loginChallenges.id, ids.verificationId));
      expect(row?.resends).toBe(0);

      catcher.accept();
      const resent = await server.api(API_PATHS.signupSendCode, { body: ids });
      expect(resent.status).toBe(200);
      expect(verificationStartedSchema.parse(await resent.json())).toEqual({ ...ids, email });
      const code = codeFrom(await catcher.waitForMail({ to: email }));
      const signedIn = await server.api(API_PATHS.loginCode, { body: { ...ids, code } });
      expect(signedIn.status).toBe(200);
    });

    it('answers 503 to a sign-up or a multi-factor request whose e-mail could not be sent', async () => {
      const token = await server.login(maria.accountNumber, maria.pin);
      catcher.refuse();
      try {
        const signup = await server.api(API_PATHS.signupEmail, {
          body: signupOf(cora, 'cora.lind@example.com'),
        });
        expect(signup.status).toBe(503);
        expect(await errorOf(signup)).toMatchObject(MAIL_UNAVAILABLE);

        const mfa = await server.api(API_PATHS.mfaEmail, { method: 'POST', token });
        expect(mfa.status).toBe(503);
        expect(await errorOf(mfa)).toMatchObject(MAIL_UNAVAILABLE);
      } finally {
        catcher.accept();
      }
      // Trying again once the mail server is back works.
      expect((await server.api(API_PATHS.mfaEmail, { method: 'POST', token })).status).toBe(200);
      await catcher.waitForMail({ to: maria.email, subject: 'verification code' });
      const signup = await server.api(API_PATHS.signupEmail, {
        body: signupOf(cora, 'cora.lind@example.com'),
      });
      expect(signup.status).toBe(200);
      await catcher.waitForMail({ to: 'cora.lind@example.com' });
    });

    it('answers e-mail sign-in alike, and records the failed delivery in the audit trail', async () => {
      catcher.refuse();
      try {
        const response = await server.api(API_PATHS.loginEmail, {
          body: { email: james.email, birthdate: james.birthdate },
          headers: { 'X-Request-Id': 'mail-down-email-login' },
        });
        expect(response.status).toBe(200);
        await server.app.services.mail.idle();
      } finally {
        catcher.accept();
      }
      const failures = await server.database.db
        .select()
        .from(auditEvents)
        .where(
          and(
            eq(auditEvents.action, 'mail.delivery'),
            eq(auditEvents.requestId, 'mail-down-email-login'),
          ),
        );
      expect(failures).toMatchObject([{ outcome: 'failure', details: { kind: 'email_code' } }]);
    });

    it('never writes a code or a link into the logs when sending by SMTP', () => {
      const logs = logLines.join('');
      expect(logs).toContain('e-mail sent');
      for (const mail of catcher.messages) {
        const code = /^\s*(\d{6})\s*$/m.exec(mail.text)?.[1];
        // As a number of its own: timestamps and durations are long digit runs that may hold any six.
        if (code) expect(logs).not.toMatch(new RegExp(`(?<!\\d)${code}(?!\\d)`));
      }
      expect(logs).not.toContain('abracadabra=');
      expect(logs).not.toContain('verificationId=');
    });
  });
});
