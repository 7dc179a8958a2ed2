import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { staffSessions } from '../../db/schema.ts';
import { StaffSessionRead, type StaffReadSpec } from './staff-session-read.ts';

export type StaffSessionRow = typeof staffSessions.$inferSelect;
export type StaffSessionMethod = StaffSessionRow['method'];

export interface NewStaffSession {
  id: string;
  staffId: string;
  method: StaffSessionMethod;
  ipAddress: string | null;
  userAgent: string | null;
}

/**
 * Staff sessions. Every time is the database's, shared by every instance:
 * a session lives until `expires_at` (its hard end) and ends earlier after
 * `idleSeconds` without a call.
 */
export class StaffSessionsRepository {
  constructor(
    private readonly db: Database,
    private readonly limits: { maxSeconds: number; idleSeconds: number },
  ) {}

  async create(session: NewStaffSession): Promise<StaffSessionRow> {
    const [row] = await this.db
      .insert(staffSessions)
      .values({
        ...session,
        expiresAt: sql`now() + (${this.limits.maxSeconds}::integer * interval '1 second')`,
      })
      .returning();
    if (!row) throw new Error('staff session not inserted');
    return row;
  }

  /**
   * Counts a call as activity, in one statement, only for a live session:
   * not revoked, before its hard end, and used within the idle timeout.
   * Undefined otherwise.
   */
  async touch(sessionId: string): Promise<StaffSessionRow | undefined> {
    const [row] = await this.db
      .update(staffSessions)
      .set({ lastSeenAt: sql`now()` })
      .where(
        and(
          eq(staffSessions.id, sessionId),
          isNull(staffSessions.revokedAt),
          gt(staffSessions.expiresAt, sql`now()`),
          gt(
            staffSessions.lastSeenAt,
            sql`now() - (${this.limits.idleSeconds}::integer * interval '1 second')`,
          ),
        ),
      )
      .returning();
    return row;
  }

  /** A console read's statement over these sessions (staff-session-read.ts). */
  statement<R>(spec: StaffReadSpec): StaffSessionRead<R> {
    return new StaffSessionRead<R>(this.db, spec, this.limits.idleSeconds);
  }

  async find(sessionId: string): Promise<StaffSessionRow | undefined> {
    const [row] = await this.db.select().from(staffSessions).where(eq(staffSessions.id, sessionId));
    return row;
  }

  async revoke(sessionId: string, reason: string): Promise<void> {
    await this.db
      .update(staffSessions)
      .set({ revokedAt: sql`now()`, revokedReason: reason })
      .where(and(eq(staffSessions.id, sessionId), isNull(staffSessions.revokedAt)));
  }

  /** Ends every session of a staff member still open; returns how many. */
  async revokeAll(staffId: string, reason: string): Promise<number> {
    const rows = await this.db
      .update(staffSessions)
      .set({ revokedAt: sql`now()`, revokedReason: reason })
      .where(and(eq(staffSessions.staffId, staffId), isNull(staffSessions.revokedAt)))
      .returning({ id: staffSessions.id });
    return rows.length;
  }
}
