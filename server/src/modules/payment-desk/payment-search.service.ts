import type {
  PaymentSearchHit,
  PaymentSearchQuery,
  PaymentSearchResult,
} from '@webpay/contracts/payment-desk';
import type { FacilityCalendar } from '../../lib/facility-day.ts';
import type { RequestContext } from '../../lib/request-context.ts';
import type { AuditRepository } from '../audit/index.ts';
import type { StaffActor } from '../office/index.ts';
import type { PaymentSearchRepository, SearchRow } from './payment-search.repository.ts';
import { completedCents, deskStatus } from './reversal-allocation.ts';

/** Hits answered at most, newest first. */
export const MAX_HITS = 100;

type Details = Awaited<ReturnType<PaymentSearchRepository['details']>>;

/** How a payment was made, as the desk shows it: brand or account type, last four digits. */
export function instrumentOf(payment: SearchRow['payment']): PaymentSearchHit['instrument'] {
  return payment.method === 'card'
    ? { method: 'card', label: payment.cardBrand, last4: payment.cardLast4 }
    : { method: 'eCheck', label: payment.bankAccountType, last4: payment.bankLast4 };
}

/** "Find a payment" for the billing office; every search is a staff read, audited. */
export class PaymentSearchService {
  constructor(
    private readonly repository: PaymentSearchRepository,
    private readonly audit: AuditRepository,
    private readonly calendar: FacilityCalendar,
  ) {}

  async search(
    query: PaymentSearchQuery,
    actor: StaffActor,
    context: RequestContext,
  ): Promise<PaymentSearchResult> {
    const rows = await this.repository.candidates(query);
    const details = await this.repository.details(rows.map((row) => row.payment.id));
    const hits = rows
      .map((row) => this.hit(row, details))
      .filter((hit) => !query.status || hit.status === query.status);
    const result = { hits: hits.slice(0, MAX_HITS), more: hits.length > MAX_HITS };
    await this.audit.record(context, {
      action: 'office.payment.searched',
      outcome: 'success',
      actorType: 'staff',
      actorId: actor.staffId,
      targetType: 'payment',
      details: { query: { ...query }, hits: result.hits.length, more: result.more },
    });
    return result;
  }

  private hit(row: SearchRow, details: Details): PaymentSearchHit {
    const { payment } = row;
    const reversals = details.reversals.filter((reversal) => reversal.paymentId === payment.id);
    const facilities = details.lines
      .filter((line) => line.paymentId === payment.id)
      .map((line) => line.facilityId);
    return {
      paymentId: payment.id,
      receiptId: row.receiptId,
      reference: payment.processorReference,
      guarantorId: payment.guarantorId,
      accountNumber: row.accountNumber,
      guarantorName: `${row.firstName} ${row.lastName}`.trim(),
      createdAt: payment.createdAt.toISOString(),
      day: this.calendar.dayOf(payment.recordedAt ?? payment.createdAt),
      amountCents: payment.amountCents,
      refundedCents: completedCents(reversals),
      instrument: instrumentOf(payment),
      status: deskStatus(payment.status, payment.amountCents, reversals),
      facilityIds: [...new Set(facilities)],
    };
  }
}
