import { randomUUID } from 'node:crypto';
import { and, eq, inArray } from 'drizzle-orm';
import type { Database } from '../../src/db/client.ts';
import { encounters, guarantors, paymentPlans, planInstalments } from '../../src/db/schema.ts';

export async function guarantorIdOf(db: Database, accountNumber: string): Promise<string> {
  const [row] = await db
    .select({ id: guarantors.id })
    .from(guarantors)
    .where(eq(guarantors.accountNumber, accountNumber));
  return row?.id ?? '';
}

/**
 * A plan as the portal makes it, written directly: monthly instalments on
 * the 15th from January 2027 and the named 107 encounters moved onto it.
 */
export async function insertPortalPlan(
  db: Database,
  guarantorId: string,
  plan: { amounts: number[]; accounts?: string[]; type?: 'Auto' | 'Mail-in' },
): Promise<{ id: string; planNumber: string }> {
  const id = randomUUID();
  const planNumber = `PP-${id.slice(0, 8).toUpperCase()}`;
  const total = plan.amounts.reduce((sum, amount) => sum + amount, 0);
  const monthly = plan.amounts[0] ?? 0;
  await db.insert(paymentPlans).values({
    id,
    guarantorId,
    planNumber,
    version: 1,
    type: plan.type ?? 'Mail-in',
    status: 'Active',
    source: 'portal',
    nextDueDate: '2027-01-15',
    dueCents: monthly,
    regularPaymentCents: monthly,
    currentBalanceCents: total,
    numberOfPayments: plan.amounts.length,
    totalCents: total,
    dayOfMonth: 15,
  });
  await db.insert(planInstalments).values(
    plan.amounts.map((amountCents, index) => ({
      id: randomUUID(),
      planId: id,
      number: index + 1,
      dueDate: `2027-${String(index + 1).padStart(2, '0')}-15`,
      amountCents,
    })),
  );
  if (plan.accounts?.length) {
    await db
      .update(encounters)
      .set({ planId: id, status: 'payment_plan' })
      .where(
        and(
          eq(encounters.guarantorId, guarantorId),
          eq(encounters.facilityId, '107'),
          inArray(encounters.accountNumber, plan.accounts),
        ),
      );
  }
  return { id, planNumber };
}
