import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OFFICE_API_BASE_PATH, OFFICE_API_PATHS } from '@webpay/contracts/office';
import { DEMO_STAFF } from '../../demo/demo-staff.ts';
import { testDatabaseKinds } from '../../../test/support/database.ts';
import { mintStaffSession, officeCall } from '../../../test/support/office.ts';
import { auditRowsOf, endedStaffSessions } from '../../../test/support/staff-reads.ts';
import { startTestServer, type TestServer } from '../../../test/support/test-server.ts';
import { staffReadStatement } from './staff-services.ts';
import type { StaffCall, StaffReadSpec } from './staff-session-read.ts';

/** A read only a supervisor may make, audited as `test.read` with what it answered. */
const approveRead = (name?: string): StaffReadSpec => ({
  ...(name ? { name } : {}),
  permission: 'approve',
  payload: sql`to_json('the answer'::text)`,
  audit: (payload) => sql`select null::text as guarantor_id, 'test.read'::text as action,
    'success'::text as outcome, 'test'::text as target_type, null::text as target_id,
    jsonb_build_object('answer', ${payload}) as details`,
});

const call = (requestId: string): StaffCall => ({
  context: { requestId, correlationId: requestId, ipAddress: '198.51.100.7' },
  route: 'GET /office/api/test',
});

/** The columns two rows written for the same reason share, whatever request wrote them. */
const comparable = ({
  actorType,
  actorId,
  guarantorId,
  action,
  outcome,
  targetType,
  details,
}: {
  actorType: string;
  actorId: string | null;
  guarantorId: string | null;
  action: string;
  outcome: string;
  targetType: string | null;
  details: unknown;
}) => ({ actorType, actorId, guarantorId, action, outcome, targetType, details });

