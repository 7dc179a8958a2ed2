import type {
  PaymentSearchHit,
  PaymentSearchQuery,
  PaymentSearchResult,
} from '@webpay/contracts/payment-desk';
import { sql, type SQL } from 'drizzle-orm';
import type { FacilityCalendar } from '../../lib/facility-day.ts';
import type { RequestContext } from '../../lib/request-context.ts';
import type { AuditRepository } from '../audit/index.ts';
import type { StaffActor } from '../office/index.ts';
import type { StaffReader } from '../staff/index.ts';
import type {
  CandidateJson,
  PaymentSearchRepository,
  SearchRow,
} from './payment-search.repository.ts';
import { completedCents, deskStatus } from './reversal-allocation.ts';

/** Hits answered at most, newest first. */
export const MAX_HITS = 100;

/** What a hit is made of, however it was read. */
interface Candidate {
  payment: Pick<
    SearchRow['payment'],
    | 'id'
    | 'processorReference'
    | 'guarantorId'
    | 'createdAt'
    | 'recordedAt'
    | 'amountCents'
    | 'status'
    | 'method'
    | 'cardBrand'
    | 'cardLast4'
    | 'bankAccountType'
    | 'bankLast4'
  >;
  receiptId: string | null;
  accountNumber: string;
  firstName: string;
  lastName: string;
  reversals: CandidateJson['reversals'];
  facilityIds: string[];
}

/** How a payment was made, as the desk shows it: brand or account type, last four digits. */
export function instrumentOf(
  payment: Pick<
    SearchRow['payment'],
    'method' | 'cardBrand' | 'cardLast4' | 'bankAccountType' | 'bankLast4'
  >,
): PaymentSearchHit['instrument'] {
  return payment.method === 'card'
    ? { method: 'card', label: payment.cardBrand, last4: payment.cardLast4 }
    : { method: 'eCheck', label: payment.bankAccountType, last4: payment.bankLast4 };
}

/** A candidate read in one statement, its times as dates. */
function candidateOf({
  receiptId,
  accountNumber,
  firstName,
  lastName,
  reversals,
  facilityIds,
  ...payment
}: CandidateJson): Candidate {
  return {
    payment: {
      ...payment,
      createdAt: new Date(payment.createdAt),
      recordedAt: payment.recordedAt === null ? null : new Date(payment.recordedAt),
    },
    receiptId,
    accountNumber,
    firstName,
    lastName,
    reversals,
    facilityIds,
  };
}

/** The desk statuses a search can narrow to in SQL alone, from the payment's own status. */
const STATUSES_OF_THE_PAYMENT: readonly (PaymentSearchQuery['status'] | undefined)[] = [
  undefined,
  'in_progress',
  'declined',
  'cancelled',
  'failed',
];

const SEARCHED = 'office.payment.searched';

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
    const result = this.resultOf(
      query,
      rows.map((row) => ({
        ...row,
        reversals: details.reversals.filter((reversal) => reversal.paymentId === row.payment.id),
        facilityIds: details.lines
          .filter((line) => line.paymentId === row.payment.id)
          .map((line) => line.facilityId),
      })),
    );
    await this.audit.record(context, {
      action: SEARCHED,
      outcome: 'success',
      actorType: 'staff',
      actorId: actor.staffId,
      targetType: 'payment',
      details: { query: { ...query }, hits: result.hits.length, more: result.more },
    });
    return result;
  }

  /**
   * Whether `searchAsStaff` can make this search: its audit row counts the
   * hits, so the status it narrows to must be one SQL can tell; a refund
   * or void status is the desk's reading of the reversals (deskStatus).
   */
  inOneTrip(query: PaymentSearchQuery): boolean {
    return STATUSES_OF_THE_PAYMENT.includes(query.status);
  }

  /**
   * The same search and audit row as `search`, in one trip with the staff
   * session and role checks (staff-session-read.ts); only for a search
   * `inOneTrip` accepts, planned with its values each time.
   */
  async searchAsStaff(query: PaymentSearchQuery, read: StaffReader): Promise<PaymentSearchResult> {
    if (!this.inOneTrip(query)) throw new Error('this search narrows to a status read after');
    const searched = (found: SQL) => sql`select null::text as guarantor_id,
        ${SEARCHED}::text as action, 'success'::text as outcome,
        'payment'::text as target_type, null::text as target_id,
        jsonb_build_object('query', ${JSON.stringify({ ...query })}::jsonb,
          'hits', least(json_array_length(${found}), ${MAX_HITS}::integer),
          'more', json_array_length(${found}) > ${MAX_HITS}::integer) as details`;
    const found = await read(
      this.repository.staffRead({
        permission: 'read',
        payload: this.repository.candidatesJson(query),
        audit: searched,
      }),
    );
    return this.resultOf(query, found.map(candidateOf));
  }

  private resultOf(query: PaymentSearchQuery, candidates: Candidate[]): PaymentSearchResult {
    const hits = candidates
      .map((candidate) => this.hit(candidate))
      .filter((hit) => !query.status || hit.status === query.status);
    return { hits: hits.slice(0, MAX_HITS), more: hits.length > MAX_HITS };
  }

  private hit(candidate: Candidate): PaymentSearchHit {
    const { payment, reversals } = candidate;
    return {
      paymentId: payment.id,
      receiptId: candidate.receiptId,
      reference: payment.processorReference,
      guarantorId: payment.guarantorId,
      accountNumber: candidate.accountNumber,
      guarantorName: `${candidate.firstName} ${candidate.lastName}`.trim(),
      createdAt: payment.createdAt.toISOString(),
      day: this.calendar.dayOf(payment.recordedAt ?? payment.createdAt),
      amountCents: payment.amountCents,
      refundedCents: completedCents(reversals),
      instrument: instrumentOf(payment),
      status: deskStatus(payment.status, payment.amountCents, reversals),
      facilityIds: [...new Set(candidate.facilityIds)],
    };
  }
}
