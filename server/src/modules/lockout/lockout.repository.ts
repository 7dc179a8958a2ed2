import { eq, lt, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { signInLockouts } from '../../db/schema.ts';

export interface LockoutState {
  failures: number;
  lockedUntil: Date | null;
}

export interface FailurePolicy {
  /** Consecutive failures that start a lock. */
  maxFailures: number;
  lockSeconds: number;
  /** Failures older than this are forgotten, so a stray typo a month ago does not count. */
  memorySeconds: number;
}

/** Counters of failed sign-ins per identifier; timestamps are the database's, shared by every instance. */
export class LockoutRepository {
  constructor(private readonly db: Database) {}

  async find(identifierHash: string): Promise<LockoutState | undefined> {
    const [row] = await this.db
      .select({
        failures: signInLockouts.failures,
        lockedUntil: signInLockouts.lockedUntil,
        locked: sql<boolean>`coalesce(${signInLockouts.lockedUntil} > now(), false)`,
      })
      .from(signInLockouts)
      .where(eq(signInLockouts.identifierHash, identifierHash));
    if (!row) return undefined;
    return { failures: row.failures, lockedUntil: row.locked ? row.lockedUntil : null };
  }

  /**
   * Counts one failure in a single statement, so parallel attempts cannot
   * slip past the limit: the one that reaches it starts the lock and clears
   * the count for the next round. Returns when the lock lifts if the
   * identifier is locked once this failure is counted.
   */
  async recordFailure(identifierHash: string, policy: FailurePolicy): Promise<Date | null> {
    const lockFor = sql`(${policy.lockSeconds}::integer * interval '1 second')`;
    const remembered = sql`case when ${signInLockouts.lastFailureAt} < now() - (${policy.memorySeconds}::integer * interval '1 second') then 0 else ${signInLockouts.failures} end`;
    const reachesLimit = sql`${remembered} + 1 >= ${policy.maxFailures}::integer`;
    const firstLocks = policy.maxFailures <= 1;
    const [row] = await this.db
      .insert(signInLockouts)
      .values({
        identifierHash,
        failures: firstLocks ? 0 : 1,
        lastFailureAt: sql`now()`,
        lockedUntil: firstLocks ? sql`now() + ${lockFor}` : null,
        updatedAt: sql`now()`,
      })
      .onConflictDoUpdate({
        target: signInLockouts.identifierHash,
        set: {
          failures: sql`case when ${reachesLimit} then 0 else ${remembered} + 1 end`,
          lockedUntil: sql`case when ${reachesLimit} then now() + ${lockFor} else ${signInLockouts.lockedUntil} end`,
          lastFailureAt: sql`now()`,
          updatedAt: sql`now()`,
        },
      })
      .returning({
        lockedUntil: signInLockouts.lockedUntil,
        locked: sql<boolean>`coalesce(${signInLockouts.lockedUntil} > now(), false)`,
      });
    return row?.locked ? row.lockedUntil : null;
  }

  async clear(identifierHash: string): Promise<void> {
    await this.db.delete(signInLockouts).where(eq(signInLockouts.identifierHash, identifierHash));
  }

  /** Forgets counters untouched for `olderThanSeconds` whose lock (if any) has passed. */
  async purgeStale(olderThanSeconds: number): Promise<number> {
    const rows = await this.db
      .delete(signInLockouts)
      .where(
        sql`${lt(signInLockouts.updatedAt, sql`now() - (${olderThanSeconds}::integer * interval '1 second')`)} and (${signInLockouts.lockedUntil} is null or ${signInLockouts.lockedUntil} < now())`,
      )
      .returning({ identifierHash: signInLockouts.identifierHash });
    return rows.length;
  }
}
