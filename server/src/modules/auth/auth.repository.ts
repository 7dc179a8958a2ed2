import { and, eq, isNull, sql } from 'drizzle-orm';
import type { LoginType } from '@webpay/contracts/auth';
import type { Database } from '../../db/client.ts';
import { guarantors, sessions } from '../../db/schema.ts';

export interface SignInCandidate {
  id: string;
  pinHash: string | null;
  roles: string[];
  failedSignIns: number;
  lockedUntil: Date | null;
}

export interface SessionRow {
  id: string;
  guarantorId: string;
  expiresAt: Date;
  revokedAt: Date | null;
}

export interface GuarantorProfile {
  id: string;
  accountNumber: string;
  mmi: string;
  firstName: string;
  lastName: string;
  email: string | null;
  supportPhone: string | null;
}

export class AuthRepository {
  constructor(private readonly db: Database) {}

  async findSignInCandidate(accountNumber: string): Promise<SignInCandidate | undefined> {
    const [row] = await this.db
      .select({
        id: guarantors.id,
        pinHash: guarantors.pinHash,
        roles: guarantors.roles,
        failedSignIns: guarantors.failedSignIns,
        lockedUntil: guarantors.lockedUntil,
      })
      .from(guarantors)
      .where(eq(guarantors.accountNumber, accountNumber));
    return row;
  }

  /**
   * Counts a failed sign-in in one statement, so parallel attempts cannot
   * slip past the limit; the attempt that reaches it starts the lock and
   * clears the count for the next round.
   */
  async recordFailedSignIn(
    guarantorId: string,
    maxFailures: number,
    lockUntil: Date,
  ): Promise<{ lockedUntil: Date | null }> {
    const reachesLimit = sql`${guarantors.failedSignIns} + 1 >= ${maxFailures}`;
    const [row] = await this.db
      .update(guarantors)
      .set({
        failedSignIns: sql`case when ${reachesLimit} then 0 else ${guarantors.failedSignIns} + 1 end`,
        lockedUntil: sql`case when ${reachesLimit} then ${lockUntil.toISOString()}::timestamptz else ${guarantors.lockedUntil} end`,
        updatedAt: sql`now()`,
      })
      .where(eq(guarantors.id, guarantorId))
      .returning({ lockedUntil: guarantors.lockedUntil });
    return { lockedUntil: row?.lockedUntil ?? null };
  }

  async clearFailedSignIns(guarantorId: string): Promise<void> {
    await this.db
      .update(guarantors)
      .set({ failedSignIns: 0, lockedUntil: null, updatedAt: sql`now()` })
      .where(eq(guarantors.id, guarantorId));
  }

  async createSession(session: {
    id: string;
    guarantorId: string;
    loginType: LoginType;
    expiresAt: Date;
  }): Promise<void> {
    await this.db.insert(sessions).values(session);
  }

  async findSession(sessionId: string): Promise<SessionRow | undefined> {
    const [row] = await this.db
      .select({
        id: sessions.id,
        guarantorId: sessions.guarantorId,
        expiresAt: sessions.expiresAt,
        revokedAt: sessions.revokedAt,
      })
      .from(sessions)
      .where(eq(sessions.id, sessionId));
    return row;
  }

  async revokeSession(sessionId: string, reason: string): Promise<void> {
    await this.db
      .update(sessions)
      .set({ revokedAt: sql`now()`, revokedReason: reason })
      .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)));
  }

  async findProfile(guarantorId: string): Promise<GuarantorProfile | undefined> {
    const [row] = await this.db
      .select({
        id: guarantors.id,
        accountNumber: guarantors.accountNumber,
        mmi: guarantors.mmi,
        firstName: guarantors.firstName,
        lastName: guarantors.lastName,
        email: guarantors.email,
        supportPhone: guarantors.supportPhone,
      })
      .from(guarantors)
      .where(eq(guarantors.id, guarantorId));
    return row;
  }
}
