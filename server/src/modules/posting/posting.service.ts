import { sumCents } from '@webpay/contracts/money';
import type { Database } from '../../db/client.ts';
import type { FileProblem } from '../../lib/csv.ts';
import type { RequestContext } from '../../lib/request-context.ts';
import { AuditRepository } from '../audit/index.ts';
import { ADJUSTMENT_ENTRY, AdjustmentPosting, type AdjustmentState } from './adjustment-posting.ts';
import {
  entryName,
  readConfirmation,
  type ConfirmationEntry,
  type PostingLine,
} from './posting-file.ts';
import { PostingRepository, type ReceiptState, type ReversalState } from './posting.repository.ts';
import { spokenCharacters } from '../../lib/spoken-reference.ts';

/*
 * The billing office's side of a payment after it is recorded: it is
 * exported in a posting file for the hospital billing system, which posts it
 * to the accounts and confirms; the confirmation marks it applied, and it
 * stops being pending on the guarantor's dashboard.
 */

/** `EXP-20261122-7KQ2M9`: the export's day in UTC, then 31^6 values read aloud and typed. */
export function newBatchId(at: Date): string {
  return `EXP-${at.toISOString().slice(0, 10).replaceAll('-', '')}-${spokenCharacters(6)}`;
}

export const BATCH_ID_PATTERN = /^EXP-\d{8}-[A-HJKMNP-Z2-9]{6}$/;

export interface PostingBatch {
  /** Null when there was nothing to export. */
  batchId: string | null;
  lines: PostingLine[];
  payments: number;
  /** Voids and refunds, each a negative line per payment line it gives back. */
  reversals: number;
  /** Payment plans set up in the portal, a row per encounter on each; they move no money. */
  plans: number;
  /** Approved financial assistance applications, a negative row per adjusted account. */
  adjustments: number;
  /** Net: payments less reversals. */
  totalCents: number;
}

export type ApplyOutcome = 'applied' | 'already_applied' | 'would_apply';

export interface ApplyResult {
  receiptId: string;
  /** Set when the row applied a reversal of the receipt's payment. */
  reversalId: string | null;
  /** The row confirmed a financial assistance application's adjustments (receiptId is its reference). */
  adjustment?: true;
  paymentReference: string;
  /** Negative for a reversal, as in the posting file. */
  amountCents: number;
  outcome: ApplyOutcome;
  /** When it was applied: now, as the file says, or earlier for one already applied. */
  appliedAt: Date;
}

export interface ApplyReport {
  /** When there is any, nothing was applied. */
  problems: FileProblem[];
  results: ApplyResult[];
}

export interface ApplyOptions {
  /** Named in the audit trail. */
  fileName: string;
  dryRun: boolean;
  now?: Date;
}

const OPERATOR = { actorType: 'operator' } as const;

function batchOf(batchId: string | null, lines: PostingLine[]): PostingBatch {
  const money = lines.filter((line) => line.entry !== 'plan' && line.entry !== ADJUSTMENT_ENTRY);
  return {
    batchId,
    lines,
    payments: new Set(lines.filter((l) => l.entry === 'payment').map((l) => l.paymentId)).size,
    reversals: new Set(lines.map((line) => line.reversalId).filter(Boolean)).size,
    plans: new Set(lines.flatMap((line) => (line.plan ? [line.plan.planNumber] : []))).size,
    adjustments: new Set(
      lines.filter((line) => line.entry === ADJUSTMENT_ENTRY).map((line) => line.receiptId),
    ).size,
    totalCents: sumCents(money.map((line) => line.amountCents)),
  };
}

type EntryState = ReceiptState | ReversalState | AdjustmentEntryState;

/** An application's adjustments as a confirmation entry sees them. */
interface AdjustmentEntryState extends AdjustmentState {
  adjustment: true;
  receiptId: string;
  paymentReference: string;
}

interface CheckedEntry {
  state: EntryState;
  appliedAt: Date;
}

function isReversal(state: EntryState): state is ReversalState {
  return 'reversalId' in state;
}

function isAdjustment(state: EntryState): state is AdjustmentEntryState {
  return 'adjustment' in state;
}

/** What a confirmation names, read with the states that decide whether each can be applied. */
async function entryStates(
  repository: PostingRepository,
  adjustments: AdjustmentPosting,
  entries: readonly ConfirmationEntry[],
): Promise<Map<string, EntryState>> {
  const receiptIds = entries
    .filter((entry) => !entry.reversalId && !entry.adjustment)
    .map((entry) => entry.receiptId);
  const reversalIds = entries.flatMap((entry) => (entry.reversalId ? [entry.reversalId] : []));
  const references = entries.flatMap((entry) => (entry.adjustment ? [entry.receiptId] : []));
  const states = new Map<string, EntryState>();
  for (const state of await adjustments.states(references)) {
    states.set(`adjustment ${state.reference}`, {
      ...state,
      adjustment: true,
      receiptId: state.reference,
      paymentReference: state.reference,
    });
  }
  for (const state of await repository.receiptStates(receiptIds)) {
    states.set(`receipt ${state.receiptId}`, state);
  }
  for (const state of await repository.reversalStates(reversalIds)) {
    states.set(`reversal ${state.reversalId}`, state);
  }
  return states;
}

