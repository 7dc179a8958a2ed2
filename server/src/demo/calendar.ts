import { addDays, toIsoDate } from '@webpay/contracts/dates';

/*
 * Calendar arithmetic on `YYYY-MM-DD` strings in UTC, so the demo data does
 * not depend on the machine's time zone.
 */

export { addDays };

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

export function assertIsoDate(value: string, label = 'date'): string {
  const match = ISO_DATE.exec(value);
  const parsed = new Date(`${value}T00:00:00Z`);
  if (!match || Number.isNaN(parsed.getTime()) || toIsoDate(parsed) !== value) {
    throw new RangeError(`The ${label} must be a real calendar date as YYYY-MM-DD, got "${value}"`);
  }
  return value;
}

/** Today's date in UTC. */
export function todayIso(now: Date = new Date()): string {
  return toIsoDate(now);
}

function parts(isoDate: string): [number, number, number] {
  const [year = 0, month = 0, day = 0] = isoDate.split('-').map(Number);
  return [year, month, day];
}

/** Adds calendar months, keeping the day of month where it exists (Jan 31 + 1 month = Feb 28). */
export function addMonths(isoDate: string, months: number): string {
  const [year, month, day] = parts(isoDate);
  const target = new Date(Date.UTC(year, month - 1 + months, 1));
  const lastDay = new Date(
    Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0),
  ).getUTCDate();
  target.setUTCDate(Math.min(day, lastDay));
  return toIsoDate(target);
}

export function firstOfMonth(isoDate: string): string {
  return `${isoDate.slice(0, 7)}-01`;
}

/** An instant on a calendar day, at a wall-clock time in UTC. */
export function instant(isoDate: string, time = '12:00'): Date {
  return new Date(`${isoDate}T${time}:00.000Z`);
}
