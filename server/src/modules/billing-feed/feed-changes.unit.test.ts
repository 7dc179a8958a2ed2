import { describe, expect, it } from 'vitest';
import {
  planChanges,
  type ExistingState,
  type FeedChanges,
  type ChangePlan,
  type ExistingGuarantor,
  type ExistingPlan,
} from './feed-changes.ts';
import type {
  FeedSnapshot,
  SnapshotEncounter,
  SnapshotGuarantor,
  SnapshotInstalment,
  SnapshotPendingPayment,
  SnapshotPlan,
  SnapshotStatement,
} from './feed-snapshot.ts';
import { diffKeyed, noCounts } from './keyed-diff.ts';

/*
 * What an import would write, worked out without a database: the feed's
 * snapshot against an in-memory picture of the rows already there.
 */

const guarantor = (account: string, extra: Partial<SnapshotGuarantor> = {}): SnapshotGuarantor => ({
  line: 2,
  accountNumber: account,
  mmi: `M${account}`,
  firstName: 'Ada',
  lastName: 'Lovelace',
  birthdate: '1980-12-10',
  email: `g${account}@example.com`,
  supportPhone: null,
  roles: [],
  paperless: false,
  ...extra,
});

const plan = (extra: Partial<SnapshotPlan> = {}): SnapshotPlan => ({
  line: 4,
  planNumber: 'P-1',
  guarantorAccount: '1',
  version: 1,
  type: 'Auto',
  status: 'Active',
  nextDueDate: '2026-12-01',
  dueCents: 5_000,
  overdueCents: 0,
  regularPaymentCents: 5_000,
  currentBalanceCents: 10_000,
  numberOfPayments: 2,
  instalments: [
    { number: 1, dueDate: '2026-11-01', amountCents: 5_000, completedAt: '2026-11-01' },
    { number: 2, dueDate: '2026-12-01', amountCents: 5_000, completedAt: null },
  ],
  ...extra,
});

const encounter = (
  accountNumber: string,
  guarantorAccount: string,
  extra: Partial<SnapshotEncounter> = {},
): SnapshotEncounter => ({
  line: 5,
  key: `107-${accountNumber}`,
  facilityId: '107',
  accountNumber,
  guarantorAccount,
  patientName: 'Ada Lovelace',
  status: 'self_pay',
  admitDate: '2026-10-01',
  balanceCents: 10_000,
  type: 'ENT',
  planNumber: null,
  ...extra,
});

const pending = (
  receiptId: string,
  extra: Partial<SnapshotPendingPayment> = {},
): SnapshotPendingPayment => ({
  line: 7,
  receiptId,
  guarantorAccount: '2',
  encounterKey: '107-2',
  planNumber: null,
  paidOn: '2026-11-02',
  amountCents: 2_500,
  ...extra,
});

const statement = (extra: Partial<SnapshotStatement> = {}): SnapshotStatement => ({
  line: 9,
  guarantorAccount: '1',
  statementDate: '2026-11-01',
  amountDueCents: 10_000,
  dueDate: '2026-11-25',
  status: 'open',
  items: [
    {
      facilityId: '107',
      accountNumber: '1',
      patientName: 'Ada Lovelace',
      description: 'Clinic visit',
      serviceDate: '2026-10-01',
      chargesCents: 15_000,
      paymentsCents: 5_000,
      adjustmentsCents: 0,
      balanceCents: 10_000,
    },
  ],
  ...extra,
});

/** Two guarantors: one with a plan and a statement, one with a loose encounter and two receipts. */
function feed(): FeedSnapshot {
  return {
    feedId: 'TEST',
    generatedAt: new Date('2026-11-22T06:00:00Z'),
    guarantors: [guarantor('1', { line: 2 }), guarantor('2', { line: 3 })],
    plans: [plan()],
    encounters: [
      encounter('1', '1', { line: 4, status: 'payment_plan', planNumber: 'P-1' }),
      encounter('2', '2', { line: 5 }),
    ],
    statements: [statement()],
    pendingPayments: [
      pending('R-1', { line: 6 }),
      pending('R-2', { line: 7, encounterKey: null, planNumber: 'P-1', guarantorAccount: '1' }),
    ],
  };
}