/** Each line of a confirmation against what was exported: every problem, or every entry. */
function checkEntries(
  file: ReturnType<typeof readConfirmation>,
  states: ReadonlyMap<string, EntryState>,
  now: Date,
): { problems: ApplyReport['problems']; checked: CheckedEntry[] } {
  const problems = [...file.problems];
  const checked: CheckedEntry[] = [];
  for (const entry of file.entries) {
    const named = entryName(entry);
    const state = states.get(named);
    if (!state) {
      problems.push({ line: entry.line, message: `unknown ${named}` });
    } else if (!state.exportedAt) {
      problems.push({ line: entry.line, message: `${named} has not been exported yet` });
    } else {
      checked.push({ state, appliedAt: entry.appliedAt ?? now });
    }
  }
  return { problems: problems.sort((a, b) => a.line - b.line), checked };
}

/** The row id an entry marks: the payment's, the reversal's or the application's. */
function markedId(state: EntryState): string {
  if (isAdjustment(state)) return state.applicationId;
  return isReversal(state) ? state.reversalRowId : state.paymentId;
}

type EntryKind = 'payment' | 'reversal' | 'adjustment';

function kindOf(state: EntryState): EntryKind {
  if (isAdjustment(state)) return 'adjustment';
  return isReversal(state) ? 'reversal' : 'payment';
}

/** Marks the entries applied, one statement per kind and distinct time; answers the ids marked. */
async function markApplied(
  repository: PostingRepository,
  adjustments: AdjustmentPosting,
  toApply: readonly CheckedEntry[],
): Promise<Set<string>> {
  const byTime = new Map<string, { kind: EntryKind; time: number; ids: string[] }>();
  for (const { state, appliedAt } of toApply) {
    const key = `${kindOf(state)}:${appliedAt.getTime()}`;
    const group = byTime.get(key);
    if (group) group.ids.push(markedId(state));
    else
      byTime.set(key, { kind: kindOf(state), time: appliedAt.getTime(), ids: [markedId(state)] });
  }
  const mark = {
    payment: (ids: string[], at: Date) => repository.markApplied(ids, at),
    reversal: (ids: string[], at: Date) => repository.markReversalsApplied(ids, at),
    adjustment: (ids: string[], at: Date) => adjustments.markApplied(ids, at),
  };
  const applied = new Set<string>();
  for (const { kind, time, ids } of byTime.values()) {
    for (const id of await mark[kind](ids, new Date(time))) applied.add(id);
  }
  return applied;
}

function resultOf(state: EntryState, appliedAt: Date, outcome: ApplyOutcome): ApplyResult {
  const givenBack = isReversal(state) || isAdjustment(state);
  return {
    receiptId: state.receiptId,
    reversalId: isReversal(state) ? state.reversalId : null,
    ...(isAdjustment(state) ? { adjustment: true as const } : {}),
    paymentReference: state.paymentReference,
    amountCents: givenBack ? -state.amountCents : state.amountCents,
    outcome,
    appliedAt: state.appliedAt ?? appliedAt,
  };
}

/** The applications whose adjustments a confirmation applied, named only when there are any. */
function adjustmentsOf(results: readonly ApplyResult[]): { adjustments?: string[] } {
  const references = results.flatMap((result) => (result.adjustment ? [result.receiptId] : []));
  return references.length > 0 ? { adjustments: references } : {};
}

export class PostingService {
  private readonly repository: PostingRepository;
  private readonly audit: AuditRepository;

  constructor(private readonly db: Database) {
    this.repository = new PostingRepository(db);
    this.audit = new AuditRepository(db);
  }

