import {
  feedAmount,
  feedHeader,
  type FeedLine,
  type FeedRecordOf,
} from '../modules/billing-feed/feed-writer.ts';
import type { DemoRows } from './account-builder.ts';

/*
 * The demo guarantors written as a billing feed (docs/billing-feed.md), as
 * the hospital's billing system would send them. Importing it into a
 * database holding the same demo data must change nothing, which the feed
 * import's tests rely on.
 */

/** The feed's name for a guarantor: their account number. */
type AccountOf = (guarantorId: string) => string;

export function demoFeedRecords(
  rows: DemoRows,
  header: { feedId: string; generatedAt: Date },
): FeedLine[] {
  const accountOf = new Map(rows.guarantors.map((row) => [row.id, row.accountNumber]));
  const account = (guarantorId: string) => accountOf.get(guarantorId) ?? '';
  return [
    feedHeader(header.feedId, header.generatedAt),
    ...rows.guarantors.map(guarantorRecord),
    ...rows.paymentPlans.map((plan) => planRecord(rows, plan, account)),
    ...rows.encounters
      .filter((encounter) => !encounter.planId)
      .map((encounter) => ({
        record: 'encounter' as const,
        guarantor: account(encounter.guarantorId),
        ...encounterFields(encounter),
      })),
    ...rows.statements.map((statement) => statementRecord(statement, account)),
    ...pendingPaymentRecords(rows, account),
  ];
}

function guarantorRecord(row: DemoRows['guarantors'][number]): FeedRecordOf<'guarantor'> {
  return {
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
  };
}

const encounterFields = (row: DemoRows['encounters'][number]) => ({
  facility: row.facilityId,
  accountNumber: row.accountNumber,
  patientName: row.patientName,
  status: row.status,
  admitDate: row.admitDate ?? null,
  balance: feedAmount(row.balanceCents),
});

function planRecord(
  rows: DemoRows,
  plan: DemoRows['paymentPlans'][number],
  account: AccountOf,
): FeedRecordOf<'plan'> {
  return {
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
  };
}

function statementRecord(
  statement: DemoRows['statements'][number],
  account: AccountOf,
): FeedRecordOf<'statement'> {
  return {
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
  };
}

function pendingPaymentRecords(rows: DemoRows, account: AccountOf): FeedLine[] {
  const encounterById = new Map(rows.encounters.map((row) => [row.id, row]));
  const planById = new Map(rows.paymentPlans.map((row) => [row.id, row]));
  const records: FeedLine[] = [];
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
