import { sql, type SQL } from 'drizzle-orm';
import { addDays } from '@webpay/contracts/dates';
import { fromCents } from '@webpay/contracts/money';
import type {
  PaymentHistory,
  PaymentHistoryItem,
  PaymentHistoryQuery,
} from '@webpay/contracts/payment-history';
import type { Receipt } from '@webpay/contracts/payments';
import { apiErrors } from '../../lib/api-error.ts';
import type { FacilityCalendar } from '../../lib/facility-day.ts';
import type { AuthService, SessionReadSpec, SignedInRead } from '../auth/index.ts';
import { receiptFromSnapshot } from '../payments/index.ts';
import { guarantorReversalOf, type CompletedReversalRow } from './guarantor-reversal.ts';
import {
  historyJson,
  receiptJson,
  type HistoryLineRow,
  type HistoryPaymentJson,
  type PaymentHistoryRepository,
  type ReceiptJson,
  type RecordedWithin,
  type ReversalJson,
} from './payment-history.repository.ts';

export type { HistoryPaymentJson } from './payment-history.repository.ts';

/**
 * `from` and `to` are whole facility days, both included: from the start of
 * `from` in the facility's time zone to the start of the day after `to`.
 */
export function recordedWithin(
  { from, to }: PaymentHistoryQuery,
  calendar: FacilityCalendar,
): RecordedWithin {
  return {
    ...(from ? { from: calendar.startOf(from) } : {}),
    ...(to ? { before: calendar.startOf(addDays(to, 1)) } : {}),
  };
}

/** A payment as the history lists it, its instants read as dates. */
export type HistoryPaymentRow = Omit<
  HistoryPaymentJson,
  'appliedAt' | 'paidAt' | 'lines' | 'reversals'
> & {
  appliedAt: Date | null;
  paidAt: Date;
};

/** Card and bank account are shown as on the receipt: kind and last four digits, nothing more. */
export function toHistoryItem(row: HistoryPaymentRow, lines: HistoryLineRow[]): PaymentHistoryItem {
  return {
    receiptId: row.receiptId,
    date: row.paidAt.toISOString(),
    amount: fromCents(row.amountCents),
    method: row.method,
    card:
      row.method === 'card' && row.cardLast4
        ? { brand: row.cardBrand?.trim() || 'CARD', last4: row.cardLast4 }
        : null,
    eCheck:
      row.method === 'eCheck' && row.bankAccountType && row.bankLast4
        ? { accountType: row.bankAccountType, last4: row.bankLast4 }
        : null,
    items: lines.map((line) => ({
      facilityId: line.facilityId,
      accountId: line.accountId,
      description: line.description ?? line.accountId,
      amount: fromCents(line.amountCents),
    })),
    status: row.appliedAt ? 'applied' : 'pending',
  };
}

const completed = (reversals: readonly ReversalJson[]): CompletedReversalRow[] =>
  reversals.map((reversal) => ({ ...reversal, completedAt: new Date(reversal.completedAt) }));

/** The days of GET /payments' from and to, as its read's values; null for an open end. */
export type HistoryDays = { from: string | null; to: string | null };

/** The values of GET /receipts/{receiptId}'s read. */
export type ReceiptIdValues = { receiptId: string };

/** The history read's values: the days asked, for the audit row, and the instants they span. */
type HistoryValues = HistoryDays & { since: string | null; before: string | null };

const placeholder = (name: string) => sql`${sql.placeholder(name)}`;

/** GET /payments in one statement with its session and role checks (auth's session-read.ts). */
const HISTORY_READ: SessionReadSpec = {
  name: 'payment_history_read',
  payload: (guarantorId) =>
    historyJson(guarantorId, { from: placeholder('since'), before: placeholder('before') }),
  action: 'payments.history_viewed',
  details: (history) => sql`jsonb_build_object(
    'payments', json_array_length(${history}),
    'from', ${placeholder('from')}::text,
    'to', ${placeholder('to')}::text)`,
  historicalData: true,
};

