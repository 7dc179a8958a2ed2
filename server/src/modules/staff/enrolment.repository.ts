import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { staffEnrolments } from '../../db/schema.ts';

export type EnrolmentRow = typeof staffEnrolments.$inferSelect;

/** One-time enrolment links, by the hash of their token. */
export class EnrolmentRepository {
  constructor(
    private readonly db: Database,
    private readonly lifetimeSeconds: number,
  ) {}

  within(db: Database): EnrolmentRepository {
    return new EnrolmentRepository(db, this.lifetimeSeconds);
  }

  /** A new link for a staff member; links handed out before for them stop working. */
  async create(
    tokenHash: string,
    staffId: string,
    totpSecretSealed: string,
  ): Promise<EnrolmentRow> {
    await this.db
      .update(staffEnrolments)
      .set({ usedAt: sql`now()` })
      .where(and(eq(staffEnrolments.staffId, staffId), isNull(staffEnrolments.usedAt)));
    const [row] = await this.db
      .insert(staffEnrolments)
      .values({
        tokenHash,
        staffId,
        totpSecretSealed,
        expiresAt: sql`now() + (${this.lifetimeSeconds}::integer * interval '1 second')`,
      })
      .returning();
    if (!row) throw new Error('enrolment not inserted');
    return row;
  }

  /** The link, while it is unused and unexpired. */
  async findOpen(tokenHash: string): Promise<EnrolmentRow | undefined> {
    const [row] = await this.db
      .select()
      .from(staffEnrolments)
      .where(
        and(
          eq(staffEnrolments.tokenHash, tokenHash),
          isNull(staffEnrolments.usedAt),
          gt(staffEnrolments.expiresAt, sql`now()`),
        ),
      );
    return row;
  }

  /** Uses the link up, once: false when it was used or expired meanwhile. */
  async use(tokenHash: string): Promise<boolean> {
    const rows = await this.db
      .update(staffEnrolments)
      .set({ usedAt: sql`now()` })
      .where(
        and(
          eq(staffEnrolments.tokenHash, tokenHash),
          isNull(staffEnrolments.usedAt),
          gt(staffEnrolments.expiresAt, sql`now()`),
        ),
      )
      .returning({ tokenHash: staffEnrolments.tokenHash });
    return rows.length > 0;
  }

  /** Disabling or resetting a staff member voids the links they were given. */
  async voidAll(staffId: string): Promise<void> {
    await this.db
      .update(staffEnrolments)
      .set({ usedAt: sql`now()` })
      .where(and(eq(staffEnrolments.staffId, staffId), isNull(staffEnrolments.usedAt)));
  }
}
