import { and, eq } from 'drizzle-orm';
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_PATHS } from '@webpay/contracts/api';
import { claimsSchema, loginResponseSchema, userSchema } from '@webpay/contracts/auth';
import { errorObjectSchema } from '@webpay/contracts/errors';
import type { SignupRequest } from '@webpay/contracts/sign-in';
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

const { ana, maria } = DEMO_GUARANTORS;
const PUBLIC_URL = 'https://pay.wasatchvalleyhealth.example';

const anaSignup: SignupRequest = {
  accountNumber: ana.accountNumber,
  firstName: 'Ana',
  lastName: 'Torres',
  birthdate: ana.birthdate,
  email: ana.signUpEmail,
  enrollPaperless: true,
};

describe.each(testDatabaseKinds)('sign-up by e-mail (%s)', (kind) => {
  let catcher: MailCatcher;
  let server: TestServer;

  beforeAll(async () => {
    catcher = await startMailCatcher();
    server = await startTestServer(kind, { env: { SMTP_URL: catcher.url, PUBLIC_URL } });
  });

  afterAll(async () => {
    await server?.close();
    await catcher?.close();
  });

  const signup = (body: SignupRequest, requestId?: string) =>
    server.api(API_PATHS.signupEmail, {
      body,
      headers: requestId ? { 'X-Request-Id': requestId } : {},
    });
  const errorOf = async (response: Response) => errorObjectSchema.parse(await response.json());
  const signupChallenges = () =>
    server.database.db
      .select({ id: loginChallenges.id })
      .from(loginChallenges)
      .where(eq(loginChallenges.kind, 'signup'));
  const guarantorRow = async (accountNumber: string) => {
    const [row] = await server.database.db
      .select()
      .from(guarantors)
      .where(eq(guarantors.accountNumber, accountNumber));
    if (!row) throw new Error(`no guarantor ${accountNumber}`);
    return row;
  };

  it('refuses details that match no guarantor, without saying which one is wrong', async () => {
    const mismatches: SignupRequest[] = [
      { ...anaSignup, firstName: 'Anna' },
      { ...anaSignup, birthdate: '1995-12-09' },
      { ...anaSignup, accountNumber: '999999999' },
    ];
    for (const body of mismatches) {
      const response = await signup(body);
      expect(response.status).toBe(400);
      expect(await errorOf(response)).toMatchObject({
        code: 'SIGNUP_ACCOUNT_MISMATCH',
        title: 'Account not found',
        details: [
          'We could not find an account with these details. Please check them against your statement.',
        ],
      });
    }
  });

  it('refuses an account that is already signed up', async () => {
    const already = await signup({
      accountNumber: maria.accountNumber,
      firstName: 'maria',
      lastName: 'GARCIA',
      birthdate: maria.birthdate,
      email: 'maria.new@example.com',
      enrollPaperless: false,
    });
    expect(already.status).toBe(409);
    expect(await errorOf(already)).toMatchObject({
      code: 'SIGNUP_ALREADY_REGISTERED',
      details: ['This account is already signed up. Please sign in instead.'],
    });
  });

  it('answers an address another guarantor has like any other, and tells that guarantor', async () => {
    const before = await signupChallenges();
    // Any letter case is the same address.
    const inUse = await signup({ ...anaSignup, email: 'Maria.Garcia@Example.com' }, 'in-use-1');
    expect(inUse.status).toBe(200);
    expect(await inUse.json()).toBe(true);

    // No code anywhere: no verification to finish, and no code e-mail.
    expect(await signupChallenges()).toEqual(before);
    const notice = await catcher.waitForMail({ to: maria.email, subject: 'tried to sign up' });
    expect(catcher.mailsTo(maria.email)).toEqual([notice]);
    expect(notice.to).toBe(maria.email);
    expect(notice.subject).toBe('Someone tried to sign up for WebPay with your email address');
    for (const part of [notice.text, notice.html]) {
      expect(part).toContain('Hello Maria,');
      expect(part).toContain('Nothing has changed');
      expect(part).toContain(
        'billing office at (801) 555-0142 or billing@wasatchvalleyhealth.example',
      );
    }
    expect(notice.text).not.toMatch(/\b\d{6}\b/);
    expect(notice.text).not.toContain('/verify/code');

    const [event] = await server.database.db
      .select()
      .from(auditEvents)
      .where(
        and(eq(auditEvents.requestId, 'in-use-1'), eq(auditEvents.action, 'auth.signup.start')),
      );
    const mariaRow = await guarantorRow(maria.accountNumber);
    expect(event).toMatchObject({
      action: 'auth.signup.start',
      outcome: 'failure',
      details: { reason: 'email_in_use', emailOwner: mariaRow.id, ownerNotice: 'sent' },
    });
  });

  it("tells the address's owner in their own language", async () => {
    await server.database.db
      .update(guarantors)
      .set({ preferredLanguage: 'es' })
      .where(eq(guarantors.accountNumber, maria.accountNumber));
    try {
      const inUse = await server.api(API_PATHS.signupEmail, {
        body: { ...anaSignup, email: maria.email },
        headers: { 'Accept-Language': 'en' },
      });
      expect(inUse.status).toBe(200);
      const notice = await catcher.waitForMail({ to: maria.email, subject: 'registrarse' });
      expect(notice.subject).toBe(
        'Alguien intentó registrarse en WebPay con su dirección de correo electrónico',
      );
      expect(notice.text).toContain('No ha cambiado nada');
      expect(notice.text).toContain('oficina de facturación');
    } finally {
      await server.database.db
        .update(guarantors)
        .set({ preferredLanguage: 'en' })
        .where(eq(guarantors.accountNumber, maria.accountNumber));
    }
  });

  it('refuses a display name in the e-mail and control characters in a name, in both languages, changing nothing', async () => {
    const refusals: [Partial<SignupRequest>, string, Record<'en' | 'es', string>][] = [
      [
        { email: 'Attacker<attacker@evil.co>' },
        'email',
        {
          en: 'Please enter a valid email address',
          es: 'Ingrese una dirección de correo electrónico válida',
        },
      ],
      [
        { lastName: 'Torres\r\nBcc: attacker@evil.co' },
        'lastName',
        {
          en: 'Line breaks, tabs and other control characters are not allowed',
          es: 'No se permiten saltos de línea, tabulaciones ni otros caracteres de control',
        },
      ],
    ];
    const challengesBefore = await signupChallenges();
    const anaBefore = await guarantorRow(ana.accountNumber);
    const mailsBefore = catcher.messages.length;
    for (const [change, field, message] of refusals) {
      for (const language of ['en', 'es'] as const) {
        const response = await server.api(API_PATHS.signupEmail, {
          body: { ...anaSignup, ...change },
          headers: { 'Accept-Language': language },
        });
        expect(response.status).toBe(400);
        expect(await errorOf(response)).toMatchObject({
          code: 'VALIDATION_ERROR',
          details: [`body.${field}: ${message[language]}`],
        });
      }
    }
    expect(await signupChallenges()).toEqual(challengesBefore);
    expect(await guarantorRow(ana.accountNumber)).toEqual(anaBefore);
    expect(catcher.messages).toHaveLength(mailsBefore);
  });

  it('signs Ana up end to end: the e-mail becomes hers only with the code', async () => {
    // Case, accents and spaces in the names do not matter.
    const response = await signup(
      { ...anaSignup, firstName: ' ANA ', lastName: 'tórres' },
      'signup-ana-1',
    );
    expect(response.status).toBe(200);
    expect(await response.json()).toBe(true);

    const mail = await catcher.waitForMail({ to: ana.signUpEmail, subject: 'Confirm your email' });
    expect(mail.subject).toBe('Confirm your email address for WebPay');
    expect(mail.text).toContain('Hello Ana,');
    expect(mail.text).not.toMatch(/\$\d/);
    const code = codeFrom(mail);
    const link = new URL(linkFrom(mail, '/webpay/verify/code'));
    expect(`${link.origin}${link.pathname}`).toBe(`${PUBLIC_URL}/webpay/verify/code`);
    expect(link.searchParams.get('email')).toBe(ana.signUpEmail);
    const ids = {
      guarantorId: link.searchParams.get('guarantorId') ?? '',
      verificationId: link.searchParams.get('verificationId') ?? '',
    };

    // Not hers yet: nothing on file, and e-mail sign-in does not know the address.
    expect(await guarantorRow(ana.accountNumber)).toMatchObject({
      email: null,
      emailVerifiedAt: null,
      signedUpAt: null,
      paperless: false,
    });
    await server.api(API_PATHS.loginMagicRequest, { body: { email: ana.signUpEmail } });
    await server.app.services.mail.idle();
    expect(catcher.mailsTo(ana.signUpEmail)).toHaveLength(1);

    const wrong = await server.api(API_PATHS.loginCode, {
      body: { ...ids, code: code === '000000' ? '111111' : '000000' },
    });
    expect(wrong.status).toBe(401);
    expect((await guarantorRow(ana.accountNumber)).email).toBeNull();

    const signedIn = await server.api(API_PATHS.loginCode, { body: { ...ids, code } });
    expect(signedIn.status).toBe(200);
    const token = loginResponseSchema.parse(await signedIn.json()).access_token;
    const claims = claimsSchema.parse(decodeJwt(token));
    const row = await guarantorRow(ana.accountNumber);
    expect(claims).toMatchObject({ sub: row.id, loginType: 'totp' });
    expect(row).toMatchObject({ email: ana.signUpEmail, paperless: true });
    expect(row.emailVerifiedAt).toBeInstanceOf(Date);
    expect(row.signedUpAt).toBeInstanceOf(Date);

    const me = userSchema.parse(await (await server.api(API_PATHS.me, { token })).json());
    expect(me).toMatchObject({ email: ana.signUpEmail, firstName: 'Ana', lastName: 'Torres' });

    // She can now ask for sign-in links, and not sign up twice.
    await server.api(API_PATHS.loginMagicRequest, { body: { email: ana.signUpEmail } });
    await catcher.waitForMail({ to: ana.signUpEmail, subject: 'sign-in link' });
    const again = await signup(anaSignup);
    expect(again.status).toBe(409);
    expect((await errorOf(again)).code).toBe('SIGNUP_ALREADY_REGISTERED');

    const audits = await server.database.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.guarantorId, row.id)));
    expect(audits.map((audit) => [audit.action, audit.outcome])).toEqual(
      expect.arrayContaining([
        ['auth.signup.start', 'success'],
        ['auth.signup.complete', 'success'],
        ['auth.login', 'success'],
      ]),
    );
    expect(JSON.stringify(audits)).not.toContain(code);
  });

  it('pauses sign-up for an account number after repeated mismatches, like wrong PINs', async () => {
    const body = { ...anaSignup, accountNumber: '888777666' };
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 6; attempt++) statuses.push((await signup(body)).status);
    expect(statuses).toEqual([400, 400, 400, 400, 423, 423]);
  });
});
