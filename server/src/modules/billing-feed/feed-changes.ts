import { randomUUID } from 'node:crypto';
import type {
  encounters,
  guarantors,
  paymentPlans,
  pendingPayments,
  planInstalments,
  StatementItem,
  statements,
} from '../../db/schema.ts';
import type { FeedProblem } from './feed-reader.ts';
import {
  encounterKey,
  pendingKey,
  type FeedSnapshot,
  type SnapshotInstalment,
} from './feed-snapshot.ts';

/*
 * What an import changes: the feed's snapshot compared with what the
 * database holds. Only rows that differ are written, so importing the same
 * feed twice writes nothing the second time, and a large feed that changes
 * a few balances touches only those rows.
 */

export interface ExistingGuarantor {
  id: string;
  accountNumber: string;
  mmi: string;
  firstName: string;
  lastName: string;
  birthdate: string;
  email: string | null;
  emailVerifiedAt: Date | null;
  supportPhone: string | null;
  roles: string[];
  paperless: boolean;
  /** Signed up in the portal: the guarantor's own e-mail and paperless choice win over the feed's. */
  signedUp: boolean;
}

export interface ExistingPlan {
  id: string;
  planNumber: string;
  guarantorId: string;
  version: number;
  type: string;
  status: string;
  nextDueDate: string | null;
  dueCents: number;
  overdueCents: number;
  regularPaymentCents: number;
  currentBalanceCents: number;
  numberOfPayments: number;
  closed: boolean;
}

export interface ExistingInstalment extends SnapshotInstalment {
  planId: string;
}

export interface ExistingEncounter {
  id: string;
  facilityId: string;
  accountNumber: string;
  guarantorId: string;
  patientName: string;
  status: string;
  admitDate: string | null;
  balanceCents: number;
  type: string;
  planId: string | null;
  closed: boolean;
}

/** Pending payments that came with a feed (no portal payment behind them). */
export interface ExistingPendingPayment {
  id: string;
  receiptId: string;
  guarantorId: string;
  encounterId: string | null;
  planId: string | null;
  paidOn: string;
  amountCents: number;
  applied: boolean;
}

export interface ExistingStatement {
  guarantorId: string;
  statementDate: string;
  accountNumber: string;
  amountDueCents: number;
  dueDate: string;
  status: string;
  items: StatementItem[];
}

export interface ExistingState {
  guarantors: ExistingGuarantor[];
  plans: ExistingPlan[];
  instalments: ExistingInstalment[];
  encounters: ExistingEncounter[];
  pendingPayments: ExistingPendingPayment[];
  statements: ExistingStatement[];
  /** Receipt ids of payments made in the portal; their pending state is the portal's own. */
  portalReceiptIds: ReadonlySet<string>;
}

export interface EntityCounts {
  created: number;
  updated: number;
  unchanged: number;
  /** Encounters and plans no longer in the feed; for pending payments: applied. */
  closed: number;
}

export type GuarantorWrite = Omit<
  typeof guarantors.$inferInsert,
  'pinHash' | 'pinIssuedAt' | 'signedUpAt' | 'createdAt' | 'updatedAt'
> & { id: string };

export interface FeedChanges {
  guarantors: GuarantorWrite[];
  /** Guarantors whose MMI or e-mail changes: cleared first, so two that swap never collide. */
  guarantorKeyChanges: string[];
  plans: (typeof paymentPlans.$inferInsert & { id: string })[];
  closePlans: string[];
  /** Plans whose schedule is replaced by `instalments`. */
  replaceInstalmentsOf: string[];
  instalments: (typeof planInstalments.$inferInsert)[];
  encounters: (typeof encounters.$inferInsert & { id: string })[];
  closeEncounters: string[];
  pendingPayments: (typeof pendingPayments.$inferInsert & { id: string })[];
  applyPendingPayments: string[];
  statements: (typeof statements.$inferInsert)[];
}