/**
 * GET /receipts/{receiptId} likewise. A missing or someone else's receipt
 * reads null, recorded as a failure with no payment and the number asked.
 */
const RECEIPT_READ: SessionReadSpec = {
  name: 'receipt_read',
  payload: (guarantorId) => receiptJson(guarantorId, placeholder('receiptId')),
  action: 'receipt.viewed',
  outcome: (read) => sql`case when ${read} is null then 'failure' else 'success' end`,
  target: { type: 'payment', id: (read) => sql`${read}->>'paymentId'` },
  details: (read) => sql`case when ${read} is null
    then jsonb_build_object('receiptId', ${placeholder('receiptId')}::text, 'reason', 'not_found')
    else jsonb_build_object('receiptId', ${read}->>'receiptId')
    end`,
  historicalData: true,
};

export class PaymentHistoryService {
  private readonly readHistory: SignedInRead<HistoryPaymentJson[], HistoryValues>;
  private readonly readReceipt: SignedInRead<ReceiptJson | null, ReceiptIdValues>;

  constructor(
    private readonly repository: PaymentHistoryRepository,
    private readonly calendar: FacilityCalendar,
    /** Where the guarantor's one-trip reads are made. */
    signedIn: Pick<AuthService, 'signedInRead'>,
  ) {
    this.readHistory = signedIn.signedInRead(HISTORY_READ);
    this.readReceipt = signedIn.signedInRead(RECEIPT_READ);
  }

  /** A guarantor's whole history (what `items` answers without a range) as one JSON value. */
  allItemsJson(guarantorId: SQL): SQL<HistoryPaymentJson[]> {
    return historyJson(guarantorId, { from: sql`null`, before: sql`null` });
  }

  /** The history's items from its JSON rows (`allItemsJson`). */
  itemsOf(rows: readonly HistoryPaymentJson[]): PaymentHistoryItem[] {
    return rows.map(({ lines, reversals, appliedAt, paidAt, ...row }) => ({
      ...toHistoryItem(
        { ...row, appliedAt: appliedAt ? new Date(appliedAt) : null, paidAt: new Date(paidAt) },
        lines,
      ),
      reversal: guarantorReversalOf(row.amountCents, completed(reversals), this.calendar),
    }));
  }

  /** What GET /payments answers the guarantor, unaudited: the caller records who looked. */
  async items(guarantorId: string, range: PaymentHistoryQuery): Promise<PaymentHistoryItem[]> {
    return this.itemsOf(
      await this.repository.history(guarantorId, recordedWithin(range, this.calendar)),
    );
  }

  /** GET /payments: the token's guarantor's history, read and audited with the checks. */
  readonly history: SignedInRead<PaymentHistory, HistoryDays> = async (token, context, asked) => {
    const { session, payload } = await this.readHistory(
      token,
      context,
      asked && { route: asked.route, values: this.historyValues(asked.values) },
    );
    return { session, payload: { payments: this.itemsOf(payload) } };
  };

  /** The receipt as it was issued; a missing or someone else's receipt is recorded and answered alike. */
  readonly receipt: SignedInRead<Receipt, ReceiptIdValues> = async (token, context, asked) => {
    const { session, payload } = await this.readReceipt(token, context, asked);
    if (!payload) throw apiErrors.receiptNotFound();
    // The snapshot is what was issued; money given back since is told beside it.
    const reversal = guarantorReversalOf(
      payload.amountCents,
      completed(payload.reversals),
      this.calendar,
    );
    return { session, payload: { ...receiptFromSnapshot(payload.snapshot), reversal } };
  };

  private historyValues(days: HistoryDays): HistoryValues {
    const within = recordedWithin(
      { from: days.from ?? undefined, to: days.to ?? undefined },
      this.calendar,
    );
    return {
      ...days,
      since: within.from?.toISOString() ?? null,
      before: within.before?.toISOString() ?? null,
    };
  }
}
