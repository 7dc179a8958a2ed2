import { and, eq, sql } from 'drizzle-orm';
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_PATHS } from '@webpay/contracts/api';
import { claimsSchema, loginResponseSchema } from '@webpay/contracts/auth';
import { errorObjectSchema } from '@webpay/contracts/errors';
import { auditEvents, guarantors, loginChallenges, signInLockouts } from '../../db/schema.ts';
import { DEMO_GUARANTORS } from '../../demo/demo-guarantors.ts';
import { testDatabaseKinds } from '../../../test/support/database.ts';
import {
  linkFrom,
  startMailCatcher,
  type MailCatcher,
} from '../../../test/support/mail-catcher.ts';
import { housekeeping } from '../../plugins/schedules.ts';
import { startTestServer, type TestServer } from '../../../test/support/test-server.ts';
import { MAX_RECENT_MAGIC_LINKS } from './magic-link.service.ts';

const { maria, james, robert, ana } = DEMO_GUARANTORS;
const PUBLIC_URL = 'https://pay.wasatchvalleyhealth.example';

describe.each(testDatabaseKinds)('magic links (%s)', (kind) => {
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

  const requestLink = (email: string, requestId?: string) =>
    server.api(API_PATHS.loginMagicRequest, {
      body: { email },
      headers: requestId ? { 'X-Request-Id': requestId } : {},
    });
  const signIn = (abracadabra: string) =>
    server.api(API_PATHS.loginMagic, { body: { abracadabra } });

  const guarantorId = async (accountNumber: string) => {
    const [row] = await server.database.db
      .select({ id: guarantors.id })
      .from(guarantors)
      .where(eq(guarantors.accountNumber, accountNumber));
    if (!row) throw new Error(`no guarantor ${accountNumber}`);
    return row.id;
  };

  /** Asks for a link for a demo guarantor and returns the token from the e-mail. */
  const tokenFor = async (email: string) => {
    expect((await requestLink(email)).status).toBe(202);
    const mail = await catcher.waitForMail({ to: email, subject: 'sign-in link' });
    return new URL(linkFrom(mail, '/login/magic')).searchParams.get('abracadabra') ?? '';
  };

  it('e-mails a single-use link that signs in with loginType magic', async () => {
    const response = await requestLink(' Maria.Garcia@Example.com ', 'magic-request-1');
    expect(response.status).toBe(202);
    expect(await response.json()).toEqual({ accepted: true });

    const mail = await catcher.waitForMail({ to: maria.email, subject: 'sign-in link' });
    expect(mail.from).toBe('Wasatch Valley Health <billing@wasatchvalleyhealth.example>');
    expect(mail.envelopeFrom).toBe('billing@wasatchvalleyhealth.example');
    expect(mail.subject).toBe('Your WebPay sign-in link');
    expect(mail.text).toContain('Hello Maria,');
    expect(mail.text).toContain('expires in 15 minutes');
    expect(mail.text).toContain('Wasatch Valley Health');
    expect(mail.text).not.toMatch(/\$\d/);
    expect(mail.text).not.toContain('Garcia');
    const link = linkFrom(mail, '/login/magic');
    expect(link).toMatch(
      new RegExp(`^${PUBLIC_URL}/webpay/login/magic\\?abracadabra=[A-Za-z0-9_-]{43}$`),
    );
    expect(mail.html).toContain(`href="${link}"`);

    const token = new URL(link).searchParams.get('abracadabra') ?? '';
    const [stored] = await server.database.db
      .select()
      .from(loginChallenges)
      .where(
        and(
          eq(loginChallenges.guarantorId, await guarantorId(maria.accountNumber)),
          eq(loginChallenges.kind, 'magic_link'),
        ),
      );
    expect(stored?.secretHash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(stored)).not.toContain(token);

    const signedIn = await signIn(token);
    expect(signedIn.status).toBe(200);
    const body = loginResponseSchema.strict().parse(await signedIn.json());
    const claims = claimsSchema.parse(decodeJwt(body.access_token));
    expect(claims).toMatchObject({
      sub: await guarantorId(maria.accountNumber),
      loginType: 'magic',
      roles: ['historical-data'],
    });
    expect((await server.api(API_PATHS.me, { token: body.access_token })).status).toBe(200);

    const again = await signIn(token);
    expect(again.status).toBe(401);
    expect(errorObjectSchema.parse(await again.json())).toMatchObject({
      code: 'MAGIC_LINK_INVALID',
      title: 'Sign-in link not valid',
      details: [
        'This sign-in link is invalid, has expired or has already been used. Please ask for a new one.',
      ],
    });

    const audits = await server.database.db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.guarantorId, await guarantorId(maria.accountNumber)));
    expect(audits.map((audit) => [audit.action, audit.outcome])).toEqual(
      expect.arrayContaining([
        ['auth.magic_link.request', 'success'],
        ['auth.login', 'success'],
      ]),
    );
    expect(JSON.stringify(audits)).not.toContain(token);
  });

  it('lets a link sign in exactly once when requests race', async () => {
    const token = await tokenFor(james.email);
    const answers = await Promise.all(Array.from({ length: 8 }, () => signIn(token)));
    const statuses = answers.map((answer) => answer.status).sort();
    expect(statuses).toEqual([200, 401, 401, 401, 401, 401, 401, 401]);
  });

  it('refuses an expired link', async () => {
    const token = await tokenFor(robert.email);
    await server.database.db
      .update(loginChallenges)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(loginChallenges.guarantorId, await guarantorId(robert.accountNumber)));
    const response = await signIn(token);
    expect(response.status).toBe(401);
    expect(errorObjectSchema.parse(await response.json()).code).toBe('MAGIC_LINK_INVALID');
  });

  it('answers an address that belongs to no one the same, and sends it nothing', async () => {
    // No one; and Ana's address before she has signed up.
    for (const email of ['nobody@example.com', ana.signUpEmail]) {
      const response = await requestLink(email);
      expect(response.status).toBe(202);
      expect(await response.json()).toEqual({ accepted: true });
    }
    await server.app.services.mail.idle();
    expect(catcher.mailsTo('nobody@example.com')).toEqual([]);
    expect(catcher.mailsTo(ana.signUpEmail)).toEqual([]);
    expect((await signIn('not-a-token-anyone-was-sent')).status).toBe(401);
  });

  it(`sends one address at most ${MAX_RECENT_MAGIC_LINKS} links per 15 minutes, answering alike`, async () => {
    const email = 'Robert.Johnson@example.com';
    const before = catcher.mailsTo(robert.email).length;
    for (let i = 0; i < MAX_RECENT_MAGIC_LINKS + 2; i++) {
      expect((await requestLink(email)).status).toBe(202);
    }
    await server.app.services.mail.idle();
    // The expiry test above already sent Robert one link in this window.
    expect(catcher.mailsTo(robert.email).length - before).toBe(MAX_RECENT_MAGIC_LINKS - 1);
  });

  it('forgets links a day after they expire, and lockout counters a day after their last failure', async () => {
    const { db } = server.database;
    await requestLink('nobody.at.all@example.com');
    await db
      .update(loginChallenges)
      .set({ expiresAt: sql`now() - interval '25 hours'` })
      .where(eq(loginChallenges.email, 'nobody.at.all@example.com'));
    const key = server.app.services.lockout.accountKey('111222333');
    await server.api(API_PATHS.login, { body: { accountNumber: '111222333', pin: '1234' } });
    await db
      .update(signInLockouts)
      .set({ updatedAt: sql`now() - interval '25 hours'` })
      .where(eq(signInLockouts.identifierHash, key));

    await housekeeping(server.app.services);
    const links = await db
      .select()
      .from(loginChallenges)
      .where(eq(loginChallenges.email, 'nobody.at.all@example.com'));
    expect(links).toEqual([]);
    const counters = await db
      .select()
      .from(signInLockouts)
      .where(eq(signInLockouts.identifierHash, key));
    expect(counters).toEqual([]);
  });

  it('checks its input', async () => {
    const badEmail = await requestLink('maria');
    expect(badEmail.status).toBe(400);
    expect(errorObjectSchema.parse(await badEmail.json()).details).toEqual([
      'body.email: Please enter a valid email address',
    ]);
    const noToken = await server.api(API_PATHS.loginMagic, { body: {} });
    expect(noToken.status).toBe(400);
  });
});
