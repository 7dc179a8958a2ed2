import { eq, sql } from 'drizzle-orm';
import { decodeJwt } from 'jose';
import { expect } from 'vitest';
import { STAFF_IDLE_TIMEOUT_SECONDS } from '@webpay/contracts/office';
import { auditEvents, staffMembers, staffSessions } from '../../src/db/schema.ts';
import { mintStaffSession, officeCall } from './office.ts';
import type { TestServer } from './test-server.ts';

/*
 * The ways a staff session stops opening the console, for tests of reads
 * made in one trip with the session check (decision 0028): each must be
 * answered as the hook answers it, with nothing read, touched or audited.
 */

export interface EndedStaffSession {
  how: string;
  token: string;
  /** What the hook answers it: SESSION_EXPIRED for the session's owner, UNAUTHORIZED otherwise. */
  code: 'SESSION_EXPIRED' | 'UNAUTHORIZED';
}

const sessionIdOf = (token: string) => String(decodeJwt(token).sid);

/** A fresh session of the staff member's, ended by `end`. */
async function endedBy(
  server: TestServer,
  email: string,
  end: (sessionId: string) => Promise<unknown>,
): Promise<string> {
  const token = await mintStaffSession(server, email);
  await end(sessionIdOf(token));
  return token;
}

/** A session of each kind that no longer opens a call: signed out, past its end, idle, unknown. */
export async function endedStaffSessions(
  server: TestServer,
  email: string,
): Promise<EndedStaffSession[]> {
  const { db } = server.database;
  const session = (id: string) => eq(staffSessions.id, id);
  return [
    {
      how: 'signed out',
      token: await endedBy(server, email, (id) =>
        db.update(staffSessions).set({ revokedAt: new Date() }).where(session(id)),
      ),
      code: 'SESSION_EXPIRED',
    },
    {
      how: 'past its hard end',
      token: await endedBy(server, email, (id) =>
        db
          .update(staffSessions)
          .set({ expiresAt: sql`now() - interval '1 second'` })
          .where(session(id)),
      ),
      code: 'SESSION_EXPIRED',
    },
    {
      how: 'idle too long',
      token: await endedBy(server, email, (id) =>
        db
          .update(staffSessions)
          .set({
            lastSeenAt: sql`now() - (${STAFF_IDLE_TIMEOUT_SECONDS + 1}::integer * interval '1 second')`,
          })
          .where(session(id)),
      ),
      code: 'SESSION_EXPIRED',
    },
    {
      how: 'unknown',
      token: await endedBy(server, email, (id) => db.delete(staffSessions).where(session(id))),
      code: 'UNAUTHORIZED',
    },
  ];
}

/** The audit rows written under a request id. */
export function auditRowsOf(server: TestServer, requestId: string) {
  return server.database.db
    .select()
    .from(auditEvents)
    .where(eq(auditEvents.requestId, requestId))
    .orderBy(auditEvents.id);
}

/**
 * Calls `path` with each ended session: the hook's 401, no audit row of
 * any kind, and the ended session's last activity left as it was.
 */
export async function expectEndedSessionsUnread(
  server: TestServer,
  path: string,
  email: string,
): Promise<void> {
  for (const ended of await endedStaffSessions(server, email)) {
    const [before] = await server.database.db
      .select({ lastSeenAt: staffSessions.lastSeenAt })
      .from(staffSessions)
      .where(eq(staffSessions.id, sessionIdOf(ended.token)));
    const requestId = `ended-${ended.how.replaceAll(' ', '-')}-${Date.now()}`;
    const response = await officeCall(server, path, {
      token: ended.token,
      headers: { 'X-Request-Id': requestId },
    });
    expect(response.status, ended.how).toBe(401);
    expect(await response.json(), ended.how).toMatchObject({ code: ended.code });
    expect(await auditRowsOf(server, requestId), ended.how).toEqual([]);
    const [after] = await server.database.db
      .select({ lastSeenAt: staffSessions.lastSeenAt })
      .from(staffSessions)
      .where(eq(staffSessions.id, sessionIdOf(ended.token)));
    expect(after, ended.how).toEqual(before);
  }
}

/** A disabled staff member's live session is answered SESSION_EXPIRED, unread; the member is restored after. */
export async function expectDisabledMemberUnread(
  server: TestServer,
  path: string,
  email: string,
): Promise<void> {
  const { db } = server.database;
  const token = await mintStaffSession(server, email);
  await db.update(staffMembers).set({ status: 'disabled' }).where(eq(staffMembers.email, email));
  try {
    const requestId = `disabled-${Date.now()}`;
    const response = await officeCall(server, path, {
      token,
      headers: { 'X-Request-Id': requestId },
    });
    expect(response.status).toBe(401);
    expect(await response.json()).toMatchObject({ code: 'SESSION_EXPIRED' });
    expect(await auditRowsOf(server, requestId)).toEqual([]);
  } finally {
    await db.update(staffMembers).set({ status: 'active' }).where(eq(staffMembers.email, email));
  }
}

/** What an audit row says, apart from which request, from where and when, wrote it. */
export const described = ({
  id: _id,
  occurredAt: _at,
  requestId: _request,
  correlationId: _correlation,
  ipAddress: _address,
  ...row
}: Awaited<ReturnType<typeof auditRowsOf>>[number]) => row;
