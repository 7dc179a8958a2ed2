import { formatCents, sumCents } from '@webpay/contracts/money';
import type { StatementItem } from '../../db/schema.ts';
import type { FeedProblem, Located, ParsedFeed } from './feed-reader.ts';
import type { PlanEncounter, PlanRecord } from './feed-records.ts';

/*
 * A feed is a full snapshot of what the billing system holds open: every
 * guarantor, open encounter, active plan and unapplied outside payment. Here
 * its records are checked against each other and turned into the state the
 * database should reach, keyed by the billing system's own identifiers.
 */

export type FacilityKind = 'central' | 'external';

export interface SnapshotGuarantor {
  line: number;
  accountNumber: string;
  mmi: string;
  firstName: string;
  lastName: string;
  birthdate: string;
  email: string | null;
  supportPhone: string | null;
  roles: string[];
  paperless: boolean;
}

export interface SnapshotInstalment {
  number: number;
  dueDate: string;
  amountCents: number;
  completedAt: string | null;
}

export interface SnapshotPlan {
  line: number;
  planNumber: string;
  guarantorAccount: string;
  version: number;
  type: PlanRecord['type'];
  status: PlanRecord['status'];
  nextDueDate: string | null;
  dueCents: number;
  overdueCents: number;
  regularPaymentCents: number;
  currentBalanceCents: number;
  numberOfPayments: number;
  instalments: SnapshotInstalment[];
}

export interface SnapshotEncounter {
  line: number;
  /** `107-40010001`: facility and account number, unique across the feed. */
  key: string;
  facilityId: string;
  accountNumber: string;
  guarantorAccount: string;
  patientName: string;
  status: string;
  admitDate: string | null;
  balanceCents: number;
  type: 'ENT' | 'EXAR';
  planNumber: string | null;
}

export interface SnapshotStatement {
  line: number;
  guarantorAccount: string;
  statementDate: string;
  amountDueCents: number;
  dueDate: string;
  status: 'open' | 'paid' | 'past_due' | 'closed';
  items: StatementItem[];
}

export interface SnapshotPendingPayment {
  line: number;
  receiptId: string;
  guarantorAccount: string;
  encounterKey: string | null;
  planNumber: string | null;
  paidOn: string;
  amountCents: number;
}

export interface FeedSnapshot {
  feedId: string;
  generatedAt: Date;
  guarantors: SnapshotGuarantor[];
  plans: SnapshotPlan[];
  encounters: SnapshotEncounter[];
  statements: SnapshotStatement[];
  pendingPayments: SnapshotPendingPayment[];
}

export const encounterKey = (facilityId: string, accountNumber: string) =>
  `${facilityId}-${accountNumber}`;

/** `receipt R-9001 on 107-40010001`: one outside payment may be spread over several accounts. */
export const pendingKey = (pending: {
  receiptId: string;
  encounterKey: string | null;
  planNumber: string | null;
}) => `${pending.receiptId} on ${pending.encounterKey ?? `plan ${pending.planNumber ?? ''}`}`;

class Problems {
  readonly list: FeedProblem[] = [];
  add(line: number, message: string): void {
    this.list.push({ line, message });
  }
}

/** Remembers the first line of each key and reports the ones seen again. */
class UniqueKeys {
  private readonly seen = new Map<string, number>();
  constructor(
    private readonly problems: Problems,
    private readonly what: string,
  ) {}
  claim(key: string, line: number, shown: string = key): boolean {
    const first = this.seen.get(key);
    if (first !== undefined) {
      this.problems.add(line, `${this.what} ${shown} is also on line ${first}`);
      return false;
    }
    this.seen.set(key, line);
    return true;
  }
}

/**
 * Checks the parsed feed as a whole and builds the target state. Problems
 * are sorted by line; when there is any, the snapshot must not be written.
 */
