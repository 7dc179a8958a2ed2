import { sql } from 'drizzle-orm';
import { addDays } from '@webpay/contracts/dates';
import {
  PAYMENT_METHODS,
  type MoneyFigures,
  type MoneyReport,
  type MoneyReportQuery,
} from '@webpay/contracts/payment-desk';
import type { FacilityCalendar } from '../../lib/facility-day.ts';
import type { RequestContext } from '../../lib/request-context.ts';
import type { AuditRepository } from '../audit/index.ts';
import type { StaffReader } from '../staff/index.ts';
import { moneyReportCsv, moneyReportFilename, type MoneyReportView } from './money-report-csv.ts';
import {
  moneyRowsOf,
  type DayBounds,
  type FigureRow,
  type MoneyReportRepository,
  type MoneyRows,
} from './money-report.repository.ts';

type Daily = MoneyReport['days'];

/** The signed-in staff member a report is read by. */
export interface ReportReader {
  staffId: string;
}

/** Every day from `from` to `to`, both included. */
export function daysOf({ from, to }: MoneyReportQuery): string[] {
  const days: string[] = [];
  for (let day = from; day <= to; day = addDays(day, 1)) days.push(day);
  return days;
}

/** Each day with the instants it starts and ends at, in the facility's time zone. */
export function dayBounds(days: readonly string[], calendar: FacilityCalendar): DayBounds[] {
  return days.map((day) => ({
    day,
    start: calendar.startOf(day),
    end: calendar.startOf(addDays(day, 1)),
  }));
}

const ZERO: MoneyFigures = {
  paymentsCount: 0,
  paymentsCents: 0,
  refundsCount: 0,
  refundsCents: 0,
  netCents: 0,
};

function figures(
  paymentsCount: number,
  paymentsCents: number,
  refundsCount: number,
  refundsCents: number,
): MoneyFigures {
  return {
    paymentsCount,
    paymentsCents,
    refundsCount,
    refundsCents,
    netCents: paymentsCents - refundsCents,
  };
}

function plus(a: MoneyFigures, b: MoneyFigures): MoneyFigures {
  return figures(
    a.paymentsCount + b.paymentsCount,
    a.paymentsCents + b.paymentsCents,
    a.refundsCount + b.refundsCount,
    a.refundsCents + b.refundsCents,
  );
}

const sum = (series: Daily): MoneyFigures => series.reduce<MoneyFigures>(plus, ZERO);

/** One key's daily series, every day present, from its payment and refund rows. */
function series(days: readonly string[], payments: FigureRow[], refunds: FigureRow[]): Daily {
  const paid = new Map(payments.map((row) => [row.day, row]));
  const given = new Map(refunds.map((row) => [row.day, row]));
  return days.map((date) => {
    const p = paid.get(date);
    const r = given.get(date);
    return { date, ...figures(p?.count ?? 0, p?.cents ?? 0, r?.count ?? 0, r?.cents ?? 0) };
  });
}

const rowsOf = (rows: FigureRow[], key: string) => rows.filter((row) => row.key === key);

const MONEY_VIEWED = 'office.report.money.viewed';
const MONEY_EXPORTED = 'office.report.money.exported';

/** One view of the report as CSV, with the file name the download is saved under. */
const csvOf = (report: MoneyReport, view: MoneyReportView) => ({
  filename: moneyReportFilename(report, view),
  text: moneyReportCsv(report, view),
});

/**
 * The day's money at a glance: payments on the facility day they were
 * recorded, refunds (completed voids, returns and check refunds) on the day
 * they completed, net = payments − refunds, in integer cents.
 */
export class MoneyReportService {
  constructor(
    private readonly repository: MoneyReportRepository,
    private readonly audit: AuditRepository,
    private readonly calendar: FacilityCalendar,
  ) {}

