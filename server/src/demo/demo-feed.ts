import { feedAmount, feedHeader, type FeedLine } from '../modules/billing-feed/feed-writer.ts';
import type { DemoRows } from './account-builder.ts';

/*
 * The demo guarantors written as a billing feed (docs/billing-feed.md), as
 * the hospital's billing system would send them. Importing it into a
 * database holding the same demo data must change nothing, which the feed
 * import's tests rely on.
 */

export function demoFeedRecords(
  rows: DemoRows,
  header: { feedId: string; generatedAt: Date },
): FeedLine[] {
  const accountOf = new Map(rows.guarantors.map((row) => [row.id, row.accountNumber]));
  const account = (guarantorId: string) => accountOf.get(guarantorId) ?? '';
  const records: FeedLine[] = [feedHeader(header.feedId, header.generatedAt)];

  for (const row of rows.guarantors) {
    records.push({
      record: 'guarantor',
      accountNumber: row.accountNumber,
      mmi: row.mmi,
      firstName: row.firstName,
      lastName: row.lastName,
      birthdate: row.birthdate,
      email: row.email ?? null,
      supportPhone: row.supportPhone ?? null,
      roles: (row.roles ?? []) as 'historical-data'[],
      paperless: row.paperless ?? false,
    });
  }

  const encounterFields = (row: DemoRows['encounters'][number]) => ({
    facility: row.facilityId,
    accountNumber: row.accountNumber,
    patientName: row.patientName,
    status: row.status,
    admitDate: row.admitDate ?? null,
    balance: feedAmount(row.balanceCents),
  });

  for (const plan of rows.paymentPlans) {
    records.push({
      record: 'plan',
      guarantor: account(plan.guarantorId),
      planNumber: plan.planNumber,
      version: plan.version,
      type: plan.type,
      status: plan.status,
      nextDueDate: plan.nextDueDate ?? null,
      dueAmount: feedAmount(plan.dueCents),
      overdueAmount: feedAmount(plan.overdueCents ?? 0),
      regularPaymentAmount: feedAmount(plan.regularPaymentCents),
      currentBalance: feedAmount(plan.currentBalanceCents),
      numberOfPayments: plan.numberOfPayments,
      instalments: rows.planInstalments
        .filter((instalment) => instalment.planId === plan.id)
        .map((instalment) => ({
          number: instalment.number,
          dueDate: instalment.dueDate,
          amount: feedAmount(instalment.amountCents),
          completedAt: instalment.completedAt ?? null,
        })),
      encounters: rows.encounters
        .filter((encounter) => encounter.planId === plan.id)
        .map(encounterFields),
    });
  }

  for (const encounter of rows.encounters) {
    if (encounter.planId) continue;
    records.push({
      record: 'encounter',
      guarantor: account(encounter.guarantorId),
      ...encounterFields(encounter),
    });
  }

  for (const statement of rows.statements) {
    records.push({
      record: 'statement',
      guarantor: account(statement.guarantorId),
      statementDate: statement.statementDate,
      amountDue: feedAmount(statement.amountDueCents),
      dueDate: statement.dueDate,
      status: statement.status,
      lines: statement.items.map((item) => ({
        facility: item.facilityId,
        accountNumber: item.accountNumber,
        patientName: item.patientName,
        description: item.description,
        serviceDate: item.serviceDate,
        charges: feedAmount(item.chargesCents),
        payments: feedAmount(item.paymentsCents),
        adjustments: feedAmount(item.adjustmentsCents),
        balance: feedAmount(item.balanceCents),
      })),
    });
  }

  const encounterById = new Map(rows.encounters.map((row) => [row.id, row]));
  const planById = new Map(rows.paymentPlans.map((row) => [row.id, row]));
  for (const pending of rows.pendingPayments) {
    // Pending payments of portal payments are the portal's own, not the feed's.
    if (pending.paymentId) continue;
    const encounter = pending.encounterId ? encounterById.get(pending.encounterId) : undefined;
    const plan = pending.planId ? planById.get(pending.planId) : undefined;
    records.push({
      record: 'pending_payment',
      guarantor: account(pending.guarantorId),
      receiptId: pending.receiptId,
      paidOn: pending.paidOn,
      amount: feedAmount(pending.amountCents),
      ...(encounter
        ? { facility: encounter.facilityId, accountNumber: encounter.accountNumber }
        : { planNumber: plan?.planNumber ?? '' }),
    });
  }
  return records;
}
