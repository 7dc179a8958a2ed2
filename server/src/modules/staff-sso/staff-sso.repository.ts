import { and, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { staffSsoLogins } from '../../db/schema.ts';

export type SsoLoginRow = typeof staffSsoLogins.$inferSelect;

export interface NewSsoLogin {
  stateHash: string;
  browserHash: string;
  checksSealed: string;
}

/** A row is kept this long past its end, then removed when the next sign-in starts. */
const KEEP_AFTER_END_SECONDS = 60 * 60;

const secondsFromNow = (seconds: number) =>
  sql`now() + (${seconds}::integer * interval '1 second')`;

/**
 * Single sign-on logins in flight. Every limit is checked by the database in
 * the statement that uses the row, with the database's clock, so two
 * instances (or two requests) can never both use one state or one grant.
 */
export class StaffSsoLoginsRepository {
  constructor(
    private readonly db: Database,
    private readonly limits: { stateSeconds: number; grantSeconds: number },
  ) {}

  async create(login: NewSsoLogin): Promise<void> {
    await this.db
      .insert(staffSsoLogins)
      .values({ ...login, expiresAt: secondsFromNow(this.limits.stateSeconds) });
  }

  /** The pending login of this state and browser, marked used; undefined when there is none to use. */
  async claimState(stateHash: string, browserHash: string): Promise<SsoLoginRow | undefined> {
    const [row] = await this.db
      .update(staffSsoLogins)
      .set({ stateUsedAt: sql`now()` })
      .where(
        and(
          eq(staffSsoLogins.stateHash, stateHash),
          eq(staffSsoLogins.browserHash, browserHash),
          isNull(staffSsoLogins.stateUsedAt),
          gt(staffSsoLogins.expiresAt, sql`now()`),
        ),
      )
      .returning();
    return row;
  }

  /** Why a state could not be claimed, for the audit row. */
  async whyUnclaimed(stateHash: string): Promise<string> {
    const [row] = await this.db
      .select({
        used: sql<boolean>`${staffSsoLogins.stateUsedAt} is not null`,
        expired: sql<boolean>`${staffSsoLogins.expiresAt} <= now()`,
      })
      .from(staffSsoLogins)
      .where(eq(staffSsoLogins.stateHash, stateHash));
    if (!row) return 'state-unknown';
    if (row.used) return 'state-used';
    if (row.expired) return 'state-expired';
    return 'other-browser';
  }

  async attachGrant(stateHash: string, staffId: string, grantHash: string): Promise<void> {
    await this.db
      .update(staffSsoLogins)
      .set({ staffId, grantHash, grantExpiresAt: secondsFromNow(this.limits.grantSeconds) })
      .where(eq(staffSsoLogins.stateHash, stateHash));
  }

  /** The staff member of a live, unused grant, which is used up by this call. */
  async claimGrant(grantHash: string): Promise<string | undefined> {
    const [row] = await this.db
      .update(staffSsoLogins)
      .set({ grantUsedAt: sql`now()` })
      .where(
        and(
          eq(staffSsoLogins.grantHash, grantHash),
          isNull(staffSsoLogins.grantUsedAt),
          gt(staffSsoLogins.grantExpiresAt, sql`now()`),
        ),
      )
      .returning({ staffId: staffSsoLogins.staffId });
    return row?.staffId ?? undefined;
  }

  async deleteEnded(): Promise<void> {
    await this.db
      .delete(staffSsoLogins)
      .where(lt(staffSsoLogins.expiresAt, secondsFromNow(-KEEP_AFTER_END_SECONDS)));
  }
}
