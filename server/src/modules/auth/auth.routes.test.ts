import { and, desc, eq, sql } from 'drizzle-orm';
import { SignJWT, UnsecuredJWT, decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_PATHS } from '@webpay/contracts/api';
import { claimsSchema, loginResponseSchema, userSchema } from '@webpay/contracts/auth';
import { errorObjectSchema } from '@webpay/contracts/errors';
import { auditEvents, guarantors, sessions, signInLockouts } from '../../db/schema.ts';
import { DEMO_GUARANTORS } from '../../demo/demo-guarantors.ts';
import { testDatabaseKinds } from '../../../test/support/database.ts';
import { startTestServer, type TestServer } from '../../../test/support/test-server.ts';
import { LOCKOUT_MINUTES, MAX_FAILED_SIGN_INS } from './auth.service.ts';

const { maria, james, linda, ana, robert } = DEMO_GUARANTORS;

async function errorOf(response: Response) {
  return errorObjectSchema.parse(await response.json());
}

describe.each(testDatabaseKinds)('sign-in, current user and sign-out (%s)', (kind) => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer(kind);
  });

  afterAll(async () => {
    await server?.close();
  });

  const login = (accountNumber: string, pin: string, headers: Record<string, string> = {}) =>
    server.api(API_PATHS.login, { body: { accountNumber, pin }, headers });

  const guarantorId = async (accountNumber: string) => {
    const [row] = await server.database.db
      .select({ id: guarantors.id })
      .from(guarantors)
      .where(eq(guarantors.accountNumber, accountNumber));
    if (!row) throw new Error(`no guarantor ${accountNumber}`);
    return row.id;
  };

  const lockoutKey = (accountNumber: string) =>
    server.app.services.lockout.accountKey(accountNumber);

  const lockoutOf = async (accountNumber: string) => {
    const [row] = await server.database.db
      .select()
      .from(signInLockouts)
      .where(eq(signInLockouts.identifierHash, lockoutKey(accountNumber)));
    return row;
  };

  const auditOf = (action: string, requestId: string) =>
    server.database.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, action), eq(auditEvents.requestId, requestId)))
      .orderBy(desc(auditEvents.id));

  describe('POST /auth/login', () => {
    it('signs in with account number and PIN and returns a short-lived token', async () => {
      const response = await login(maria.accountNumber, maria.pin, {
        'X-Request-Id': 'login-ok-1',
      });
      expect(response.status).toBe(200);
      const body = loginResponseSchema.strict().parse(await response.json());
      expect(body.expires_in).toBe(900);

      const claims = claimsSchema.parse(decodeJwt(body.access_token));
      const id = await guarantorId(maria.accountNumber);
      expect(claims).toMatchObject({
        sub: id,
        guarantor: id,
        roles: ['historical-data'],
        loginType: 'pin',
      });
      expect(claims.exp - claims.iat).toBe(900);

      const [session] = await server.database.db
        .select()
        .from(sessions)
        .where(eq(sessions.id, claims.sid));
      expect(session).toMatchObject({ guarantorId: id, loginType: 'pin', revokedAt: null });
      expect(session?.expiresAt.getTime()).toBe(claims.exp * 1000);

      const [audit] = await auditOf('auth.login', 'login-ok-1');
      expect(audit).toMatchObject({
        outcome: 'success',
        actorType: 'guarantor',
        actorId: id,
        guarantorId: id,
        targetType: 'session',
        targetId: claims.sid,
        correlationId: 'login-ok-1',
      });
      expect(JSON.stringify(audit)).not.toContain(maria.pin);
      expect(JSON.stringify(audit)).not.toContain(body.access_token);
    });

    it('answers a wrong PIN and an unknown account identically', async () => {
      const wrongPin = await login(james.accountNumber, '11112222', {
        'X-Request-Id': 'wrong-pin-1',
      });
      const unknown = await login('999888777', james.pin, { 'X-Request-Id': 'unknown-1' });
      expect(wrongPin.status).toBe(401);
      expect(unknown.status).toBe(401);
      const [wrongBody, unknownBody] = [await errorOf(wrongPin), await errorOf(unknown)];
      const expected = {
        title: 'Sign-in failed',
        status: 401,
        code: 'INVALID_CREDENTIALS',
        details: ['The account number or PIN is incorrect.'],
      };
      expect(wrongBody).toMatchObject(expected);
      expect(unknownBody).toMatchObject(expected);
      expect(Object.keys(wrongBody).sort()).toEqual(Object.keys(unknownBody).sort());

      const [wrongAudit] = await auditOf('auth.login', 'wrong-pin-1');
      expect(wrongAudit).toMatchObject({
        outcome: 'failure',
        guarantorId: await guarantorId(james.accountNumber),
        details: { method: 'pin', reason: 'wrong_pin', locked: false },
      });
      const [unknownAudit] = await auditOf('auth.login', 'unknown-1');
      expect(unknownAudit).toMatchObject({
        outcome: 'failure',
        guarantorId: null,
        details: { method: 'pin', reason: 'unknown_account' },
      });
      expect(JSON.stringify([wrongAudit, unknownAudit])).not.toContain('11112222');
      expect(JSON.stringify([wrongAudit, unknownAudit])).not.toContain(james.pin);

      // A later success clears the count.
      expect(await lockoutOf(james.accountNumber)).toMatchObject({ failures: 1 });
      expect((await login(james.accountNumber, james.pin)).status).toBe(200);
      expect(await lockoutOf(james.accountNumber)).toBeUndefined();
    });

    it('treats a guarantor without a PIN like a wrong PIN', async () => {
      await server.database.db
        .update(guarantors)
        .set({ pinHash: null })
        .where(eq(guarantors.accountNumber, robert.accountNumber));
      const response = await login(robert.accountNumber, robert.pin);
      expect(response.status).toBe(401);
      expect((await errorOf(response)).code).toBe('INVALID_CREDENTIALS');
    });

    it(`locks the account for ${LOCKOUT_MINUTES} minutes after ${MAX_FAILED_SIGN_INS} wrong PINs (423)`, async () => {
      for (let attempt = 1; attempt < MAX_FAILED_SIGN_INS; attempt++) {
        const response = await login(linda.accountNumber, '00000000');
        expect(response.status, `attempt ${attempt}`).toBe(401);
      }
      const locking = await login(linda.accountNumber, '00000000');
      expect(locking.status).toBe(423);
      const error = await errorOf(locking);
      expect(error).toMatchObject({ code: 'ACCOUNT_LOCKED', title: 'Account locked', status: 423 });
      expect(error.details[0]).toContain(`paused for ${LOCKOUT_MINUTES} minutes`);
      expect(error.details[0]).toContain('(801) 555-0100');
      const retryAfter = Number(locking.headers.get('retry-after'));
      expect(retryAfter).toBeGreaterThan(LOCKOUT_MINUTES * 60 - 30);
      expect(retryAfter).toBeLessThanOrEqual(LOCKOUT_MINUTES * 60);

      // Even the right PIN is refused while the lock lasts.
      const rightPin = await login(linda.accountNumber, linda.pin);
      expect(rightPin.status).toBe(423);
      expect((await errorOf(rightPin)).code).toBe('ACCOUNT_LOCKED');

      // Once the lock has passed, the right PIN works again and clears it.
      await server.database.db
        .update(signInLockouts)
        .set({ lockedUntil: sql`now() - interval '1 minute'` })
        .where(eq(signInLockouts.identifierHash, lockoutKey(linda.accountNumber)));
      expect((await login(linda.accountNumber, linda.pin)).status).toBe(200);
      expect(await lockoutOf(linda.accountNumber)).toBeUndefined();
    });

    it('counts parallel wrong PINs without losing any', async () => {
      const attempts = await Promise.all(
        Array.from({ length: MAX_FAILED_SIGN_INS }, () => login(ana.accountNumber, '13579135')),
      );
      expect(
        attempts.map((response) => response.status).filter((status) => status === 423),
      ).toHaveLength(1);
      expect((await login(ana.accountNumber, ana.pin)).status).toBe(423);
    });
  });

  describe('GET /auth/me', () => {
    it('returns the signed-in guarantor', async () => {
      const token = await server.login(maria.accountNumber, maria.pin);
      const response = await server.api(API_PATHS.me, {
        token,
        headers: { 'X-Request-Id': 'me-1' },
      });
      expect(response.status).toBe(200);
      expect(userSchema.strict().parse(await response.json())).toEqual({
        email: 'maria.garcia@example.com',
        firstName: 'Maria',
        lastName: 'Garcia',
        mmi: '5001001',
        supportPhone: '(801) 555-0142',
        context: { facility: '107', accountNumber: '100200300' },
      });
      const [audit] = await auditOf('user.read', 'me-1');
      expect(audit).toMatchObject({
        outcome: 'success',
        guarantorId: await guarantorId(maria.accountNumber),
      });
    });

    it('leaves supportPhone out when the guarantor has none', async () => {
      const token = await server.login(james.accountNumber, james.pin);
      const body = (await (await server.api(API_PATHS.me, { token })).json()) as Record<
        string,
        unknown
      >;
      expect(body).not.toHaveProperty('supportPhone');
      expect(body).toMatchObject({ firstName: 'James', email: 'james.wilson@example.com' });
    });

    it('requires a token', async () => {
      const response = await server.api(API_PATHS.me);
      expect(response.status).toBe(401);
      expect(await errorOf(response)).toMatchObject({
        code: 'UNAUTHORIZED',
        title: 'Unauthorized',
      });
    });
  });

  describe('POST /auth/logout', () => {
    it('revokes the session so the same token is refused afterwards', async () => {
      const token = await server.login(maria.accountNumber, maria.pin);
      expect((await server.api(API_PATHS.me, { token })).status).toBe(200);

      const logout = await server.api(API_PATHS.logout, {
        method: 'POST',
        token,
        headers: { 'Content-Type': 'application/json', 'X-Request-Id': 'logout-1' },
      });
      expect(logout.status).toBe(204);
      expect(await logout.text()).toBe('');

      const { sid } = claimsSchema.parse(decodeJwt(token));
      const [session] = await server.database.db
        .select()
        .from(sessions)
        .where(eq(sessions.id, sid));
      expect(session?.revokedAt).toBeInstanceOf(Date);
      expect(session?.revokedReason).toBe('logout');
      expect(await auditOf('auth.logout', 'logout-1')).toHaveLength(1);

      for (const path of [API_PATHS.me, API_PATHS.encounters]) {
        const refused = await server.api(path, { token });
        expect(refused.status, path).toBe(401);
        expect(await errorOf(refused)).toMatchObject({
          code: 'SESSION_EXPIRED',
          title: 'Session expired',
        });
      }
      expect((await server.api(API_PATHS.logout, { method: 'POST', token })).status).toBe(401);
    });
  });

  describe('tokens that must be refused', () => {
    const secret = () => new TextEncoder().encode(server.env.JWT_SECRET);

    const claimsFor = async () => {
      const token = await server.login(maria.accountNumber, maria.pin);
      return { token, claims: claimsSchema.parse(decodeJwt(token)) };
    };

    it('refuses an expired token with SESSION_EXPIRED', async () => {
      const { claims } = await claimsFor();
      const past = Math.floor(Date.now() / 1000) - 3600;
      const expired = await new SignJWT({ ...claims })
        .setProtectedHeader({ alg: 'HS256' })
        .setIssuedAt(past - 900)
        .setExpirationTime(past)
        .sign(secret());
      const response = await server.api(API_PATHS.encounters, { token: expired });
      expect(response.status).toBe(401);
      expect((await errorOf(response)).code).toBe('SESSION_EXPIRED');
    });

    it('refuses a live token whose session has expired on the server', async () => {
      const { token, claims } = await claimsFor();
      await server.database.db
        .update(sessions)
        .set({ expiresAt: sql`now() - interval '1 second'` })
        .where(eq(sessions.id, claims.sid));
      const response = await server.api(API_PATHS.me, { token });
      expect(response.status).toBe(401);
      expect((await errorOf(response)).code).toBe('SESSION_EXPIRED');
    });

    it('refuses a tampered token', async () => {
      const { token, claims } = await claimsFor();
      const jamesId = await guarantorId(james.accountNumber);
      const [header, , signature] = token.split('.');
      const payload = Buffer.from(
        JSON.stringify({ ...claims, sub: jamesId, guarantor: jamesId }),
      ).toString('base64url');
      const response = await server.api(API_PATHS.encounters, {
        token: `${header}.${payload}.${signature}`,
      });
      expect(response.status).toBe(401);
      expect((await errorOf(response)).code).toBe('UNAUTHORIZED');
    });

    it('refuses alg:none', async () => {
      const { claims } = await claimsFor();
      const unsigned = new UnsecuredJWT({ ...claims }).encode();
      const response = await server.api(API_PATHS.encounters, { token: unsigned });
      expect(response.status).toBe(401);
      expect((await errorOf(response)).code).toBe('UNAUTHORIZED');
    });

    it('refuses a well-signed token for a session that does not exist', async () => {
      const { claims } = await claimsFor();
      const forged = await new SignJWT({ ...claims, sid: 'no-such-session' })
        .setProtectedHeader({ alg: 'HS256' })
        .sign(secret());
      const response = await server.api(API_PATHS.me, { token: forged });
      expect(response.status).toBe(401);
      expect((await errorOf(response)).code).toBe('UNAUTHORIZED');
    });

    it('refuses a malformed Authorization header', async () => {
      for (const authorization of ['Bearer', 'Basic abc', 'Bearer not-a-jwt']) {
        const response = await server.api(API_PATHS.me, {
          headers: { Authorization: authorization },
        });
        expect(response.status, authorization).toBe(401);
      }
    });
  });
});