  /** The report, unaudited: `report` and the CSV export record who looked. */
  async build(query: MoneyReportQuery): Promise<MoneyReport> {
    const [rows, names] = await Promise.all([
      this.repository.figures(dayBounds(daysOf(query), this.calendar)),
      this.repository.facilityNames(),
    ]);
    return this.assemble(query, rows, names);
  }

  /**
   * The report and its audit row (`action`, the query as details) in one
   * trip with the staff session and role checks (staff-session-read.ts):
   * the same answer and row as `report` and `csv` give.
   */
  async buildAsStaff(
    query: MoneyReportQuery,
    action: string,
    read: StaffReader,
  ): Promise<MoneyReport> {
    const viewed = () => sql`select null::text as guarantor_id, ${action}::text as action,
        'success'::text as outcome, null::text as target_type, null::text as target_id,
        ${JSON.stringify(query)}::jsonb as details`;
    const json = await read(
      this.repository.staffRead({
        permission: 'read',
        payload: this.repository.reportJson(dayBounds(daysOf(query), this.calendar)),
        audit: viewed,
      }),
    );
    return this.assemble(query, moneyRowsOf(json), new Map(json.facilityNames));
  }

  async reportAsStaff(query: MoneyReportQuery, read: StaffReader): Promise<MoneyReport> {
    return this.buildAsStaff(query, MONEY_VIEWED, read);
  }

  async csvAsStaff(
    query: MoneyReportQuery & { view: MoneyReportView },
    read: StaffReader,
  ): Promise<{ filename: string; text: string }> {
    const report = await this.buildAsStaff(query, MONEY_EXPORTED, read);
    return csvOf(report, query.view);
  }

  private assemble(
    query: MoneyReportQuery,
    rows: MoneyRows,
    names: Map<string, string>,
  ): MoneyReport {
    const days = daysOf(query);
    const byMethod = PAYMENT_METHODS.map((method) => {
      const daily = series(
        days,
        rowsOf(rows.paymentsByMethod, method),
        rowsOf(rows.refundsByMethod, method),
      );
      return { method, ...sum(daily), days: daily };
    });
    const active = new Set(
      [...rows.paymentsByFacility, ...rows.refundsByFacility].map((r) => r.key),
    );
    // Facilities in the portal's order; one missing from the table (never, but) comes last by id.
    const facilityIds = [
      ...[...names.keys()].filter((id) => active.has(id)),
      ...[...active].filter((id) => !names.has(id)).sort(),
    ];
    const byFacility = facilityIds.map((facilityId) => {
      const daily = series(
        days,
        rowsOf(rows.paymentsByFacility, facilityId),
        rowsOf(rows.refundsByFacility, facilityId),
      );
      return { facilityId, name: names.get(facilityId) ?? facilityId, ...sum(daily), days: daily };
    });
    const daily = days.map((date, index) => ({
      date,
      ...byMethod.reduce<MoneyFigures>(
        (total, method) => plus(total, method.days[index] ?? ZERO),
        ZERO,
      ),
    }));
    return {
      from: query.from,
      to: query.to,
      days: daily,
      byMethod,
      byFacility,
      totals: sum(daily),
    };
  }

  async report(
    query: MoneyReportQuery,
    actor: ReportReader,
    context: RequestContext,
  ): Promise<MoneyReport> {
    const report = await this.build(query);
    await this.record(MONEY_VIEWED, query, actor, context);
    return report;
  }

  /** One view of the report as CSV, with the file name the download is saved under. */
  async csv(
    query: MoneyReportQuery & { view: MoneyReportView },
    actor: ReportReader,
    context: RequestContext,
  ): Promise<{ filename: string; text: string }> {
    const report = await this.build(query);
    await this.record(MONEY_EXPORTED, query, actor, context);
    return csvOf(report, query.view);
  }

  record(
    action: string,
    details: Record<string, unknown>,
    actor: ReportReader,
    context: RequestContext,
  ): Promise<void> {
    return this.audit.record(context, {
      action,
      outcome: 'success',
      actorType: 'staff',
      actorId: actor.staffId,
      details,
    });
  }
}
