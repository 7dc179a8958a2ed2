import { useMemo } from 'react';
import {
  dateTimeFormatIn,
  formatCentsIn,
  formatDateIn,
  formatUsdIn,
  zoneNameIn,
  type Language,
} from '@webpay/contracts/language';
import { toCents } from '@webpay/contracts/money';
import { useLanguage } from '@/lib/language.ts';
import { readersTimeZone, useHospitalTimeZone } from './hospital-time-zone.ts';

const TIME_OF_DAY: Intl.DateTimeFormatOptions = { hour: 'numeric', minute: '2-digit' };

/**
 * `Nov 29, 2026 8:04 AM MST`, `29 nov 2026 8:04 a.m. MST`: an instant as the
 * clocks read it in `timeZone`, the zone named as the receipt names it, so a
 * reader elsewhere is never left to guess. Not an instant: shown as given.
 */
export function formatDateTimeIn(language: Language, value: string, timeZone: string): string {
  const instant = new Date(value);
  if (Number.isNaN(instant.getTime())) return value;
  const time = dateTimeFormatIn(language, TIME_OF_DAY, timeZone).format(instant);
  return `${formatDateIn(language, value, timeZone)} ${time} ${zoneNameIn(language, instant, timeZone)}`;
}

/**
 * The console's figures and dates in the reader's language, by the portal's
 * own formatting: money as the guarantor sees it, days never all-numeric.
 * Instants are written in the hospital's time zone, the one reports,
 * payment days and due dates count in, wherever the reader sits; a bare
 * `YYYY-MM-DD` is a calendar day and never shifted. Should the hospital's
 * zone be unknown (its configuration could not be read), the reader's own
 * stands in, still named after each time.
 */
export function useFormat() {
  const language = useLanguage();
  const timeZone = useHospitalTimeZone() ?? readersTimeZone();
  return useMemo(
    () => ({
      cents: (cents: number) => formatCentsIn(language, cents),
      /** Dollar amounts of the billing feed, counted in cents first so they read exactly. */
      dollars: (dollars: number) => formatUsdIn(language, toCents(dollars) / 100),
      date: (value: string) => formatDateIn(language, value, timeZone),
      dateTime: (value: string) => formatDateTimeIn(language, value, timeZone),
    }),
    [language, timeZone],
  );
}
