import { Writable } from 'node:stream';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { API_PATHS } from '@webpay/contracts/api';
import { loginResponseSchema } from '@webpay/contracts/auth';
import {
  SIGN_IN_ERROR_DETAILS,
  verificationStartedSchema,
  type VerificationStarted,
} from '@webpay/contracts/sign-in';
import { auditEvents, guarantors, loginChallenges } from '../../src/db/schema.ts';
import { DEMO_GUARANTORS } from '../../src/demo/demo-guarantors.ts';
import { codeFrom, linkFrom, type MailCatcher } from '../support/mail-catcher.ts';
import type { TcpProxy } from '../support/tcp-proxy.ts';
import type { TestServer } from '../support/test-server.ts';
import { expectErrorObject, timed } from './fault-answers.ts';
import { SMTP_TIMEOUT_MS, startMailBehindProxy, type MailBehindProxy } from './smtp-faults.ts';

/*
 * security.md, testing practice: fault injection on the connections the
 * service depends on; here the mail server's. SMTP_URL points at a TCP
 * proxy in front of a real SMTP server (the mail catcher) that refuses
 * connections, resets them, or stalls them past the mail timeouts. Proved:
 * the e-mails sent before answering (sign-up, multi-factor, a new code) fail
 * as 503 MAIL_UNAVAILABLE in bounded time without using up anything;
 * the verification waiting for its code survives, and once mail flows again
 * a new code or a retry signs in. The e-mails sent after answering (magic
 * link, e-mail + birthdate: decision 0006) are answered alike for every
 * address: 503 while the mail server cannot be reached or stalls
 * (mail-unavailable.test.ts); when it greets but then refuses the message,
 * as usual, and the failure goes to the audit trail in the background,
 * crashing or leaking nothing.
 */

const { maria } = DEMO_GUARANTORS;
const SLACK_MS = 3000;

const newcomer = (index: number) => ({
  id: crypto.randomUUID(),
  accountNumber: `61010${String(index).padStart(4, '0')}`,
  mmi: `610${String(index).padStart(4, '0')}`,
  firstName: `Newcomer${'abcdefgh'[index] ?? 'x'}`,
  lastName: 'Outage',
  birthdate: '1987-06-05',
  email: `newcomer.${index}@example.com`,
});
type Newcomer = ReturnType<typeof newcomer>;
const NEWCOMERS = Array.from({ length: 6 }, (_, index) => newcomer(index));

type Outage = 'refused' | 'reset' | 'stalled';

