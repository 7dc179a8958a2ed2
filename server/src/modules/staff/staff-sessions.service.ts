import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import {
  STAFF_IDLE_TIMEOUT_SECONDS,
  STAFF_SESSION_MAX_SECONDS,
  type StaffMe,
  type StaffPermission,
  type StaffRole,
  type StaffSessionResponse,
} from '@webpay/contracts/office';
import { apiErrors } from '../../lib/api-error.ts';
import type { RequestContext } from '../../lib/request-context.ts';
import type { AuditRepository } from '../audit/index.ts';
import type { StaffCall, StaffSessionRead } from './staff-session-read.ts';
import { staffMemberView } from './staff-view.ts';
import type { StaffRepository, StaffRow } from './staff.repository.ts';
import type {
  StaffSessionMethod,
  StaffSessionRow,
  StaffSessionsRepository,
} from './staff-sessions.repository.ts';
import { StaffTokenError, type StaffTokens } from './staff-tokens.ts';

/** Who a staff call is made by; set by the authenticateStaff hook, read from the server's rows. */
export interface StaffAuth {
  staffId: string;
  sessionId: string;
  role: StaffRole;
  name: string;
  email: string;
}

/** Where a session was started from, for the session row. */
export interface SessionOrigin {
  context: RequestContext;
  userAgent?: string | undefined;
}

/** The most of a user agent worth keeping: enough to recognise a browser. */
const USER_AGENT_MAX = 300;

/**
 * Staff sessions: started by a sign-in (password and TOTP, or single
 * sign-on), honoured while the session row lives (idle timeout, hard end,
 * revocation), ended by signing out.
 */
export class StaffSessions {
  /** The gates' statements, made once per permission. */
  private readonly gates = new Map<StaffPermission, StaffSessionRead<true>>();

  constructor(
    private readonly staff: StaffRepository,
    private readonly sessions: StaffSessionsRepository,
    private readonly tokens: StaffTokens,
    private readonly audit: AuditRepository,
  ) {}

  /**
   * The one way a session starts, whatever proved who the staff member is;
   * single sign-on calls it with method 'sso' once the identity provider has
   * answered. Audits the sign-in.
   */
  async issueSession(
    member: StaffRow,
    method: StaffSessionMethod,
    origin: SessionOrigin,
    details: Record<string, unknown> = {},
  ): Promise<StaffSessionResponse> {
    if (member.status !== 'active') throw apiErrors.staffInvalidCredentials();
    const session = await this.sessions.create({
      id: randomUUID(),
      staffId: member.id,
      method,
      ipAddress: origin.context.ipAddress || null,
      userAgent: origin.userAgent?.slice(0, USER_AGENT_MAX) ?? null,
    });
    await this.staff.recordSignIn(member.id);
    const token = await this.tokens.issue(
      { staffId: member.id, sessionId: session.id },
      session.createdAt,
      session.expiresAt,
    );
    await this.audit.record(origin.context, {
      action: 'staff.sign-in',
      outcome: 'success',
      actorType: 'staff',
      actorId: member.id,
      targetType: 'staff-session',
      targetId: session.id,
      details: { method, role: member.role, ...details },
    });
    return {
      access_token: token,
      expires_in: STAFF_SESSION_MAX_SECONDS,
      idle_timeout: STAFF_IDLE_TIMEOUT_SECONDS,
    };
  }

  /**
   * A staff call: the token must be well signed for the office, and its
   * session live. The call counts as activity. The role, name and status
   * are read from the staff member's row, never from the token.
   */
  async authenticate(token: string): Promise<StaffAuth> {
    const claims = await this.claimsOf(token);
    const session = await this.sessions.touch(claims.sessionId);
    if (!session || session.staffId !== claims.staffId) {
      const known = await this.sessions.find(claims.sessionId);
      if (known && known.staffId === claims.staffId) throw apiErrors.sessionExpired();
      throw apiErrors.unauthorized((m) => m.signInNotValid);
    }
    const member = await this.staff.findById(session.staffId);
    if (!member || member.status !== 'active') throw apiErrors.sessionExpired();
    return {
      staffId: member.id,
      sessionId: session.id,
      role: member.role,
      name: member.name,
      email: member.email,
    };
  }

