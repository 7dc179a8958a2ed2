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
    // Lines are read after the payments: a payment's lines are written before it is recorded.
    const lines = await this.repository.linesOf(rows.map((row) => row.id));
    const linesByPayment = new Map<string, HistoryLineRow[]>();
    for (const line of lines) {
      const group = linesByPayment.get(line.paymentId);
      if (group) group.push(line);
      else linesByPayment.set(line.paymentId, [line]);
    }
    return rows.map((row) => toHistoryItem(row, linesByPayment.get(row.id) ?? []));
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
    return receiptFromSnapshot(row.snapshot);
  }
}
