import { isoDateSchema, isoDateTimeSchema } from '@webpay/contracts/dates';
import type { ReversalKind } from '@webpay/contracts/payment-desk';
import { csvText, readCsv, type FileProblem } from '../../lib/csv.ts';

/*
 * The files exchanged with the hospital billing system (docs/posting.md):
 * the posting file WebPay exports, one row per payment line, and the
 * confirmation the billing system sends back, one row per applied receipt.
 * Both are CSV (lib/csv.ts): a header row, comma-separated fields, CRLF
 * line ends, fields quoted when they hold a comma, a quote or a line break,
 * and no cell a spreadsheet would run as a formula.
 */

export const POSTING_COLUMNS = [
  'batch_id',
  'receipt_id',
  'payment_reference',
  'facility',
  'account',
  'payment_type',
  'amount',
  'method',
  'instrument',
  'masked_number',
  'paid_at',
  'processor_txn_id',
  'approval_code',
  'entry',
  'reversal_id',
  'plan_number',
  'monthly_amount',
  'number_of_payments',
  'first_due_date',
  'day_of_month',
  'autopay',
] as const;

/**
 * What a row posts: a payment, money given back, or a payment plan set up in
 * the portal (docs/posting.md).
 */
export const POSTING_ENTRIES = [
  'payment',
  'void',
  'refund',
  'check_refund',
  'plan',
  'assistance_adjustment',
] as const;
export type PostingEntry = (typeof POSTING_ENTRIES)[number];

/** A reversal's kind as the billing system knows it: a return is a refund to the card. */
export const POSTING_ENTRY_OF_REVERSAL: Record<ReversalKind, PostingEntry> = {
  void: 'void',
  return: 'refund',
  check: 'check_refund',
};

/**
 * One payment line as it is posted: what the billing system needs to apply
 * it, and nothing more. A reversal line gives back part of the payment line
 * it names, with a negative amount, the reversal's time and transaction.
 */
export interface PostingLine {
  batchId: string;
  paymentId: string;
  receiptId: string;
  paymentReference: string;
  lineNumber: number;
  facilityId: string;
  accountId: string;
  paymentType: string;
  /** A plan row: the encounter's balance put on the plan. */
  amountCents: number;
  /** Null on a plan row, which moves no money. */
  method: 'card' | 'eCheck' | null;
  cardBrand: string | null;
  cardLast4: string | null;
  bankAccountType: string | null;
  bankLast4: string | null;
  paidAt: Date;
  processorTxnId: string | null;
  approvalCode: string | null;
  entry: PostingEntry;
  /** The reversal's reference (RV-…); null on a payment line. */
  reversalId: string | null;
  /** Set on a plan row (entry `plan`) only: the plan's terms. */
  plan?: PlanTerms | null;
}

/** A portal plan's terms as the billing system sets the plan up (one row per encounter on it). */
export interface PlanTerms {
  planNumber: string;
  monthlyCents: number;
  numberOfPayments: number;
  firstDueDate: string;
  dayOfMonth: number;
  autopay: boolean;
}

/** Integer cents as `1234.56`, computed on integers so no float rounding can creep in. */
export function centsToDecimal(cents: number): string {
  if (!Number.isSafeInteger(cents)) throw new RangeError(`Cents must be an integer: ${cents}`);
  const sign = cents < 0 ? '-' : '';
  const absolute = Math.abs(cents);
  return `${sign}${Math.floor(absolute / 100)}.${String(absolute % 100).padStart(2, '0')}`;
}

/**
 * The last four digits behind asterisks. The asterisks also keep spreadsheets
 * from reading `0042` as the number 42.
 */
function masked(last4: string | null): string {
  return last4 ? `****${last4}` : '';
}

function postingFields(line: PostingLine): string[] {
  const card = line.method === 'card';
  return [
    line.batchId,
    line.receiptId,
    line.paymentReference,
    line.facilityId,
    line.accountId,
    line.paymentType,
    centsToDecimal(line.amountCents),
    line.method ?? '',
    (card ? line.cardBrand : line.bankAccountType) ?? '',
    masked(card ? line.cardLast4 : line.bankLast4),
    line.paidAt.toISOString(),
    line.processorTxnId ?? '',
    line.approvalCode ?? '',
    line.entry,
    line.reversalId ?? '',
    ...planFields(line.plan ?? null),
  ];
}

function planFields(plan: PlanTerms | null): string[] {
  if (!plan) return ['', '', '', '', '', ''];
  return [
    plan.planNumber,
    centsToDecimal(plan.monthlyCents),
    String(plan.numberOfPayments),
    plan.firstDueDate,
    String(plan.dayOfMonth),
    plan.autopay ? 'yes' : 'no',
  ];
}