  /**
   * A console read in one trip (staff-session-read.ts): the session check,
   * the role check with its refusal row, the read and its audit rows. The
   * same answers as `authenticate` and requireStaffPermission: 401 for a bad
   * token or an ended session and 403 for a role without the permission,
   * nothing read or audited as a read then.
   */
  async read<R>(
    token: string,
    statement: StaffSessionRead<R>,
    call: StaffCall,
    values?: Record<string, unknown>,
  ): Promise<{ staff: StaffAuth; payload: R }> {
    const claims = await this.claimsOf(token);
    const row = await statement.run({ ...claims, call, ...(values ? { values } : {}) });
    if (!row?.live) {
      if (row && row.sessionOwner === claims.staffId) throw apiErrors.sessionExpired();
      throw apiErrors.unauthorized((m) => m.signInNotValid);
    }
    const { member } = row;
    if (!member || member.status !== 'active') throw apiErrors.sessionExpired();
    if (!row.allowed) throw apiErrors.staffPermissionRequired();
    // A live, allowed session always reads: the statement tests what the checks above test.
    if (row.payload === undefined)
      throw new Error('a console read read nothing for a live session');
    const staff: StaffAuth = {
      staffId: member.id,
      sessionId: claims.sessionId,
      role: member.role,
      name: member.name,
      email: member.email,
    };
    return { staff, payload: row.payload };
  }

  /** Only the session check and the role check, in one trip: for calls whose read is made after. */
  gate(permission: StaffPermission): StaffSessionRead<true> {
    let statement = this.gates.get(permission);
    if (!statement) {
      statement = this.sessions.statement<true>({
        name: `staff_gate_${permission}`,
        permission,
        payload: sql`true`,
      });
      this.gates.set(permission, statement);
    }
    return statement;
  }

  private async claimsOf(token: string) {
    try {
      return await this.tokens.verify(token);
    } catch (error) {
      if (error instanceof StaffTokenError) throw apiErrors.unauthorized((m) => m.signInNotValid);
      throw error;
    }
  }

  /** The signed-in staff member and the limits of their session. */
  async me(auth: StaffAuth): Promise<StaffMe> {
    const [member, session] = await Promise.all([
      this.staff.findById(auth.staffId),
      this.sessions.find(auth.sessionId),
    ]);
    if (!member || !session) throw apiErrors.sessionExpired();
    return { staff: staffMemberView(member), session: sessionView(session) };
  }

  async signOut(auth: StaffAuth, context: RequestContext): Promise<void> {
    await this.sessions.revoke(auth.sessionId, 'sign-out');
    await this.audit.record(context, {
      action: 'staff.sign-out',
      outcome: 'success',
      actorType: 'staff',
      actorId: auth.staffId,
      targetType: 'staff-session',
      targetId: auth.sessionId,
    });
  }

  async signOutEverywhere(auth: StaffAuth, context: RequestContext): Promise<void> {
    const ended = await this.sessions.revokeAll(auth.staffId, 'sign-out-everywhere');
    await this.audit.record(context, {
      action: 'staff.sign-out-everywhere',
      outcome: 'success',
      actorType: 'staff',
      actorId: auth.staffId,
      targetType: 'staff',
      targetId: auth.staffId,
      details: { sessionsEnded: ended },
    });
  }

  /** Ends a staff member's sessions for an administrator's reason (disable, reset). */
  endAll(staffId: string, reason: string): Promise<number> {
    return this.sessions.revokeAll(staffId, reason);
  }
}

function sessionView(session: StaffSessionRow): StaffMe['session'] {
  const idleEnd = session.lastSeenAt.getTime() + STAFF_IDLE_TIMEOUT_SECONDS * 1000;
  return {
    signedInAt: session.createdAt.toISOString(),
    expiresAt: session.expiresAt.toISOString(),
    idleExpiresAt: new Date(Math.min(idleEnd, session.expiresAt.getTime())).toISOString(),
    method: session.method,
  };
}
