import { toIsoDate } from '@webpay/contracts/dates';

/**
 * The facility's calendar day at an instant, `YYYY-MM-DD`. The service keeps
 * the facility's days as UTC days: a portal payment is pending from the UTC
 * day it was recorded, and payment history reads its range as whole UTC days
 * (decision 0010). Comparing a guarantor's dates with "today" goes through
 * here, so a due date and a payment date are never read on two calendars.
 */
export function facilityDay(instant: Date = new Date()): string {
  return toIsoDate(instant);
}