/** The whole posting file: the header, then one record per line, each ending in CRLF. */
export function postingFile(lines: readonly PostingLine[]): string {
  return csvText(POSTING_COLUMNS, lines.map(postingFields));
}

/**
 * A receipt, or a reversal of it, the billing system confirms as applied,
 * and when (absent: when it is applied here).
 */
export interface ConfirmationEntry {
  line: number;
  /** The receipt, or for an adjustment the financial assistance application's reference. */
  receiptId: string;
  /** Set: the row confirms this reversal, not the receipt's payment. */
  reversalId: string | undefined;
  /** The row confirms a financial assistance application's adjustments (entry assistance_adjustment). */
  adjustment?: true;
  appliedAt: Date | undefined;
}

function columnName(header: string): string {
  return header
    .trim()
    .toLowerCase()
    .replace(/[\s-]+/g, '_');
}

/** `YYYY-MM-DD` (midnight UTC) or an ISO 8601 instant with its offset. */
function appliedAtOf(value: string, now: Date): Date | string {
  const isDay = isoDateSchema.safeParse(value).success;
  if (!isDay && !isoDateTimeSchema.safeParse(value).success) {
    return `applied_at "${value}" is not a date (YYYY-MM-DD) or an ISO 8601 time with offset`;
  }
  const date = new Date(isDay ? `${value}T00:00:00.000Z` : value);
  if (date.getTime() > now.getTime()) return `applied_at ${value} is in the future`;
  return date;
}

export function entryName(
  entry: Pick<ConfirmationEntry, 'receiptId' | 'reversalId' | 'adjustment'>,
): string {
  if (entry.adjustment) return `adjustment ${entry.receiptId}`;
  return entry.reversalId ? `reversal ${entry.reversalId}` : `receipt ${entry.receiptId}`;
}

/**
 * The rows of a posting confirmation: a `receipt_id` column, an optional
 * `applied_at` and an optional `reversal_id`, in any order among other
 * columns, which are ignored, so the posting file itself is a valid
 * confirmation. A row with a reversal id confirms that reversal; one
 * without confirms the receipt; one with entry `assistance_adjustment`
 * confirms the adjustments of the application its receipt_id names. A
 * receipt, reversal or application listed on several rows (one per line or
 * account) is one entry. Plan rows (entry `plan`) are skipped: a plan is
 * confirmed by the billing feed listing it.
 */
export function readConfirmation(
  text: string,
  now: Date,
): { entries: ConfirmationEntry[]; problems: FileProblem[] } {
  const { records, problems } = readCsv(text);
  const [header, ...rows] = records;
  if (!header) {
    if (problems.length === 0) problems.push({ line: 1, message: 'the file is empty' });
    return { entries: [], problems };
  }
  const columns = header.fields.map(columnName);
  const receiptColumn = columns.indexOf('receipt_id');
  const appliedColumn = columns.indexOf('applied_at');
  const reversalColumn = columns.indexOf('reversal_id');
  const entryColumn = columns.indexOf('entry');
  if (receiptColumn < 0) {
    problems.push({ line: header.line, message: 'the header has no receipt_id column' });
    return { entries: [], problems };
  }

  const entries = new Map<string, ConfirmationEntry>();
  for (const row of rows) {
    // A plan row has no receipt: the billing system sets the plan up, and the feed confirms it.
    if (entryColumn >= 0 && (row.fields[entryColumn] ?? '').trim() === 'plan') continue;
    const receiptId = (row.fields[receiptColumn] ?? '').trim();
    if (!receiptId) {
      problems.push({ line: row.line, message: 'no receipt_id' });
      continue;
    }
    const appliedText = appliedColumn < 0 ? '' : (row.fields[appliedColumn] ?? '').trim();
    const appliedAt = appliedText ? appliedAtOf(appliedText, now) : undefined;
    if (typeof appliedAt === 'string') {
      problems.push({ line: row.line, message: appliedAt });
      continue;
    }
    const reversalId = (reversalColumn < 0 ? '' : (row.fields[reversalColumn] ?? '')).trim();
    const adjustment =
      entryColumn >= 0 && (row.fields[entryColumn] ?? '').trim() === 'assistance_adjustment';
    const entry: ConfirmationEntry = {
      line: row.line,
      receiptId,
      reversalId: reversalId || undefined,
      appliedAt,
      ...(adjustment ? { adjustment: true as const } : {}),
    };
    const key = entryName(entry);
    const earlier = entries.get(key);
    if (!earlier) {
      entries.set(key, entry);
    } else if (earlier.appliedAt?.getTime() !== appliedAt?.getTime()) {
      problems.push({
        line: row.line,
        message: `${entryName(entry)} is also on line ${earlier.line} with another applied_at`,
      });
    }
  }
  problems.sort((a, b) => a.line - b.line);
  return { entries: [...entries.values()], problems };
}