const emptyState = (): ExistingState => ({
  guarantors: [],
  plans: [],
  instalments: [],
  encounters: [],
  pendingPayments: [],
  statements: [],
  portalReceiptIds: new Set(),
});

function counter(prefix = 'id'): () => string {
  let next = 0;
  return () => `${prefix}-${(next += 1)}`;
}

/** Replaces the rows with the same identity, adds the others. */
function upsert<T>(rows: readonly T[], written: readonly T[], same: (a: T, b: T) => boolean): T[] {
  const kept = rows.filter((row) => !written.some((other) => same(row, other)));
  return [...kept, ...written];
}

const byId = (a: { id: string }, b: { id: string }) => a.id === b.id;

/** The rows the database would hold once the changes are written; closing is a flag here. */
function written(state: ExistingState, changes: FeedChanges): ExistingState {
  const signedUp = new Set(state.guarantors.filter((row) => row.signedUp).map((row) => row.id));
  const guarantors = upsert<ExistingGuarantor>(
    state.guarantors,
    changes.guarantors.map((row) => ({
      ...row,
      email: row.email ?? null,
      emailVerifiedAt: row.emailVerifiedAt ?? null,
      supportPhone: row.supportPhone ?? null,
      roles: row.roles ?? [],
      paperless: row.paperless ?? false,
      signedUp: signedUp.has(row.id),
    })),
    byId,
  );
  const earlierPlans = new Map(state.plans.map((row) => [row.id, row]));
  const plans = upsert<ExistingPlan>(
    state.plans,
    changes.plans.map(({ closedAt: _closed, ...row }) => ({
      ...row,
      nextDueDate: row.nextDueDate ?? null,
      overdueCents: row.overdueCents ?? 0,
      closed: false,
      // The upsert leaves a plan's source and match alone.
      source: earlierPlans.get(row.id)?.source ?? 'feed',
      matched: earlierPlans.get(row.id)?.matched ?? false,
    })),
    byId,
  ).map((row) => ({
    ...row,
    closed: row.closed || changes.closePlans.includes(row.id),
    matched: row.matched || changes.matchPlans.includes(row.id),
  }));
  const instalments = [
    ...state.instalments.filter((row) => !changes.replaceInstalmentsOf.includes(row.planId)),
    ...changes.instalments.map(({ id: _id, ...row }) => ({
      ...row,
      completedAt: row.completedAt ?? null,
    })),
  ];
  const encounters = upsert(
    state.encounters,
    changes.encounters.map(({ closedAt: _closed, ...row }) => ({
      ...row,
      status: row.status ?? 'self_pay',
      admitDate: row.admitDate ?? null,
      planId: row.planId ?? null,
      closed: false,
    })),
    byId,
  ).map((row) => ({ ...row, closed: row.closed || changes.closeEncounters.includes(row.id) }));
  const pendingPayments = upsert(
    state.pendingPayments,
    changes.pendingPayments.map(({ appliedAt: _applied, ...row }) => ({
      ...row,
      encounterId: row.encounterId ?? null,
      planId: row.planId ?? null,
      applied: false,
    })),
    byId,
  ).map((row) => ({
    ...row,
    applied: row.applied || changes.applyPendingPayments.includes(row.id),
  }));
  const statements = upsert(
    state.statements,
    changes.statements.map(({ id: _id, ...row }) => row),
    (a, b) => a.guarantorId === b.guarantorId && a.statementDate === b.statementDate,
  );
  return { ...state, guarantors, plans, instalments, encounters, pendingPayments, statements };
}

/** The state after importing the feed into an empty database. */
function imported(snapshot = feed()): ExistingState {
  return written(emptyState(), planChanges(snapshot, emptyState(), counter('db')).changes);
}

const writes = (plan: ChangePlan) =>
  Object.values(plan.changes).reduce((total, list: unknown[]) => total + list.length, 0);

const guarantorIdOf = (state: ExistingState, account: string) =>
  state.guarantors.find((row) => row.accountNumber === account)?.id;

