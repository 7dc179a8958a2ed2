import { sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import type { paymentLines, payments, paymentReversals } from '../../db/schema.ts';

/*
 * Reads only ever see the guarantor's own payments. Each read is one JSON
 * value over SQL expressions, so that the signed-in read (auth's
 * session-read.ts) can put it in the statement that checks the session,
 * and the billing office's reads run the same SQL.
 */

/** JSON keeps instants as text: `new Date()` reads them as the driver's rows are read. */
type Instant = string;

export type HistoryLineRow = Pick<
  typeof paymentLines.$inferSelect,
  'facilityId' | 'accountId' | 'description' | 'amountCents'
>;

/** A completed void or refund as read, its instant still text. */
export interface ReversalJson extends Pick<
  typeof paymentReversals.$inferSelect,
  'paymentId' | 'kind' | 'amountCents'
> {
  completedAt: Instant;
}

/** A recorded payment with a receipt, its lines in line order and its completed reversals. */
export interface HistoryPaymentJson extends Pick<
  typeof payments.$inferSelect,
  'id' | 'method' | 'amountCents' | 'cardBrand' | 'cardLast4' | 'bankAccountType' | 'bankLast4'
> {
  receiptId: string;
  appliedAt: Instant | null;
  paidAt: Instant;
  lines: HistoryLineRow[];
  reversals: ReversalJson[];
}

export interface ReceiptJson {
  paymentId: string;
  amountCents: number;
  receiptId: string;
  snapshot: Record<string, unknown>;
  reversals: ReversalJson[];
}

/** The instants a history asks for: from `from` included to `before` left out; either may be open. */
export interface RecordedWithin {
  from?: Date;
  before?: Date;
}

/**
 * The instants a history asks for, as SQL text values (ISO) or SQL null:
 * from `from` included to `before` left out; either may be open.
 */
export interface HistoryRange {
  from: SQL;
  before: SQL;
}

/**
 * When the payment `p` counts as made: when it was recorded, which is also
 * its receipt's date. Past payments loaded rather than made through the
 * service (the demo history) carry only their creation time.
 */
const PAID_AT = sql`coalesce(p.recorded_at, p.created_at)`;

/** The completed voids and refunds of the payment `p`, oldest first. */
const COMPLETED_REVERSALS = sql`(
  select coalesce(json_agg(json_build_object(
    'paymentId', r.payment_id,
    'kind', r.kind,
    'amountCents', r.amount_cents,
    'completedAt', r.completed_at
  ) order by r.completed_at), '[]'::json)
  from payment_reversals r
  where r.payment_id = p.id and r.status = 'completed' and r.completed_at is not null
)`;

/** The lines of the payment `p`, in line order. */
const LINES = sql`(
  select coalesce(json_agg(json_build_object(
    'facilityId', l.facility_id,
    'accountId', l.account_id,
    'description', l.description,
    'amountCents', l.amount_cents
  ) order by l.line_number), '[]'::json)
  from payment_lines l
  where l.payment_id = p.id
)`;

/** Recorded payments with a receipt, newest first, paid within the range. */
export const historyJson = (guarantorId: SQL, range: HistoryRange): SQL<HistoryPaymentJson[]> =>
  sql<HistoryPaymentJson[]>`(
    select coalesce(json_agg(json_build_object(
      'id', p.id,
      'receiptId', rc.receipt_id,
      'method', p.method,
      'amountCents', p.amount_cents,
      'cardBrand', p.card_brand,
      'cardLast4', p.card_last4,
      'bankAccountType', p.bank_account_type,
      'bankLast4', p.bank_last4,
      'appliedAt', p.applied_at,
      'paidAt', ${PAID_AT},
      'lines', ${LINES},
      'reversals', ${COMPLETED_REVERSALS}
    ) order by ${PAID_AT} desc, rc.receipt_id desc), '[]'::json)
    from payments p
    join receipts rc on rc.payment_id = p.id
    where p.guarantor_id = ${guarantorId} and p.status = 'recorded'
      and (${range.from}::timestamptz is null or ${PAID_AT} >= ${range.from}::timestamptz)
      and (${range.before}::timestamptz is null or ${PAID_AT} < ${range.before}::timestamptz)
  )`;

/** The receipt of one of the guarantor's payments as issued; null when not theirs. */
export const receiptJson = (guarantorId: SQL, receiptId: SQL): SQL<ReceiptJson | null> =>
  sql<ReceiptJson | null>`(
    select json_build_object(
      'paymentId', rc.payment_id,
      'amountCents', p.amount_cents,
      'receiptId', rc.receipt_id,
      'snapshot', rc.snapshot,
      'reversals', ${COMPLETED_REVERSALS}
    )
    from receipts rc
    join payments p on p.id = rc.payment_id
    where rc.receipt_id = ${receiptId} and p.guarantor_id = ${guarantorId}
    limit 1
  )`;

/** An instant as an SQL value, or SQL null for an open end. */
const instantOrNull = (instant: Date | undefined): SQL =>
  sql`${instant ? instant.toISOString() : null}`;

export class PaymentHistoryRepository {
  constructor(private readonly db: Database) {}

  /** The guarantor's history within `from` … `before`, for the billing office's page. */
  async history(guarantorId: string, range: RecordedWithin): Promise<HistoryPaymentJson[]> {
    const { rows } = await this.db.execute<{ payments: HistoryPaymentJson[] }>(
      sql`select ${historyJson(sql`${guarantorId}`, {
        from: instantOrNull(range.from),
        before: instantOrNull(range.before),
      })} as payments`,
    );
    return rows[0]?.payments ?? [];
  }
}