  /**
   * Exports every recorded payment not exported before (recorded on or after
   * `since`, when given) as a new batch. Marking them and reading them back
   * happen in one transaction, with the audit event, so a payment is in
   * exactly one batch however many exports run at once.
   */
  async exportPayments(
    options: { since?: Date; now?: Date },
    context: RequestContext,
  ): Promise<PostingBatch> {
    const now = options.now ?? new Date();
    return this.db.transaction(async (tx) => {
      const repository = new PostingRepository(tx);
      let batchId = newBatchId(now);
      while (await repository.batchExists(batchId)) batchId = newBatchId(now);
      const marked = await repository.markExported(batchId, now, options.since);
      // After the payments, so a reversal of a payment in this batch can go with it.
      const reversals = await repository.markReversalsExported(batchId, now, options.since);
      const plans = await repository.markPlansExported(batchId, now, options.since);
      const adjusted = await new AdjustmentPosting(tx).markExported(batchId, now, options.since);
      const lines = await repository.batchLines(batchId);
      const batch = batchOf(marked + reversals + plans + adjusted > 0 ? batchId : null, lines);
      // A payment, reversal, plan or adjustment marked but missing from the file would never be posted.
      const inFile = [batch.payments, batch.reversals, batch.plans, batch.adjustments];
      if ([marked, reversals, plans, adjusted].some((count, index) => count !== inFile[index])) {
        throw new Error(
          `Batch ${batchId}: ${marked} payments, ${reversals} reversals, ${plans} plans and ` +
            `${adjusted} adjustments marked, ${inFile.join(', ')} in the file`,
        );
      }
      await new AuditRepository(tx).record(context, {
        ...OPERATOR,
        action: 'payments.exported',
        outcome: 'success',
        targetType: 'export_batch',
        targetId: batch.batchId,
        details: {
          batchId: batch.batchId,
          count: batch.payments,
          reversals: batch.reversals,
          plans: batch.plans,
          adjustments: batch.adjustments,
          lines: batch.lines.length,
          totalCents: batch.totalCents,
          since: options.since?.toISOString() ?? null,
        },
      });
      return batch;
    });
  }

  /** An earlier batch as it was exported, changing nothing; undefined when there is none. */
  async batch(batchId: string, context: RequestContext): Promise<PostingBatch | undefined> {
    const lines = await this.repository.batchLines(batchId);
    if (lines.length === 0) return undefined;
    const batch = batchOf(batchId, lines);
    await this.audit.record(context, {
      ...OPERATOR,
      action: 'payments.export_reprinted',
      outcome: 'success',
      targetType: 'export_batch',
      targetId: batchId,
      details: {
        batchId,
        count: batch.payments,
        reversals: batch.reversals,
        plans: batch.plans,
        adjustments: batch.adjustments,
        totalCents: batch.totalCents,
      },
    });
    return batch;
  }

  /**
   * Applies the receipts and reversals a posting confirmation lists, all or
   * none: every row is checked first, and any problem leaves everything
   * unchanged. One applied before is reported as such and keeps its time.
   */
  async applyConfirmation(
    text: string,
    options: ApplyOptions,
    context: RequestContext,
  ): Promise<ApplyReport> {
    const now = options.now ?? new Date();
    const file = readConfirmation(text, now);
    const report = await this.db.transaction(async (tx) => {
      const repository = new PostingRepository(tx);
      const adjustments = new AdjustmentPosting(tx);
      const states = await entryStates(repository, adjustments, file.entries);
      const { problems, checked } = checkEntries(file, states, now);
      if (problems.length > 0) return { problems, results: [] };

      const toApply = checked.filter(({ state }) => !state.appliedAt);
      const applied = options.dryRun
        ? new Set<string>()
        : await markApplied(repository, adjustments, toApply);
      const outcomeOf = (state: EntryState): ApplyOutcome => {
        if (state.appliedAt) return 'already_applied';
        if (options.dryRun) return 'would_apply';
        // Not marked: another apply took it between the check and the update.
        return applied.has(markedId(state)) ? 'applied' : 'already_applied';
      };
      const results = checked.map(({ state, appliedAt }) =>
        resultOf(state, appliedAt, outcomeOf(state)),
      );
      if (!options.dryRun) {
        const newlyApplied = results.filter((result) => result.outcome === 'applied');
        await new AuditRepository(tx).record(context, {
          ...OPERATOR,
          action: 'payments.applied',
          outcome: 'success',
          targetType: 'posting_file',
          targetId: options.fileName,
          details: {
            applied: newlyApplied.length,
            alreadyApplied: results.length - newlyApplied.length,
            totalCents: sumCents(newlyApplied.map((result) => result.amountCents)),
            receiptIds: newlyApplied.flatMap((result) =>
              result.reversalId || result.adjustment ? [] : [result.receiptId],
            ),
            ...adjustmentsOf(newlyApplied),
            reversalIds: newlyApplied.flatMap((result) =>
              result.reversalId ? [result.reversalId] : [],
            ),
          },
        });
      }
      return { problems: [], results };
    });

    if (report.problems.length > 0 && !options.dryRun) {
      await this.audit.record(context, {
        ...OPERATOR,
        action: 'payments.applied',
        outcome: 'failure',
        targetType: 'posting_file',
        targetId: options.fileName,
        details: {
          problems: report.problems.length,
          lines: report.problems.map((problem) => problem.line),
        },
      });
    }
    return report;
  }
}
