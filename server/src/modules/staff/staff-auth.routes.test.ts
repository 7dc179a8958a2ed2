import { eq, sql } from 'drizzle-orm';
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorObjectSchema } from '@webpay/contracts/errors';
import { PAYMENT_DESK_PATHS } from '@webpay/contracts/payment-desk';
import {
  OFFICE_API_BASE_PATH,
  OFFICE_API_PATHS,
  STAFF_IDLE_TIMEOUT_SECONDS,
  STAFF_ROLES,
  STAFF_SESSION_MAX_SECONDS,
  staffMeSchema,
  staffSessionResponseSchema,
} from '@webpay/contracts/office';
import { staffMembers, staffSessions } from '../../db/schema.ts';
import { DEMO_STAFF } from '../../demo/demo-staff.ts';
import { testDatabaseKinds } from '../../../test/support/database.ts';
import {
  auditEventsOf,
  forgetUsedTotpCodes,
  officeCall,
  staffSignIn,
  totpCode,
} from '../../../test/support/office.ts';
import { startTestServer, type TestServer } from '../../../test/support/test-server.ts';
import { MAX_FAILED_SIGN_INS } from '../lockout/index.ts';
import { SecondFactors } from './second-factor.ts';

const { viewer, agent, reviewer, secondReviewer, supervisor, admin } = DEMO_STAFF;
/** Every demo staff member, both reviewers included. */
const DEMO_STAFF_KEYS = Object.keys(DEMO_STAFF) as (keyof typeof DEMO_STAFF)[];
/** A route only supervisors and admins may call, added for these tests. */
const APPROVE_ONLY = '/test-only/approve';
/** A route only reviewers may call, added for these tests. */
const REVIEW_ONLY = '/test-only/review';

async function errorOf(response: Response) {
  return errorObjectSchema.parse(await response.json());
}

