import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/client.ts';
import { paymentLines, paymentPlans, planInstalments } from '../../db/schema.ts';

/** One instalment as the ledger reads it. */
export interface LedgerInstalment {
  id: string;
  number: number;
  dueDate: string;
  amountCents: number;
  completedAt: string | null;
}

/** A portal plan's figures, as the dashboard's plan table reads them. */
export interface PlanFigures {
  nextDueDate: string | null;
  dueCents: number;
  overdueCents: number;
  currentBalanceCents: number;
  regularPaymentCents: number;
  numberOfPayments: number;
  /** Per instalment id: the day it was completed, or null while any of it is unpaid. */
  completedAt: Map<string, string | null>;
}

/**
 * The money on a plan applied to its instalments oldest first, as of the
 * facility's `today`: an instalment is completed once fully covered (on the
 * day it first was, kept from before); what is left unpaid of instalments
 * due before today is overdue, the unpaid part of the first one due today or
 * later is due, and that one's date is the next due date. A skipped
 * instalment (autopay not run for it) is unpaid like any other.
 */
export function planFigures(
  instalments: readonly LedgerInstalment[],
  paidCents: number,
  totalCents: number,
  today: string,
): PlanFigures {
  const ordered = [...instalments].sort((a, b) => a.number - b.number);
  let left = Math.max(0, paidCents);
  let overdueCents = 0;
  let next: { dueDate: string; unpaid: number } | null = null;
  const completedAt = new Map<string, string | null>();
  for (const instalment of ordered) {
    const covered = Math.min(left, instalment.amountCents);
    left -= covered;
    const unpaid = instalment.amountCents - covered;
    completedAt.set(instalment.id, unpaid === 0 ? (instalment.completedAt ?? today) : null);
    if (unpaid === 0) continue;
    if (instalment.dueDate < today) overdueCents += unpaid;
    else next ??= { dueDate: instalment.dueDate, unpaid };
  }
  return {
    nextDueDate: next?.dueDate ?? null,
    dueCents: next?.unpaid ?? 0,
    overdueCents,
    currentBalanceCents: Math.max(0, totalCents - Math.max(0, paidCents)),
    regularPaymentCents: ordered[0]?.amountCents ?? 0,
    numberOfPayments: ordered.length,
    completedAt,
  };
}

/**
 * Keeps portal plans' figures true to their instalments and to the money
 * recorded on them (recorded payment lines on the plan, less completed
 * reversals of those lines), until the billing feed lists the plan: from
 * then on the feed's figures rule and this leaves it alone. Runs after a
 * plan is made, after each payment recorded on it, and in each autopay run.
 */
export class PlanLedger {
  constructor(private readonly db: Database | Transaction) {}

  /**
   * The same ledger inside a caller's transaction (its own steps become
   * savepoints), so what it changes commits with the caller's work: a
   * financial assistance approval and the plans it shortens.
   */
  with(tx: Transaction): PlanLedger {
    return new PlanLedger(tx);
  }

  async refresh(planId: string, today: string): Promise<void> {
    await this.db.transaction(async (tx) => {
      // The row lock keeps two refreshes of one plan (autopay and a payment by hand) in turn.
      const [plan] = await tx
        .select({ id: paymentPlans.id, totalCents: paymentPlans.totalCents })
        .from(paymentPlans)
        .where(
          and(
            eq(paymentPlans.id, planId),
            eq(paymentPlans.source, 'portal'),
            isNull(paymentPlans.matchedAt),
            isNull(paymentPlans.closedAt),
          ),
        )
        .for('update');
      if (!plan) return;
      const instalments = await tx
        .select({
          id: planInstalments.id,
          number: planInstalments.number,
          dueDate: planInstalments.dueDate,
          amountCents: planInstalments.amountCents,
          completedAt: planInstalments.completedAt,
        })
        .from(planInstalments)
        .where(eq(planInstalments.planId, planId))
        .orderBy(asc(planInstalments.number));
      const paid = await paidOnPlan(tx, planId);
      const total = plan.totalCents ?? instalments.reduce((sum, i) => sum + i.amountCents, 0);
      const figures = planFigures(instalments, paid, total, today);
      for (const instalment of instalments) {
        const completedAt = figures.completedAt.get(instalment.id) ?? null;
        if (completedAt === instalment.completedAt) continue;
        await tx
          .update(planInstalments)
          .set({ completedAt })
          .where(eq(planInstalments.id, instalment.id));
      }
      await tx
        .update(paymentPlans)
        .set({
          nextDueDate: figures.nextDueDate,
          dueCents: figures.dueCents,
          overdueCents: figures.overdueCents,
          currentBalanceCents: figures.currentBalanceCents,
          regularPaymentCents: figures.regularPaymentCents,
          numberOfPayments: figures.numberOfPayments,
          // Nothing overdue any more: the plan no longer needs the billing office's attention.
          ...(figures.overdueCents === 0 ? { needsAttentionSince: null } : {}),
          updatedAt: sql`now()`,
        })
        .where(eq(paymentPlans.id, planId));
    });
  }

