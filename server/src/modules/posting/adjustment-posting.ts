import { and, asc, eq, inArray, isNotNull, isNull, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { assistanceAccounts, assistanceApplications, encounters } from '../../db/schema.ts';
import type { PostingLine } from './posting-file.ts';

/*
 * Financial assistance adjustments in the posting file (issue #27): an
 * approved application's adjustment on each account, a negative line the
 * billing system posts as a write-off, named by the application's reference
 * in receipt_id. Each is exported once, however many exports run at once;
 * a confirmation row naming the reference marks the application's
 * adjustments confirmed, which the guarantor sees as no longer pending.
 */

export const ADJUSTMENT_ENTRY = 'assistance_adjustment';

/** An application named in a confirmation, with what decides whether it can be applied. */
export interface AdjustmentState {
  reference: string;
  applicationId: string;
  /** The adjustments' total, positive, as a reversal's amount is. */
  amountCents: number;
  exportedAt: Date | null;
  appliedAt: Date | null;
}

export class AdjustmentPosting {
  constructor(private readonly db: Database) {}

  async exists(batchId: string): Promise<boolean> {
    const rows = await this.db
      .select({ id: assistanceAccounts.id })
      .from(assistanceAccounts)
      .where(eq(assistanceAccounts.adjustmentExportBatch, batchId))
      .limit(1);
    return rows.length > 0;
  }

  /**
   * Marks every adjustment of an approved application not exported yet
   * (decided on or after `since`, when given) as exported in `batchId`;
   * answers how many applications it marked. The condition on
   * adjustment_exported_at keeps concurrent exports apart, as for payments.
   */
  async markExported(batchId: string, exportedAt: Date, since: Date | undefined): Promise<number> {
    const decided: SQL[] = [
      sql`${assistanceApplications.id} = ${assistanceAccounts.applicationId}`,
      sql`${assistanceApplications.status} = 'approved'`,
    ];
    if (since) {
      decided.push(sql`${assistanceApplications.decidedAt} >= ${since.toISOString()}::timestamptz`);
    }
    const rows = await this.db
      .update(assistanceAccounts)
      .set({ adjustmentExportedAt: exportedAt, adjustmentExportBatch: batchId })
      .where(
        and(
          isNotNull(assistanceAccounts.adjustmentCents),
          sql`${assistanceAccounts.adjustmentCents} > 0`,
          isNull(assistanceAccounts.adjustmentExportedAt),
          sql`exists (select 1 from ${assistanceApplications} where ${and(...decided)})`,
        ),
      )
      .returning({ applicationId: assistanceAccounts.applicationId });
    return new Set(rows.map((row) => row.applicationId)).size;
  }

  /** One negative line per adjusted account of the batch, on the account it writes down. */
  async lines(batchId: string): Promise<PostingLine[]> {
    const rows = await this.db
      .select({
        reference: assistanceApplications.reference,
        applicationId: assistanceApplications.id,
        decidedAt: assistanceApplications.decidedAt,
        facilityId: encounters.facilityId,
        accountId: encounters.accountNumber,
        paymentType: encounters.type,
        adjustmentCents: assistanceAccounts.adjustmentCents,
      })
      .from(assistanceAccounts)
      .innerJoin(
        assistanceApplications,
        eq(assistanceApplications.id, assistanceAccounts.applicationId),
      )
      .innerJoin(encounters, eq(encounters.id, assistanceAccounts.encounterId))
      .where(eq(assistanceAccounts.adjustmentExportBatch, batchId))
      .orderBy(
        asc(assistanceApplications.reference),
        asc(encounters.facilityId),
        asc(encounters.accountNumber),
      );
    const numbers = new Map<string, number>();
    return rows.map((row): PostingLine => {
      const lineNumber = (numbers.get(row.reference) ?? 0) + 1;
      numbers.set(row.reference, lineNumber);
      return {
        batchId,
        paymentId: row.applicationId,
        receiptId: row.reference,
        paymentReference: row.reference,
        lineNumber,
        facilityId: row.facilityId,
        accountId: row.accountId,
        paymentType: row.paymentType,
        amountCents: -(row.adjustmentCents ?? 0),
        method: null,
        cardBrand: null,
        cardLast4: null,
        bankAccountType: null,
        bankLast4: null,
        paidAt: row.decidedAt ?? new Date(0),
        processorTxnId: null,
        approvalCode: null,
        entry: ADJUSTMENT_ENTRY,
        reversalId: null,
      };
    });
  }

  async states(references: readonly string[]): Promise<AdjustmentState[]> {
    if (references.length === 0) return [];
    return this.db
      .select({
        reference: assistanceApplications.reference,
        applicationId: assistanceApplications.id,
        amountCents: sql<number>`coalesce(sum(${assistanceAccounts.adjustmentCents}), 0)::int`,
        exportedAt: sql<Date | null>`min(${assistanceAccounts.adjustmentExportedAt})`.mapWith(
          (value: string | Date | null) => (value === null ? null : new Date(value)),
        ),
        appliedAt: sql<Date | null>`min(${assistanceAccounts.adjustmentConfirmedAt})`.mapWith(
          (value: string | Date | null) => (value === null ? null : new Date(value)),
        ),
      })
      .from(assistanceApplications)
      .innerJoin(
        assistanceAccounts,
        eq(assistanceAccounts.applicationId, assistanceApplications.id),
      )
      .where(
        and(
          inArray(assistanceApplications.reference, [...references]),
          isNotNull(assistanceAccounts.adjustmentCents),
        ),
      )
      .groupBy(assistanceApplications.reference, assistanceApplications.id);
  }

  /** Marks exported, unconfirmed adjustments of these applications confirmed; answers the applications marked. */
  async markApplied(applicationIds: readonly string[], appliedAt: Date): Promise<string[]> {
    if (applicationIds.length === 0) return [];
    const rows = await this.db
      .update(assistanceAccounts)
      .set({ adjustmentStatus: 'confirmed', adjustmentConfirmedAt: appliedAt })
      .where(
        and(
          inArray(assistanceAccounts.applicationId, [...applicationIds]),
          isNotNull(assistanceAccounts.adjustmentExportedAt),
          isNull(assistanceAccounts.adjustmentConfirmedAt),
        ),
      )
      .returning({ applicationId: assistanceAccounts.applicationId });
    return [...new Set(rows.map((row) => row.applicationId))];
  }
}