export interface ChangeSummary {
  guarantors: EntityCounts;
  plans: EntityCounts;
  encounters: EntityCounts;
  statements: EntityCounts;
  pendingPayments: EntityCounts;
}

export interface ChangePlan {
  changes: FeedChanges;
  summary: ChangeSummary;
  /** Conflicts with what the database holds; when there is any, nothing may be written. */
  problems: FeedProblem[];
  /** Records left alone, with why. */
  warnings: FeedProblem[];
}

const counts = (): EntityCounts => ({ created: 0, updated: 0, unchanged: 0, closed: 0 });

/** Statement lines compared field by field: jsonb does not keep key order. */
function itemsSignature(items: readonly StatementItem[]): string {
  return JSON.stringify(
    items.map((item) => [
      item.facilityId,
      item.accountNumber,
      item.patientName,
      item.description,
      item.serviceDate,
      item.chargesCents,
      item.paymentsCents,
      item.adjustmentsCents,
      item.balanceCents,
    ]),
  );
}

function instalmentsSignature(instalments: readonly SnapshotInstalment[]): string {
  return JSON.stringify(
    [...instalments]
      .sort((a, b) => a.number - b.number)
      .map((instalment) => [
        instalment.number,
        instalment.dueDate,
        instalment.amountCents,
        instalment.completedAt,
      ]),
  );
}

function sameValues<T extends object>(existing: T, wanted: Partial<T>): boolean {
  return (Object.keys(wanted) as (keyof T)[]).every((key) => {
    const a = existing[key];
    const b = wanted[key];
    return Array.isArray(a) && Array.isArray(b) ? a.join('\u0000') === b.join('\u0000') : a === b;
  });
}