  /**
   * Takes an approved financial assistance adjustment off a portal plan
   * (issue #27): the plan's total is lowered and its instalments keep the
   * same monthly amount, so the plan ends sooner; instalments left with
   * nothing to pay count as completed. A plan left with nothing owing
   * closes, which ends its autopay. Answers what became of it.
   */
  async reduce(
    planId: string,
    reduceByCents: number,
    today: string,
  ): Promise<'reduced' | 'closed' | 'not_open'> {
    const outcome = await this.db.transaction(async (tx) => {
      const [plan] = await tx
        .select({ totalCents: paymentPlans.totalCents, regular: paymentPlans.regularPaymentCents })
        .from(paymentPlans)
        .where(
          and(
            eq(paymentPlans.id, planId),
            eq(paymentPlans.source, 'portal'),
            isNull(paymentPlans.matchedAt),
            isNull(paymentPlans.closedAt),
          ),
        )
        .for('update');
      if (!plan) return 'not_open' as const;
      const instalments = await tx
        .select({ id: planInstalments.id, amountCents: planInstalments.amountCents })
        .from(planInstalments)
        .where(eq(planInstalments.planId, planId))
        .orderBy(asc(planInstalments.number));
      const total = plan.totalCents ?? instalments.reduce((sum, i) => sum + i.amountCents, 0);
      const newTotal = Math.max(0, total - reduceByCents);
      let left = newTotal;
      for (const instalment of instalments) {
        const amountCents = Math.min(plan.regular, left);
        left -= amountCents;
        if (amountCents !== instalment.amountCents) {
          await tx
            .update(planInstalments)
            .set({ amountCents })
            .where(eq(planInstalments.id, instalment.id));
        }
      }
      const closes = newTotal <= (await paidOnPlan(tx, planId));
      await tx
        .update(paymentPlans)
        .set({
          totalCents: newTotal,
          ...(closes ? { closedAt: new Date() } : {}),
          updatedAt: sql`now()`,
        })
        .where(eq(paymentPlans.id, planId));
      return closes ? ('closed' as const) : ('reduced' as const);
    });
    if (outcome === 'reduced') await this.refresh(planId, today);
    return outcome;
  }

  /** Every open portal plan the feed has not listed yet; answers how many. */
  async refreshAll(today: string): Promise<number> {
    const plans = await this.db
      .select({ id: paymentPlans.id })
      .from(paymentPlans)
      .where(
        and(
          eq(paymentPlans.source, 'portal'),
          isNull(paymentPlans.matchedAt),
          isNull(paymentPlans.closedAt),
        ),
      )
      .orderBy(asc(paymentPlans.createdAt));
    for (const plan of plans) await this.refresh(plan.id, today);
    return plans.length;
  }

  /** The plans a recorded payment paid on: for the payments module's recording to call refresh. */
  async refreshForPayment(paymentId: string, today: string): Promise<void> {
    const rows = await this.db
      .selectDistinct({ planId: paymentLines.planId })
      .from(paymentLines)
      .where(and(eq(paymentLines.paymentId, paymentId), sql`${paymentLines.planId} is not null`));
    for (const row of rows) if (row.planId) await this.refresh(row.planId, today);
  }
}

/** Recorded money on the plan's lines, less what completed reversals gave back of those lines. */
async function paidOnPlan(db: Pick<Database, 'execute'>, planId: string): Promise<number> {
  const result = await db.execute<{
    paid: string | number | null;
    reversed: string | number | null;
  }>(sql`
    select
      (select coalesce(sum(l.amount_cents), 0)
         from payment_lines l join payments p on p.id = l.payment_id
        where l.plan_id = ${planId} and p.status = 'recorded') as paid,
      (select coalesce(sum((a.item ->> 'amountCents')::int), 0)
         from payment_reversals r
         cross join lateral jsonb_array_elements(r.allocation) as a(item)
         join payment_lines l
           on l.payment_id = r.payment_id and l.line_number = (a.item ->> 'lineNumber')::int
        where l.plan_id = ${planId} and r.status = 'completed') as reversed`);
  const row = result.rows[0];
  return Number(row?.paid ?? 0) - Number(row?.reversed ?? 0);
}
