import { and, asc, eq, gt, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import type { Language } from '@webpay/contracts/language';
import type { ScheduledInstalment } from '@webpay/contracts/payment-plans';
import type { Database, Transaction } from '../../db/client.ts';
import {
  encounters,
  guarantors,
  paymentAuthorizations,
  paymentMethods,
  paymentPlans,
  planInstalments,
} from '../../db/schema.ts';

export type PlanRecord = typeof paymentPlans.$inferSelect;

export interface EligibleEncounter {
  id: string;
  facilityId: string;
  accountNumber: string;
  patientName: string;
  admitDate: string | null;
  balanceCents: number;
}

export interface PlanHolder {
  firstName: string;
  email: string | null;
  supportPhone: string | null;
}

export interface LiveMethod {
  id: string;
  kind: 'card' | 'bank';
  brand: string;
  last4: string;
}

/** What a plan is made of, written in one transaction. */
export interface NewPlan {
  id: string;
  guarantorId: string;
  planNumber: string;
  type: 'Auto' | 'Mail-in';
  totalCents: number;
  monthlyCents: number;
  dayOfMonth: number;
  idempotencyKey: string;
  autopayMethodId: string | null;
  instalments: ScheduledInstalment[];
  encounterIds: string[];
  authorization: {
    id: string;
    text: string;
    language: Language;
    acceptedAt: Date;
    ipAddress: string | null;
    userAgent: string | null;
  };
}

/** A plan made earlier under the same key, with what the request that made it asked for. */
export interface StoredPlan {
  plan: PlanRecord;
  instalments: ScheduledInstalment[];
  /** `facility-account`, in no particular order. */
  accounts: string[];
  authorizationText: string | null;
}

/** The encounters moved onto the plan were no longer all eligible (a concurrent plan or payment). */
export class EncountersTakenError extends Error {
  constructor() {
    super('An encounter chosen for the plan is no longer eligible');
    this.name = 'EncountersTakenError';
  }
}

/**
 * SPEC: main (ENT) encounters, open, with a balance and on no plan; in the
 * dashboard's order. One JSON value over the guarantor id, an SQL
 * expression, so that the options' signed-in read (auth's session-read.ts)
 * puts it in the statement that checks the session, and a plan being made
 * checks its encounters by the same rule.
 */
export const eligibleEncountersJson = (guarantorId: SQL): SQL<EligibleEncounter[]> =>
  sql<EligibleEncounter[]>`(
    select coalesce(json_agg(json_build_object(
      'id', e.id,
      'facilityId', e.facility_id,
      'accountNumber', e.account_number,
      'patientName', e.patient_name,
      'admitDate', e.admit_date,
      'balanceCents', e.balance_cents
    ) order by e.facility_id, e.admit_date asc nulls last, e.account_number), '[]'::json)
    from encounters e
    where e.guarantor_id = ${guarantorId}
      and e.type = 'ENT'
      and e.closed_at is null
      and e.plan_id is null
      and e.balance_cents > 0
  )`;

export class PaymentPlansRepository {
  constructor(private readonly db: Database) {}

  async eligibleEncounters(guarantorId: string): Promise<EligibleEncounter[]> {
    const { rows } = await this.db.execute<{ eligible: EligibleEncounter[] }>(
      sql`select ${eligibleEncountersJson(sql`${guarantorId}`)} as eligible`,
    );
    return rows[0]?.eligible ?? [];
  }

  async holder(guarantorId: string): Promise<PlanHolder | undefined> {
    const [row] = await this.db
      .select({
        firstName: guarantors.firstName,
        email: guarantors.email,
        supportPhone: guarantors.supportPhone,
      })
      .from(guarantors)
      .where(eq(guarantors.id, guarantorId));
    return row;
  }

  /** One of the guarantor's methods that is not removed (the autopay part owns the rest of the table). */
  async liveMethod(guarantorId: string, methodId: string): Promise<LiveMethod | undefined> {
    const [row] = await this.db
      .select({
        id: paymentMethods.id,
        kind: paymentMethods.kind,
        brand: paymentMethods.brand,
        last4: paymentMethods.last4,
      })
      .from(paymentMethods)
      .where(
        and(
          eq(paymentMethods.id, methodId),
          eq(paymentMethods.guarantorId, guarantorId),
          isNull(paymentMethods.removedAt),
        ),
      );
    return row;
  }

  async planNumberTaken(planNumber: string): Promise<boolean> {
    const rows = await this.db
      .select({ id: paymentPlans.id })
      .from(paymentPlans)
      .where(eq(paymentPlans.planNumber, planNumber))
      .limit(1);
    return rows.length > 0;
  }

  async byKey(guarantorId: string, idempotencyKey: string): Promise<StoredPlan | undefined> {
    const [plan] = await this.db
      .select()
      .from(paymentPlans)
      .where(
        and(
          eq(paymentPlans.guarantorId, guarantorId),
          eq(paymentPlans.idempotencyKey, idempotencyKey),
        ),
      );
    if (!plan) return undefined;
    const instalments = await this.db
      .select({
        number: planInstalments.number,
        dueDate: planInstalments.dueDate,
        amountCents: planInstalments.amountCents,
      })
      .from(planInstalments)
      .where(eq(planInstalments.planId, plan.id))
      .orderBy(asc(planInstalments.number));
    const onPlan = await this.db
      .select({ facilityId: encounters.facilityId, accountNumber: encounters.accountNumber })
      .from(encounters)
      .where(eq(encounters.planId, plan.id));
    const [authorization] = await this.db
      .select({ text: paymentAuthorizations.text })
      .from(paymentAuthorizations)
      .where(
        and(eq(paymentAuthorizations.planId, plan.id), eq(paymentAuthorizations.kind, 'plan')),
      );
    return {
      plan,
      instalments,
      accounts: onPlan.map((row) => `${row.facilityId}-${row.accountNumber}`),
      authorizationText: authorization?.text ?? null,
    };
  }

  /**
   * The plan, its instalments, its encounters and its authorization, in the
   * caller's transaction. Each encounter moves only while it is still
   * eligible, so two plans can never take the same one.
   */
  async insert(tx: Transaction, plan: NewPlan): Promise<PlanRecord> {
    const first = plan.instalments[0];
    const [row] = await tx
      .insert(paymentPlans)
      .values({
        id: plan.id,
        guarantorId: plan.guarantorId,
        planNumber: plan.planNumber,
        version: 1,
        type: plan.type,
        status: 'Active',
        source: 'portal',
        nextDueDate: first?.dueDate ?? null,
        dueCents: first?.amountCents ?? 0,
        overdueCents: 0,
        regularPaymentCents: plan.monthlyCents,
        currentBalanceCents: plan.totalCents,
        numberOfPayments: plan.instalments.length,
        totalCents: plan.totalCents,
        dayOfMonth: plan.dayOfMonth,
        idempotencyKey: plan.idempotencyKey,
        autopayMethodId: plan.autopayMethodId,
      })
      .returning();
    await tx.insert(planInstalments).values(
      plan.instalments.map((instalment) => ({
        id: crypto.randomUUID(),
        planId: plan.id,
        number: instalment.number,
        dueDate: instalment.dueDate,
        amountCents: instalment.amountCents,
      })),
    );
    const moved = await tx
      .update(encounters)
      .set({ planId: plan.id, status: 'payment_plan', updatedAt: sql`now()` })
      .where(
        and(
          inArray(encounters.id, plan.encounterIds),
          eq(encounters.guarantorId, plan.guarantorId),
          isNull(encounters.planId),
          isNull(encounters.closedAt),
          gt(encounters.balanceCents, 0),
        ),
      )
      .returning({ id: encounters.id });
    if (moved.length !== plan.encounterIds.length) throw new EncountersTakenError();
    await tx.insert(paymentAuthorizations).values({
      id: plan.authorization.id,
      guarantorId: plan.guarantorId,
      kind: 'plan',
      planId: plan.id,
      paymentMethodId: plan.autopayMethodId,
      text: plan.authorization.text,
      language: plan.authorization.language,
      acceptedAt: plan.authorization.acceptedAt,
      ipAddress: plan.authorization.ipAddress,
      userAgent: plan.authorization.userAgent,
    });
    if (!row) throw new Error(`Plan ${plan.planNumber} was not written`);
    return row;
  }
}
