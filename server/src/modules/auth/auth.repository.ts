import { and, eq, gt, isNull, ne, sql, type SQL } from 'drizzle-orm';
import type { LoginType } from '@webpay/contracts/auth';
import type { Language } from '@webpay/contracts/language';
import type { Database } from '../../db/client.ts';
import { guarantors, sessions } from '../../db/schema.ts';
import { SessionRead, type SessionReadSpec } from './session-read.ts';

export interface SignInCandidate {
  id: string;
  pinHash: string | null;
  roles: string[];
}

/** A session as the server keeps it: what every authorization decision reads. */
export interface SessionRow {
  id: string;
  guarantorId: string;
  /** How the session was started, as recorded then. */
  loginType: LoginType;
  /** The guarantor's roles as stored now, so a role taken away ends at once. */
  roles: string[];
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

/** A guarantor's profile as one JSON value, for the signed-in read of GET /auth/me. */
export const profileJson = (guarantorId: SQL): SQL<GuarantorProfile> =>
  sql<GuarantorProfile>`(
    select json_build_object(
      'id', g.id,
      'accountNumber', g.account_number,
      'mmi', g.mmi,
      'firstName', g.first_name,
      'lastName', g.last_name,
      'email', g.email,
      'supportPhone', g.support_phone
    )
    from guarantors g where g.id = ${guarantorId}
  )`;

export class AuthRepository {
  /**
   * Every signed-in request looks its session up, with the guarantor's
   * roles in the same trip: prepared, it is planned once per connection.
   */
  private readonly findSessionQuery;

  constructor(private readonly db: Database) {
    this.findSessionQuery = this.db
      .select({
        id: sessions.id,
        guarantorId: sessions.guarantorId,
        loginType: sessions.loginType,
        roles: guarantors.roles,
        expiresAt: sessions.expiresAt,
        revokedAt: sessions.revokedAt,
      })
      .from(sessions)
      .innerJoin(guarantors, eq(guarantors.id, sessions.guarantorId))
      .where(eq(sessions.id, sql.placeholder('sessionId')))
      .prepare('find_session');
  }

  async findSignInCandidate(accountNumber: string): Promise<SignInCandidate | undefined> {
    const [row] = await this.db
      .select({
        id: guarantors.id,
        pinHash: guarantors.pinHash,
        roles: guarantors.roles,
      })
      .from(guarantors)
      .where(eq(guarantors.accountNumber, accountNumber));
    return row;
  }

  async findRoles(guarantorId: string): Promise<string[] | undefined> {
    const [row] = await this.db
      .select({ roles: guarantors.roles })
      .from(guarantors)
      .where(eq(guarantors.id, guarantorId));
    return row?.roles;
  }

  async createSession(session: {
    id: string;
    guarantorId: string;
    loginType: LoginType;
    expiresAt: Date;
  }): Promise<void> {
    await this.db.insert(sessions).values(session);
  }

  /** Keeps the language of the guarantor's latest visit; unchanged rows are not rewritten. */
  async rememberLanguage(guarantorId: string, language: Language): Promise<void> {
    await this.db
      .update(guarantors)
      .set({ preferredLanguage: language })
      .where(and(eq(guarantors.id, guarantorId), ne(guarantors.preferredLanguage, language)));
  }

  /** A read bound to its session check and audit row: one statement, prepared (session-read.ts). */
  sessionRead<T>(spec: SessionReadSpec): SessionRead<T> {
    return new SessionRead<T>(this.db, spec);
  }

  async findSession(sessionId: string): Promise<SessionRow | undefined> {
    const [row] = await this.findSessionQuery.execute({ sessionId });
    return row;
  }

  /** Ends a live session; false when it had already ended (revoked or expired). */
  async revokeSession(sessionId: string, reason: string): Promise<boolean> {
    const rows = await this.db
      .update(sessions)
      .set({ revokedAt: sql`now()`, revokedReason: reason })
      .where(
        and(
          eq(sessions.id, sessionId),
          isNull(sessions.revokedAt),
          gt(sessions.expiresAt, sql`now()`),
        ),
      )
      .returning({ id: sessions.id });
    return rows.length > 0;
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
