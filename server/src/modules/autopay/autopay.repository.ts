import { randomUUID } from 'node:crypto';
import { and, asc, eq, gte, inArray, isNotNull, isNull, lte, sql } from 'drizzle-orm';
import type { Language } from '@webpay/contracts/language';
import type { Database, Transaction } from '../../db/client.ts';
import {
  autopayCharges,
  facilities,
  guarantors,
  paymentLines,
  paymentPlans,
  payments,
  planInstalments,
  statementAutopay,
  statements,
} from '../../db/schema.ts';
import { chargesPausedByAssistance } from '../financial-assistance/index.ts';

export type ChargeRow = typeof autopayCharges.$inferSelect;
export type NewCharge = Omit<typeof autopayCharges.$inferInsert, 'id' | 'createdAt' | 'updatedAt'>;
type PaymentInsert = typeof payments.$inferInsert;
type LineInsert = typeof paymentLines.$inferInsert;

/** An unpaid instalment of a portal plan with autopay on, not yet noticed. */
export interface InstalmentToNotice {
  guarantorId: string;
  planId: string;
  planNumber: string;
  instalmentId: string;
  number: number;
  count: number;
  dueDate: string;
  amountCents: number;
  balanceCents: number;
  methodId: string;
}

/** An open statement of a guarantor with autopay on statements, not yet noticed. */
export interface StatementToNotice {
  guarantorId: string;
  statementId: string;
  statementDate: string;
  dueDate: string;
  amountCents: number;
  capCents: number;
  methodId: string;
}

/** Who a guarantor is for autopay's e-mails and payments. */
export interface GuarantorContact {
  id: string;
  firstName: string;
  email: string | null;
  language: Language;
  mmi: string;
  supportPhone: string | null;
  centralFacilityId: string;
}

/** What a charge is for, as its payment line and e-mails need it. */
export interface ChargeTarget {
  planNumber: string | null;
  planVersion: number | null;
  instalmentNumber: number | null;
  instalmentCount: number | null;
  instalmentCompleted: boolean;
  planAutopayMethodId: string | null;
  statementDate: string | null;
  statementDueDate: string | null;
  /** The statement is no longer open (paid, or closed by the billing system). */
  statementSettled: boolean;
}

/** The charge that won the claim and the payment written with it. */
export interface ClaimedCharge {
  charge: ChargeRow;
  payment: typeof payments.$inferSelect;
}

/**
 * autopay_charges and what the runner reads around it. Every change of a
 * charge's status is a conditional update on the status it expects, and new
 * charges are inserted with ON CONFLICT DO NOTHING on the unique
 * (instalment or statement, attempt) indexes: whichever runner comes second
 * finds nothing to do.
 */
export class AutopayRepository {
  constructor(readonly db: Database) {}

  async instalmentsToNotice(until: string): Promise<InstalmentToNotice[]> {
    const count = sql<number>`(select count(*)::int from ${planInstalments} pi where pi.plan_id = ${paymentPlans.id})`;
    return this.db
      .select({
        guarantorId: paymentPlans.guarantorId,
        planId: paymentPlans.id,
        planNumber: paymentPlans.planNumber,
        instalmentId: planInstalments.id,
        number: planInstalments.number,
        count,
        dueDate: planInstalments.dueDate,
        amountCents: planInstalments.amountCents,
        balanceCents: paymentPlans.currentBalanceCents,
        methodId: sql<string>`${paymentPlans.autopayMethodId}`,
      })
      .from(planInstalments)
      .innerJoin(paymentPlans, eq(paymentPlans.id, planInstalments.planId))
      .where(
        and(
          eq(paymentPlans.source, 'portal'),
          isNotNull(paymentPlans.autopayMethodId),
          isNull(paymentPlans.closedAt),
          isNull(paymentPlans.matchedAt),
          isNull(planInstalments.completedAt),
          isNull(planInstalments.skippedAt),
          lte(planInstalments.dueDate, until),
          sql`not exists (select 1 from ${autopayCharges} c where c.instalment_id = ${planInstalments.id})`,
          sql`not ${chargesPausedByAssistance(sql`${paymentPlans.guarantorId}`)}`,
        ),
      )
      .orderBy(asc(planInstalments.dueDate));
  }