describe.each(testDatabaseKinds)('staff sign-in and sessions (%s)', (kind) => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer(kind, {
      beforeListen: (app) => {
        app.get(
          `${OFFICE_API_BASE_PATH}${APPROVE_ONLY}`,
          { onRequest: [app.authenticateStaff, app.requireStaffPermission('approve')] },
          async (request) => ({ staffId: request.requireStaff().staffId }),
        );
        app.get(
          `${OFFICE_API_BASE_PATH}${REVIEW_ONLY}`,
          { onRequest: [app.authenticateStaff, app.requireStaffPermission('review')] },
          async (request) => ({ staffId: request.requireStaff().staffId }),
        );
      },
    });
  });

  afterAll(async () => {
    await server?.close();
  });

  const signIn = (body: Record<string, string>, requestId: string) =>
    officeCall(server, OFFICE_API_PATHS.signIn, { body, headers: { 'X-Request-Id': requestId } });

  const auditOf = (action: string, requestId: string) => auditEventsOf(server, action, requestId);

  const staffIdOf = async (email: string) => {
    const [row] = await server.database.db
      .select({ id: staffMembers.id })
      .from(staffMembers)
      .where(eq(staffMembers.email, email));
    if (!row) throw new Error(`no staff member ${email}`);
    return row.id;
  };

  const sessionIdOf = (token: string) => String(decodeJwt(token).sid);

  describe('sign-in', () => {
    it('has a demo staff member for every role, and a second reviewer', () => {
      const roles = Object.values(DEMO_STAFF).map((member) => member.role);
      expect(roles.sort()).toEqual([...STAFF_ROLES, 'reviewer'].sort());
    });

    it.each(DEMO_STAFF_KEYS)('signs the demo %s in with password and TOTP code', async (key) => {
      const member = DEMO_STAFF[key];
      const { role } = member;
      await forgetUsedTotpCodes(server, member.email);
      const requestId = `staff-sign-in-${key}`;
      const response = await signIn(
        { email: member.email.toUpperCase(), password: member.password, code: totpCode(member) },
        requestId,
      );
      expect(response.status).toBe(200);
      expect(response.headers.get('cache-control')).toBe('no-store');
      const body = staffSessionResponseSchema.strict().parse(await response.json());
      expect(body).toMatchObject({
        expires_in: STAFF_SESSION_MAX_SECONDS,
        idle_timeout: STAFF_IDLE_TIMEOUT_SECONDS,
      });
      const claims = decodeJwt(body.access_token);
      expect(claims.aud).toBe('webpay-billing-office');

      const me = await officeCall(server, OFFICE_API_PATHS.me, { token: body.access_token });
      expect(me.status).toBe(200);
      const { staff, session } = staffMeSchema.parse(await me.json());
      expect(staff).toMatchObject({
        email: member.email,
        role,
        name: member.name,
        status: 'active',
      });
      expect(session.method).toBe('password');
      const length = Date.parse(session.expiresAt) - Date.parse(session.signedInAt);
      expect(length).toBe(STAFF_SESSION_MAX_SECONDS * 1000);

      const id = await staffIdOf(member.email);
      const [audit] = await auditOf('staff.sign-in', requestId);
      expect(audit).toMatchObject({
        outcome: 'success',
        actorType: 'staff',
        actorId: id,
        targetType: 'staff-session',
        targetId: claims.sid,
        ipAddress: '127.0.0.1',
      });
      expect(audit?.details).toMatchObject({ method: 'password', secondFactor: 'totp', role });
      expect(JSON.stringify(audit)).not.toContain(member.password);
      const [sessionRow] = await server.database.db
        .select()
        .from(staffSessions)
        .where(eq(staffSessions.id, String(claims.sid)));
      expect(sessionRow).toMatchObject({ staffId: id, method: 'password', ipAddress: '127.0.0.1' });
    });

    it('answers an unknown e-mail, a wrong password and a wrong code alike', async () => {
      await forgetUsedTotpCodes(server, agent.email);
      const wrongCode = String((Number(totpCode(agent)) + 500_000) % 1_000_000).padStart(6, '0');
      const cases = {
        unknown: {
          email: 'nobody@wasatchvalleyhealth.example',
          password: agent.password,
          code: totpCode(agent),
        },
        password: { email: agent.email, password: `${agent.password}x`, code: totpCode(agent) },
        code: { email: agent.email, password: agent.password, code: wrongCode },
      };
      const answers = await Promise.all(
        Object.entries(cases).map(async ([name, body]) => {
          const response = await signIn(body, `staff-fail-${name}`);
          const {
            requestId: _request,
            correlationId: _correlation,
            ...rest
          } = await errorOf(response);
          return { status: response.status, body: rest };
        }),
      );
      for (const answer of answers) {
        expect(answer).toEqual({
          status: 401,
          body: {
            title: 'Sign-in failed',
            status: 401,
            code: 'INVALID_CREDENTIALS',
            details: ['The email, password or authentication code is incorrect.'],
          },
        });
      }
      const reasons = await Promise.all(
        Object.keys(cases).map(
          async (name) => (await auditOf('staff.sign-in', `staff-fail-${name}`))[0],
        ),
      );
      expect(reasons.map((row) => [row?.outcome, row?.details?.reason])).toEqual([
        ['failure', 'unknown_email'],
        ['failure', 'wrong_password'],
        ['failure', 'wrong_code'],
      ]);
      // A wrong password must not use the code up: the right one still works.
      await staffSignIn(server, agent);
    });

    it('refuses a TOTP code whose time step was used already', async () => {
      await forgetUsedTotpCodes(server, viewer.email);
      const body = { email: viewer.email, password: viewer.password, code: totpCode(viewer) };
      expect((await signIn(body, 'replay-first')).status).toBe(200);
      const replay = await signIn(body, 'replay-second');
      expect(replay.status).toBe(401);
      const [audit] = await auditOf('staff.sign-in', 'replay-second');
      expect(audit?.details).toMatchObject({ reason: 'wrong_code' });
      // An older code of the window is refused too once a later one was used.
      const earlier = totpCode(viewer, new Date(Date.now() - 30_000));
      expect((await signIn({ ...body, code: earlier }, 'replay-older')).status).toBe(401);
    });

    it('refuses a disabled staff member with the same answer', async () => {
      const id = await staffIdOf(supervisor.email);
      await server.database.db
        .update(staffMembers)
        .set({ status: 'disabled' })
        .where(eq(staffMembers.id, id));
      try {
        await forgetUsedTotpCodes(server, supervisor.email);
        const response = await signIn(
          { email: supervisor.email, password: supervisor.password, code: totpCode(supervisor) },
          'disabled-sign-in',
        );
        expect(response.status).toBe(401);
        expect((await errorOf(response)).code).toBe('INVALID_CREDENTIALS');
        const [audit] = await auditOf('staff.sign-in', 'disabled-sign-in');
        expect(audit?.details).toMatchObject({ reason: 'not_active' });
      } finally {
        await server.database.db
          .update(staffMembers)
          .set({ status: 'active' })
          .where(eq(staffMembers.id, id));
      }
    });

    it('answers a TOTP key sealed under another secret as a failed sign-in', async () => {
      const [row] = await server.database.db
        .select()
        .from(staffMembers)
        .where(eq(staffMembers.email, supervisor.email));
      const sealed = row?.totpSecretSealed ?? '';
      const other = new SecondFactors('another-secret-of-at-least-32-characters');
      await server.database.db
        .update(staffMembers)
        .set({ totpSecretSealed: other.seal(supervisor.totpSecret) })
        .where(eq(staffMembers.email, supervisor.email));
      try {
        const response = await signIn(
          { email: supervisor.email, password: supervisor.password, code: totpCode(supervisor) },
          'unreadable-key',
        );
        expect(response.status).toBe(401);
        expect((await errorOf(response)).code).toBe('INVALID_CREDENTIALS');
        const [audit] = await auditOf('staff.sign-in', 'unreadable-key');
        expect(audit?.details).toMatchObject({ reason: 'totp_key_unreadable' });
      } finally {
        await server.database.db
          .update(staffMembers)
          .set({ totpSecretSealed: sealed })
          .where(eq(staffMembers.email, supervisor.email));
      }
    });

    it('locks an address after repeated failures, known or not, and says so', async () => {
      const unknown = 'locked-out@wasatchvalleyhealth.example';
      const statuses: number[] = [];
      for (let attempt = 1; attempt <= MAX_FAILED_SIGN_INS + 1; attempt += 1) {
        const response = await signIn(
          { email: unknown, password: 'not the password at all', code: '123456' },
          `lockout-${attempt}`,
        );
        statuses.push(response.status);
      }
      expect(statuses.slice(0, MAX_FAILED_SIGN_INS - 1).every((status) => status === 401)).toBe(
        true,
      );
      expect(statuses.slice(MAX_FAILED_SIGN_INS - 1)).toEqual([423, 423]);
      const [audit] = await auditOf('staff.sign-in', `lockout-${MAX_FAILED_SIGN_INS + 1}`);
      expect(audit).toMatchObject({ outcome: 'failure', actorType: 'anonymous' });
      expect(audit?.details).toMatchObject({ reason: 'locked', locked: true });
    });

    it('refuses a body that is not e-mail, password and code', async () => {
      const response = await signIn(
        { email: 'not-an-address', password: '', code: 'x' },
        'bad-body',
      );
      expect(response.status).toBe(400);
      expect((await errorOf(response)).code).toBe('VALIDATION_ERROR');
    });
  });

  describe('sessions', () => {
    it('ends a session after the idle timeout; any call before it keeps it alive', async () => {
      const token = await staffSignIn(server, viewer);
      const sessionId = sessionIdOf(token);
      const idleFor = (seconds: number) =>
        server.database.db
          .update(staffSessions)
          .set({ lastSeenAt: sql`now() - (${seconds}::integer * interval '1 second')` })
          .where(eq(staffSessions.id, sessionId));

      await idleFor(STAFF_IDLE_TIMEOUT_SECONDS - 60);
      const kept = await officeCall(server, OFFICE_API_PATHS.keepAlive, { token, method: 'POST' });
      expect(kept.status).toBe(200);
      const { session } = staffMeSchema.parse(await kept.json());
      const idleLeft = Date.parse(session.idleExpiresAt) - Date.now();
      expect(idleLeft).toBeGreaterThan((STAFF_IDLE_TIMEOUT_SECONDS - 30) * 1000);

      await idleFor(STAFF_IDLE_TIMEOUT_SECONDS + 1);
      const expired = await officeCall(server, OFFICE_API_PATHS.me, { token });
      expect(expired.status).toBe(401);
      expect((await errorOf(expired)).code).toBe('SESSION_EXPIRED');
    });

    it('ends a session 12 hours after sign-in however busy it is', async () => {
      const token = await staffSignIn(server, agent);
      await server.database.db
        .update(staffSessions)
        .set({
          createdAt: sql`now() - interval '12 hours 1 second'`,
          expiresAt: sql`now() - interval '1 second'`,
        })
        .where(eq(staffSessions.id, sessionIdOf(token)));
      const response = await officeCall(server, OFFICE_API_PATHS.me, { token });
      expect(response.status).toBe(401);
      expect((await errorOf(response)).code).toBe('SESSION_EXPIRED');
    });

    it('signs out one session, which is refused afterwards, and audits it', async () => {
      const token = await staffSignIn(server, admin);
      const other = await staffSignIn(server, admin);
      const response = await officeCall(server, OFFICE_API_PATHS.signOut, {
        token,
        method: 'POST',
        headers: { 'X-Request-Id': 'staff-sign-out' },
      });
      expect(response.status).toBe(204);
      expect((await officeCall(server, OFFICE_API_PATHS.me, { token })).status).toBe(401);
      expect((await officeCall(server, OFFICE_API_PATHS.me, { token: other })).status).toBe(200);
      const [audit] = await auditOf('staff.sign-out', 'staff-sign-out');
      expect(audit).toMatchObject({
        actorType: 'staff',
        actorId: await staffIdOf(admin.email),
        targetId: sessionIdOf(token),
      });
    });

    it('signs out everywhere: every session of the staff member ends, no one else’s', async () => {
      const first = await staffSignIn(server, admin);
      const second = await staffSignIn(server, admin);
      const someoneElse = await staffSignIn(server, viewer);
      const response = await officeCall(server, OFFICE_API_PATHS.signOutEverywhere, {
        token: first,
        method: 'POST',
        headers: { 'X-Request-Id': 'staff-sign-out-everywhere' },
      });
      expect(response.status).toBe(204);
      for (const token of [first, second]) {
        expect((await officeCall(server, OFFICE_API_PATHS.me, { token })).status).toBe(401);
      }
      expect((await officeCall(server, OFFICE_API_PATHS.me, { token: someoneElse })).status).toBe(
        200,
      );
      const [audit] = await auditOf('staff.sign-out-everywhere', 'staff-sign-out-everywhere');
      expect(audit?.details).toMatchObject({ sessionsEnded: expect.any(Number) });
      expect(Number(audit?.details?.sessionsEnded)).toBeGreaterThanOrEqual(2);
    });

    it('refuses calls without a token or with a forged one', async () => {
      expect((await officeCall(server, OFFICE_API_PATHS.me)).status).toBe(401);
      const token = await staffSignIn(server, viewer);
      const [header, payload] = token.split('.');
      const forged = `${header}.${payload}.${'A'.repeat(43)}`;
      expect((await officeCall(server, OFFICE_API_PATHS.me, { token: forged })).status).toBe(401);
    });
  });

  describe('permissions', () => {
    it('refuses a role below the permission with 403 and audits the refusal', async () => {
      const token = await staffSignIn(server, agent);
      const response = await officeCall(server, APPROVE_ONLY, {
        token,
        headers: { 'X-Request-Id': 'denied-approve' },
      });
      expect(response.status).toBe(403);
      expect(await errorOf(response)).toMatchObject({
        code: 'STAFF_PERMISSION_REQUIRED',
        title: 'Not allowed for your role',
      });
      const [audit] = await auditOf('access.denied', 'denied-approve');
      expect(audit).toMatchObject({
        outcome: 'failure',
        actorType: 'staff',
        actorId: await staffIdOf(agent.email),
        targetType: 'route',
        targetId: `GET ${OFFICE_API_BASE_PATH}${APPROVE_ONLY}`,
      });
      expect(audit?.details).toEqual({
        permission: 'approve',
        allowedRoles: ['supervisor', 'admin'],
        role: 'agent',
      });
    });

    it('refuses a reviewer support and approval, by the hooks and in one trip, audited', async () => {
      const token = await staffSignIn(server, reviewer);
      const body = { reason: 'Asked by the guarantor' };
      const calls = [
        // The support actions and the payment desk's approvals check in one trip (staffGate).
        ['support', OFFICE_API_PATHS.guarantorAction('sample-id', 'unlock-sign-in'), body],
        ['approve', PAYMENT_DESK_PATHS.approve('sample-id', 'sample-id'), body],
        ['approve', APPROVE_ONLY, undefined],
      ] as const;
      const allowed = {
        support: ['agent', 'supervisor', 'admin'],
        approve: ['supervisor', 'admin'],
      };
      for (const [index, [permission, path, sent]] of calls.entries()) {
        const requestId = `reviewer-denied-${index}`;
        const response = await officeCall(server, path, {
          token,
          body: sent,
          headers: { 'X-Request-Id': requestId },
        });
        expect(response.status, path).toBe(403);
        expect((await errorOf(response)).code).toBe('STAFF_PERMISSION_REQUIRED');
        const [audit] = await auditOf('access.denied', requestId);
        expect(audit).toMatchObject({
          actorId: await staffIdOf(reviewer.email),
          outcome: 'failure',
        });
        expect(audit?.details).toEqual({
          permission,
          allowedRoles: allowed[permission],
          role: 'reviewer',
        });
      }
    });

    it('lets reviewers alone through a review route', async () => {
      for (const member of [reviewer, secondReviewer]) {
        const token = await staffSignIn(server, member);
        expect((await officeCall(server, REVIEW_ONLY, { token })).status).toBe(200);
      }
      for (const member of [viewer, agent, supervisor, admin]) {
        const requestId = `review-denied-${member.role}`;
        const token = await staffSignIn(server, member);
        const response = await officeCall(server, REVIEW_ONLY, {
          token,
          headers: { 'X-Request-Id': requestId },
        });
        expect(response.status, member.role).toBe(403);
        const [audit] = await auditOf('access.denied', requestId);
        expect(audit?.details).toEqual({
          permission: 'review',
          allowedRoles: ['reviewer'],
          role: member.role,
        });
      }
    });

    it('lets the roles that have the permission through', async () => {
      for (const member of [supervisor, admin]) {
        const token = await staffSignIn(server, member);
        expect((await officeCall(server, APPROVE_ONLY, { token })).status).toBe(200);
      }
    });

    it('answers in Spanish when asked', async () => {
      const token = await staffSignIn(server, viewer);
      const response = await officeCall(server, APPROVE_ONLY, {
        token,
        headers: { 'Accept-Language': 'es' },
      });
      expect((await errorOf(response)).title).toBe('No permitido para su rol');
    });
  });
});
