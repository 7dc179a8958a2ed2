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
import type { RequestContext } from '../../lib/request-context.ts';
import type { AuditRepository } from '../audit/index.ts';
import { receiptFromSnapshot } from '../payments/index.ts';
import { guarantorReversalOf } from './guarantor-reversal.ts';
import type {
  HistoryLineRow,
  HistoryPaymentRow,
  PaymentHistoryRepository,
  RecordedWithin,
} from './payment-history.repository.ts';

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

function byPayment<T extends { paymentId: string }>(rows: readonly T[]): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const row of rows) {
    const group = groups.get(row.paymentId);
    if (group) group.push(row);
    else groups.set(row.paymentId, [row]);
  }
  return groups;
}

export class PaymentHistoryService {
  constructor(
    private readonly repository: PaymentHistoryRepository,
    private readonly audit: AuditRepository,
    private readonly calendar: FacilityCalendar,
  ) {}

  /** What GET /payments answers the guarantor, unaudited: the caller records who looked. */
  async items(guarantorId: string, range: PaymentHistoryQuery): Promise<PaymentHistoryItem[]> {
    const rows = await this.repository.recordedPayments(
      guarantorId,
      recordedWithin(range, this.calendar),
    );
    const ids = rows.map((row) => row.id);
    // Lines are read after the payments: a payment's lines are written before it is recorded.
    const linesByPayment = byPayment(await this.repository.linesOf(ids));
    const reversalsByPayment = byPayment(await this.repository.completedReversalsOf(ids));
    return rows.map((row) => ({
      ...toHistoryItem(row, linesByPayment.get(row.id) ?? []),
      reversal: guarantorReversalOf(
        row.amountCents,
        reversalsByPayment.get(row.id) ?? [],
        this.calendar,
      ),
    }));
  }

  async history(
    guarantorId: string,
    range: PaymentHistoryQuery,
    context: RequestContext,
  ): Promise<PaymentHistory> {
    const payments = await this.items(guarantorId, range);
    await this.audit.record(context, {
      action: 'payments.history_viewed',
      outcome: 'success',
      actorType: 'guarantor',
      actorId: guarantorId,
      guarantorId,
      targetType: 'guarantor',
      targetId: guarantorId,
      details: { payments: payments.length, from: range.from ?? null, to: range.to ?? null },
    });
    return { payments };
  }

  /** The receipt as it was issued; a missing or someone else's receipt is recorded and answered alike. */
  async receipt(guarantorId: string, receiptId: string, context: RequestContext): Promise<Receipt> {
    const row = await this.repository.receiptFor(guarantorId, receiptId);
    await this.audit.record(context, {
      action: 'receipt.viewed',
      outcome: row ? 'success' : 'failure',
      actorType: 'guarantor',
      actorId: guarantorId,
      guarantorId,
      targetType: 'payment',
      targetId: row?.paymentId ?? null,
      details: row ? { receiptId: row.receiptId } : { receiptId, reason: 'not_found' },
    });
    if (!row) throw apiErrors.receiptNotFound();
    // The snapshot is what was issued; money given back since is told beside it.
    const reversals = await this.repository.completedReversalsOf([row.paymentId]);
    return {
      ...receiptFromSnapshot(row.snapshot),
      reversal: guarantorReversalOf(row.amountCents, reversals, this.calendar),
    };
  }
}
