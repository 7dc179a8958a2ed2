import { addDays, dayIn, zoneOffsetMs } from '@webpay/contracts/dates';

/*
 * When the emulator's batches close by themselves: once a day at a wall-clock
 * time (SANDBOX_SETTLEMENT_TIME) in the facility's time zone
 * (WEBPAY_TIME_ZONE), as a Converge merchant account settles each evening.
 */

export interface SettlementSchedule {
  /** Hours and minutes of the daily cutoff. */
  hour: number;
  minute: number;
  timeZone: string;
}

/** 'HH:MM' as a schedule in the zone; 'off' (or no time) as none: batches close only on request. */
export function settlementSchedule(
  time: string | undefined,
  timeZone: string,
): SettlementSchedule | undefined {
  const match = /^([01]\d|2[0-3]):([0-5]\d)$/.exec(time?.trim() ?? '');
  if (!match) return undefined;
  return { hour: Number(match[1]), minute: Number(match[2]), timeZone };
}

/** The instant the cutoff falls on a facility day (YYYY-MM-DD). */
export function cutoffOn(schedule: SettlementSchedule, day: string): Date {
  const hh = String(schedule.hour).padStart(2, '0');
  const mm = String(schedule.minute).padStart(2, '0');
  const wall = Date.parse(`${day}T${hh}:${mm}:00.000Z`);
  // The zone's offset at the wall time itself, read twice so a DST change that day is taken.
  const guess = wall - zoneOffsetMs(schedule.timeZone, wall);
  return new Date(wall - zoneOffsetMs(schedule.timeZone, guess));
}

/** The most recent cutoff at or before `now`. */
export function latestCutoff(schedule: SettlementSchedule, now: Date): Date {
  const today = dayIn(schedule.timeZone, now);
  const cutoff = cutoffOn(schedule, today);
  return cutoff <= now ? cutoff : cutoffOn(schedule, addDays(today, -1));
}

/** The first cutoff strictly after `instant`: the one that settles a transaction made then. */
export function cutoffAfter(schedule: SettlementSchedule, instant: Date): Date {
  const day = dayIn(schedule.timeZone, instant);
  const cutoff = cutoffOn(schedule, day);
  return cutoff > instant ? cutoff : cutoffOn(schedule, addDays(day, 1));
}
