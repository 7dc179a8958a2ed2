import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_PATHS } from '@webpay/contracts/api';
import type { ErrorObject } from '@webpay/contracts/errors';
import { SIGN_IN_ERROR_DETAILS, SIGN_IN_ERROR_DETAILS_ES } from '@webpay/contracts/sign-in';
import { auditEvents } from '../../src/db/schema.ts';
import { DEMO_GUARANTORS } from '../../src/demo/demo-guarantors.ts';
import { codeFrom, linkFrom, startMailCatcher, type MailCatcher } from '../support/mail-catcher.ts';
import { freePort, type TestServer } from '../support/test-server.ts';
import { expectErrorObject, timed } from './fault-answers.ts';
import {
  SMTP_TIMEOUT_MS,
  fastSmtpUrl,
  startMailBehindProxy,
  startServerWithSmtp,
  type MailBehindProxy,
} from './smtp-faults.ts';

/*
 * Issue 22, decision 0006 (amendment): the sign-in link and the e-mail +
 * birthdate code go out after the answer, yet a guarantor must not be told
 * they were sent when the mail server cannot take them. SMTP_URL points at a
 * loopback port where nothing listens: a signed-up address and an unknown one
 * both get 503 MAIL_UNAVAILABLE, in the asker's language; once an SMTP server
 * listens on that port, both are answered as usual and the e-mail arrives,
 * without a restart. A mail server that stalls gets the same 503, within the
 * mail timeouts.
 */

const { maria } = DEMO_GUARANTORS;
const UNKNOWN = 'nobody.at.all@example.com';
const SLACK_MS = 3000;

interface EmailedSignIn {
  path: string;
  accepted: number;
  action: string;
  body: (email: string) => object;
  /** What the e-mail to a signed-up guarantor carries that signs in. */
  secretIn: (text: string) => string;
}

const FORMS: Record<string, EmailedSignIn> = {
  'a sign-in link': {
    path: API_PATHS.loginMagicRequest,
    accepted: 202,
    action: 'auth.magic_link.request',
    body: (email) => ({ email }),
    secretIn: (text) => linkFrom({ text }, '/login/magic'),
  },
  'an e-mailed sign-in code': {
    path: API_PATHS.loginEmail,
    accepted: 200,
    action: 'auth.email_code.start',
    body: (email) => ({ email, birthdate: maria.birthdate }),
    secretIn: (text) => codeFrom({ text }),
  },
};

/** An error object without what differs for every request. */
const withoutIds = ({ requestId: _request, correlationId: _correlation, ...rest }: ErrorObject) =>
  rest;

describe('decision 0006: an e-mailed sign-in while nothing listens at SMTP_URL', () => {
  let port: number;
  let server: TestServer;

  beforeAll(async () => {
    port = await freePort();
    server = await startServerWithSmtp(fastSmtpUrl(port));
  });

  afterAll(async () => {
    await server?.close();
  });

  const ask = (form: EmailedSignIn, email: string, requestId: string, language = 'en') =>
    server.api(form.path, {
      body: form.body(email),
      headers: { 'X-Request-Id': requestId, 'Accept-Language': language },
    });

  const slugOf = (name: string) => name.replaceAll(' ', '-');

  describe('while nothing listens', () => {
    it.each(Object.keys(FORMS))(
      'answers %s with 503 MAIL_UNAVAILABLE alike for a signed-up and an unknown address',
      async (name) => {
        const form = FORMS[name] as EmailedSignIn;
        const ids = ['signed-up', 'unknown', 'unknown-es'].map(
          (who) => `mail-down-${slugOf(name)}-${who}`,
        );
        const [signedUp, unknown, unknownEs] = await Promise.all([
          ask(form, maria.email, ids[0] ?? ''),
          ask(form, UNKNOWN, ids[1] ?? ''),
          ask(form, UNKNOWN, ids[2] ?? '', 'es'),
        ]);
        const refusedSignedUp = withoutIds(
          await expectErrorObject(signedUp as Response, 503, 'MAIL_UNAVAILABLE'),
        );
        expect(
          withoutIds(await expectErrorObject(unknown as Response, 503, 'MAIL_UNAVAILABLE')),
        ).toEqual(refusedSignedUp);
        expect(refusedSignedUp.details).toEqual([SIGN_IN_ERROR_DETAILS.mailUnavailable]);
        const refusedEs = await expectErrorObject(unknownEs as Response, 503, 'MAIL_UNAVAILABLE');
        expect(refusedEs.details).toEqual([SIGN_IN_ERROR_DETAILS_ES.mailUnavailable]);

        // Each refusal is in the audit trail; nothing is left to send.
        const audited = await server.database.db
          .select()
          .from(auditEvents)
          .where(and(eq(auditEvents.action, form.action), inArray(auditEvents.requestId, ids)));
        expect(audited.map((event) => [event.outcome, event.details?.reason])).toEqual(
          ids.map(() => ['failure', 'mail_unavailable']),
        );
        await server.app.services.mail.idle();
      },
    );

    it('answers a new code 503 MAIL_UNAVAILABLE for ids it does not know, too', async () => {
      const response = await server.api(API_PATHS.signupSendCode, {
        body: { guarantorId: crypto.randomUUID(), verificationId: crypto.randomUUID() },
      });
      await expectErrorObject(response, 503, 'MAIL_UNAVAILABLE');
    });
  });

  describe('once an SMTP server listens on that port (no restart)', () => {
    let catcher: MailCatcher;

    beforeAll(async () => {
      catcher = await startMailCatcher(port);
    });

    afterAll(async () => {
      await catcher?.close();
    });

    it.each(Object.keys(FORMS))(
      'answers %s as usual, and e-mails only the signed-up address',
      async (name) => {
        const form = FORMS[name] as EmailedSignIn;
        const [taken, takenUnknown] = await Promise.all([
          ask(form, maria.email, `mail-back-${slugOf(name)}-signed-up`),
          ask(form, UNKNOWN, `mail-back-${slugOf(name)}-unknown`),
        ]);
        expect(taken?.status).toBe(form.accepted);
        expect(takenUnknown?.status).toBe(form.accepted);
        const mail = await catcher.waitForMail({ to: maria.email });
        expect(form.secretIn(mail.text)).toBeTruthy();
        await server.app.services.mail.idle();
        expect(catcher.mailsTo(UNKNOWN)).toEqual([]);
      },
    );
  });
});

describe('decision 0006: an e-mailed sign-in while the mail server stalls', () => {
  let mail: MailBehindProxy;

  beforeAll(async () => {
    mail = await startMailBehindProxy();
  });

  afterAll(async () => {
    await mail?.close();
  });

  it('answers both forms 503 MAIL_UNAVAILABLE alike, within the mail timeouts, and as usual once it moves again', async () => {
    const { catcher, proxy, server } = mail;
    proxy.pause();
    const requests = Object.values(FORMS).flatMap((form) =>
      [maria.email, UNKNOWN].map((email) => server.api(form.path, { body: form.body(email) })),
    );
    const { result: answers, ms } = await timed(() => Promise.all(requests));
    expect(ms).toBeLessThan(SMTP_TIMEOUT_MS * 2 + SLACK_MS);
    for (const answer of answers) await expectErrorObject(answer, 503, 'MAIL_UNAVAILABLE');

    proxy.resume();
    const link = FORMS['a sign-in link'] as EmailedSignIn;
    expect((await server.api(link.path, { body: link.body(maria.email) })).status).toBe(202);
    link.secretIn((await catcher.waitForMail({ to: maria.email })).text);
  });
});
