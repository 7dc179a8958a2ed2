import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import {
  encounters,
  facilities,
  paymentPlans,
  pendingPayments,
  planInstalments,
} from '../../db/schema.ts';

export interface EncounterRow {
  id: string;
  facilityId: string;
  accountNumber: string;
  patientName: string;
  status: string;
  admitDate: string | null;
  balanceCents: number;
  type: 'ENT' | 'EXAR';
  planId: string | null;
}

export type PlanRow = Pick<
  typeof paymentPlans.$inferSelect,
  | 'id'
  | 'planNumber'
  | 'version'
  | 'type'
  | 'status'
  | 'nextDueDate'
  | 'dueCents'
  | 'overdueCents'
  | 'regularPaymentCents'
  | 'currentBalanceCents'
  | 'numberOfPayments'
>;

export type InstalmentRow = Pick<
  typeof planInstalments.$inferSelect,
  'planId' | 'number' | 'dueDate' | 'amountCents' | 'completedAt'
>;

export type PendingPaymentRow = Pick<
  typeof pendingPayments.$inferSelect,
  'encounterId' | 'planId' | 'receiptId' | 'paidOn' | 'amountCents'
>;

/**
 * One guarantor's open bills in four queries whatever their number, each
 * served by a guarantor index; the service stitches them together.
 */
export class EncountersRepository {
  constructor(private readonly db: Database) {}

  openEncounters(guarantorId: string): Promise<EncounterRow[]> {
    return this.db
      .select({
        id: encounters.id,
        facilityId: encounters.facilityId,
        accountNumber: encounters.accountNumber,
        patientName: encounters.patientName,
        status: encounters.status,
        admitDate: encounters.admitDate,
        balanceCents: encounters.balanceCents,
        type: encounters.type,
        planId: encounters.planId,
      })
      .from(encounters)
      .innerJoin(facilities, eq(facilities.id, encounters.facilityId))
      .where(and(eq(encounters.guarantorId, guarantorId), isNull(encounters.closedAt)))
      .orderBy(
        asc(facilities.sortOrder),
        asc(encounters.facilityId),
        sql`${encounters.admitDate} asc nulls last`,
        asc(encounters.accountNumber),
      );
  }

  openPlans(guarantorId: string): Promise<PlanRow[]> {
    return this.db
      .select({
        id: paymentPlans.id,
        planNumber: paymentPlans.planNumber,
        version: paymentPlans.version,
        type: paymentPlans.type,
        status: paymentPlans.status,
        nextDueDate: paymentPlans.nextDueDate,
        dueCents: paymentPlans.dueCents,
        overdueCents: paymentPlans.overdueCents,
        regularPaymentCents: paymentPlans.regularPaymentCents,
        currentBalanceCents: paymentPlans.currentBalanceCents,
        numberOfPayments: paymentPlans.numberOfPayments,
      })
      .from(paymentPlans)
      .where(and(eq(paymentPlans.guarantorId, guarantorId), isNull(paymentPlans.closedAt)))
      .orderBy(asc(paymentPlans.planNumber), asc(paymentPlans.version));
  }

  openPlanInstalments(guarantorId: string): Promise<InstalmentRow[]> {
    return this.db
      .select({
        planId: planInstalments.planId,
        number: planInstalments.number,
        dueDate: planInstalments.dueDate,
        amountCents: planInstalments.amountCents,
        completedAt: planInstalments.completedAt,
      })
      .from(planInstalments)
      .innerJoin(paymentPlans, eq(paymentPlans.id, planInstalments.planId))
      .where(and(eq(paymentPlans.guarantorId, guarantorId), isNull(paymentPlans.closedAt)))
      .orderBy(asc(planInstalments.planId), asc(planInstalments.number));
  }

  unappliedPendingPayments(guarantorId: string): Promise<PendingPaymentRow[]> {
    return this.db
      .select({
        encounterId: pendingPayments.encounterId,
        planId: pendingPayments.planId,
        receiptId: pendingPayments.receiptId,
        paidOn: pendingPayments.paidOn,
        amountCents: pendingPayments.amountCents,
      })
      .from(pendingPayments)
      .where(and(eq(pendingPayments.guarantorId, guarantorId), isNull(pendingPayments.appliedAt)))
      .orderBy(asc(pendingPayments.paidOn), asc(pendingPayments.receiptId));
  }
}
