import { and, asc, eq, gte, inArray, isNotNull, lt, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { facilities, paymentReversals, payments, receipts } from '../../db/schema.ts';
import { staffReadStatement, type StaffReadSpec, type StaffSessionRead } from '../staff/index.ts';

/** One facility day and the instants it runs between, as FacilityCalendar reads them. */
export interface DayBounds {
  day: string;
  start: Date;
  end: Date;
}

/** A count and a sum of cents on one day, under one method or facility. */
export interface FigureRow {
  day: string;
  key: string;
  count: number;
  cents: number;
}

export interface MoneyRows {
  paymentsByMethod: FigureRow[];
  paymentsByFacility: FigureRow[];
  refundsByMethod: FigureRow[];
  refundsByFacility: FigureRow[];
}

/** A recorded sale as WebPay knows it, for the settlement view. */
export interface WebpaySale {
  paymentId: string;
  receiptId: string | null;
  txnId: string;
  amountCents: number;
  at: Date;
  /** A completed void gave it all back: it counts 0. */
  voided: boolean;
}

/** A completed return to a card, with the processor's transaction id. */
export interface WebpayReturn {
  paymentId: string;
  receiptId: string | null;
  txnId: string;
  amountCents: number;
  at: Date;
}

/**
 * The period's days as a table: one parameter, read the same by PostgreSQL
 * and PGlite. Days are cut by FacilityCalendar rather than by the database's
 * time zone rules, so the report's days are the ones every other screen uses.
 */
function daysTable(days: readonly DayBounds[]): SQL {
  const rows = days.map(({ day, start, end }) => ({
    day,
    start_at: start.toISOString(),
    end_at: end.toISOString(),
  }));
  return sql`jsonb_to_recordset(${JSON.stringify(rows)}::jsonb)
    as d(day text, start_at timestamptz, end_at timestamptz)`;
}

interface RawFigure extends Record<string, unknown> {
  day: string;
  key: string;
  count: number | string;
  cents: number | string;
}

/** Sums come back as bigint text from node-postgres; cents stay exact below 2^53. */
const toFigures = (rows: RawFigure[]): FigureRow[] =>
  rows.map((row) => ({
    day: row.day,
    key: row.key,
    count: Number(row.count),
    cents: Number(row.cents),
  }));

const FIGURE_SETS = [
  'paymentsByMethod',
  'paymentsByFacility',
  'refundsByMethod',
  'refundsByFacility',
] as const satisfies readonly (keyof MoneyRows)[];

/** The figures as one JSON value: each set's rows as read, and facility names in the portal's order. */
export type MoneyReportJson = Record<keyof MoneyRows, RawFigure[]> & {
  facilityNames: [string, string][];
};

/** Each set's rows from a report's JSON. */
export const moneyRowsOf = (json: MoneyReportJson): MoneyRows => ({
  paymentsByMethod: toFigures(json.paymentsByMethod),
  paymentsByFacility: toFigures(json.paymentsByFacility),
  refundsByMethod: toFigures(json.refundsByMethod),
  refundsByFacility: toFigures(json.refundsByFacility),
});

/**
 * Payments on the facility day they were recorded and completed reversals
 * (void, return, check) on the day they completed, by method and by
 * facility. A reversal's facilities are those of the lines its allocation
 * gives back.
 */
function figureQueries(days: readonly DayBounds[]): Record<keyof MoneyRows, SQL> {
  const period = daysTable(days);
  const recorded = sql`p.status = 'recorded' and p.recorded_at >= d.start_at and p.recorded_at < d.end_at`;
  const completed = sql`r.status = 'completed' and r.completed_at >= d.start_at and r.completed_at < d.end_at`;
  return {
    paymentsByMethod: sql`select d.day, p.method as key, count(*) as count,
        sum(p.amount_cents)::bigint as cents
      from ${period} join payments p on ${recorded} group by d.day, p.method`,
    paymentsByFacility: sql`select d.day, l.facility_id as key, count(distinct p.id) as count,
        sum(l.amount_cents)::bigint as cents
      from ${period} join payments p on ${recorded}
      join payment_lines l on l.payment_id = p.id
      group by d.day, l.facility_id`,
    refundsByMethod: sql`select d.day, p.method as key, count(*) as count,
        sum(r.amount_cents)::bigint as cents
      from ${period} join payment_reversals r on ${completed}
      join payments p on p.id = r.payment_id
      group by d.day, p.method`,
    refundsByFacility: sql`select d.day, l.facility_id as key, count(distinct r.id) as count,
        sum((a.value ->> 'amountCents')::bigint)::bigint as cents
      from ${period} join payment_reversals r on ${completed}
      cross join lateral jsonb_array_elements(r.allocation) as a(value)
      join payment_lines l on l.payment_id = r.payment_id
        and l.line_number = (a.value ->> 'lineNumber')::int
      group by d.day, l.facility_id`,
  };
}

export class MoneyReportRepository {
  constructor(private readonly db: Database) {}

  /** The period's figures (figureQueries), each set its own query. */
  async figures(days: readonly DayBounds[]): Promise<MoneyRows> {
    const queries = figureQueries(days);
    const [paymentsByMethod, paymentsByFacility, refundsByMethod, refundsByFacility] =
      await Promise.all(FIGURE_SETS.map((set) => this.query(queries[set])));
    return {
      paymentsByMethod: paymentsByMethod ?? [],
      paymentsByFacility: paymentsByFacility ?? [],
      refundsByMethod: refundsByMethod ?? [],
      refundsByFacility: refundsByFacility ?? [],
    };
  }

  /**
   * The figures and the facility names as one JSON value (MoneyReportJson),
   * for a report made in one statement with its session check and audit row.
   */
  reportJson(days: readonly DayBounds[]): SQL<MoneyReportJson> {
    const queries = figureQueries(days);
    const sets = FIGURE_SETS.map(
      (set) =>
        sql`${set}::text, (select coalesce(json_agg(f), '[]'::json) from (${queries[set]}) f)`,
    );
    return sql<MoneyReportJson>`json_build_object(${sql.join(sets, sql`, `)},
      'facilityNames', (select coalesce(json_agg(json_build_array(${facilities.id}, ${facilities.name})
        order by ${facilities.sortOrder}, ${facilities.id}), '[]'::json) from ${facilities}))`;
  }

  /** A console read of the report in one trip with the staff session check. */
  staffRead(spec: StaffReadSpec): StaffSessionRead<MoneyReportJson> {
    return staffReadStatement(this.db, spec);
  }

  /** Facility names by id, in the order the portal lists facilities. */
  async facilityNames(): Promise<Map<string, string>> {
    const rows = await this.db
      .select({ id: facilities.id, name: facilities.name })
      .from(facilities)
      .orderBy(asc(facilities.sortOrder), asc(facilities.id));
    return new Map(rows.map((row) => [row.id, row.name]));
  }

  /** Recorded payments with a processor transaction, recorded in [from, before). */
  async sales(from: Date, before: Date): Promise<WebpaySale[]> {
    const rows = await this.db
      .select({
        paymentId: payments.id,
        receiptId: receipts.receiptId,
        txnId: payments.processorTxnId,
        amountCents: payments.amountCents,
        at: payments.recordedAt,
        voided: sql<boolean>`exists (select 1 from payment_reversals v
          where v.payment_id = ${payments.id} and v.kind = 'void' and v.status = 'completed')`,
      })
      .from(payments)
      .leftJoin(receipts, eq(receipts.paymentId, payments.id))
      .where(
        and(
          eq(payments.status, 'recorded'),
          isNotNull(payments.processorTxnId),
          gte(payments.recordedAt, from),
          lt(payments.recordedAt, before),
        ),
      );
    return rows.flatMap((row) =>
      row.txnId && row.at ? [{ ...row, txnId: row.txnId, at: row.at, voided: !!row.voided }] : [],
    );
  }

  /** Completed returns to a card (ccreturn), completed in [from, before). */
  async returns(from: Date, before: Date): Promise<WebpayReturn[]> {
    const rows = await this.db
      .select({
        paymentId: paymentReversals.paymentId,
        receiptId: receipts.receiptId,
        txnId: paymentReversals.processorTxnId,
        amountCents: paymentReversals.amountCents,
        at: paymentReversals.completedAt,
      })
      .from(paymentReversals)
      .leftJoin(receipts, eq(receipts.paymentId, paymentReversals.paymentId))
      .where(
        and(
          eq(paymentReversals.kind, 'return'),
          eq(paymentReversals.status, 'completed'),
          isNotNull(paymentReversals.processorTxnId),
          gte(paymentReversals.completedAt, from),
          lt(paymentReversals.completedAt, before),
        ),
      );
    return rows.flatMap((row) =>
      row.txnId && row.at ? [{ ...row, txnId: row.txnId, at: row.at }] : [],
    );
  }

  /** Which of these processor transactions WebPay has a payment or a reversal for. */
  async knownTxnIds(txnIds: readonly string[]): Promise<Set<string>> {
    if (txnIds.length === 0) return new Set();
    const [sales, reversals] = await Promise.all([
      this.db
        .select({ txnId: payments.processorTxnId })
        .from(payments)
        .where(inArray(payments.processorTxnId, [...txnIds])),
      this.db
        .select({ txnId: paymentReversals.processorTxnId })
        .from(paymentReversals)
        .where(inArray(paymentReversals.processorTxnId, [...txnIds])),
    ]);
    return new Set([...sales, ...reversals].flatMap((row) => (row.txnId ? [row.txnId] : [])));
  }

  private async query(statement: SQL): Promise<FigureRow[]> {
    const result = await this.db.execute<RawFigure>(statement);
    return toFigures(result.rows);
  }
}