export function planChanges(
  snapshot: FeedSnapshot,
  existing: ExistingState,
  newId: () => string = randomUUID,
): ChangePlan {
  const problems: FeedProblem[] = [];
  const warnings: FeedProblem[] = [];
  const summary: ChangeSummary = {
    guarantors: counts(),
    plans: counts(),
    encounters: counts(),
    statements: counts(),
    pendingPayments: counts(),
  };
  const changes: FeedChanges = {
    guarantors: [],
    guarantorKeyChanges: [],
    plans: [],
    closePlans: [],
    replaceInstalmentsOf: [],
    instalments: [],
    encounters: [],
    closeEncounters: [],
    pendingPayments: [],
    applyPendingPayments: [],
    statements: [],
  };

  // Guarantors: matched by account number, never removed (their history stays).
  const guarantorByAccount = new Map(existing.guarantors.map((row) => [row.accountNumber, row]));
  const guarantorIds = new Map<string, string>();
  const inFeed = new Set(snapshot.guarantors.map((guarantor) => guarantor.accountNumber));
  const mmiOwners = new Map<string, string>();
  const emailOwners = new Map<string, string>();
  for (const row of existing.guarantors) {
    if (inFeed.has(row.accountNumber)) continue;
    mmiOwners.set(row.mmi, row.accountNumber);
    if (row.email) emailOwners.set(row.email.toLowerCase(), row.accountNumber);
  }
  for (const wanted of snapshot.guarantors) {
    const current = guarantorByAccount.get(wanted.accountNumber);
    const id = current?.id ?? newId();
    guarantorIds.set(wanted.accountNumber, id);
    const email = current?.signedUp ? current.email : wanted.email;
    const paperless = current?.signedUp ? current.paperless : wanted.paperless;
    const mmiOwner = mmiOwners.get(wanted.mmi);
    if (mmiOwner !== undefined) {
      problems.push({
        line: wanted.line,
        message: `guarantor ${wanted.accountNumber}: MMI ${wanted.mmi} belongs to guarantor ${mmiOwner}, who is not in the feed`,
      });
    }
    const emailOwner = email ? emailOwners.get(email.toLowerCase()) : undefined;
    if (email && emailOwner !== undefined) {
      problems.push({
        line: wanted.line,
        message: `guarantor ${wanted.accountNumber}: e-mail ${email} belongs to guarantor ${emailOwner}, who is not in the feed`,
      });
    }
    const fields = {
      accountNumber: wanted.accountNumber,
      mmi: wanted.mmi,
      firstName: wanted.firstName,
      lastName: wanted.lastName,
      birthdate: wanted.birthdate,
      email,
      supportPhone: wanted.supportPhone,
      roles: wanted.roles,
      paperless,
    };
    if (!current) {
      summary.guarantors.created += 1;
      changes.guarantors.push({ id, ...fields, emailVerifiedAt: null });
      continue;
    }
    if (sameValues(current, fields)) {
      summary.guarantors.unchanged += 1;
      continue;
    }
    summary.guarantors.updated += 1;
    const emailChanged = (current.email ?? '').toLowerCase() !== (email ?? '').toLowerCase();
    if (emailChanged || current.mmi !== wanted.mmi) changes.guarantorKeyChanges.push(id);
    changes.guarantors.push({
      id,
      ...fields,
      // A new address is unverified until its owner proves it.
      emailVerifiedAt: emailChanged ? null : current.emailVerifiedAt,
    });
  }
  const guarantorId = (account: string) => guarantorIds.get(account) ?? '';

  // Plans: matched by plan number; one missing from the feed is closed.
  const planByNumber = new Map(existing.plans.map((row) => [row.planNumber, row]));
  const instalmentsByPlan = new Map<string, ExistingInstalment[]>();
  for (const row of existing.instalments) {
    const list = instalmentsByPlan.get(row.planId) ?? [];
    list.push(row);
    instalmentsByPlan.set(row.planId, list);
  }
  const planIds = new Map<string, string>();
  for (const wanted of snapshot.plans) {
    const current = planByNumber.get(wanted.planNumber);
    const id = current?.id ?? newId();
    planIds.set(wanted.planNumber, id);
    const fields = {
      guarantorId: guarantorId(wanted.guarantorAccount),
      planNumber: wanted.planNumber,
      version: wanted.version,
      type: wanted.type,
      status: wanted.status,
      nextDueDate: wanted.nextDueDate,
      dueCents: wanted.dueCents,
      overdueCents: wanted.overdueCents,
      regularPaymentCents: wanted.regularPaymentCents,
      currentBalanceCents: wanted.currentBalanceCents,
      numberOfPayments: wanted.numberOfPayments,
    };
    const schedule = instalmentsSignature(wanted.instalments);
    const scheduleChanged =
      !current || instalmentsSignature(instalmentsByPlan.get(current.id) ?? []) !== schedule;
    if (scheduleChanged) {
      if (current) changes.replaceInstalmentsOf.push(id);
      for (const instalment of wanted.instalments) {
        changes.instalments.push({ id: newId(), planId: id, ...instalment });
      }
    }
    if (current && !current.closed && sameValues(current, fields)) {
      if (scheduleChanged) summary.plans.updated += 1;
      else summary.plans.unchanged += 1;
      continue;
    }
    summary.plans[current ? 'updated' : 'created'] += 1;
    changes.plans.push({ id, ...fields, closedAt: null });
  }
  for (const row of existing.plans) {
    if (row.closed || planIds.has(row.planNumber)) continue;
    summary.plans.closed += 1;
    changes.closePlans.push(row.id);
  }

  // Encounters: matched by facility and account number; one missing is closed.
  const encounterByKey = new Map(
    existing.encounters.map((row) => [encounterKey(row.facilityId, row.accountNumber), row]),
  );
  const encounterIds = new Map<string, string>();
  for (const wanted of snapshot.encounters) {
    const current = encounterByKey.get(wanted.key);
    const id = current?.id ?? newId();
    encounterIds.set(wanted.key, id);
    const fields = {
      guarantorId: guarantorId(wanted.guarantorAccount),
      facilityId: wanted.facilityId,
      accountNumber: wanted.accountNumber,
      patientName: wanted.patientName,
      status: wanted.status,
      admitDate: wanted.admitDate,
      balanceCents: wanted.balanceCents,
      type: wanted.type,
      planId: wanted.planNumber ? (planIds.get(wanted.planNumber) ?? null) : null,
    };
    if (current && !current.closed && sameValues(current, fields)) {
      summary.encounters.unchanged += 1;
      continue;
    }
    summary.encounters[current ? 'updated' : 'created'] += 1;
    changes.encounters.push({ id, ...fields, closedAt: null });
  }
  for (const row of existing.encounters) {
    if (row.closed || encounterIds.has(encounterKey(row.facilityId, row.accountNumber))) continue;
    summary.encounters.closed += 1;
    changes.closeEncounters.push(row.id);
  }

  // Outside payments: pending while the feed lists them, applied once it no longer does.
  const pendingByKey = new Map(
    existing.pendingPayments.map((row) => [
      pendingKey({
        receiptId: row.receiptId,
        encounterKey: row.encounterId,
        planNumber: row.planId,
      }),
      row,
    ]),
  );
  const keptPending = new Set<string>();
  for (const wanted of snapshot.pendingPayments) {
    if (existing.portalReceiptIds.has(wanted.receiptId)) {
      warnings.push({
        line: wanted.line,
        message: `pending payment ${wanted.receiptId}: a payment made in the portal, left to webpay apply`,
      });
      continue;
    }
    const encounterId = wanted.encounterKey
      ? (encounterIds.get(wanted.encounterKey) ?? null)
      : null;
    const planId = wanted.planNumber ? (planIds.get(wanted.planNumber) ?? null) : null;
    const key = pendingKey({
      receiptId: wanted.receiptId,
      encounterKey: encounterId,
      planNumber: planId,
    });
    const current = pendingByKey.get(key);
    keptPending.add(key);
    const fields = {
      guarantorId: guarantorId(wanted.guarantorAccount),
      encounterId,
      planId,
      receiptId: wanted.receiptId,
      paidOn: wanted.paidOn,
      amountCents: wanted.amountCents,
    };
    if (current && !current.applied && sameValues(current, fields)) {
      summary.pendingPayments.unchanged += 1;
      continue;
    }
    summary.pendingPayments[current ? 'updated' : 'created'] += 1;
    changes.pendingPayments.push({ id: current?.id ?? newId(), ...fields, appliedAt: null });
  }
  for (const [key, row] of pendingByKey) {
    if (row.applied || keptPending.has(key)) continue;
    summary.pendingPayments.closed += 1;
    changes.applyPendingPayments.push(row.id);
  }

  // Statements: documents already sent; matched by guarantor and date, never removed.
  const statementByKey = new Map(
    existing.statements.map((row) => [`${row.guarantorId} ${row.statementDate}`, row]),
  );
  for (const wanted of snapshot.statements) {
    const id = guarantorId(wanted.guarantorAccount);
    const current = statementByKey.get(`${id} ${wanted.statementDate}`);
    const fields = {
      accountNumber: wanted.guarantorAccount,
      amountDueCents: wanted.amountDueCents,
      dueDate: wanted.dueDate,
      status: wanted.status,
    };
    if (
      current &&
      sameValues(current, fields) &&
      itemsSignature(current.items) === itemsSignature(wanted.items)
    ) {
      summary.statements.unchanged += 1;
      continue;
    }
    summary.statements[current ? 'updated' : 'created'] += 1;
    changes.statements.push({
      id: newId(),
      guarantorId: id,
      statementDate: wanted.statementDate,
      ...fields,
      items: wanted.items,
    });
  }

  problems.sort((a, b) => a.line - b.line);
  return { changes, summary, problems, warnings };
}