describe.each(testDatabaseKinds)('a console read in one trip (%s)', (kind) => {
  let server: TestServer;
  const ids = { viewer: '', supervisor: '' };

  beforeAll(async () => {
    server = await startTestServer(kind);
    const { members } = server.app.services.staff;
    ids.viewer = (await members.findByEmail(DEMO_STAFF.viewer.email))?.id ?? '';
    ids.supervisor = (await members.findByEmail(DEMO_STAFF.supervisor.email))?.id ?? '';
  });

  afterAll(async () => {
    await server?.close();
  });

  for (const [kindOfStatement, name] of [
    ['prepared', 'test_approve_read'],
    ['planned each time', undefined],
  ] as const) {
    describe(kindOfStatement, () => {
      const statement = () => staffReadStatement<string>(server.database.db, approveRead(name));
      let prepared: ReturnType<typeof statement>;
      beforeAll(() => {
        prepared = statement();
      });
      const read = (token: string, requestId: string) =>
        server.app.services.staff.sessions.read(token, prepared, call(requestId));

      it('reads and audits for a role with the permission, on every run', async () => {
        const token = await mintStaffSession(server, DEMO_STAFF.supervisor.email);
        for (const run of [1, 2]) {
          const requestId = `allowed-${kindOfStatement}-${run}`;
          const { staff, payload } = await read(token, requestId);
          expect(payload).toBe('the answer');
          expect(staff).toMatchObject({ staffId: ids.supervisor, role: 'supervisor' });
          const rows = await auditRowsOf(server, requestId);
          expect(rows.map(comparable)).toEqual([
            {
              actorType: 'staff',
              actorId: ids.supervisor,
              guarantorId: null,
              action: 'test.read',
              outcome: 'success',
              targetType: 'test',
              details: { answer: 'the answer' },
            },
          ]);
          expect(rows[0]).toMatchObject({ correlationId: requestId, ipAddress: '198.51.100.7' });
        }
      });

      it('refuses a role without it 403, with the access.denied row and no read row', async () => {
        const token = await mintStaffSession(server, DEMO_STAFF.viewer.email);
        const requestId = `refused-${kindOfStatement}`;
        await expect(read(token, requestId)).rejects.toMatchObject({
          statusCode: 403,
          code: 'STAFF_PERMISSION_REQUIRED',
        });
        const rows = await auditRowsOf(server, requestId);
        expect(rows.map(comparable)).toEqual([
          {
            actorType: 'staff',
            actorId: ids.viewer,
            guarantorId: null,
            action: 'access.denied',
            outcome: 'failure',
            targetType: 'route',
            details: {
              permission: 'approve',
              allowedRoles: ['supervisor', 'admin'],
              role: 'viewer',
            },
          },
        ]);
        expect(rows[0]?.targetId).toBe('GET /office/api/test');
      });

      it('reads, touches and audits nothing for an ended or unknown session', async () => {
        for (const ended of await endedStaffSessions(server, DEMO_STAFF.supervisor.email)) {
          const requestId = `ended-${kindOfStatement}-${ended.how}`;
          await expect(read(ended.token, requestId), ended.how).rejects.toMatchObject({
            statusCode: 401,
            code: ended.code,
          });
          expect(await auditRowsOf(server, requestId), ended.how).toEqual([]);
        }
      });
    });
  }

  it('writes the refusal row requireStaffPermission writes, word for word', async () => {
    const token = await mintStaffSession(server, DEMO_STAFF.viewer.email);
    // The staff list stays behind the two hooks; the PIN letter is behind the one-trip gate.
    const byHook = await officeCall(server, OFFICE_API_PATHS.staff, {
      token,
      headers: { 'X-Request-Id': 'refused-by-hook' },
    });
    const byGate = await officeCall(server, OFFICE_API_PATHS.pinLetter('someone', 'letter'), {
      token,
      headers: { 'X-Request-Id': 'refused-by-gate' },
    });
    expect(byGate.status).toBe(byHook.status);
    expect(await byGate.json()).toMatchObject({
      status: 403,
      code: 'STAFF_PERMISSION_REQUIRED',
    });
    const hookRows = await auditRowsOf(server, 'refused-by-hook');
    const gateRows = await auditRowsOf(server, 'refused-by-gate');
    const denied = (permission: string, allowedRoles: string[]) => ({
      actorType: 'staff',
      actorId: ids.viewer,
      guarantorId: null,
      action: 'access.denied',
      outcome: 'failure',
      targetType: 'route',
      details: { permission, allowedRoles, role: 'viewer' },
    });
    expect(hookRows.map(comparable)).toEqual([denied('administer', ['admin'])]);
    expect(gateRows.map(comparable)).toEqual([denied('support', ['agent', 'supervisor', 'admin'])]);
    expect(gateRows[0]?.targetId).toBe(
      `GET ${OFFICE_API_BASE_PATH}/guarantors/:id/pin-letters/:letterId`,
    );
  });

  it('lets a reviewer alone make a review read, and names the one role allowed', async () => {
    const reviewRead = { ...approveRead('test_review_read'), permission: 'review' as const };
    const statement = staffReadStatement<string>(server.database.db, reviewRead);
    const read = async (email: string, requestId: string) =>
      server.app.services.staff.sessions.read(
        await mintStaffSession(server, email),
        statement,
        call(requestId),
      );
    const { staff, payload } = await read(DEMO_STAFF.reviewer.email, 'review-allowed');
    expect(payload).toBe('the answer');
    expect(staff.role).toBe('reviewer');
    await expect(read(DEMO_STAFF.supervisor.email, 'review-refused')).rejects.toMatchObject({
      statusCode: 403,
    });
    expect((await auditRowsOf(server, 'review-refused')).map(comparable)).toEqual([
      {
        actorType: 'staff',
        actorId: ids.supervisor,
        guarantorId: null,
        action: 'access.denied',
        outcome: 'failure',
        targetType: 'route',
        details: { permission: 'review', allowedRoles: ['reviewer'], role: 'supervisor' },
      },
    ]);
  });
});