  /** Statements due by `until`, still open with an amount due, dated since autopay began. */
  async statementsToNotice(until: string, timeZone: string): Promise<StatementToNotice[]> {
    return this.db
      .select({
        guarantorId: statements.guarantorId,
        statementId: statements.id,
        statementDate: statements.statementDate,
        dueDate: statements.dueDate,
        amountCents: statements.amountDueCents,
        capCents: statementAutopay.capCents,
        methodId: statementAutopay.paymentMethodId,
      })
      .from(statements)
      .innerJoin(
        statementAutopay,
        and(
          eq(statementAutopay.guarantorId, statements.guarantorId),
          isNull(statementAutopay.cancelledAt),
        ),
      )
      .where(
        and(
          eq(statements.status, 'open'),
          sql`${statements.amountDueCents} > 0`,
          lte(statements.dueDate, until),
          gte(
            statements.dueDate,
            sql`(${statementAutopay.createdAt} at time zone ${timeZone})::date`,
          ),
          sql`not exists (select 1 from ${autopayCharges} c where c.statement_id = ${statements.id})`,
          sql`not ${chargesPausedByAssistance(sql`${statements.guarantorId}`)}`,
        ),
      )
      .orderBy(asc(statements.dueDate));
  }

  async contact(guarantorId: string): Promise<GuarantorContact | undefined> {
    const [row] = await this.db
      .select({
        id: guarantors.id,
        firstName: guarantors.firstName,
        email: guarantors.email,
        language: guarantors.preferredLanguage,
        mmi: guarantors.mmi,
        supportPhone: guarantors.supportPhone,
        centralFacilityId: facilities.id,
      })
      .from(guarantors)
      .innerJoin(facilities, eq(facilities.kind, 'central'))
      .where(eq(guarantors.id, guarantorId))
      .limit(1);
    return row;
  }

  /** Inserts a charge unless its (instalment or statement, attempt) exists; `then` runs only for a new one. */
  async insertCharge(
    charge: NewCharge,
    then?: (tx: Transaction, row: ChargeRow) => Promise<void>,
  ): Promise<ChargeRow | undefined> {
    return this.db.transaction(async (tx) => {
      const [row] = await tx
        .insert(autopayCharges)
        .values({ ...charge, id: randomUUID() })
        .onConflictDoNothing()
        .returning();
      if (row) await then?.(tx, row);
      return row;
    });
  }

  due(today: string, statuses: ChargeRow['status'][]): Promise<ChargeRow[]> {
    return this.db
      .select()
      .from(autopayCharges)
      .where(and(lte(autopayCharges.chargeDate, today), inArray(autopayCharges.status, statuses)))
      .orderBy(asc(autopayCharges.chargeDate), asc(autopayCharges.createdAt));
  }

  inStatus(statuses: ChargeRow['status'][]): Promise<ChargeRow[]> {
    return this.db
      .select()
      .from(autopayCharges)
      .where(inArray(autopayCharges.status, statuses))
      .orderBy(asc(autopayCharges.createdAt));
  }

  async target(charge: ChargeRow): Promise<ChargeTarget> {
    const [plan] = charge.planId
      ? await this.db
          .select({
            planNumber: paymentPlans.planNumber,
            planVersion: paymentPlans.version,
            autopayMethodId: paymentPlans.autopayMethodId,
            number: planInstalments.number,
            completedAt: planInstalments.completedAt,
            count: sql<number>`(select count(*)::int from ${planInstalments} pi where pi.plan_id = ${paymentPlans.id})`,
          })
          .from(paymentPlans)
          .innerJoin(planInstalments, eq(planInstalments.id, charge.instalmentId ?? ''))
          .where(eq(paymentPlans.id, charge.planId))
      : [];
    const [statement] = charge.statementId
      ? await this.db
          .select({
            date: statements.statementDate,
            dueDate: statements.dueDate,
            status: statements.status,
          })
          .from(statements)
          .where(eq(statements.id, charge.statementId))
      : [];
    return {
      planNumber: plan?.planNumber ?? null,
      planVersion: plan?.planVersion ?? null,
      instalmentNumber: plan?.number ?? null,
      instalmentCount: plan?.count ?? null,
      instalmentCompleted: plan?.completedAt !== null && plan?.completedAt !== undefined,
      planAutopayMethodId: plan?.autopayMethodId ?? null,
      statementDate: statement?.date ?? null,
      statementDueDate: statement?.dueDate ?? null,
      statementSettled: statement !== undefined && statement.status !== 'open',
    };
  }

