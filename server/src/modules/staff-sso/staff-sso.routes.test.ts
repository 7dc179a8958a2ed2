import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorObjectSchema } from '@webpay/contracts/errors';
import {
  OFFICE_API_BASE_PATH,
  OFFICE_API_PATHS,
  OFFICE_SSO_LANDING_PATH,
  SSO_ERROR_CODES,
  ssoStatusSchema,
  staffMeSchema,
  staffSessionResponseSchema,
} from '@webpay/contracts/office';
import { auditEvents, staffMembers, staffSsoLogins } from '../../db/schema.ts';
import { hashToken } from '../../lib/secrets.ts';
import { testDatabaseKinds } from '../../../test/support/database.ts';
import { officeCall } from '../../../test/support/office.ts';
import {
  TestBrowser,
  signInAtProvider,
  startTestIdentityProvider,
  type TestIdentityProvider,
} from '../../../test/support/oidc-provider.ts';
import { freePort, startTestServer, type TestServer } from '../../../test/support/test-server.ts';

const ROLE_MAP =
  'billing-viewers=viewer,billing-agents=agent,billing-supervisors=supervisor,webpay-admins=admin';

const ACCOUNTS = {
  ana: {
    email: 'Ana.Reyes@Hospital.example',
    email_verified: true,
    name: 'Ana Reyes',
    webpay_role: ['all-staff', 'billing-agents'],
  },
  omar: {
    email: 'omar.diaz@hospital.example',
    email_verified: true,
    name: 'Omar Diaz',
    webpay_role: ['all-staff', 'radiology'],
  },
  una: {
    email: 'una.verified@hospital.example',
    email_verified: false,
    name: 'Una Verified',
    webpay_role: 'billing-viewers',
  },
  dee: {
    email: 'dee.disabled@hospital.example',
    email_verified: true,
    name: 'Dee Disabled',
    webpay_role: 'billing-viewers',
  },
  lou: {
    email: 'lou.local@hospital.example',
    email_verified: true,
    name: 'Lou Local',
    webpay_role: 'webpay-admins',
  },
};

function landing(location: string | null) {
  expect(location).not.toBeNull();
  const url = new URL(location ?? '', 'http://console.invalid');
  expect(url.pathname).toBe(OFFICE_SSO_LANDING_PATH);
  return { grant: url.searchParams.get('grant'), error: url.searchParams.get('error') };
}

