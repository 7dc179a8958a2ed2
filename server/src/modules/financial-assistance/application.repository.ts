import { and, asc, desc, eq, gte, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import { OPEN_STATUSES, type ApplicationStatus } from '@webpay/contracts/assistance-application';
import type { Database, Transaction } from '../../db/client.ts';
import {
  assistanceAccounts,
  assistanceApplications,
  assistanceDocuments,
  assistanceEvents,
  assistanceLetters,
  encounters,
  facilities,
  guarantors,
  paymentLines,
  paymentPlans,
  paymentReversals,
  payments,
  staffMembers,
  statements,
} from '../../db/schema.ts';

/*
 * The rows of financial assistance applications: the application, the
 * accounts it covers, its documents, its timeline and its letters. Status
 * changes are guarded by the status they move from, so two reviewers (or a
 * reviewer and the guarantor) acting at once never both win.
 */

export type ApplicationRow = typeof assistanceApplications.$inferSelect;
export type NewApplication = typeof assistanceApplications.$inferInsert;
export type DocumentRow = typeof assistanceDocuments.$inferSelect;
export type NewDocument = typeof assistanceDocuments.$inferInsert;
export type EventRow = typeof assistanceEvents.$inferSelect;
export type NewEvent = Omit<typeof assistanceEvents.$inferInsert, 'id'>;
export type LetterRow = typeof assistanceLetters.$inferSelect;

/** An account a guarantor may apply for: open, with a balance. */
export interface OpenAccount {
  encounterId: string;
  facilityId: string;
  accountNumber: string;
  patientName: string;
  serviceDate: string | null;
  balanceCents: number;
}

/** An account an application covers, with what the case page and an approval need. */
export interface CoveredAccount extends OpenAccount {
  id: string;
  /** The payment plan the account is on, if any: recalculated after an approval. */
  planId: string | null;
  balanceAtApplicationCents: number;
  adjustmentCents: number | null;
  adjustmentStatus: 'pending' | 'confirmed' | null;
  /** Recorded portal payments on it, less what was given back. */
  paidCents: number;
}

/** A payment plan an application's accounts are on. */
export interface CoveredPlan {
  planId: string;
  planNumber: string;
  currentBalanceCents: number;
  regularPaymentCents: number;
}

/** The guarantor an application is for, as letters and the queue name them. */
export interface Applicant {
  id: string;
  firstName: string;
  lastName: string;
  accountNumber: string;
  email: string | null;
  preferredLanguage: 'en' | 'es';
}

export class ApplicationRepository {
  constructor(private readonly db: Database | Transaction) {}

  with(tx: Transaction): ApplicationRepository {
    return new ApplicationRepository(tx);
  }

  async openAccounts(guarantorId: string): Promise<OpenAccount[]> {
    return this.db
      .select({
        encounterId: encounters.id,
        facilityId: encounters.facilityId,
        accountNumber: encounters.accountNumber,
        patientName: encounters.patientName,
        serviceDate: encounters.admitDate,
        balanceCents: encounters.balanceCents,
      })
      .from(encounters)
      .where(
        and(
          eq(encounters.guarantorId, guarantorId),
          isNull(encounters.closedAt),
          sql`${encounters.balanceCents} > 0`,
        ),
      )
      .orderBy(
        asc(encounters.facilityId),
        asc(encounters.admitDate),
        asc(encounters.accountNumber),
      );
  }

  async applicant(guarantorId: string): Promise<Applicant | undefined> {
    const [row] = await this.db
      .select({
        id: guarantors.id,
        firstName: guarantors.firstName,
        lastName: guarantors.lastName,
        accountNumber: guarantors.accountNumber,
        email: guarantors.email,
        preferredLanguage: guarantors.preferredLanguage,
      })
      .from(guarantors)
      .where(eq(guarantors.id, guarantorId));
    return row;
  }

  /** The statement date the application window counts from: the first on or after `day`. */
  async firstStatementFrom(guarantorId: string, day: string): Promise<string | undefined> {
    const [row] = await this.db
      .select({ day: statements.statementDate })
      .from(statements)
      .where(and(eq(statements.guarantorId, guarantorId), gte(statements.statementDate, day)))
      .orderBy(asc(statements.statementDate))
      .limit(1);
    return row?.day;
  }

  async list(guarantorId: string): Promise<ApplicationRow[]> {
    return this.db
      .select()
      .from(assistanceApplications)
      .where(eq(assistanceApplications.guarantorId, guarantorId))
      .orderBy(desc(assistanceApplications.submittedAt));
  }

  /** Each application's covered balance when it was sent, by application id, in one query. */
  async balancesAtApplication(applicationIds: readonly string[]): Promise<Map<string, number>> {
    if (applicationIds.length === 0) return new Map();
    const rows = await this.db
      .select({
        applicationId: assistanceAccounts.applicationId,
        cents: sql<number>`coalesce(sum(${assistanceAccounts.balanceCents}), 0)::int`,
      })
      .from(assistanceAccounts)
      .where(inArray(assistanceAccounts.applicationId, [...applicationIds]))
      .groupBy(assistanceAccounts.applicationId);
    return new Map(rows.map((row) => [row.applicationId, Number(row.cents)]));
  }

  async openOf(guarantorId: string): Promise<ApplicationRow | undefined> {
    const [row] = await this.db
      .select()
      .from(assistanceApplications)
      .where(
        and(
          eq(assistanceApplications.guarantorId, guarantorId),
          inArray(assistanceApplications.status, [...OPEN_STATUSES]),
        ),
      );
    return row;
  }

  async byKey(guarantorId: string, key: string): Promise<ApplicationRow | undefined> {
    const [row] = await this.db
      .select()
      .from(assistanceApplications)
      .where(
        and(
          eq(assistanceApplications.guarantorId, guarantorId),
          eq(assistanceApplications.idempotencyKey, key),
        ),
      );
    return row;
  }

  /** By reference; only the guarantor's own when `guarantorId` is given. */
  async byReference(reference: string, guarantorId?: string): Promise<ApplicationRow | undefined> {
    const [row] = await this.db
      .select()
      .from(assistanceApplications)
      .where(
        and(
          eq(assistanceApplications.reference, reference),
          guarantorId === undefined
            ? undefined
            : eq(assistanceApplications.guarantorId, guarantorId),
        ),
      );
    return row;
  }

  async byId(id: string): Promise<ApplicationRow | undefined> {
    const [row] = await this.db
      .select()
      .from(assistanceApplications)
      .where(eq(assistanceApplications.id, id));
    return row;
  }

  async referenceTaken(reference: string): Promise<boolean> {
    return (await this.byReference(reference)) !== undefined;
  }

  async insert(
    application: NewApplication,
    accounts: readonly { id: string; encounterId: string; balanceCents: number }[],
    documents: readonly NewDocument[],
  ): Promise<void> {
    await this.db.insert(assistanceApplications).values(application);
    await this.db
      .insert(assistanceAccounts)
      .values(accounts.map((account) => ({ ...account, applicationId: application.id })));
    if (documents.length > 0) await this.db.insert(assistanceDocuments).values([...documents]);
  }

  /**
   * Moves an application from one of `from` to `to` with `patch`; answers
   * the row as it now is, or undefined when its status was not one of `from`.
   */
  async move(
    id: string,
    from: readonly ApplicationStatus[],
    patch: Partial<NewApplication>,
  ): Promise<ApplicationRow | undefined> {
    const [row] = await this.db
      .update(assistanceApplications)
      .set({ ...patch, updatedAt: new Date() })
      .where(
        and(eq(assistanceApplications.id, id), inArray(assistanceApplications.status, [...from])),
      )
      .returning();
    return row;
  }

  async addEvent(event: NewEvent): Promise<void> {
    await this.db.insert(assistanceEvents).values(event);
  }

  async events(applicationId: string): Promise<(EventRow & { staffName: string | null })[]> {
    const rows = await this.db
      .select({ event: assistanceEvents, staffName: staffMembers.name })
      .from(assistanceEvents)
      .leftJoin(staffMembers, eq(staffMembers.id, assistanceEvents.staffId))
      .where(eq(assistanceEvents.applicationId, applicationId))
      .orderBy(asc(assistanceEvents.id));
    return rows.map(({ event, staffName }) => ({ ...event, staffName }));
  }

  async documents(applicationId: string): Promise<DocumentRow[]> {
    return this.db
      .select()
      .from(assistanceDocuments)
      .where(eq(assistanceDocuments.applicationId, applicationId))
      .orderBy(asc(assistanceDocuments.memberIndex), asc(assistanceDocuments.createdAt));
  }

  async document(applicationId: string, documentId: string): Promise<DocumentRow | undefined> {
    const [row] = await this.db
      .select()
      .from(assistanceDocuments)
      .where(
        and(
          eq(assistanceDocuments.applicationId, applicationId),
          eq(assistanceDocuments.id, documentId),
        ),
      );
    return row;
  }

  /** The member's first outstanding document of this kind, which an upload without an id answers. */
  async outstandingFor(
    applicationId: string,
    memberIndex: number,
    kind: DocumentRow['kind'],
  ): Promise<DocumentRow | undefined> {
    const [row] = await this.db
      .select()
      .from(assistanceDocuments)
      .where(
        and(
          eq(assistanceDocuments.applicationId, applicationId),
          eq(assistanceDocuments.memberIndex, memberIndex),
          eq(assistanceDocuments.kind, kind),
          eq(assistanceDocuments.status, 'outstanding'),
        ),
      )
      .orderBy(asc(assistanceDocuments.createdAt))
      .limit(1);
    return row;
  }

  async documentById(documentId: string): Promise<DocumentRow | undefined> {
    const [row] = await this.db
      .select()
      .from(assistanceDocuments)
      .where(eq(assistanceDocuments.id, documentId));
    return row;
  }

  async insertDocument(document: NewDocument): Promise<void> {
    await this.db.insert(assistanceDocuments).values(document);
  }

  /** Fills an outstanding document with its file; false when it was no longer outstanding. */
  async fillDocument(id: string, patch: Partial<NewDocument>): Promise<boolean> {
    const rows = await this.db
      .update(assistanceDocuments)
      .set(patch)
      .where(and(eq(assistanceDocuments.id, id), eq(assistanceDocuments.status, 'outstanding')))
      .returning({ id: assistanceDocuments.id });
    return rows.length > 0;
  }

  async reviewDocument(id: string, patch: Partial<NewDocument>): Promise<void> {
    await this.db.update(assistanceDocuments).set(patch).where(eq(assistanceDocuments.id, id));
  }

  async letters(applicationId: string): Promise<LetterRow[]> {
    return this.db
      .select()
      .from(assistanceLetters)
      .where(eq(assistanceLetters.applicationId, applicationId))
      .orderBy(asc(assistanceLetters.sentAt));
  }

  /** Keeps a letter; false when this kind was already sent for the application. */
  async insertLetter(letter: typeof assistanceLetters.$inferInsert): Promise<boolean> {
    const rows = await this.db
      .insert(assistanceLetters)
      .values(letter)
      .onConflictDoNothing()
      .returning({ id: assistanceLetters.id });
    return rows.length > 0;
  }

  /** The accounts an application covers, each with its balance now and what was paid on it. */
  async accounts(applicationId: string): Promise<CoveredAccount[]> {
    // Recorded portal payments on the account; a payment with any money given
    // back is left out whole, so a refund is never counted twice.
    const paid = sql<number>`coalesce((
      select sum(pl.amount_cents) from ${paymentLines} pl
      join ${payments} p on p.id = pl.payment_id
      where pl.encounter_id = ${encounters.id} and p.status = 'recorded'
        and not exists (
          select 1 from ${paymentReversals} r where r.payment_id = p.id and r.status = 'completed'
        )
    ), 0)::int`;
    return this.db
      .select({
        id: assistanceAccounts.id,
        encounterId: encounters.id,
        facilityId: encounters.facilityId,
        accountNumber: encounters.accountNumber,
        patientName: encounters.patientName,
        serviceDate: encounters.admitDate,
        balanceCents: encounters.balanceCents,
        planId: encounters.planId,
        balanceAtApplicationCents: assistanceAccounts.balanceCents,
        adjustmentCents: assistanceAccounts.adjustmentCents,
        adjustmentStatus: assistanceAccounts.adjustmentStatus,
        paidCents: paid,
      })
      .from(assistanceAccounts)
      .innerJoin(encounters, eq(encounters.id, assistanceAccounts.encounterId))
      .where(eq(assistanceAccounts.applicationId, applicationId))
      .orderBy(asc(encounters.facilityId), asc(encounters.accountNumber));
  }

  /** The open plans among `planIds` (the plans an application's accounts are on). */
  async openPlans(planIds: readonly string[]): Promise<CoveredPlan[]> {
    if (planIds.length === 0) return [];
    return this.db
      .select({
        planId: paymentPlans.id,
        planNumber: paymentPlans.planNumber,
        currentBalanceCents: sql<number>`coalesce(${paymentPlans.currentBalanceCents}, 0)::int`,
        regularPaymentCents: sql<number>`coalesce(${paymentPlans.regularPaymentCents}, 0)::int`,
      })
      .from(paymentPlans)
      .where(and(inArray(paymentPlans.id, [...new Set(planIds)]), isNull(paymentPlans.closedAt)))
      .orderBy(asc(paymentPlans.planNumber));
  }

  async setAdjustment(id: string, adjustmentCents: number): Promise<void> {
    await this.db
      .update(assistanceAccounts)
      // Nothing to post leaves nothing to confirm.
      .set({ adjustmentCents, adjustmentStatus: adjustmentCents > 0 ? 'pending' : 'confirmed' })
      .where(eq(assistanceAccounts.id, id));
  }

  /**
   * The approval's adjustments taken off the accounts' balances, as the
   * billing system will once it posts them (they show as pending until it
   * confirms).
   */
  async applyAdjustments(applicationId: string): Promise<void> {
    await this.db.execute(sql`
      update ${encounters} e
      set balance_cents = greatest(0, e.balance_cents - a.adjustment_cents), updated_at = now()
      from ${assistanceAccounts} a
      where a.application_id = ${applicationId} and a.encounter_id = e.id
        and a.adjustment_cents is not null`);
  }

  /** Applications waiting for information past its due date whose hold still stands. */
  async overdueHolds(today: string): Promise<ApplicationRow[]> {
    return this.db
      .select()
      .from(assistanceApplications)
      .where(
        and(
          eq(assistanceApplications.status, 'need_information'),
          sql`${assistanceApplications.informationDueOn} < ${today}`,
          isNull(assistanceApplications.holdReleasedAt),
        ),
      );
  }

  /** Lifts an open application's hold once; undefined when it was already lifted. */
  async releaseHold(
    id: string,
    reason: 'information_overdue',
  ): Promise<ApplicationRow | undefined> {
    const [row] = await this.db
      .update(assistanceApplications)
      .set({ holdReleasedAt: new Date(), holdReleaseReason: reason, updatedAt: new Date() })
      .where(and(eq(assistanceApplications.id, id), isNull(assistanceApplications.holdReleasedAt)))
      .returning();
    return row;
  }

  /**
   * Removes the files of the documents of applications decided before
   * `decidedBefore`: the sealed bytes go, the hash, size, type and the
   * reviewer's figures stay. Answers the documents purged.
   */
  async purgeDocuments(decidedBefore: Date, now: Date): Promise<number> {
    const decided = sql`select ${assistanceApplications.id} from ${assistanceApplications}
      where ${assistanceApplications.decidedAt} < ${decidedBefore.toISOString()}::timestamptz`;
    const rows = await this.db
      .update(assistanceDocuments)
      .set({ sealed: null, keyId: null, status: 'purged', purgedAt: now })
      .where(
        and(
          isNotNull(assistanceDocuments.sealed),
          sql`${assistanceDocuments.applicationId} in (${decided})`,
        ),
      )
      .returning({ applicationId: assistanceDocuments.applicationId });
    const applications = [...new Set(rows.map((row) => row.applicationId))];
    if (applications.length > 0) {
      await this.db
        .update(assistanceApplications)
        .set({ documentsPurgedAt: now })
        .where(inArray(assistanceApplications.id, applications));
    }
    return rows.length;
  }

  /** The queue: applications with their guarantor and facility, oldest first. */
  async queue(filter: { statuses: readonly ApplicationStatus[]; facilityId?: string }) {
    return this.db
      .select({
        application: assistanceApplications,
        firstName: guarantors.firstName,
        lastName: guarantors.lastName,
        accountNumber: guarantors.accountNumber,
        facilityName: facilities.name,
        totalBalanceCents: sql<number>`(
          select coalesce(sum(e.balance_cents), 0)::int from ${assistanceAccounts} a
          join ${encounters} e on e.id = a.encounter_id
          where a.application_id = ${assistanceApplications.id}
        )`,
      })
      .from(assistanceApplications)
      .innerJoin(guarantors, eq(guarantors.id, assistanceApplications.guarantorId))
      .leftJoin(facilities, eq(facilities.id, assistanceApplications.facilityId))
      .where(
        and(
          inArray(assistanceApplications.status, [...filter.statuses]),
          filter.facilityId === undefined
            ? undefined
            : eq(assistanceApplications.facilityId, filter.facilityId),
        ),
      )
      .orderBy(asc(assistanceApplications.submittedAt))
      .limit(500);
  }

  /** An active staff member, for the checks a document link makes when it is opened. */
  async activeStaff(staffId: string) {
    const [row] = await this.db
      .select({ staffId: staffMembers.id, role: staffMembers.role, name: staffMembers.name })
      .from(staffMembers)
      .where(and(eq(staffMembers.id, staffId), eq(staffMembers.status, 'active')));
    return row;
  }

  async facilityName(facilityId: string): Promise<string> {
    const [row] = await this.db
      .select({ name: facilities.name })
      .from(facilities)
      .where(eq(facilities.id, facilityId));
    return row?.name ?? facilityId;
  }
}
