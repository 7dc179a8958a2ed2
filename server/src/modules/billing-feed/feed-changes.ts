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
  type SnapshotEncounter,
  type SnapshotPendingPayment,
  type SnapshotPlan,
  type SnapshotInstalment,
} from './feed-snapshot.ts';
import { countRow, diffKeyed, noCounts, type EntityCounts } from './keyed-diff.ts';

export type { EntityCounts } from './keyed-diff.ts';

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
  /** Made in the portal (issue #25); matched once the feed has listed it. */
  source: 'feed' | 'portal';
  matched: boolean;
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
  /** Portal plans the feed lists for the first time: matched from now on. */
  matchPlans: string[];
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

/** What every entity's step adds to. */
interface ChangeContext {
  changes: FeedChanges;
  summary: ChangeSummary;
  problems: FeedProblem[];
  warnings: FeedProblem[];
  newId: () => string;
}

/** The database ids the feed's own identifiers end up with. */
interface FeedIds {
  guarantorId: (account: string) => string;
  plans: ReadonlyMap<string, string>;
  encounters: ReadonlyMap<string, string>;
}

export function planChanges(
  snapshot: FeedSnapshot,
  existing: ExistingState,
  newId: () => string = randomUUID,
): ChangePlan {
  const context: ChangeContext = {
    changes: noChanges(),
    summary: {
      guarantors: noCounts(),
      plans: noCounts(),
      encounters: noCounts(),
      statements: noCounts(),
      pendingPayments: noCounts(),
    },
    problems: [],
    warnings: [],
    newId,
  };
  const guarantorIds = guarantorChanges(context, snapshot, existing);
  const guarantorId = (account: string) => guarantorIds.get(account) ?? '';
  const plans = planRowChanges(context, snapshot, existing, guarantorId);
  const encounters = encounterChanges(context, snapshot, existing, { guarantorId, plans });
  pendingPaymentChanges(context, snapshot, existing, { guarantorId, plans, encounters });
  statementChanges(context, snapshot, existing, guarantorId);

  const { changes, summary, problems, warnings } = context;
  problems.sort((a, b) => a.line - b.line);
  return { changes, summary, problems, warnings };
}

function noChanges(): FeedChanges {
  return {
    guarantors: [],
    guarantorKeyChanges: [],
    plans: [],
    closePlans: [],
    matchPlans: [],
    replaceInstalmentsOf: [],
    instalments: [],
    encounters: [],
    closeEncounters: [],
    pendingPayments: [],
    applyPendingPayments: [],
    statements: [],
  };
}

type GuarantorFields = Omit<GuarantorWrite, 'id' | 'emailVerifiedAt'> & {
  email: string | null;
};

/**
 * Guarantors: matched by account number, never removed (their history
 * stays). Returns each account's guarantor id.
 */
function guarantorChanges(
  context: ChangeContext,
  snapshot: FeedSnapshot,
  existing: ExistingState,
): Map<string, string> {
  const { changes } = context;
  return diffKeyed<ExistingGuarantor, GuarantorFields>(
    {
      existing: existing.guarantors,
      wanted: wantedGuarantors(context, snapshot, existing),
      existingKey: (row) => row.accountNumber,
      wantedKey: (fields) => fields.accountNumber,
      same: (current, fields) => sameValues(current, fields),
      write: (fields, { id, current }) => {
        if (!current) {
          changes.guarantors.push({ id, ...fields, emailVerifiedAt: null });
          return;
        }
        const emailChanged =
          (current.email ?? '').toLowerCase() !== (fields.email ?? '').toLowerCase();
        if (emailChanged || current.mmi !== fields.mmi) changes.guarantorKeyChanges.push(id);
        changes.guarantors.push({
          id,
          ...fields,
          // A new address is unverified until its owner proves it.
          emailVerifiedAt: emailChanged ? null : current.emailVerifiedAt,
        });
      },
    },
    context.summary.guarantors,
    context.newId,
  );
}

/**
 * The feed's guarantors as they are to be written: one who signed up keeps
 * their own e-mail and paperless choice. An MMI or e-mail still held by a
 * guarantor the feed leaves out is a problem: the unique indexes would
 * refuse it.
 */