export function buildSnapshot(
  feed: ParsedFeed,
  facilities: ReadonlyMap<string, FacilityKind>,
): { snapshot: FeedSnapshot | undefined; problems: FeedProblem[] } {
  const problems = new Problems();
  const snapshot: FeedSnapshot = {
    feedId: feed.header?.record.feedId ?? '',
    generatedAt: new Date(feed.header?.record.generatedAt ?? 0),
    guarantors: [],
    plans: [],
    encounters: [],
    statements: [],
    pendingPayments: [],
  };

  const accounts = new UniqueKeys(problems, 'guarantor');
  const mmis = new UniqueKeys(problems, 'MMI');
  const emails = new UniqueKeys(problems, 'e-mail address');
  for (const { line, record } of feed.guarantors) {
    accounts.claim(record.accountNumber, line);
    mmis.claim(record.mmi, line);
    const email = record.email ?? null;
    if (email) emails.claim(email.toLowerCase(), line, email);
    snapshot.guarantors.push({
      line,
      accountNumber: record.accountNumber,
      mmi: record.mmi,
      firstName: record.firstName,
      lastName: record.lastName,
      birthdate: record.birthdate,
      email,
      supportPhone: record.supportPhone ?? null,
      roles: [...new Set(record.roles ?? [])],
      paperless: record.paperless ?? false,
    });
  }
  const guarantorAccounts = new Set(feed.guarantors.map(({ record }) => record.accountNumber));
  // Records already reported as broken: what refers to them gets no second problem.
  const broken = {
    guarantors: new Set(feed.unreadable.guarantors),
    encounters: new Set(feed.unreadable.encounters),
    plans: new Set(feed.unreadable.plans),
  };
  const knownGuarantor = (line: number, what: string, account: string) => {
    if (guarantorAccounts.has(account)) return true;
    if (!broken.guarantors.has(account)) {
      problems.add(line, `${what}: guarantor ${account} is not in the feed`);
    }
    return false;
  };

  const encounterKeys = new UniqueKeys(problems, 'encounter');
  const encounterOwners = new Map<string, string>();
  const addEncounter = (
    line: number,
    what: string,
    guarantorAccount: string,
    encounter: PlanEncounter,
    planNumber: string | null,
  ) => {
    const key = encounterKey(encounter.facility, encounter.accountNumber);
    const kind = facilities.get(encounter.facility);
    if (!kind) {
      problems.add(line, `${what}: unknown facility ${encounter.facility}`);
      broken.encounters.add(key);
      return;
    }
    if (!encounterKeys.claim(key, line)) return;
    encounterOwners.set(key, guarantorAccount);
    snapshot.encounters.push({
      line,
      key,
      facilityId: encounter.facility,
      accountNumber: encounter.accountNumber,
      guarantorAccount,
      patientName: encounter.patientName,
      status: encounter.status ?? (planNumber ? 'payment_plan' : 'self_pay'),
      admitDate: encounter.admitDate ?? null,
      balanceCents: encounter.balance,
      type: kind === 'central' ? 'ENT' : 'EXAR',
      planNumber,
    });
  };

  const planNumbers = new UniqueKeys(problems, 'plan');
  const planOwners = new Map<string, string>();
  for (const { line, record } of feed.plans) {
    const what = `plan ${record.planNumber}`;
    if (!knownGuarantor(line, what, record.guarantor)) {
      broken.plans.add(record.planNumber);
      continue;
    }
    if (!planNumbers.claim(record.planNumber, line)) continue;
    planOwners.set(record.planNumber, record.guarantor);
    checkPlan(problems, line, record);
    record.encounters.forEach((encounter, index) =>
      addEncounter(
        line,
        `${what}, encounters[${index}]`,
        record.guarantor,
        encounter,
        record.planNumber,
      ),
    );
    snapshot.plans.push({
      line,
      planNumber: record.planNumber,
      guarantorAccount: record.guarantor,
      version: record.version,
      type: record.type,
      status: record.status,
      nextDueDate: record.nextDueDate ?? null,
      dueCents: record.dueAmount,
      overdueCents: record.overdueAmount,
      regularPaymentCents: record.regularPaymentAmount,
      currentBalanceCents: record.currentBalance,
      numberOfPayments: record.numberOfPayments,
      instalments: record.instalments
        .map((instalment) => ({
          number: instalment.number,
          dueDate: instalment.dueDate,
          amountCents: instalment.amount,
          completedAt: instalment.completedAt ?? null,
        }))
        .sort((a, b) => a.number - b.number),
    });
  }

  for (const { line, record } of feed.encounters) {
    const what = `encounter ${encounterKey(record.facility, record.accountNumber)}`;
    if (!knownGuarantor(line, what, record.guarantor)) continue;
    addEncounter(line, what, record.guarantor, record, null);
  }

  const statementKeys = new UniqueKeys(problems, 'statement');
  for (const located of feed.statements) {
    const { line, record } = located;
    const what = `statement ${record.guarantor} ${record.statementDate}`;
    if (!knownGuarantor(line, what, record.guarantor)) continue;
    if (!statementKeys.claim(`${record.guarantor} ${record.statementDate}`, line)) continue;
    checkStatement(problems, located, what);
    snapshot.statements.push({
      line,
      guarantorAccount: record.guarantor,
      statementDate: record.statementDate,
      amountDueCents: record.amountDue,
      dueDate: record.dueDate,
      status: record.status,
      items: record.lines.map((item) => ({
        facilityId: item.facility,
        accountNumber: item.accountNumber,
        patientName: item.patientName,
        description: item.description,
        serviceDate: item.serviceDate,
        chargesCents: item.charges,
        paymentsCents: item.payments,
        adjustmentsCents: item.adjustments,
        balanceCents: item.balance,
      })),
    });
  }

  const pendingKeys = new UniqueKeys(problems, 'pending payment');
  for (const { line, record } of feed.pendingPayments) {
    const what = `pending payment ${record.receiptId}`;
    if (!knownGuarantor(line, what, record.guarantor)) continue;
    const pending: SnapshotPendingPayment = {
      line,
      receiptId: record.receiptId,
      guarantorAccount: record.guarantor,
      encounterKey:
        record.facility && record.accountNumber
          ? encounterKey(record.facility, record.accountNumber)
          : null,
      planNumber: record.planNumber ?? null,
      paidOn: record.paidOn,
      amountCents: record.amount,
    };
    const target = pending.encounterKey
      ? {
          owner: encounterOwners.get(pending.encounterKey),
          name: `encounter ${pending.encounterKey}`,
        }
      : {
          owner: planOwners.get(pending.planNumber ?? ''),
          name: `plan ${pending.planNumber ?? ''}`,
        };
    if (target.owner === undefined) {
      const reported = pending.encounterKey
        ? broken.encounters.has(pending.encounterKey)
        : broken.plans.has(pending.planNumber ?? '');
      if (!reported) problems.add(line, `${what}: ${target.name} is not in the feed`);
      continue;
    }
    if (target.owner !== record.guarantor) {
      problems.add(line, `${what}: ${target.name} belongs to guarantor ${target.owner}`);
      continue;
    }
    if (record.amount === 0) {
      problems.add(line, `${what}: amount must be more than 0`);
      continue;
    }
    if (!pendingKeys.claim(pendingKey(pending), line)) continue;
    snapshot.pendingPayments.push(pending);
  }

  problems.list.sort((a, b) => a.line - b.line);
  return { snapshot: problems.list.length === 0 ? snapshot : undefined, problems: problems.list };
}

