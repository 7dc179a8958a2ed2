import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorObjectSchema } from '@webpay/contracts/errors';
import {
  OFFICE_API_PATHS,
  RECOVERY_CODE_COUNT,
  enrolmentLinkSchema,
  enrolmentResultSchema,
  enrolmentSchema,
  staffListSchema,
  staffMemberSchema,
} from '@webpay/contracts/office';
import { staffMembers, staffRecoveryCodes } from '../../db/schema.ts';
import { DEMO_STAFF } from '../../demo/demo-staff.ts';
import { testDatabaseKinds } from '../../../test/support/database.ts';
import { auditEventsOf, officeCall, staffSignIn, totpCode } from '../../../test/support/office.ts';
import { startTestServer, type TestServer } from '../../../test/support/test-server.ts';

const { viewer, agent, supervisor, admin } = DEMO_STAFF;
const NEW_PASSWORD = 'amber lantern over the salt flats';

async function errorOf(response: Response) {
  return errorObjectSchema.parse(await response.json());
}

/** The token at the end of an enrolment URL. */
const tokenOf = (url: string) => decodeURIComponent(url.split('/').pop() ?? '');

describe.each(testDatabaseKinds)('staff administration and enrolment (%s)', (kind) => {
  let server: TestServer;
  let adminToken: string;

  beforeAll(async () => {
    server = await startTestServer(kind);
    adminToken = await staffSignIn(server, admin);
  });

  afterAll(async () => {
    await server?.close();
  });

  const call = (path: string, request: Parameters<typeof officeCall>[2] = {}) =>
    officeCall(server, path, { token: adminToken, ...request });

  const auditOf = (action: string, requestId: string) => auditEventsOf(server, action, requestId);

  const add = async (name: string, email: string, role = 'agent', requestId = `add-${email}`) => {
    const response = await call(OFFICE_API_PATHS.staff, {
      body: { name, email, role },
      headers: { 'X-Request-Id': requestId },
    });
    expect(response.status).toBe(201);
    return enrolmentLinkSchema.parse(await response.json());
  };

  /** Enrols with the key the link shows, at a moment `offsetSeconds` from now. */
  const enrol = async (url: string, password = NEW_PASSWORD, offsetSeconds = 0) => {
    const token = tokenOf(url);
    const shown = enrolmentSchema.parse(
      await (await officeCall(server, OFFICE_API_PATHS.enrolment(token))).json(),
    );
    const code = totpCode(shown, new Date(Date.now() + offsetSeconds * 1000));
    const response = await officeCall(server, OFFICE_API_PATHS.enrolment(token), {
      body: { password, code },
      headers: { 'X-Request-Id': `enrol-${token.slice(0, 8)}` },
    });
    return { response, shown, token };
  };

  describe('administration', () => {
    it('lists every staff member to an administrator, and audits it', async () => {
      const response = await call(OFFICE_API_PATHS.staff, { headers: { 'X-Request-Id': 'list' } });
      expect(response.status).toBe(200);
      const { staff } = staffListSchema.parse(await response.json());
      const emails = staff.map((member) => member.email);
      expect(emails).toEqual(expect.arrayContaining(Object.values(DEMO_STAFF).map((m) => m.email)));
      expect(JSON.stringify(staff)).not.toMatch(/password|totp|scrypt/i);
      const [audit] = await auditOf('staff.list', 'list');
      expect(audit).toMatchObject({ actorType: 'staff', outcome: 'success' });
    });

    it.each([
      ['viewer', viewer],
      ['agent', agent],
      ['supervisor', supervisor],
    ] as const)('refuses a %s every staff call with 403, audited', async (role, member) => {
      const token = await staffSignIn(server, member);
      const calls = [
        { path: OFFICE_API_PATHS.staff },
        {
          path: OFFICE_API_PATHS.staff,
          body: { name: 'X Y', email: 'x@y.example', role: 'admin' },
        },
        { path: OFFICE_API_PATHS.staffDisable('some-id'), method: 'POST' },
        { path: OFFICE_API_PATHS.staffReset('some-id'), method: 'POST' },
        { path: OFFICE_API_PATHS.staffMember('some-id') },
      ];
      for (const [index, request] of calls.entries()) {
        const requestId = `denied-${role}-${index}`;
        const response = await officeCall(server, request.path, {
          ...request,
          token,
          headers: { 'X-Request-Id': requestId },
        });
        expect(response.status).toBe(403);
        expect((await errorOf(response)).code).toBe('STAFF_PERMISSION_REQUIRED');
        const [audit] = await auditOf('access.denied', requestId);
        expect(audit).toMatchObject({ actorType: 'staff', outcome: 'failure' });
        expect(audit?.details).toMatchObject({ permission: 'administer', role });
      }
      const [row] = await server.database.db
        .select()
        .from(staffMembers)
        .where(eq(staffMembers.email, 'x@y.example'));
      expect(row).toBeUndefined();
    });

    it('adds a staff member, invited, with a one-time link under PUBLIC_URL', async () => {
      const link = await add(
        'Riley Summers',
        'Riley.Summers@Example.org',
        'supervisor',
        'add-riley',
      );
      expect(link.staff).toMatchObject({
        name: 'Riley Summers',
        email: 'riley.summers@example.org',
        role: 'supervisor',
        kind: 'local',
        status: 'invited',
        lastSignInAt: null,
      });
      expect(link.enrolmentUrl).toMatch(
        new RegExp(`^${server.env.PUBLIC_URL}/office/enrol/[A-Za-z0-9_-]{43}$`),
      );
      const hours = (Date.parse(link.expiresAt) - Date.now()) / 3_600_000;
      expect(hours).toBeGreaterThan(71.9);
      expect(hours).toBeLessThanOrEqual(72);
      const [audit] = await auditOf('staff.add', 'add-riley');
      expect(audit).toMatchObject({
        actorType: 'staff',
        targetType: 'staff',
        targetId: link.staff.id,
      });
      expect(JSON.stringify(audit)).not.toContain(tokenOf(link.enrolmentUrl));

      const again = await call(OFFICE_API_PATHS.staff, {
        body: { name: 'Riley Again', email: 'riley.summers@example.org', role: 'viewer' },
      });
      expect(again.status).toBe(409);
      expect((await errorOf(again)).code).toBe('STAFF_EMAIL_IN_USE');

      const one = await call(OFFICE_API_PATHS.staffMember(link.staff.id));
      expect(staffMemberSchema.parse(await one.json())).toEqual(link.staff);
      expect((await call(OFFICE_API_PATHS.staffMember(randomUUID()))).status).toBe(404);
      expect((await call(OFFICE_API_PATHS.staffMember('not-an-id'))).status).toBe(400);
    });

    it('refuses a bad body and changes nothing', async () => {
      const response = await call(OFFICE_API_PATHS.staff, {
        body: { name: '', email: 'not-an-address', role: 'owner' },
      });
      expect(response.status).toBe(400);
      expect((await errorOf(response)).code).toBe('VALIDATION_ERROR');
    });

    it('disables a staff member: their sessions end and they cannot sign in', async () => {
      const link = await add('Casey Brandt', 'casey.brandt@example.org', 'viewer');
      const { response } = await enrol(link.enrolmentUrl);
      expect(response.status).toBe(200);
      const member = { ...viewer, email: 'casey.brandt@example.org', password: NEW_PASSWORD };
      const secret = await totpSecretOf(link.staff.id);
      const token = await staffSignIn(server, { ...member, totpSecret: secret });

      const disabled = await call(OFFICE_API_PATHS.staffDisable(link.staff.id), {
        method: 'POST',
        headers: { 'X-Request-Id': 'disable-casey' },
      });
      expect(disabled.status).toBe(200);
      expect(staffMemberSchema.parse(await disabled.json()).status).toBe('disabled');
      expect((await officeCall(server, OFFICE_API_PATHS.me, { token })).status).toBe(401);
      await expect(staffSignIn(server, { ...member, totpSecret: secret })).rejects.toThrow(/401/);
      const [audit] = await auditOf('staff.disable', 'disable-casey');
      expect(audit?.details).toMatchObject({ previousStatus: 'active', sessionsEnded: 1 });
    });

    it('refuses to let an administrator disable or reset their own account', async () => {
      const me = staffListSchema
        .parse(await (await call(OFFICE_API_PATHS.staff)).json())
        .staff.find((member) => member.email === admin.email);
      if (!me) throw new Error('no admin');
      for (const path of [
        OFFICE_API_PATHS.staffDisable(me.id),
        OFFICE_API_PATHS.staffReset(me.id),
      ]) {
        const response = await call(path, { method: 'POST' });
        expect(response.status).toBe(400);
      }
      expect((await officeCall(server, OFFICE_API_PATHS.me, { token: adminToken })).status).toBe(
        200,
      );
    });

    it('resets a staff member: credentials cleared, sessions ended, a new link works once', async () => {
      const link = await add('Morgan Ivers', 'morgan.ivers@example.org', 'agent');
      expect((await enrol(link.enrolmentUrl)).response.status).toBe(200);
      const secret = await totpSecretOf(link.staff.id);
      const member = { ...agent, email: 'morgan.ivers@example.org', password: NEW_PASSWORD };
      const token = await staffSignIn(server, { ...member, totpSecret: secret });

      const reset = await call(OFFICE_API_PATHS.staffReset(link.staff.id), {
        method: 'POST',
        headers: { 'X-Request-Id': 'reset-morgan' },
      });
      expect(reset.status).toBe(200);
      const relink = enrolmentLinkSchema.parse(await reset.json());
      expect(relink.staff.status).toBe('invited');
      expect(relink.enrolmentUrl).not.toBe(link.enrolmentUrl);
      expect((await officeCall(server, OFFICE_API_PATHS.me, { token })).status).toBe(401);
      await expect(staffSignIn(server, { ...member, totpSecret: secret })).rejects.toThrow(/401/);
      const [row] = await server.database.db
        .select()
        .from(staffMembers)
        .where(eq(staffMembers.id, link.staff.id));
      expect(row).toMatchObject({ passwordHash: null, totpSecretSealed: null, totpLastStep: null });
      const codes = await server.database.db
        .select()
        .from(staffRecoveryCodes)
        .where(eq(staffRecoveryCodes.staffId, link.staff.id));
      expect(codes).toEqual([]);
      const [audit] = await auditOf('staff.reset', 'reset-morgan');
      expect(audit?.details).toMatchObject({ previousStatus: 'active', sessionsEnded: 1 });

      const second = await enrol(relink.enrolmentUrl, 'a brand new passphrase for morning');
      expect(second.response.status).toBe(200);
      expect(second.shown.totpSecret).not.toBe(secret);
    });
  });

  describe('enrolment', () => {
    it('shows the TOTP key as base32 and otpauth URI, then enrols once', async () => {
      const link = await add('Drew Castellanos', 'drew.castellanos@example.org', 'viewer');
      const token = tokenOf(link.enrolmentUrl);
      const shown = enrolmentSchema.parse(
        await (await officeCall(server, OFFICE_API_PATHS.enrolment(token))).json(),
      );
      expect(shown).toMatchObject({
        name: 'Drew Castellanos',
        email: 'drew.castellanos@example.org',
        role: 'viewer',
        expiresAt: link.expiresAt,
      });
      expect(shown.totpSecret).toMatch(/^[A-Z2-7]{32}$/);
      const uri = new URL(shown.otpauthUri);
      expect(uri.protocol).toBe('otpauth:');
      expect(uri.host).toBe('totp');
      expect(uri.searchParams.get('issuer')).toBe('WebPay Billing Office');
      expect(uri.searchParams.get('secret')).toBe(shown.totpSecret);
      expect(decodeURIComponent(uri.pathname)).toBe(
        '/WebPay Billing Office:drew.castellanos@example.org',
      );

      const { response } = await enrol(link.enrolmentUrl);
      expect(response.status).toBe(200);
      const { recoveryCodes } = enrolmentResultSchema.parse(await response.json());
      expect(recoveryCodes).toHaveLength(RECOVERY_CODE_COUNT);
      expect(new Set(recoveryCodes).size).toBe(RECOVERY_CODE_COUNT);
      for (const code of recoveryCodes) expect(code).toMatch(/^[a-z2-9]{5}-[a-z2-9]{5}$/);
      const stored = await server.database.db
        .select()
        .from(staffRecoveryCodes)
        .where(eq(staffRecoveryCodes.staffId, link.staff.id));
      expect(stored).toHaveLength(RECOVERY_CODE_COUNT);
      expect(JSON.stringify(stored)).not.toContain(recoveryCodes[0]);
      const [audit] = await auditOf('staff.enrolment', `enrol-${token.slice(0, 8)}`);
      expect(audit).toMatchObject({ actorType: 'staff', actorId: link.staff.id });

      // The link is used up: it shows nothing and enrols no one again.
      const shownAgain = await officeCall(server, OFFICE_API_PATHS.enrolment(token));
      expect(shownAgain.status).toBe(404);
      expect((await errorOf(shownAgain)).code).toBe('ENROLMENT_LINK_INVALID');
      const reused = await officeCall(server, OFFICE_API_PATHS.enrolment(token), {
        body: { password: 'another fine passphrase here', code: totpCode(shown) },
      });
      expect(reused.status).toBe(404);
    });

    it('signs in with a recovery code once, in place of the TOTP code', async () => {
      const link = await add('Jamie Okonkwo', 'jamie.okonkwo@example.org', 'agent');
      const { response } = await enrol(link.enrolmentUrl);
      const { recoveryCodes } = enrolmentResultSchema.parse(await response.json());
      const code = recoveryCodes[3] ?? '';
      const body = { email: 'jamie.okonkwo@example.org', password: NEW_PASSWORD, code };
      const first = await officeCall(server, OFFICE_API_PATHS.signIn, {
        body: { ...body, code: code.toUpperCase() },
        headers: { 'X-Request-Id': 'recovery-first' },
      });
      expect(first.status).toBe(200);
      const [audit] = await auditOf('staff.sign-in', 'recovery-first');
      expect(audit?.details).toMatchObject({
        secondFactor: 'recovery-code',
        recoveryCodesLeft: RECOVERY_CODE_COUNT - 1,
      });
      const again = await officeCall(server, OFFICE_API_PATHS.signIn, { body });
      expect(again.status).toBe(401);
      const withoutHyphen = await officeCall(server, OFFICE_API_PATHS.signIn, {
        body: { ...body, code: (recoveryCodes[4] ?? '').replace('-', '') },
      });
      expect(withoutHyphen.status).toBe(200);
    });

    it.each([
      ['too short', 'short one', 'Password must be at least 12 characters'],
      [
        'common',
        'Password1234!',
        'This password is too common or has appeared in a breach; choose another',
      ],
      ['the person’s own name', 'taylor quinnell 2026', 'Choose a password without your name'],
      ['the e-mail local part', 'tq.staff.account!', 'Choose a password without your name'],
    ])('refuses a %s password and keeps the link', async (_case, password, message) => {
      const email = `tq.staff.${Math.random().toString(36).slice(2, 8)}@example.org`;
      const link = await add('Taylor Quinnell', email, 'viewer');
      const { response } = await enrol(
        link.enrolmentUrl,
        password.replace('tq.staff.account', email.split('@')[0] ?? ''),
      );
      expect(response.status).toBe(400);
      const error = await errorOf(response);
      expect(error.code).toBe('VALIDATION_ERROR');
      expect(error.details[0]).toContain('body.password: ');
      expect(error.details[0]).toContain(message);
      expect(
        (await officeCall(server, OFFICE_API_PATHS.enrolment(tokenOf(link.enrolmentUrl)))).status,
      ).toBe(200);
    });

    it('refuses a code that does not match the key', async () => {
      const link = await add('Avery Quist', 'avery.quist@example.org', 'viewer');
      const { response } = await enrol(link.enrolmentUrl, NEW_PASSWORD, 300);
      expect(response.status).toBe(400);
      expect((await errorOf(response)).code).toBe('INVALID_CODE');
    });

    it('answers an unknown or expired link alike', async () => {
      const unknown = await officeCall(server, OFFICE_API_PATHS.enrolment('x'.repeat(43)));
      expect(unknown.status).toBe(404);
      expect((await errorOf(unknown)).code).toBe('ENROLMENT_LINK_INVALID');
    });
  });

  /** The TOTP key enrolment gave a staff member, as their app holds it. */
  async function totpSecretOf(staffId: string): Promise<string> {
    const [row] = await server.database.db
      .select({ sealed: staffMembers.totpSecretSealed })
      .from(staffMembers)
      .where(eq(staffMembers.id, staffId));
    if (!row?.sealed) throw new Error('not enrolled');
    return server.app.services.staff.secondFactors.unseal(row.sealed);
  }
});
