import { and, desc, eq, gte, isNotNull, isNull, lt, ne, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { auditEvents, paymentPlans, paymentReversals, payments } from '../../db/schema.ts';

export type AuditRow = typeof auditEvents.$inferSelect;

export class OfficeHomeRepository {
  constructor(private readonly db: Database) {}

  /** Payments recorded in [from, before): how many, and their sum in cents. */
  async recordedBetween(from: Date, before: Date): Promise<{ count: number; amountCents: number }> {
    const [row] = await this.db
      .select({
        count: sql<number>`count(*)::int`,
        amountCents: sql<number>`coalesce(sum(${payments.amountCents}), 0)::bigint`,
      })
      .from(payments)
      .where(
        and(
          eq(payments.status, 'recorded'),
          gte(payments.recordedAt, from),
          lt(payments.recordedAt, before),
        ),
      );
    return { count: Number(row?.count ?? 0), amountCents: Number(row?.amountCents ?? 0) };
  }

  /** Payments not recorded whose outcome the processor has not confirmed: reconciliation's work list. */
  async awaitingReconciliation(): Promise<number> {
    const [row] = await this.db
      .select({ count: sql<number>`count(*)::int` })
      .from(payments)
      .where(and(ne(payments.status, 'recorded'), isNull(payments.reconciledAt)));
    return Number(row?.count ?? 0);
  }

  /** Voids and refunds waiting for a second supervisor. */
  async awaitingApproval(): Promise<number> {
    const [row] = await this.db
      .select({ count: sql<number>`count(*)::int` })
      .from(paymentReversals)
      .where(eq(paymentReversals.status, 'awaiting_approval'));
    return Number(row?.count ?? 0);
  }

  /** Open plans with an instalment left overdue after autopay's retry failed. */
  async plansNeedingAttention(): Promise<number> {
    const [row] = await this.db
      .select({ count: sql<number>`count(*)::int` })
      .from(paymentPlans)
      .where(and(isNotNull(paymentPlans.needsAttentionSince), isNull(paymentPlans.closedAt)));
    return Number(row?.count ?? 0);
  }

  /** The newest audit row of an action, e.g. the last `billing_feed.imported`. */
  async lastEvent(action: string): Promise<AuditRow | undefined> {
    const [row] = await this.db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.action, action))
      .orderBy(desc(auditEvents.id))
      .limit(1);
    return row;
  }
}
