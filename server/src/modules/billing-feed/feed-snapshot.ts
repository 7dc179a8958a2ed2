import { formatCents, sumCents } from '@webpay/contracts/money';
import type { StatementItem } from '../../db/schema.ts';
import type { FeedProblem, Located, ParsedFeed } from './feed-reader.ts';
import type { PlanEncounter, PlanRecord, StatementRecord } from './feed-records.ts';

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
  const builder = new SnapshotBuilder(feed, facilities);
  builder.addGuarantors();
  builder.addPlans();
  builder.addLooseEncounters();
  builder.addStatements();
  builder.addPendingPayments();
  const problems = builder.problems.list;
  problems.sort((a, b) => a.line - b.line);
  return { snapshot: problems.length === 0 ? builder.snapshot : undefined, problems };
}

/** The snapshot as it grows, record kind by record kind, and what the later kinds check against. */
class SnapshotBuilder {
  readonly problems = new Problems();
  readonly snapshot: FeedSnapshot;
  private readonly guarantorAccounts: ReadonlySet<string>;
  /** Records already reported as broken: what refers to them gets no second problem. */
  private readonly broken: { guarantors: Set<string>; encounters: Set<string>; plans: Set<string> };
  private readonly encounterKeys = new UniqueKeys(this.problems, 'encounter');
  private readonly encounterOwners = new Map<string, string>();
  private readonly planOwners = new Map<string, string>();

  constructor(
    private readonly feed: ParsedFeed,
    private readonly facilities: ReadonlyMap<string, FacilityKind>,
  ) {
    this.snapshot = {
      feedId: feed.header?.record.feedId ?? '',
      generatedAt: new Date(feed.header?.record.generatedAt ?? 0),
      guarantors: [],
      plans: [],
      encounters: [],
      statements: [],
      pendingPayments: [],
    };
    this.guarantorAccounts = new Set(feed.guarantors.map(({ record }) => record.accountNumber));
    this.broken = {
      guarantors: new Set(feed.unreadable.guarantors),
      encounters: new Set(feed.unreadable.encounters),
      plans: new Set(feed.unreadable.plans),
    };
  }

  addGuarantors(): void {
    const accounts = new UniqueKeys(this.problems, 'guarantor');
    const mmis = new UniqueKeys(this.problems, 'MMI');
    const emails = new UniqueKeys(this.problems, 'e-mail address');
    for (const { line, record } of this.feed.guarantors) {
      accounts.claim(record.accountNumber, line);
      mmis.claim(record.mmi, line);
      const email = record.email ?? null;
      if (email) emails.claim(email.toLowerCase(), line, email);
      this.snapshot.guarantors.push({
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
  }

  /** Plans with the encounters they carry. */
  addPlans(): void {
    const planNumbers = new UniqueKeys(this.problems, 'plan');
    for (const { line, record } of this.feed.plans) {
      const what = `plan ${record.planNumber}`;
      if (!this.knownGuarantor(line, what, record.guarantor)) {
        this.broken.plans.add(record.planNumber);
        continue;
      }
      if (!planNumbers.claim(record.planNumber, line)) continue;
      this.planOwners.set(record.planNumber, record.guarantor);
      checkPlan(this.problems, line, record);
      record.encounters.forEach((encounter, index) =>
        this.addEncounter(
          line,
          `${what}, encounters[${index}]`,
          record.guarantor,
          encounter,
          record.planNumber,
        ),
      );
      this.snapshot.plans.push(snapshotPlan(line, record));
    }
  }

  /** Encounters outside any plan. */
  addLooseEncounters(): void {
    for (const { line, record } of this.feed.encounters) {
      const what = `encounter ${encounterKey(record.facility, record.accountNumber)}`;
      if (!this.knownGuarantor(line, what, record.guarantor)) continue;
      this.addEncounter(line, what, record.guarantor, record, null);
    }
  }

  addStatements(): void {
    const statementKeys = new UniqueKeys(this.problems, 'statement');
    for (const located of this.feed.statements) {
      const { line, record } = located;
      const what = `statement ${record.guarantor} ${record.statementDate}`;
      if (!this.knownGuarantor(line, what, record.guarantor)) continue;
      if (!statementKeys.claim(`${record.guarantor} ${record.statementDate}`, line)) continue;
      checkStatement(this.problems, located, what);
      this.snapshot.statements.push(snapshotStatement(line, record));
    }
  }

  /** Outside payments, each on an encounter or plan of the same guarantor. */
  addPendingPayments(): void {
    const pendingKeys = new UniqueKeys(this.problems, 'pending payment');
    for (const { line, record } of this.feed.pendingPayments) {
      const what = `pending payment ${record.receiptId}`;
      if (!this.knownGuarantor(line, what, record.guarantor)) continue;
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
      if (!this.paysOwnAccount(pending, what)) continue;
      if (record.amount === 0) {
        this.problems.add(line, `${what}: amount must be more than 0`);
        continue;
      }
      if (!pendingKeys.claim(pendingKey(pending), line)) continue;
      this.snapshot.pendingPayments.push(pending);
    }
  }

  /** Whether the encounter or plan a payment names is in the feed and is its guarantor's. */
  private paysOwnAccount(pending: SnapshotPendingPayment, what: string): boolean {
    const target = pending.encounterKey
      ? {
          owner: this.encounterOwners.get(pending.encounterKey),
          name: `encounter ${pending.encounterKey}`,
        }
      : {
          owner: this.planOwners.get(pending.planNumber ?? ''),
          name: `plan ${pending.planNumber ?? ''}`,
        };
    if (target.owner === undefined) {
      const reported = pending.encounterKey
        ? this.broken.encounters.has(pending.encounterKey)
        : this.broken.plans.has(pending.planNumber ?? '');
      if (!reported) this.problems.add(pending.line, `${what}: ${target.name} is not in the feed`);
      return false;
    }
    if (target.owner !== pending.guarantorAccount) {
      this.problems.add(
        pending.line,
        `${what}: ${target.name} belongs to guarantor ${target.owner}`,
      );
      return false;
    }
    return true;
  }

  private knownGuarantor(line: number, what: string, account: string): boolean {
    if (this.guarantorAccounts.has(account)) return true;
    if (!this.broken.guarantors.has(account)) {
      this.problems.add(line, `${what}: guarantor ${account} is not in the feed`);
    }
    return false;
  }

  private addEncounter(
    line: number,
    what: string,
    guarantorAccount: string,
    encounter: PlanEncounter,
    planNumber: string | null,
  ): void {
    const key = encounterKey(encounter.facility, encounter.accountNumber);
    const kind = this.facilities.get(encounter.facility);
    if (!kind) {
      this.problems.add(line, `${what}: unknown facility ${encounter.facility}`);
      this.broken.encounters.add(key);
      return;
    }
    if (!this.encounterKeys.claim(key, line)) return;
    this.encounterOwners.set(key, guarantorAccount);
    this.snapshot.encounters.push({
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
  }
}

function snapshotPlan(line: number, record: PlanRecord): SnapshotPlan {
  return {
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
  };
}

function snapshotStatement(line: number, record: StatementRecord): SnapshotStatement {
  return {
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
  };
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
