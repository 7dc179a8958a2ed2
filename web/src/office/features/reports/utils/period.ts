import { addDays } from '@webpay/contracts/dates';

export interface Period {
  from: string;
  to: string;
}

export const QUICK_PERIODS = ['last7', 'last30', 'thisMonth', 'lastMonth'] as const;
export type QuickPeriod = (typeof QUICK_PERIODS)[number];

const firstOfMonth = (day: string) => `${day.slice(0, 7)}-01`;

/** A quick choice as facility days, counted back from the facility's today. */
export function quickPeriod(choice: QuickPeriod, today: string): Period {
  switch (choice) {
    case 'last7':
      return { from: addDays(today, -6), to: today };
    case 'last30':
      return { from: addDays(today, -29), to: today };
    case 'thisMonth':
      return { from: firstOfMonth(today), to: today };
    case 'lastMonth': {
      const lastDay = addDays(firstOfMonth(today), -1);
      return { from: firstOfMonth(lastDay), to: lastDay };
    }
  }
}

/** The screen opens on the last 30 facility days. */
export const defaultPeriod = (today: string): Period => quickPeriod('last30', today);