describe('security.md fault injection, decision 0006: the mail server refusing, resetting or stalling', () => {
  let mail: MailBehindProxy;
  let catcher: MailCatcher;
  let proxy: TcpProxy;
  let server: TestServer;
  const logLines: string[] = [];

  beforeAll(async () => {
    mail = await startMailBehindProxy({
      logStream: new Writable({
        write(chunk: Buffer, _encoding, done) {
          logLines.push(chunk.toString('utf8'));
          done();
        },
      }),
    });
    ({ catcher, proxy, server } = mail);
    await server.database.db
      .insert(guarantors)
      .values(NEWCOMERS.map(({ email: _email, ...person }) => person));
  });

  afterEach(async () => {
    proxy.resume();
    await proxy.accept();
  });

  afterAll(async () => {
    await mail?.close();
  });

  const outages: Record<Outage, () => Promise<void> | void> = {
    refused: () => proxy.refuse('closed'),
    reset: () => proxy.refuse('reset'),
    stalled: () => proxy.pause(),
  };

  const signUp = (person: Newcomer) =>
    server.api(API_PATHS.signupEmail, {
      body: {
        accountNumber: person.accountNumber,
        firstName: person.firstName,
        lastName: person.lastName,
        birthdate: person.birthdate,
        email: person.email,
        enrollPaperless: false,
      },
    });
  const sendNewCode = (ids: Pick<VerificationStarted, 'guarantorId' | 'verificationId'>) =>
    server.api(API_PATHS.signupSendCode, { body: ids });
  const signInWithCode = async (
    { guarantorId, verificationId }: Pick<VerificationStarted, 'guarantorId' | 'verificationId'>,
    code: string,
  ) => {
    const response = await server.api(API_PATHS.loginCode, {
      body: { guarantorId, verificationId, code },
    });
    expect(response.status).toBe(200);
    return loginResponseSchema.parse(await response.json()).access_token;
  };
  const nextCodeTo = async (to: string) => codeFrom(await catcher.waitForMail({ to }));
  /** The ids a sign-up e-mail links to, and its code. */
  const signUpMail = async (person: Newcomer) => {
    const mail = await catcher.waitForMail({ to: person.email });
    const link = new URL(linkFrom(mail, '/verify/code'));
    const ids = {
      guarantorId: link.searchParams.get('guarantorId') ?? '',
      verificationId: link.searchParams.get('verificationId') ?? '',
    };
    return { ids, code: codeFrom(mail) };
  };
  const expectEmailNotSent = async (response: Promise<Response>) => {
    const { result, ms } = await timed(() => response);
    expect(ms).toBeLessThan(SMTP_TIMEOUT_MS * 2 + SLACK_MS);
    const error = await expectErrorObject(result, 503, 'MAIL_UNAVAILABLE');
    expect(error.details).toEqual([SIGN_IN_ERROR_DETAILS.mailUnavailable]);
  };

  it.each(Object.keys(outages) as Outage[])(
    'answers 503 MAIL_UNAVAILABLE to sign-up, multi-factor and a new code while the mail server is %s, and loses no verification',
    async (outage) => {
      const index = Object.keys(outages).indexOf(outage) * 2;
      const [waiting, refused] = [NEWCOMERS[index], NEWCOMERS[index + 1]] as [Newcomer, Newcomer];
      const pin = await server.login(maria.accountNumber, maria.pin);
      // A sign-up that is waiting for its code when the mail server goes away.
      expect((await signUp(waiting)).status).toBe(200);
      const { ids } = await signUpMail(waiting);

      await outages[outage]();
      await expectEmailNotSent(signUp(refused));
      await expectEmailNotSent(server.api(API_PATHS.mfaEmail, { method: 'POST', token: pin }));
      await expectEmailNotSent(sendNewCode(ids));
      // The failed attempt did not use up one of the verification's new codes.
      const [challenge] = await server.database.db
        .select({ resends: loginChallenges.resends })
        .from(loginChallenges)
        .where(eq(loginChallenges.id, ids.verificationId));
      expect(challenge?.resends).toBe(0);

      proxy.resume();
      await proxy.accept();
      // Mail flows again without a restart: the waiting verification gets a code that works...
      expect((await sendNewCode(ids)).status).toBe(200);
      await signInWithCode(ids, await nextCodeTo(waiting.email));
      // ...and the refused sign-up and multi-factor work when tried again.
      expect((await signUp(refused)).status).toBe(200);
      const signedUp = await signUpMail(refused);
      await signInWithCode(signedUp.ids, signedUp.code);
      const mfa = await server.api(API_PATHS.mfaEmail, { method: 'POST', token: pin });
      expect(mfa.status).toBe(200);
      const mfaIds = verificationStartedSchema.parse(await mfa.json());
      await signInWithCode(mfaIds, await nextCodeTo(maria.email));
    },
  );

  it('answers the e-mailed sign-ins alike while the mail server refuses their messages, records each lost e-mail, and crashes or leaks nothing', async () => {
    const unhandled: unknown[] = [];
    const onUnhandled = (reason: unknown) => unhandled.push(reason);
    process.on('unhandledRejection', onUnhandled);
    try {
      // The mail server greets (so it is found available), then refuses each message.
      catcher.refuse();
      const nobody = 'nobody.at.all@example.com';
      const call = (requestId: string, path: string, body: object) =>
        server.api(path, { body, headers: { 'X-Request-Id': requestId } });
      const answers = await Promise.all([
        call('mail-refused-magic-maria', API_PATHS.loginMagicRequest, { email: maria.email }),
        call('mail-refused-magic-nobody', API_PATHS.loginMagicRequest, { email: nobody }),
        call('mail-refused-code-maria', API_PATHS.loginEmail, {
          email: maria.email,
          birthdate: maria.birthdate,
        }),
        call('mail-refused-code-nobody', API_PATHS.loginEmail, {
          email: nobody,
          birthdate: maria.birthdate,
        }),
      ]);
      const [magicMaria, magicNobody, codeMaria, codeNobody] = answers;
      // Decision 0006: the answer never depends on whether the address is someone's.
      expect(magicMaria?.status).toBe(202);
      expect(magicNobody?.status).toBe(202);
      expect(await magicMaria?.json()).toEqual(await magicNobody?.json());
      expect(codeMaria?.status).toBe(200);
      expect(codeNobody?.status).toBe(200);
      verificationStartedSchema.strict().parse(await codeMaria?.json());
      verificationStartedSchema.strict().parse(await codeNobody?.json());

      // The background deliveries all ended (nothing left pending).
      await server.app.services.mail.idle();
      const failures = await server.database.db
        .select()
        .from(auditEvents)
        .where(
          and(
            eq(auditEvents.action, 'mail.delivery'),
            inArray(auditEvents.requestId, [
              'mail-refused-magic-maria',
              'mail-refused-magic-nobody',
              'mail-refused-code-maria',
              'mail-refused-code-nobody',
            ]),
          ),
        );
      expect(failures.map((event) => [event.requestId, event.outcome]).sort()).toEqual([
        ['mail-refused-code-maria', 'failure'],
        ['mail-refused-magic-maria', 'failure'],
      ]);
      expect(unhandled).toEqual([]);
      const logs = logLines.join('');
      expect(logs).toContain('e-mail not sent');
      expect(logs).not.toContain('abracadabra=');
    } finally {
      process.off('unhandledRejection', onUnhandled);
      catcher.accept();
    }

    // The trade-off: those guarantors got nothing and were not told; they ask
    // again once mail flows, and that works.
    expect(
      (await server.api(API_PATHS.loginMagicRequest, { body: { email: maria.email } })).status,
    ).toBe(202);
    const link = new URL(linkFrom(await catcher.waitForMail({ to: maria.email }), '/login/magic'));
    const magic = await server.api(API_PATHS.loginMagic, {
      body: { abracadabra: link.searchParams.get('abracadabra') },
    });
    expect(magic.status).toBe(200);
    const started = await server.api(API_PATHS.loginEmail, {
      body: { email: maria.email, birthdate: maria.birthdate },
    });
    const codeIds = verificationStartedSchema.parse(await started.json());
    await signInWithCode(codeIds, await nextCodeTo(maria.email));
  });
});
