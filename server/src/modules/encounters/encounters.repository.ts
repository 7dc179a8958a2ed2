import { eq, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import {
  guarantors,
  type paymentPlans,
  type pendingPayments,
  type planInstalments,
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
> & {
  /** Paid through this portal rather than received by the billing office. */
  madeInPortal: boolean;
};

/** Everything the pending-bills answer is made of, each set in the order it is shown. */
export interface OpenBills {
  encounters: EncounterRow[];
  plans: PlanRow[];
  instalments: InstalmentRow[];
  pendingPayments: PendingPaymentRow[];
}

/**
 * One guarantor's open bills as rows, in one JSON value whatever their
 * number: one round trip to the database (four sets aggregated as JSON,
 * each served by a guarantor index) rather than four, for what works on
 * the rows themselves (a payment's checks, a statement's reconciliation).
 * GET /encounters's answer is written whole by the database instead
 * (encounters-answer.ts). Over `guarantorId`, an SQL expression, so that a
 * signed-in read (auth's session-read.ts) can put it in its statement.
 */
export const openBillsJson = (guarantorId: SQL): SQL<OpenBills> =>
  // Plain SQL: within a one-table select Drizzle leaves columns unqualified, and these subqueries need them qualified.
  sql<OpenBills>`json_build_object(
    'encounters', (
      select coalesce(json_agg(json_build_object(
        'id', e.id,
        'facilityId', e.facility_id,
        'accountNumber', e.account_number,
        'patientName', e.patient_name,
        'status', e.status,
        'admitDate', e.admit_date,
        'balanceCents', e.balance_cents,
        'type', e.type,
        'planId', e.plan_id
      ) order by f.sort_order, e.facility_id, e.admit_date asc nulls last, e.account_number), '[]'::json)
      from encounters e
      join facilities f on f.id = e.facility_id
      where e.guarantor_id = ${guarantorId} and e.closed_at is null
    ),
    'plans', (
      select coalesce(json_agg(json_build_object(
        'id', p.id,
        'planNumber', p.plan_number,
        'version', p.version,
        'type', p.type,
        'status', p.status,
        'nextDueDate', p.next_due_date,
        'dueCents', p.due_cents,
        'overdueCents', p.overdue_cents,
        'regularPaymentCents', p.regular_payment_cents,
        'currentBalanceCents', p.current_balance_cents,
        'numberOfPayments', p.number_of_payments
      ) order by p.plan_number, p.version), '[]'::json)
      from payment_plans p
      where p.guarantor_id = ${guarantorId} and p.closed_at is null
    ),
    'instalments', (
      select coalesce(json_agg(json_build_object(
        'planId', i.plan_id,
        'number', i.number,
        'dueDate', i.due_date,
        'amountCents', i.amount_cents,
        'completedAt', i.completed_at
      ) order by i.plan_id, i.number), '[]'::json)
      from plan_instalments i
      join payment_plans p on p.id = i.plan_id
      where p.guarantor_id = ${guarantorId} and p.closed_at is null
    ),
    'pendingPayments', (
      select coalesce(json_agg(json_build_object(
        'encounterId', pp.encounter_id,
        'planId', pp.plan_id,
        'receiptId', pp.receipt_id,
        'paidOn', pp.paid_on,
        'amountCents', pp.amount_cents,
        'madeInPortal', pp.payment_id is not null
      ) order by pp.paid_on, pp.receipt_id, pp.id), '[]'::json)
      from pending_payments pp
      where pp.guarantor_id = ${guarantorId} and pp.applied_at is null
    )
  )`;

export class EncountersRepository {
  /**
   * Prepared, so that PostgreSQL plans this statement once per connection
   * rather than on every visit; the guarantor's own row anchors the four sets.
   */
  private readonly openBillsQuery;

  constructor(private readonly db: Database) {
    this.openBillsQuery = this.db
      .select({ bills: openBillsJson(sql`guarantors.id`) })
      .from(guarantors)
      .where(eq(guarantors.id, sql.placeholder('guarantorId')))
      .prepare('open_bills');
  }

  /** Nothing at all for an unknown guarantor. */
  async openBills(guarantorId: string): Promise<OpenBills> {
    const [row] = await this.openBillsQuery.execute({ guarantorId });
    return row?.bills ?? { encounters: [], plans: [], instalments: [], pendingPayments: [] };
  }
}