  /**
   * The claim: moves a noticed charge to charging and writes its payment
   * (status initiated) in one transaction, committed before the processor
   * is asked. Only one runner's update finds the charge still `noticed`.
   */
  async claim(
    chargeId: string,
    payment: Omit<PaymentInsert, 'id' | 'status'>,
    line: Omit<LineInsert, 'id' | 'paymentId' | 'lineNumber'>,
  ): Promise<ClaimedCharge | undefined> {
    return this.db.transaction(async (tx) => {
      const [won] = await tx
        .update(autopayCharges)
        .set({ status: 'charging', updatedAt: sql`now()` })
        .where(
          and(
            eq(autopayCharges.id, chargeId),
            eq(autopayCharges.status, 'noticed'),
            // Noticed before an application paused charges: it waits for the hold to lift.
            sql`not ${chargesPausedByAssistance(sql`${autopayCharges.guarantorId}`)}`,
          ),
        )
        .returning({ id: autopayCharges.id });
      if (!won) return undefined;
      const [row] = await tx
        .insert(payments)
        .values({ ...payment, id: randomUUID(), status: 'initiated' })
        .returning();
      if (!row) throw new Error('The autopay payment was not written');
      await tx
        .insert(paymentLines)
        .values({ ...line, id: randomUUID(), paymentId: row.id, lineNumber: 1 });
      const [charge] = await tx
        .update(autopayCharges)
        .set({ paymentId: row.id, updatedAt: sql`now()` })
        .where(eq(autopayCharges.id, chargeId))
        .returning();
      if (!charge) throw new Error('The claimed charge vanished');
      return { charge, payment: row };
    });
  }

  /** Moves a charge from one status to another; false when someone else moved it first. */
  async move(
    chargeId: string,
    from: ChargeRow['status'][],
    to: ChargeRow['status'],
    extra: Partial<Pick<ChargeRow, 'failureMessage' | 'chargeDate'>> = {},
    tx?: Transaction,
  ): Promise<boolean> {
    const rows = await (tx ?? this.db)
      .update(autopayCharges)
      .set({ status: to, ...extra, updatedAt: sql`now()` })
      .where(and(eq(autopayCharges.id, chargeId), inArray(autopayCharges.status, from)))
      .returning({ id: autopayCharges.id });
    return rows.length > 0;
  }

  async payment(paymentId: string): Promise<typeof payments.$inferSelect | undefined> {
    const [row] = await this.db.select().from(payments).where(eq(payments.id, paymentId));
    return row;
  }

  /** The second attempt after a first one's decline; its notice is the decline's e-mail. */
  async insertRetry(tx: Transaction, charge: ChargeRow, chargeDate: string): Promise<void> {
    await tx
      .insert(autopayCharges)
      .values({
        id: randomUUID(),
        guarantorId: charge.guarantorId,
        kind: charge.kind,
        planId: charge.planId,
        instalmentId: charge.instalmentId,
        statementId: charge.statementId,
        attempt: charge.attempt + 1,
        chargeDate,
        amountCents: charge.amountCents,
        paymentMethodId: charge.paymentMethodId,
        status: 'noticed',
        noticeSentAt: new Date(),
      })
      .onConflictDoNothing();
  }

  /** The plan stayed unpaid after autopay's retry: the billing office sees it. */
  async markNeedsAttention(planId: string, today: string, tx: Transaction): Promise<void> {
    await tx
      .update(paymentPlans)
      .set({ needsAttentionSince: today, updatedAt: sql`now()` })
      .where(and(eq(paymentPlans.id, planId), isNull(paymentPlans.needsAttentionSince)));
  }
}
