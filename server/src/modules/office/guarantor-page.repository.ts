import { and, desc, eq, gt, isNull, max, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { saveGuarantorEmail } from '../../db/guarantor-email.ts';
import { auditEvents, guarantors, payments, sessions, statements } from '../../db/schema.ts';

export type GuarantorRow = typeof guarantors.$inferSelect;

/** An e-mail sent straight to the mail server, as its audit row recorded it (mail.delivery). */
export interface DirectEmail {
  id: number;
  occurredAt: Date;
  outcome: 'success' | 'failure';
  details: Record<string, unknown> | null;
}

export interface SessionSummary {
  active: number;
  lastSignInAt: Date | null;
}

/** What the console reads of a guarantor beyond what the portal's services answer. */
export class GuarantorPageRepository {
  constructor(private readonly db: Database) {}

  async guarantor(guarantorId: string): Promise<GuarantorRow | undefined> {
    const [row] = await this.db.select().from(guarantors).where(eq(guarantors.id, guarantorId));
    return row;
  }

  async sessions(guarantorId: string): Promise<SessionSummary> {
    const [row] = await this.db
      .select({
        active: sql<number>`(count(*) filter (where ${sessions.revokedAt} is null and ${sessions.expiresAt} > now()))::int`,
        lastSignInAt: max(sessions.createdAt),
      })
      .from(sessions)
      .where(eq(sessions.guarantorId, guarantorId));
    const last = row?.lastSignInAt;
    return { active: row?.active ?? 0, lastSignInAt: last ? new Date(last) : null };
  }

  /** The address the guarantor last paid with: the only postal address WebPay holds. */
  async lastPayerAddress(guarantorId: string): Promise<string | null> {
    const [row] = await this.db
      .select({ payer: payments.payer })
      .from(payments)
      .where(and(eq(payments.guarantorId, guarantorId), eq(payments.status, 'recorded')))
      .orderBy(desc(payments.recordedAt))
      .limit(1);
    if (!row) return null;
    const { address, city, state, zipCode } = row.payer;
    const line = [address, [city, state].filter(Boolean).join(', '), zipCode]
      .filter((part) => part && part.trim())
      .join(' ');
    return line || null;
  }

  /** The newest e-mails sent to the guarantor while they waited (codes and links), by audit row. */
  directEmails(guarantorId: string, action: string, limit: number): Promise<DirectEmail[]> {
    return this.db
      .select({
        id: auditEvents.id,
        occurredAt: auditEvents.occurredAt,
        outcome: auditEvents.outcome,
        details: auditEvents.details,
      })
      .from(auditEvents)
      .where(and(eq(auditEvents.guarantorId, guarantorId), eq(auditEvents.action, action)))
      .orderBy(desc(auditEvents.occurredAt))
      .limit(limit);
  }

  /** Ids the mail outbox's messages about this guarantor may name. */
  async mailReferences(guarantorId: string): Promise<{ payments: string[]; statements: string[] }> {
    const [paymentRows, statementRows] = await Promise.all([
      this.db
        .select({ id: payments.id })
        .from(payments)
        .where(eq(payments.guarantorId, guarantorId)),
      this.db
        .select({ id: statements.id })
        .from(statements)
        .where(eq(statements.guarantorId, guarantorId)),
    ]);
    return {
      payments: paymentRows.map((row) => row.id),
      statements: statementRows.map((row) => row.id),
    };
  }

  /** Ends every live session of the guarantor; answers how many. */
  async revokeSessions(guarantorId: string, reason: string): Promise<number> {
    const revoked = await this.db
      .update(sessions)
      .set({ revokedAt: sql`now()`, revokedReason: reason })
      .where(
        and(
          eq(sessions.guarantorId, guarantorId),
          isNull(sessions.revokedAt),
          gt(sessions.expiresAt, sql`now()`),
        ),
      )
      .returning({ id: sessions.id });
    return revoked.length;
  }

  /** Sign-up's rule: one address per guarantor (db/guarantor-email.ts). */
  setEmail(guarantorId: string, email: string): Promise<'saved' | 'unchanged' | 'in_use'> {
    return saveGuarantorEmail(this.db, guarantorId, email);
  }
}