describe.each(testDatabaseKinds)('staff single sign-on (%s)', (kind) => {
  let server: TestServer;
  let provider: TestIdentityProvider;
  const callbackPath = `${OFFICE_API_BASE_PATH}${OFFICE_API_PATHS.ssoCallback}`;

  beforeAll(async () => {
    const port = await freePort();
    provider = await startTestIdentityProvider(`http://127.0.0.1:${port}${callbackPath}`, ACCOUNTS);
    server = await startTestServer(kind, {
      env: {
        PORT: String(port),
        OIDC_ISSUER: provider.issuer,
        OIDC_CLIENT_ID: provider.clientId,
        OIDC_CLIENT_SECRET: provider.clientSecret,
        OIDC_ROLE_MAP: ROLE_MAP,
        OIDC_LABEL: 'Hospital Entra ID',
      },
    });
  }, 60_000);

  afterAll(async () => {
    await server?.close();
    await provider?.close();
  });

  const officeUrl = (path: string) => `${server.baseUrl}${OFFICE_API_BASE_PATH}${path}`;

  /** Start at WebPay and sign in at the provider: the callback URL the provider sends back to. */
  async function leaveAndReturn(browser: TestBrowser, accountId: string | null): Promise<URL> {
    const start = await browser.fetch(officeUrl(OFFICE_API_PATHS.ssoStart));
    expect(start.status).toBe(302);
    const authorization = new URL(start.headers.get('location') ?? '');
    expect(authorization.origin).toBe(provider.issuer);
    const callback = await signInAtProvider(browser, authorization.href, accountId);
    expect(`${callback.origin}${callback.pathname}`).toBe(`${server.baseUrl}${callbackPath}`);
    return callback;
  }

  /** The whole browser trip; answers the console's landing (grant or error). */
  async function singleSignOn(accountId: string | null, browser = new TestBrowser()) {
    const callback = await leaveAndReturn(browser, accountId);
    const back = await browser.fetch(callback);
    expect(back.status).toBe(302);
    return landing(back.headers.get('location'));
  }

  const exchange = (grant: string) =>
    officeCall(server, OFFICE_API_PATHS.ssoExchange, { body: { grant } });

  async function lastSsoAudit(action = 'staff.sso-sign-in') {
    const [row] = await server.database.db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.action, action))
      .orderBy(desc(auditEvents.id))
      .limit(1);
    return row;
  }

  const memberByEmail = async (email: string) => {
    const [row] = await server.database.db
      .select()
      .from(staffMembers)
      .where(eq(staffMembers.email, email));
    return row;
  };

  it('says single sign-on is on, with the provider’s name for the button', async () => {
    const response = await officeCall(server, OFFICE_API_PATHS.ssoStatus);
    expect(response.status).toBe(200);
    expect(ssoStatusSchema.parse(await response.json())).toEqual({
      enabled: true,
      label: 'Hospital Entra ID',
    });
  });

  it('asks the provider for a code with PKCE, state and nonce, and binds the login to the browser', async () => {
    const browser = new TestBrowser();
    const start = await browser.fetch(officeUrl(OFFICE_API_PATHS.ssoStart));
    const authorization = new URL(start.headers.get('location') ?? '');
    const params = authorization.searchParams;
    expect(params.get('response_type')).toBe('code');
    expect(params.get('client_id')).toBe(provider.clientId);
    expect(params.get('redirect_uri')).toBe(`${server.baseUrl}${callbackPath}`);
    expect(params.get('code_challenge_method')).toBe('S256');
    expect(params.get('code_challenge')).toMatch(/^[\w-]{43}$/);
    expect(params.get('state')).toMatch(/^[\w-]{20,}$/);
    expect(params.get('nonce')).toMatch(/^[\w-]{20,}$/);
    const cookie = start.headers.getSetCookie().join('\n');
    expect(cookie).toMatch(
      /webpay_office_sso=[\w-]+; Path=\/api\/v1\/office\/auth\/sso; Max-Age=600; HttpOnly; SameSite=Lax/,
    );
  });

  it('signs a staff member in end to end: a grant, then a session with method sso and the mapped role', async () => {
    const { grant, error } = await singleSignOn('ana');
    expect(error).toBeNull();
    expect(grant).toMatch(/^[\w-]{40,}$/);

    const response = await exchange(grant ?? '');
    expect(response.status).toBe(200);
    const session = staffSessionResponseSchema.parse(await response.json());
    const me = await officeCall(server, OFFICE_API_PATHS.me, { token: session.access_token });
    expect(me.status).toBe(200);
    const body = staffMeSchema.parse(await me.json());
    expect(body.staff).toMatchObject({
      email: 'ana.reyes@hospital.example',
      name: 'Ana Reyes',
      role: 'agent',
      kind: 'sso',
      status: 'active',
    });
    expect(body.session.method).toBe('sso');

    const signIn = await lastSsoAudit();
    expect(signIn).toMatchObject({
      outcome: 'success',
      actorType: 'staff',
      actorId: body.staff.id,
    });
    expect(signIn?.details).toMatchObject({ role: 'agent', subject: 'ana' });
    const sessionAudit = await lastSsoAudit('staff.sign-in');
    expect(sessionAudit).toMatchObject({ outcome: 'success', actorId: body.staff.id });
    expect(sessionAudit?.details).toMatchObject({ method: 'sso', via: 'sso-grant' });
  });

  it('keeps only hashes of the state and the grant, and the checks sealed', async () => {
    const browser = new TestBrowser();
    const callback = await leaveAndReturn(browser, 'ana');
    const state = callback.searchParams.get('state') ?? '';
    const { grant } = landing((await browser.fetch(callback)).headers.get('location'));
    const rows = await server.database.db.select().from(staffSsoLogins);
    const text = JSON.stringify(rows);
    expect(text).not.toContain(state);
    expect(text).not.toContain(grant);
    expect(rows.some((row) => row.checksSealed.includes('codeVerifier'))).toBe(false);
  });

  it('refuses a grant used twice, and audits the second try', async () => {
    const { grant } = await singleSignOn('ana');
    expect((await exchange(grant ?? '')).status).toBe(200);
    const again = await exchange(grant ?? '');
    expect(again.status).toBe(401);
    expect(errorObjectSchema.parse(await again.json()).code).toBe('UNAUTHORIZED');
    const audit = await lastSsoAudit('staff.sso-exchange');
    expect(audit).toMatchObject({ outcome: 'failure', actorType: 'anonymous' });
    expect(audit?.details).toMatchObject({ reason: 'grant-unknown-used-or-expired' });
  });

  it('refuses a grant older than 60 seconds', async () => {
    const { grant } = await singleSignOn('ana');
    await server.database.db
      .update(staffSsoLogins)
      .set({ grantExpiresAt: new Date(Date.now() - 1000) });
    expect((await exchange(grant ?? '')).status).toBe(401);
  });

  it('refuses a replayed state, even from the browser that started it', async () => {
    const browser = new TestBrowser();
    const callback = await leaveAndReturn(browser, 'ana');
    const cookie = `webpay_office_sso=${browser.cookie(server.baseUrl, 'webpay_office_sso')}`;
    const first = await fetch(callback, { redirect: 'manual', headers: { cookie } });
    expect(landing(first.headers.get('location')).grant).not.toBeNull();
    const replay = await fetch(callback, { redirect: 'manual', headers: { cookie } });
    expect(landing(replay.headers.get('location'))).toEqual({
      grant: null,
      error: SSO_ERROR_CODES.expired,
    });
    expect((await lastSsoAudit())?.details).toMatchObject({ reason: 'state-used' });
  });

  it('refuses a login after 10 minutes', async () => {
    const browser = new TestBrowser();
    const callback = await leaveAndReturn(browser, 'ana');
    await server.database.db.update(staffSsoLogins).set({ expiresAt: new Date(Date.now() - 1000) });
    const back = await browser.fetch(callback);
    expect(landing(back.headers.get('location')).error).toBe(SSO_ERROR_CODES.expired);
    expect((await lastSsoAudit())?.details).toMatchObject({ reason: 'state-expired' });
  });

  it('refuses the callback in another browser, and the login still works in its own', async () => {
    const browser = new TestBrowser();
    const callback = await leaveAndReturn(browser, 'ana');
    const elsewhere = await fetch(callback, { redirect: 'manual' });
    expect(landing(elsewhere.headers.get('location')).error).toBe(SSO_ERROR_CODES.failed);
    expect((await lastSsoAudit())?.details).toMatchObject({ reason: 'no-browser-cookie' });
    const own = await browser.fetch(callback);
    expect(landing(own.headers.get('location')).grant).not.toBeNull();
  });

  it('refuses someone none of whose groups is mapped, creates no staff member, and audits it', async () => {
    expect(await singleSignOn('omar')).toEqual({
      grant: null,
      error: SSO_ERROR_CODES.roleNotMapped,
    });
    expect(await memberByEmail('omar.diaz@hospital.example')).toBeUndefined();
    const audit = await lastSsoAudit();
    expect(audit).toMatchObject({ outcome: 'failure', actorType: 'anonymous' });
    expect(audit?.details).toMatchObject({
      reason: 'role-not-mapped',
      email: 'omar.diaz@hospital.example',
      roleValues: ['all-staff', 'radiology'],
    });
  });

  it('refuses an e-mail address the provider has not verified', async () => {
    expect(await singleSignOn('una')).toEqual({
      grant: null,
      error: SSO_ERROR_CODES.emailNotVerified,
    });
    expect(await memberByEmail('una.verified@hospital.example')).toBeUndefined();
    expect((await lastSsoAudit())?.details).toMatchObject({ reason: 'email-not-verified' });
  });

  it('gives the role the claim says at each sign-in, and audits the change', async () => {
    const account = provider.accounts.get('ana');
    if (!account) throw new Error('no test account ana');
    const before = await memberByEmail('ana.reyes@hospital.example');
    provider.accounts.set('ana', {
      ...account,
      webpay_role: ['billing-viewers', 'billing-supervisors'],
    });
    try {
      const { grant } = await singleSignOn('ana');
      const session = staffSessionResponseSchema.parse(await (await exchange(grant ?? '')).json());
      const me = staffMeSchema.parse(
        await (
          await officeCall(server, OFFICE_API_PATHS.me, { token: session.access_token })
        ).json(),
      );
      expect(me.staff).toMatchObject({ id: before?.id, role: 'supervisor' });
      const change = await lastSsoAudit('staff.role-change');
      expect(change).toMatchObject({ targetId: before?.id, actorType: 'system' });
      expect(change?.details).toMatchObject({ from: 'agent', to: 'supervisor' });
    } finally {
      provider.accounts.set('ana', account);
    }
  });

  it('refuses a disabled staff member', async () => {
    const { grant } = await singleSignOn('dee');
    expect(grant).not.toBeNull();
    await server.database.db
      .update(staffMembers)
      .set({ status: 'disabled' })
      .where(eq(staffMembers.email, 'dee.disabled@hospital.example'));
    expect((await exchange(grant ?? '')).status).toBe(401);
    expect(await singleSignOn('dee')).toEqual({
      grant: null,
      error: SSO_ERROR_CODES.staffDisabled,
    });
    const member = await memberByEmail('dee.disabled@hospital.example');
    const audit = await lastSsoAudit();
    expect(audit).toMatchObject({ outcome: 'failure', actorType: 'staff', actorId: member?.id });
    expect(audit?.details).toMatchObject({ reason: 'staff-disabled' });
  });

  it('does not sign in a local account by its e-mail address', async () => {
    await server.database.db.insert(staffMembers).values({
      id: 'local-lou',
      name: 'Lou Local',
      email: 'lou.local@hospital.example',
      role: 'viewer',
      kind: 'local',
      status: 'active',
    });
    expect(await singleSignOn('lou')).toEqual({
      grant: null,
      error: SSO_ERROR_CODES.localAccount,
    });
    const [row] = await server.database.db
      .select()
      .from(staffMembers)
      .where(and(eq(staffMembers.id, 'local-lou'), eq(staffMembers.role, 'viewer')));
    expect(row).toBeDefined();
  });

  it('sends someone who cancels at the provider back to the console with SSO_CANCELLED', async () => {
    expect(await singleSignOn(null)).toEqual({ grant: null, error: SSO_ERROR_CODES.cancelled });
    const audit = await lastSsoAudit();
    expect(audit).toMatchObject({ outcome: 'failure', actorType: 'anonymous' });
    expect(audit?.details).toMatchObject({ reason: 'provider-error', error: 'access_denied' });
  });

  it('refuses an ID token whose nonce and verifier are not the login’s', async () => {
    const browser = new TestBrowser();
    const callback = await leaveAndReturn(browser, 'ana');
    const other = await leaveAndReturn(new TestBrowser(), 'ana');
    const stateHashOf = (url: URL) => hashToken(url.searchParams.get('state') ?? '');
    const [foreign] = await server.database.db
      .select()
      .from(staffSsoLogins)
      .where(eq(staffSsoLogins.stateHash, stateHashOf(other)));
    // The other login's checks, sealed properly: only the provider's answer can give it away.
    await server.database.db
      .update(staffSsoLogins)
      .set({ checksSealed: foreign?.checksSealed ?? '' })
      .where(eq(staffSsoLogins.stateHash, stateHashOf(callback)));
    const back = await browser.fetch(callback);
    expect(landing(back.headers.get('location')).error).toBe(SSO_ERROR_CODES.failed);
    expect((await lastSsoAudit())?.details).toMatchObject({ reason: 'provider-answer-refused' });
  });

  it('turns a callback without state away to the console', async () => {
    const response = await fetch(`${server.baseUrl}${callbackPath}?code=abc`, {
      redirect: 'manual',
    });
    expect(landing(response.headers.get('location')).error).toBe(SSO_ERROR_CODES.failed);
  });

  it('refuses a malformed exchange body with the standard error', async () => {
    const response = await officeCall(server, OFFICE_API_PATHS.ssoExchange, { body: {} });
    expect(response.status).toBe(400);
    expect(errorObjectSchema.parse(await response.json()).code).toBe('VALIDATION_ERROR');
  });
});

