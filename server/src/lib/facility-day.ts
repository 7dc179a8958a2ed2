import { dayIn, startOfDayIn } from '@webpay/contracts/dates';

/**
 * The facility's calendar, in the one configured time zone
 * (`WEBPAY_TIME_ZONE`): every "day" of the service is read on it. A portal
 * payment is pending from the facility's day it was recorded, a statement is
 * past due from the facility's day after its due date, and the payment
 * history's From and To are facility days. Comparing a guarantor's dates with
 * "today" goes through here, so a due date and a payment date are never read
 * on two calendars.
 */
export class FacilityCalendar {
  constructor(readonly timeZone: string) {}

  /** The facility's day at an instant, `YYYY-MM-DD`. */
  dayOf(instant: Date = new Date()): string {
    return dayIn(this.timeZone, instant);
  }

  /** The first instant of a facility day. */
  startOf(day: string): Date {
    return startOfDayIn(this.timeZone, day);
  }
}
