import { and, desc, eq, exists, gte, inArray, lt, or, sql, type SQL } from 'drizzle-orm';
import type { PaymentSearchQuery } from '@webpay/contracts/payment-desk';
import type { Database } from '../../db/client.ts';
import { guarantors, paymentLines, paymentReversals, payments, receipts } from '../../db/schema.ts';
import type { FacilityCalendar } from '../../lib/facility-day.ts';
import { staffReadStatement, type StaffReadSpec, type StaffSessionRead } from '../staff/index.ts';

/** Candidates read at most per search: the desk status is derived after reading. */
export const CANDIDATE_LIMIT = 1000;

const OPEN = ['initiated', 'in_lightbox', 'approved'] as const;

/** A recorded payment's day is the day it was recorded; any other's, the day it started. */
export const paymentInstant = sql<Date>`coalesce(${payments.recordedAt}, ${payments.createdAt})`;

function nextDay(day: string): string {
  const date = new Date(`${day}T12:00:00Z`);
  date.setUTCDate(date.getUTCDate() + 1);
  return date.toISOString().slice(0, 10);
}

/** The payments status the desk status can come from, to narrow the read. */
function statusCondition(status: PaymentSearchQuery['status']): SQL | undefined {
  if (!status) return undefined;
  if (status === 'in_progress') return inArray(payments.status, [...OPEN]);
  if (status === 'declined' || status === 'cancelled' || status === 'failed') {
    return eq(payments.status, status);
  }
  return eq(payments.status, 'recorded');
}

export type SearchRow = Awaited<ReturnType<PaymentSearchRepository['candidates']>>[number];

type PaymentRow = typeof payments.$inferSelect;

/** A candidate as its JSON carries it: times as text, its reversals and facilities within. */
export type CandidateJson = Pick<
  PaymentRow,
  | 'id'
  | 'processorReference'
  | 'guarantorId'
  | 'amountCents'
  | 'status'
  | 'method'
  | 'cardBrand'
  | 'cardLast4'
  | 'bankAccountType'
  | 'bankLast4'
> & {
  createdAt: string;
  recordedAt: string | null;
  receiptId: string | null;
  accountNumber: string;
  firstName: string;
  lastName: string;
  reversals: Pick<typeof paymentReversals.$inferSelect, 'kind' | 'status' | 'amountCents'>[];
  /** The facilities of its lines, in line order, each as often as it has lines. */
  facilityIds: string[];
};

/** "Find a payment": the rows the desk's search reads. */
export class PaymentSearchRepository {
  constructor(
    private readonly db: Database,
    private readonly calendar: FacilityCalendar,
  ) {}

  private conditions(query: PaymentSearchQuery): (SQL | undefined)[] {
    const receipt = query.receipt?.trim().toUpperCase();
    return [
      receipt
        ? or(eq(receipts.receiptId, receipt), eq(payments.processorReference, receipt))
        : undefined,
      query.from ? gte(paymentInstant, this.calendar.startOf(query.from)) : undefined,
      query.to ? lt(paymentInstant, this.calendar.startOf(nextDay(query.to))) : undefined,
      query.amount !== undefined ? eq(payments.amountCents, query.amount) : undefined,
      query.last4
        ? or(eq(payments.cardLast4, query.last4), eq(payments.bankLast4, query.last4))
        : undefined,
      query.method ? eq(payments.method, query.method) : undefined,
      statusCondition(query.status),
      query.facility
        ? exists(
            this.db
              .select({ one: sql`1` })
              .from(paymentLines)
              .where(
                and(
                  eq(paymentLines.paymentId, payments.id),
                  eq(paymentLines.facilityId, query.facility),
                ),
              ),
          )
        : undefined,
    ];
  }

  candidates(query: PaymentSearchQuery) {
    return this.db
      .select({
        payment: payments,
        receiptId: receipts.receiptId,
        accountNumber: guarantors.accountNumber,
        firstName: guarantors.firstName,
        lastName: guarantors.lastName,
      })
      .from(payments)
      .innerJoin(guarantors, eq(guarantors.id, payments.guarantorId))
      .leftJoin(receipts, eq(receipts.paymentId, payments.id))
      .where(and(...this.conditions(query)))
      .orderBy(desc(paymentInstant), desc(payments.id))
      .limit(CANDIDATE_LIMIT);
  }

  /**
   * The same candidates, newest first, each with its reversals and its
   * lines' facilities, as one JSON value (CandidateJson[]): for a search
   * made in one statement with its session check and audit row.
   */
  candidatesJson(query: PaymentSearchQuery): SQL<CandidateJson[]> {
    const found = this.db
      .select({
        id: payments.id,
        instant: sql<string>`${paymentInstant}`.as('instant'),
        json: sql`json_build_object(
          'id', ${payments.id}, 'processorReference', ${payments.processorReference},
          'guarantorId', ${payments.guarantorId}, 'createdAt', ${payments.createdAt},
          'recordedAt', ${payments.recordedAt}, 'amountCents', ${payments.amountCents},
          'status', ${payments.status}, 'method', ${payments.method},
          'cardBrand', ${payments.cardBrand}, 'cardLast4', ${payments.cardLast4},
          'bankAccountType', ${payments.bankAccountType}, 'bankLast4', ${payments.bankLast4},
          'receiptId', ${receipts.receiptId}, 'accountNumber', ${guarantors.accountNumber},
          'firstName', ${guarantors.firstName}, 'lastName', ${guarantors.lastName},
          'reversals', (select coalesce(json_agg(json_build_object(
              'kind', r.kind, 'status', r.status, 'amountCents', r.amount_cents)), '[]'::json)
            from payment_reversals r where r.payment_id = ${payments.id}),
          'facilityIds', (select coalesce(json_agg(l.facility_id order by l.line_number), '[]'::json)
            from payment_lines l where l.payment_id = ${payments.id})
        )`.as('json'),
      })
      .from(payments)
      .innerJoin(guarantors, eq(guarantors.id, payments.guarantorId))
      .leftJoin(receipts, eq(receipts.paymentId, payments.id))
      .where(and(...this.conditions(query)))
      .orderBy(desc(paymentInstant), desc(payments.id))
      .limit(CANDIDATE_LIMIT);
    return sql<CandidateJson[]>`(select coalesce(json_agg(found.json
        order by found.instant desc, found.id desc), '[]'::json) from (${found}) found)`;
  }

  /** A console read of payments in one trip with the staff session check. */
  staffRead(spec: StaffReadSpec): StaffSessionRead<CandidateJson[]> {
    return staffReadStatement(this.db, spec);
  }

  /** The reversals and line facilities of the given payments. */
  async details(paymentIds: readonly string[]) {
    if (paymentIds.length === 0) return { reversals: [], lines: [] };
    const ids = [...paymentIds];
    const [reversals, lines] = await Promise.all([
      this.db
        .select({
          paymentId: paymentReversals.paymentId,
          kind: paymentReversals.kind,
          status: paymentReversals.status,
          amountCents: paymentReversals.amountCents,
        })
        .from(paymentReversals)
        .where(inArray(paymentReversals.paymentId, ids)),
      this.db
        .select({ paymentId: paymentLines.paymentId, facilityId: paymentLines.facilityId })
        .from(paymentLines)
        .where(inArray(paymentLines.paymentId, ids)),
    ]);
    return { reversals, lines };
  }
}
