import type { MoneyFigures, MoneyReport } from '@webpay/contracts/payment-desk';
import { csvText } from '../../lib/csv.ts';
import { centsToDecimal } from '../posting/index.ts';

export type MoneyReportView = 'day' | 'method' | 'facility';

const FIGURE_COLUMNS = ['payments_count', 'payments', 'refunds_count', 'refunds', 'net'] as const;

/** The figures as the posting file writes money: decimal dollars, computed on integer cents. */
function figureCells(figures: MoneyFigures): string[] {
  return [
    String(figures.paymentsCount),
    centsToDecimal(figures.paymentsCents),
    String(figures.refundsCount),
    centsToDecimal(figures.refundsCents),
    centsToDecimal(figures.netCents),
  ];
}

/** The rows of one view: a day per row, or a day per method or facility. */
function rowsOf(report: MoneyReport, view: MoneyReportView): string[][] {
  if (view === 'day') return report.days.map((day) => [day.date, ...figureCells(day)]);
  if (view === 'method') {
    return report.byMethod.flatMap((method) =>
      method.days.map((day) => [day.date, method.method, ...figureCells(day)]),
    );
  }
  return report.byFacility.flatMap((facility) =>
    facility.days.map((day) => [day.date, facility.facilityId, facility.name, ...figureCells(day)]),
  );
}

const HEADERS: Record<MoneyReportView, string[]> = {
  day: ['date', ...FIGURE_COLUMNS],
  method: ['date', 'method', ...FIGURE_COLUMNS],
  facility: ['date', 'facility', 'facility_name', ...FIGURE_COLUMNS],
};

/** The money report as CSV, spreadsheet-safe (lib/csv.ts), one line per day and key. */
export function moneyReportCsv(report: MoneyReport, view: MoneyReportView): string {
  return csvText(HEADERS[view], rowsOf(report, view));
}

/** webpay-money-2026-11-01-2026-11-30-day.csv */
export function moneyReportFilename(
  report: Pick<MoneyReport, 'from' | 'to'>,
  view: MoneyReportView,
) {
  return `webpay-money-${report.from}-${report.to}-${view}.csv`;
}