function checkPlan(problems: Problems, line: number, plan: PlanRecord): void {
  const what = `plan ${plan.planNumber}`;
  const encounterTotal = sumCents(plan.encounters.map((encounter) => encounter.balance));
  if (encounterTotal !== plan.currentBalance) {
    problems.add(
      line,
      `${what}: currentBalance ${formatCents(plan.currentBalance)} is not the sum of its encounters' balances, ${formatCents(encounterTotal)}`,
    );
  }
  if (plan.instalments.length > 0 && plan.instalments.length !== plan.numberOfPayments) {
    problems.add(
      line,
      `${what}: ${plan.instalments.length} instalments for ${plan.numberOfPayments} payments (list all of them, or none)`,
    );
  }
  const numbers = new Set<number>();
  for (const instalment of plan.instalments) {
    if (numbers.has(instalment.number)) {
      problems.add(line, `${what}: instalment ${instalment.number} is listed twice`);
    }
    numbers.add(instalment.number);
  }
}

function checkStatement(
  problems: Problems,
  { line, record }: Located<ParsedFeed['statements'][number]['record']>,
  what: string,
): void {
  record.lines.forEach((item, index) => {
    const balance = item.charges - item.payments - item.adjustments;
    if (balance !== item.balance) {
      problems.add(
        line,
        `${what}, lines[${index}]: balance ${formatCents(item.balance)} is not charges − payments − adjustments, ${formatCents(balance)}`,
      );
    }
  });
  const total = sumCents(record.lines.map((item) => item.balance));
  if (total !== record.amountDue) {
    problems.add(
      line,
      `${what}: amountDue ${formatCents(record.amountDue)} is not the sum of its lines' balances, ${formatCents(total)}`,
    );
  }
  if (record.dueDate < record.statementDate) {
    problems.add(line, `${what}: dueDate ${record.dueDate} is before the statement date`);
  }
}
