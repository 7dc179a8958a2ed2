import { asc, eq, inArray } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { auditEvents, guarantors } from '../../db/schema.ts';

export type PaymentEventRow = typeof auditEvents.$inferSelect;

/** Events of a page at most, oldest first. */
const MAX_EVENTS = 500;

/** What a payment's page reads besides the payment and its reversals. */
export class PaymentPageRepository {
  constructor(private readonly db: Database) {}

  /** The payment's whole history: every audit row that names it as its target. */
  events(paymentId: string): Promise<PaymentEventRow[]> {
    return this.db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.targetId, paymentId))
      .orderBy(asc(auditEvents.occurredAt), asc(auditEvents.id))
      .limit(MAX_EVENTS);
  }

  async guarantorNames(ids: readonly string[]): Promise<Map<string, string>> {
    if (ids.length === 0) return new Map();
    const rows = await this.db
      .select({ id: guarantors.id, first: guarantors.firstName, last: guarantors.lastName })
      .from(guarantors)
      .where(inArray(guarantors.id, [...ids]));
    return new Map(rows.map((row) => [row.id, `${row.first} ${row.last}`.trim()]));
  }
}