describe('staff single sign-on, not configured', () => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer('pglite');
  }, 60_000);

  afterAll(async () => {
    await server?.close();
  });

  it('says it is off, and its routes answer 404', async () => {
    const status = await officeCall(server, OFFICE_API_PATHS.ssoStatus);
    expect(ssoStatusSchema.parse(await status.json())).toEqual({ enabled: false, label: null });
    const start = await fetch(
      `${server.baseUrl}${OFFICE_API_BASE_PATH}${OFFICE_API_PATHS.ssoStart}`,
      {
        redirect: 'manual',
      },
    );
    expect(start.status).toBe(404);
    expect(errorObjectSchema.parse(await start.json()).code).toBe('NOT_FOUND');
    const exchange = await officeCall(server, OFFICE_API_PATHS.ssoExchange, {
      body: { grant: 'anything' },
    });
    expect(exchange.status).toBe(404);
  });

  it('lists its operations in the API document, with their redirects and errors', async () => {
    const document = (await (await fetch(`${server.baseUrl}/api/openapi.json`)).json()) as {
      paths: Record<string, Record<string, { responses: Record<string, unknown> }>>;
    };
    const responses = (path: string, method: string) =>
      Object.keys(document.paths[`${OFFICE_API_BASE_PATH}${path}`]?.[method]?.responses ?? {});
    expect(responses(OFFICE_API_PATHS.ssoStatus, 'get')).toEqual(['200', '500']);
    for (const path of [OFFICE_API_PATHS.ssoStart, OFFICE_API_PATHS.ssoCallback]) {
      expect(responses(path, 'get')).toEqual(expect.arrayContaining(['302', '404', '429', '500']));
    }
    expect(responses(OFFICE_API_PATHS.ssoExchange, 'post')).toEqual(
      expect.arrayContaining(['200', '400', '401', '404', '429', '500']),
    );
  });
});

describe('staff single sign-on, provider unreachable', () => {
  let server: TestServer;

  beforeAll(async () => {
    const closedPort = await freePort();
    server = await startTestServer('pglite', {
      env: {
        OIDC_ISSUER: `http://127.0.0.1:${closedPort}`,
        OIDC_CLIENT_ID: 'webpay-office',
        OIDC_CLIENT_SECRET: 'secret',
        OIDC_ROLE_MAP: ROLE_MAP,
      },
    });
  }, 60_000);

  afterAll(async () => {
    await server?.close();
  });

  it('sends the browser back to the console with SSO_UNAVAILABLE, and audits it', async () => {
    const start = await fetch(
      `${server.baseUrl}${OFFICE_API_BASE_PATH}${OFFICE_API_PATHS.ssoStart}`,
      {
        redirect: 'manual',
      },
    );
    expect(start.status).toBe(302);
    expect(landing(start.headers.get('location')).error).toBe(SSO_ERROR_CODES.unavailable);
    expect(start.headers.getSetCookie()).toEqual([]);
    const [audit] = await server.database.db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.action, 'staff.sso-sign-in'));
    expect(audit?.details).toMatchObject({ reason: 'provider-unreachable' });
  });
});