describe('keyed differ', () => {
  interface Row {
    id: string;
    key: string;
    value: number;
    closed: boolean;
  }
  const rows: Row[] = [
    { id: 'a', key: 'A', value: 1, closed: false },
    { id: 'b', key: 'B', value: 2, closed: false },
    { id: 'c', key: 'C', value: 3, closed: false },
    { id: 'd', key: 'D', value: 4, closed: true },
  ];
  const wanted = [
    { key: 'A', value: 1 },
    { key: 'B', value: 20 },
    { key: 'D', value: 4 },
    { key: 'E', value: 5 },
  ];

  function diff(withClose: boolean) {
    const counts = noCounts();
    const log: string[] = [];
    const ids = diffKeyed<Row, { key: string; value: number }>(
      {
        existing: rows,
        wanted,
        existingKey: (row) => row.key,
        wantedKey: (row) => row.key,
        same: (current, row) => current.value === row.value,
        write: (row, { id, current }) => log.push(`write ${row.key} as ${id} over ${current?.id}`),
        isClosed: (row) => row.closed,
        ...(withClose ? { close: (row: Row) => log.push(`close ${row.id}`) } : {}),
      },
      counts,
      counter('new'),
    );
    return { counts, log, ids };
  }

  it('matches by key, keeps existing ids, writes what is new, different or reopened', () => {
    const { counts, log, ids } = diff(true);
    expect(counts).toEqual({ created: 1, updated: 2, unchanged: 1, closed: 1 });
    expect(log).toEqual([
      'write B as b over b',
      'write D as d over d',
      'write E as new-1 over undefined',
      'close c',
    ]);
    expect([...ids]).toEqual([
      ['A', 'a'],
      ['B', 'b'],
      ['D', 'd'],
      ['E', 'new-1'],
    ]);
  });

  it('leaves unlisted rows alone without a way to close them', () => {
    const { counts, log } = diff(false);
    expect(counts.closed).toBe(0);
    expect(log).not.toContain('close c');
  });

  it('counts a row changed beside itself as updated without writing it', () => {
    const counts = noCounts();
    const log: string[] = [];
    diffKeyed(
      {
        existing: [rows[0] as Row],
        wanted: [{ key: 'A', value: 1 }],
        existingKey: (row) => row.key,
        wantedKey: (row) => row.key,
        same: (current, row) => current.value === row.value,
        write: (row) => log.push(`write ${row.key}`),
        besides: () => true,
      },
      counts,
      counter(),
    );
    expect(counts).toEqual({ created: 0, updated: 1, unchanged: 0, closed: 0 });
    expect(log).toEqual([]);
  });
});

