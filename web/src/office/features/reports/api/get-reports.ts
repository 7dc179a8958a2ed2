import { queryOptions } from '@tanstack/react-query';
import {
  PAYMENT_DESK_PATHS,
  moneyReportSchema,
  settlementReportSchema,
} from '@webpay/contracts/payment-desk';
import { unwrap } from '@/lib/api-client.ts';
import { saveFile } from '@/lib/save-file.ts';
import { officeApi } from '../../../lib/office-api.ts';
import type { Period } from '../utils/period.ts';

export type MoneyView = 'day' | 'method' | 'facility';

const periodQuery = ({ from, to }: Period) => new URLSearchParams({ from, to });

export const moneyReportQueryOptions = (period: Period) =>
  queryOptions({
    queryKey: ['office', 'reports', 'money', period.from, period.to],
    queryFn: async ({ signal }) =>
      unwrap(
        await officeApi.get(
          `${PAYMENT_DESK_PATHS.moneyReport}?${periodQuery(period)}`,
          moneyReportSchema,
          { signal },
        ),
      ),
  });

export const settlementQueryOptions = (period: Period) =>
  queryOptions({
    queryKey: ['office', 'reports', 'settlement', period.from, period.to],
    queryFn: async ({ signal }) =>
      unwrap(
        await officeApi.get(
          `${PAYMENT_DESK_PATHS.settlement}?${periodQuery(period)}`,
          settlementReportSchema,
          { signal },
        ),
      ),
  });

/** The service's name for the file: webpay-money-<from>-<to>-<view>.csv. */
export function moneyCsvFilename({ from, to }: Period, view: MoneyView): string {
  return `webpay-money-${from}-${to}-${view}.csv`;
}

/** The address of one view's CSV, relative to the office API. */
export function moneyCsvPath(period: Period, view: MoneyView): string {
  const query = periodQuery(period);
  query.set('view', view);
  return `${PAYMENT_DESK_PATHS.moneyReportCsv}?${query}`;
}

/** One view as CSV, fetched with the staff session (a plain link would carry none) and saved. */
export async function downloadMoneyCsv(period: Period, view: MoneyView): Promise<void> {
  const file = unwrap(
    await officeApi.getBlob({ path: moneyCsvPath(period, view), accept: 'text/csv' }),
  );
  saveFile(file, moneyCsvFilename(period, view));
}