function wantedGuarantors(
  context: ChangeContext,
  snapshot: FeedSnapshot,
  existing: ExistingState,
): GuarantorFields[] {
  const byAccount = new Map(existing.guarantors.map((row) => [row.accountNumber, row]));
  const inFeed = new Set(snapshot.guarantors.map((guarantor) => guarantor.accountNumber));
  const mmiOwners = new Map<string, string>();
  const emailOwners = new Map<string, string>();
  for (const row of existing.guarantors) {
    if (inFeed.has(row.accountNumber)) continue;
    mmiOwners.set(row.mmi, row.accountNumber);
    if (row.email) emailOwners.set(row.email.toLowerCase(), row.accountNumber);
  }
  return snapshot.guarantors.map((wanted) => {
    const current = byAccount.get(wanted.accountNumber);
    const email = current?.signedUp ? current.email : wanted.email;
    const paperless = current?.signedUp ? current.paperless : wanted.paperless;
    const mmiOwner = mmiOwners.get(wanted.mmi);
    if (mmiOwner !== undefined) {
      context.problems.push({
        line: wanted.line,
        message: `guarantor ${wanted.accountNumber}: MMI ${wanted.mmi} belongs to guarantor ${mmiOwner}, who is not in the feed`,
      });
    }
    const emailOwner = email ? emailOwners.get(email.toLowerCase()) : undefined;
    if (email && emailOwner !== undefined) {
      context.problems.push({
        line: wanted.line,
        message: `guarantor ${wanted.accountNumber}: e-mail ${email} belongs to guarantor ${emailOwner}, who is not in the feed`,
      });
    }
    return {
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
  });
}

/** A plan made in the portal that the feed has not listed yet: WebPay keeps it as it is. */
const awaitingFeed = (row: ExistingPlan) => row.source === 'portal' && !row.matched && !row.closed;

/**
 * Plans: matched by plan number; one missing from the feed is closed. A plan
 * whose schedule changed is updated even when its own row is not rewritten.
 * A plan made in the portal is left alone until the feed lists it; then it
 * is matched and takes the feed's figures, but keeps its own instalment rows,
 * which autopay's charges point at. Returns each plan number's plan id.
 */
function planRowChanges(
  context: ChangeContext,
  snapshot: FeedSnapshot,
  existing: ExistingState,
  guarantorId: (account: string) => string,
): Map<string, string> {
  const { changes } = context;
  const schedules = schedulesByPlan(existing.instalments);
  const fieldsOf = (wanted: SnapshotPlan) => ({
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
  });
  return diffKeyed<ExistingPlan, SnapshotPlan>(
    {
      existing: existing.plans,
      wanted: snapshot.plans,
      existingKey: (row) => row.planNumber,
      wantedKey: (wanted) => wanted.planNumber,
      same: (current, wanted) => sameValues(current, fieldsOf(wanted)),
      write: (wanted, { id }) => changes.plans.push({ id, ...fieldsOf(wanted), closedAt: null }),
      besides: (wanted, { id, current }) => {
        if (current?.source === 'portal') {
          if (!current.matched) changes.matchPlans.push(id);
          return !current.matched;
        }
        const schedule = instalmentsSignature(wanted.instalments);
        if (current && instalmentsSignature(schedules.get(current.id) ?? []) === schedule) {
          return false;
        }
        if (current) changes.replaceInstalmentsOf.push(id);
        for (const instalment of wanted.instalments) {
          changes.instalments.push({ id: context.newId(), planId: id, ...instalment });
        }
        return true;
      },
      isClosed: (row) => row.closed,
      close: (row) => {
        if (awaitingFeed(row)) return false;
        changes.closePlans.push(row.id);
      },
    },
    context.summary.plans,
    context.newId,
  );
}

function schedulesByPlan(
  instalments: readonly ExistingInstalment[],
): Map<string, ExistingInstalment[]> {
  const byPlan = new Map<string, ExistingInstalment[]>();
  for (const row of instalments) {
    const list = byPlan.get(row.planId) ?? [];
    list.push(row);
    byPlan.set(row.planId, list);
  }
  return byPlan;
}

/**
 * Encounters: matched by facility and account number; one missing is
 * closed. One on a portal plan the feed does not list yet stays on that plan
 * (whatever the feed says of its plan) until the feed lists the plan.
 * Returns each encounter key's encounter id.
 */
function encounterChanges(
  context: ChangeContext,
  snapshot: FeedSnapshot,
  existing: ExistingState,
  ids: Omit<FeedIds, 'encounters'>,
): Map<string, string> {
  const { changes } = context;
  const held = new Set(
    existing.plans
      .filter((plan) => awaitingFeed(plan) && !ids.plans.has(plan.planNumber))
      .map((plan) => plan.id),
  );
  const fieldsOf = (wanted: SnapshotEncounter, current: ExistingEncounter | undefined) => {
    const onHeldPlan = current !== undefined && current.planId !== null && held.has(current.planId);
    return {
      guarantorId: ids.guarantorId(wanted.guarantorAccount),
      facilityId: wanted.facilityId,
      accountNumber: wanted.accountNumber,
      patientName: wanted.patientName,
      status: onHeldPlan ? current.status : wanted.status,
      admitDate: wanted.admitDate,
      balanceCents: wanted.balanceCents,
      type: wanted.type,
      planId: onHeldPlan
        ? current.planId
        : wanted.planNumber
          ? (ids.plans.get(wanted.planNumber) ?? null)
          : null,
    };
  };
  return diffKeyed<ExistingEncounter, SnapshotEncounter>(
    {
      existing: existing.encounters,
      wanted: snapshot.encounters,
      existingKey: (row) => encounterKey(row.facilityId, row.accountNumber),
      wantedKey: (wanted) => wanted.key,
      same: (current, wanted) => sameValues(current, fieldsOf(wanted, current)),
      write: (wanted, { id, current }) =>
        changes.encounters.push({ id, ...fieldsOf(wanted, current), closedAt: null }),
      isClosed: (row) => row.closed,
      close: (row) => {
        changes.closeEncounters.push(row.id);
      },
    },
    context.summary.encounters,
    context.newId,
  );
}

interface WantedPendingPayment {
  key: string;
  fields: Omit<ExistingPendingPayment, 'id' | 'applied'>;
}

/**
 * Outside payments: pending while the feed lists them, applied once it no
 * longer does. A receipt of a portal payment is the portal's own to apply.
 */
function pendingPaymentChanges(
  context: ChangeContext,
  snapshot: FeedSnapshot,
  existing: ExistingState,
  ids: FeedIds,
): void {
  const { changes } = context;
  const wanted: WantedPendingPayment[] = [];
  for (const pending of snapshot.pendingPayments) {
    if (existing.portalReceiptIds.has(pending.receiptId)) {
      context.warnings.push({
        line: pending.line,
        message: `pending payment ${pending.receiptId}: a payment made in the portal, left to webpay apply`,
      });
      continue;
    }
    wanted.push(wantedPendingPayment(pending, ids));
  }
  diffKeyed<ExistingPendingPayment, WantedPendingPayment>(
    {
      existing: existing.pendingPayments,
      wanted,
      existingKey: (row) =>
        pendingKey({
          receiptId: row.receiptId,
          encounterKey: row.encounterId,
          planNumber: row.planId,
        }),
      wantedKey: (row) => row.key,
      same: (current, { fields }) => sameValues(current, fields),
      write: ({ fields }, { id }) =>
        changes.pendingPayments.push({ id, ...fields, appliedAt: null }),
      isClosed: (row) => row.applied,
      close: (row) => changes.applyPendingPayments.push(row.id),
    },
    context.summary.pendingPayments,
    context.newId,
  );
}

/** A pending payment with the database ids of what it pays, keyed like the rows already there. */
function wantedPendingPayment(pending: SnapshotPendingPayment, ids: FeedIds): WantedPendingPayment {
  const encounterId = pending.encounterKey
    ? (ids.encounters.get(pending.encounterKey) ?? null)
    : null;
  const planId = pending.planNumber ? (ids.plans.get(pending.planNumber) ?? null) : null;
  return {
    key: pendingKey({
      receiptId: pending.receiptId,
      encounterKey: encounterId,
      planNumber: planId,
    }),
    fields: {
      guarantorId: ids.guarantorId(pending.guarantorAccount),
      encounterId,
      planId,
      receiptId: pending.receiptId,
      paidOn: pending.paidOn,
      amountCents: pending.amountCents,
    },
  };
}

/**
 * Statements: documents already sent; matched by guarantor and date, never
 * removed. A rewritten one keeps its row: it is written on that key.
 */
function statementChanges(
  context: ChangeContext,
  snapshot: FeedSnapshot,
  existing: ExistingState,
  guarantorId: (account: string) => string,
): void {
  const byKey = new Map(
    existing.statements.map((row) => [`${row.guarantorId} ${row.statementDate}`, row]),
  );
  for (const wanted of snapshot.statements) {
    const id = guarantorId(wanted.guarantorAccount);
    const current = byKey.get(`${id} ${wanted.statementDate}`);
    const fields = {
      accountNumber: wanted.guarantorAccount,
      amountDueCents: wanted.amountDueCents,
      dueDate: wanted.dueDate,
      status: wanted.status,
    };
    const changed =
      !current ||
      !sameValues(current, fields) ||
      itemsSignature(current.items) !== itemsSignature(wanted.items);
    countRow(context.summary.statements, current !== undefined, changed);
    if (!changed) continue;
    context.changes.statements.push({
      id: context.newId(),
      guarantorId: id,
      statementDate: wanted.statementDate,
      ...fields,
      items: wanted.items,
    });
  }
}