describe('planChanges', () => {
  it('creates every row of a first import', () => {
    const result = planChanges(feed(), emptyState(), counter());
    expect(result.summary).toEqual({
      guarantors: { created: 2, updated: 0, unchanged: 0, closed: 0 },
      plans: { created: 1, updated: 0, unchanged: 0, closed: 0 },
      encounters: { created: 2, updated: 0, unchanged: 0, closed: 0 },
      statements: { created: 1, updated: 0, unchanged: 0, closed: 0 },
      pendingPayments: { created: 2, updated: 0, unchanged: 0, closed: 0 },
    });
    const { changes } = result;
    expect(changes.instalments).toHaveLength(2);
    expect(changes.replaceInstalmentsOf).toEqual([]);
    const planId = changes.plans[0]?.id;
    expect(changes.instalments.every((row) => row.planId === planId)).toBe(true);
    expect(changes.encounters.map((row) => row.planId)).toEqual([planId, null]);
    expect(changes.pendingPayments.map((row) => [row.receiptId, row.planId])).toEqual([
      ['R-1', null],
      ['R-2', planId],
    ]);
    expect(result.problems).toEqual([]);
    expect(result.warnings).toEqual([]);
  });

  it('writes nothing when the same feed comes again', () => {
    const state = imported();
    const again = planChanges(feed(), state, counter());
    expect(writes(again)).toBe(0);
    for (const counts of Object.values(again.summary)) {
      expect(counts.created + counts.updated + counts.closed).toBe(0);
    }
    expect(again.summary.guarantors.unchanged).toBe(2);
    expect(again.summary.pendingPayments.unchanged).toBe(2);
  });

  it('updates only the rows whose values changed', () => {
    const state = imported();
    const snapshot = feed();
    Object.assign(snapshot.guarantors[1] ?? {}, { firstName: 'Augusta' });
    Object.assign(snapshot.plans[0] ?? {}, { dueCents: 4_000 });
    Object.assign(snapshot.encounters[1] ?? {}, { balanceCents: 9_000 });
    Object.assign(snapshot.pendingPayments[0] ?? {}, { amountCents: 2_000 });
    Object.assign(snapshot.statements[0] ?? {}, { status: 'past_due' });
    const result = planChanges(snapshot, state, counter());
    const one = { created: 0, updated: 1, unchanged: 0, closed: 0 };
    expect(result.summary).toEqual({
      guarantors: { ...one, unchanged: 1 },
      plans: one,
      encounters: { ...one, unchanged: 1 },
      statements: one,
      pendingPayments: { ...one, unchanged: 1 },
    });
    expect(result.changes.guarantors.map((row) => row.firstName)).toEqual(['Augusta']);
    expect(result.changes.guarantors[0]?.id).toBe(guarantorIdOf(state, '2'));
    expect(result.changes.guarantorKeyChanges).toEqual([]);
    expect(result.changes.plans.map((row) => [row.id, row.dueCents])).toEqual([
      [state.plans[0]?.id, 4_000],
    ]);
    expect(result.changes.instalments).toEqual([]);
    expect(result.changes.encounters.map((row) => row.balanceCents)).toEqual([9_000]);
    expect(result.changes.pendingPayments.map((row) => row.amountCents)).toEqual([2_000]);
    expect(result.changes.statements.map((row) => row.status)).toEqual(['past_due']);
  });

  it('rewrites a statement whose lines changed, on its guarantor and date', () => {
    const state = imported();
    const snapshot = feed();
    const sent = snapshot.statements[0] as SnapshotStatement;
    sent.items = sent.items.map((item) => ({ ...item, description: 'Clinic visit, follow-up' }));
    const result = planChanges(snapshot, state, counter('new'));
    expect(result.summary.statements).toEqual({ created: 0, updated: 1, unchanged: 0, closed: 0 });
    expect(result.changes.statements).toMatchObject([
      { id: 'new-1', guarantorId: guarantorIdOf(state, '1'), statementDate: '2026-11-01' },
    ]);
    expect(writes(result)).toBe(1);
  });

  it('closes plans and encounters and applies payments the feed no longer lists', () => {
    const state = imported();
    const snapshot = feed();
    snapshot.guarantors = [];
    snapshot.plans = [];
    snapshot.encounters = [];
    snapshot.pendingPayments = [];
    snapshot.statements = [];
    const result = planChanges(snapshot, state, counter());
    expect(result.summary.plans.closed).toBe(1);
    expect(result.summary.encounters.closed).toBe(2);
    expect(result.summary.pendingPayments.closed).toBe(2);
    // Guarantors and statements stay: their history is kept.
    expect(result.summary.guarantors).toEqual(noCounts());
    expect(result.summary.statements).toEqual(noCounts());
    expect(result.changes.closePlans).toEqual(state.plans.map((row) => row.id));
    expect(result.changes.closeEncounters).toEqual(state.encounters.map((row) => row.id));
    expect(result.changes.applyPendingPayments).toEqual(state.pendingPayments.map((row) => row.id));

    const closed = written(state, result.changes);
    const again = planChanges(snapshot, closed, counter());
    expect(writes(again)).toBe(0);
    expect(again.summary.plans.closed).toBe(0);
  });

  it('reopens a closed plan and encounter the feed lists again', () => {
    const state = imported();
    const snapshot = feed();
    const closed = written(state, {
      ...planChanges({ ...snapshot, plans: [], encounters: [] }, state, counter()).changes,
      guarantors: [],
      pendingPayments: [],
    });
    const result = planChanges(snapshot, closed, counter());
    expect(result.summary.plans).toEqual({ created: 0, updated: 1, unchanged: 0, closed: 0 });
    expect(result.summary.encounters.updated).toBe(2);
    expect(result.changes.plans.map((row) => [row.id, row.closedAt])).toEqual([
      [state.plans[0]?.id, null],
    ]);
  });

  it('replaces a schedule without rewriting the plan whose only change it is', () => {
    const state = imported();
    const snapshot = feed();
    const [first, second] = plan().instalments as [SnapshotInstalment, SnapshotInstalment];
    (snapshot.plans[0] as SnapshotPlan).instalments = [
      first,
      { ...second, completedAt: '2026-11-30' },
    ];
    const result = planChanges(snapshot, state, counter('new'));
    const planId = state.plans[0]?.id;
    expect(result.summary.plans).toEqual({ created: 0, updated: 1, unchanged: 0, closed: 0 });
    expect(result.changes.plans).toEqual([]);
    expect(result.changes.replaceInstalmentsOf).toEqual([planId]);
    expect(result.changes.instalments).toEqual([
      { id: 'new-1', planId, ...first },
      { id: 'new-2', planId, ...second, completedAt: '2026-11-30' },
    ]);
    expect(writes(planChanges(snapshot, written(state, result.changes), counter()))).toBe(0);
  });

  it('keeps the e-mail and paperless choice of a guarantor who signed up', () => {
    const state = imported();
    const mine = state.guarantors.find((row) => row.accountNumber === '1') as ExistingGuarantor;
    Object.assign(mine, { signedUp: true, email: 'ada@home.example', paperless: true });
    const snapshot = feed();
    Object.assign(snapshot.guarantors[0] ?? {}, { email: 'billing@example.com' });
    const unchanged = planChanges(snapshot, state, counter());
    expect(unchanged.summary.guarantors.unchanged).toBe(2);
    expect(unchanged.changes.guarantors).toEqual([]);

    Object.assign(snapshot.guarantors[0] ?? {}, { lastName: 'King' });
    const renamed = planChanges(snapshot, state, counter());
    expect(renamed.changes.guarantors).toMatchObject([
      { id: mine.id, lastName: 'King', email: 'ada@home.example', paperless: true },
    ]);
    expect(renamed.changes.guarantorKeyChanges).toEqual([]);
  });

  it('clears the verification of a changed e-mail and parks the old keys first', () => {
    const state = imported();
    const verifiedAt = new Date('2026-01-01T00:00:00Z');
    for (const row of state.guarantors) row.emailVerifiedAt = verifiedAt;
    const snapshot = feed();
    Object.assign(snapshot.guarantors[0] ?? {}, { email: 'new@example.com' });
    Object.assign(snapshot.guarantors[1] ?? {}, { mmi: 'M9' });
    const result = planChanges(snapshot, state, counter());
    expect(result.changes.guarantors.map((row) => [row.email, row.emailVerifiedAt])).toEqual([
      ['new@example.com', null],
      ['g2@example.com', verifiedAt],
    ]);
    expect(result.changes.guarantorKeyChanges).toEqual([
      guarantorIdOf(state, '1'),
      guarantorIdOf(state, '2'),
    ]);

    // Only the letters' case changed: the same address, still verified.
    Object.assign(snapshot.guarantors[0] ?? {}, { email: 'G1@EXAMPLE.COM' });
    Object.assign(snapshot.guarantors[1] ?? {}, { mmi: 'M2' });
    const recased = planChanges(snapshot, state, counter());
    expect(recased.changes.guarantors.map((row) => row.emailVerifiedAt)).toEqual([verifiedAt]);
    expect(recased.changes.guarantorKeyChanges).toEqual([]);
  });

  it('reports an MMI or e-mail held by a guarantor the feed leaves out, by line', () => {
    const state = imported();
    const snapshot = feed();
    snapshot.guarantors = [
      guarantor('3', { line: 8, mmi: 'M1' }),
      guarantor('4', { line: 3, email: 'G1@example.com' }),
      guarantor('2', { line: 5, mmi: 'M2' }),
    ];
    const { problems } = planChanges(snapshot, state, counter());
    expect(problems).toEqual([
      {
        line: 3,
        message:
          'guarantor 4: e-mail G1@example.com belongs to guarantor 1, who is not in the feed',
      },
      {
        line: 8,
        message: 'guarantor 3: MMI M1 belongs to guarantor 1, who is not in the feed',
      },
    ]);
  });

  it('warns about a receipt of a portal payment instead of writing it', () => {
    const state = { ...emptyState(), portalReceiptIds: new Set(['R-1']) };
    const result = planChanges(feed(), state, counter());
    expect(result.warnings).toEqual([
      {
        line: 6,
        message: 'pending payment R-1: a payment made in the portal, left to webpay apply',
      },
    ]);
    expect(result.changes.pendingPayments.map((row) => row.receiptId)).toEqual(['R-2']);
    expect(result.summary.pendingPayments.created).toBe(1);
    expect(result.problems).toEqual([]);
  });
});
