import { and, desc, eq, gte, like, lt, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { auditEvents, guarantors } from '../../db/schema.ts';

export interface AuditTrailFilter {
  guarantorId?: string;
  requestId?: string;
  /** Inclusive. */
  since?: Date;
  /** Exclusive. */
  until?: Date;
  /** e.g. `payment` matches `payment.recorded` and `payments.exported`. */
  actionPrefix?: string;
  limit: number;
}

export type AuditTrailEntry = typeof auditEvents.$inferSelect & {
  /** The account number of the guarantor the event concerns, when it still exists. */
  guarantorAccount: string | null;
};

/** `%`, `_` and `\` match themselves in a LIKE pattern only when escaped. */
function likePrefix(prefix: string): string {
  return `${prefix.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

/** Reading the audit trail, for the billing office's questions about who did what. */
export class AuditTrail {
  constructor(private readonly db: Database) {}

  async guarantorIdByAccount(accountNumber: string): Promise<string | undefined> {
    const [row] = await this.db
      .select({ id: guarantors.id })
      .from(guarantors)
      .where(eq(guarantors.accountNumber, accountNumber))
      .limit(1);
    return row?.id;
  }

  /** Newest first. */
  events(filter: AuditTrailFilter): Promise<AuditTrailEntry[]> {
    const conditions: SQL[] = [];
    if (filter.guarantorId) conditions.push(eq(auditEvents.guarantorId, filter.guarantorId));
    if (filter.requestId) conditions.push(eq(auditEvents.requestId, filter.requestId));
    if (filter.since) conditions.push(gte(auditEvents.occurredAt, filter.since));
    if (filter.until) conditions.push(lt(auditEvents.occurredAt, filter.until));
    if (filter.actionPrefix) {
      conditions.push(like(auditEvents.action, likePrefix(filter.actionPrefix)));
    }
    return this.db
      .select({
        id: auditEvents.id,
        occurredAt: auditEvents.occurredAt,
        actorType: auditEvents.actorType,
        actorId: auditEvents.actorId,
        guarantorId: auditEvents.guarantorId,
        guarantorAccount: guarantors.accountNumber,
        action: auditEvents.action,
        outcome: auditEvents.outcome,
        targetType: auditEvents.targetType,
        targetId: auditEvents.targetId,
        requestId: auditEvents.requestId,
        correlationId: auditEvents.correlationId,
        ipAddress: auditEvents.ipAddress,
        details: auditEvents.details,
      })
      .from(auditEvents)
      .leftJoin(guarantors, eq(guarantors.id, auditEvents.guarantorId))
      .where(and(...conditions))
      .orderBy(desc(auditEvents.occurredAt), desc(auditEvents.id))
      .limit(filter.limit);
  }
}
