import { and, eq, lt, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { signInLockouts } from '../../db/schema.ts';

export interface LockoutState {
  failures: number;
  lockedUntil: Date | null;
  /**
   * The lock was started by attempts still being checked, none of which has
   * failed yet: a success among them may yet lift it.
   */
  settling: boolean;
}

export interface FailurePolicy {
  /** Consecutive failures that start a lock. */
  maxFailures: number;
  lockSeconds: number;
  /** Failures older than this are forgotten, so a stray typo a month ago does not count. */
  memorySeconds: number;
}

/** The outcome of counting an attempt: refused while locked, else whether it started a lock. */
export type Reservation =
  | { blocked: true; lockedUntil: Date; settling: boolean }
  | {
      blocked: false;
      /** When the lock this attempt started lifts, should the attempt fail; null when it started none. */
      lockedUntil: Date | null;
    };

const isLocked = sql`${signInLockouts.lockedUntil} > now()`;
const notLocked = sql`(${signInLockouts.lockedUntil} is null or ${signInLockouts.lockedUntil} <= now())`;

/** A counter as JSON: failures, and its lock's end while it is locked (an ISO instant). */
export interface LockoutJson {
  failures: number;
  lockedUntil: string | null;
}

/**
 * An identifier's counter as one JSON value (null when it has none), for a
 * read that puts it in a statement of its own; `identifierHash` is SQL.
 */
export const lockoutStateJson = (identifierHash: SQL): SQL<LockoutJson | null> =>
  sql<LockoutJson | null>`(
    select json_build_object('failures', ${signInLockouts.failures},
      'lockedUntil', case when ${isLocked} then ${signInLockouts.lockedUntil} end)
    from ${signInLockouts}
    where ${signInLockouts.identifierHash} = ${identifierHash}
  )`;

/**
 * Counters of sign-in attempts per identifier; timestamps are the database's,
 * shared by every instance. An attempt is counted before its secret is
 * checked (`reserveAttempt`), then ends as a failure (`confirmFailure`), a
 * success (`clear`) or no failure after all (`releaseAttempt`).
 */
export class LockoutRepository {
  constructor(private readonly db: Database) {}

  async find(identifierHash: string, lockSeconds = 0): Promise<LockoutState | undefined> {
    const [row] = await this.db
      .select({
        failures: signInLockouts.failures,
        lockedUntil: signInLockouts.lockedUntil,
        locked: sql<boolean>`coalesce(${isLocked}, false)`,
        // No failure recorded since the lock began (locked_until minus its length).
        settling: sql<boolean>`coalesce(${signInLockouts.lastFailureAt} < ${signInLockouts.lockedUntil} - (${lockSeconds}::integer * interval '1 second'), true)`,
      })
      .from(signInLockouts)
      .where(eq(signInLockouts.identifierHash, identifierHash));
    if (!row) return undefined;
    return {
      failures: row.failures,
      lockedUntil: row.locked ? row.lockedUntil : null,
      settling: row.locked && row.settling,
    };
  }

  /**
   * Counts an attempt before its secret is checked, in a single statement,
   * so that a burst of parallel attempts cannot all pass a check made before
   * any of them was counted: only the first `maxFailures` of a round get
   * through, and the one that reaches the limit starts the lock (it still
   * gets its check: if its secret is right, the caller clears the lock).
   * While the identifier is locked nothing is written and `blocked` says
   * until when.
   */
  async reserveAttempt(identifierHash: string, policy: FailurePolicy): Promise<Reservation> {
    // A lock that lifts between the refused write and the read is simply tried again.
    for (let round = 0; round < 3; round++) {
      const counted = await this.countAttempt(identifierHash, policy);
      if (counted) return counted;
      const state = await this.find(identifierHash, policy.lockSeconds);
      if (state?.lockedUntil) {
        return { blocked: true, lockedUntil: state.lockedUntil, settling: state.settling };
      }
    }
    throw new Error('the sign-in lockout kept changing while an attempt was counted');
  }

  /** The upsert of reserveAttempt; undefined when the identifier is locked (the row is left alone). */
  private async countAttempt(
    identifierHash: string,
    policy: FailurePolicy,
  ): Promise<Reservation | undefined> {
    const lockFor = sql`(${policy.lockSeconds}::integer * interval '1 second')`;
    // Forgotten after a day without an attempt: updated_at moves with every attempt counted.
    const remembered = sql`case when ${signInLockouts.updatedAt} < now() - (${policy.memorySeconds}::integer * interval '1 second') then 0 else ${signInLockouts.failures} end`;
    const reachesLimit = sql`${remembered} + 1 >= ${policy.maxFailures}::integer`;
    const firstLocks = policy.maxFailures <= 1;
    const [row] = await this.db
      .insert(signInLockouts)
      .values({
        identifierHash,
        failures: firstLocks ? 0 : 1,
        lockedUntil: firstLocks ? sql`now() + ${lockFor}` : null,
        updatedAt: sql`now()`,
      })
      .onConflictDoUpdate({
        target: signInLockouts.identifierHash,
        set: {
          failures: sql`case when ${reachesLimit} then 0 else ${remembered} + 1 end`,
          lockedUntil: sql`case when ${reachesLimit} then now() + ${lockFor} else ${signInLockouts.lockedUntil} end`,
          updatedAt: sql`now()`,
        },
        // The row is locked for the update, so this sees every attempt counted before it.
        setWhere: notLocked,
      })
      .returning({
        lockedUntil: signInLockouts.lockedUntil,
        locked: sql<boolean>`coalesce(${isLocked}, false)`,
      });
    if (!row) return undefined;
    return { blocked: false, lockedUntil: row.locked ? row.lockedUntil : null };
  }

  /**
   * A counted attempt failed. It was counted already; this records that a
   * failure happened, which settles a lock the attempt's round started.
   */
  async confirmFailure(identifierHash: string): Promise<void> {
    await this.db
      .update(signInLockouts)
      .set({ lastFailureAt: sql`now()`, updatedAt: sql`now()` })
      .where(eq(signInLockouts.identifierHash, identifierHash));
  }

  /**
   * Takes back a counted attempt that was not a failure after all (details
   * that matched, a code that was right but could not be used). If it started
   * the lock, the lock is lifted and the count is one short of the limit
   * again: nothing else can have written the row while it was locked.
   */
  async releaseAttempt(
    identifierHash: string,
    policy: FailurePolicy,
    startedLock: boolean,
  ): Promise<void> {
    const mine = eq(signInLockouts.identifierHash, identifierHash);
    if (startedLock) {
      await this.db
        .update(signInLockouts)
        .set({ failures: Math.max(policy.maxFailures - 1, 0), lockedUntil: null })
        .where(and(mine, eq(signInLockouts.failures, 0), isLocked));
      return;
    }
    // Should others have locked it meanwhile, the lock stays: they were counted too.
    await this.db
      .update(signInLockouts)
      .set({ failures: sql`greatest(${signInLockouts.failures} - 1, 0)` })
      .where(and(mine, notLocked));
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
