import { z } from 'zod';
import { formatDateIn } from './language.ts';

/** A calendar date on the wire: `YYYY-MM-DD`. */
export const isoDateSchema = z.iso.date().meta({ example: '2026-06-02' });

/** An instant on the wire: ISO 8601 with offset. */
export const isoDateTimeSchema = z.iso
  .datetime({ offset: true })
  .meta({ example: '2026-11-01T15:04:05.000Z' });

/**
 * `Jun 2, 2026` (SPEC §1: en-US short-month). A bare date is read as a
 * calendar day, never shifted by the viewer's time zone.
 */
export function formatDate(value: string): string {
  return formatDateIn('en', value);
}

/** `YYYY-MM-DD` of a Date in UTC. */
export function toIsoDate(date: Date): string {
  return date.toISOString().slice(0, 10);
}

/** Adds whole days to a `YYYY-MM-DD` date. */
export function addDays(isoDate: string, days: number): string {
  const date = new Date(`${isoDate}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return toIsoDate(date);
}

/** Whole days from `from` to `to` (YYYY-MM-DD), negative when `to` is earlier. */
export function daysBetween(from: string, to: string): number {
  const ms = Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`);
  return Math.round(ms / 86_400_000);
}

const wallClocks = new Map<string, Intl.DateTimeFormat>();

interface WallClock {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

/**
 * What the clocks read at an instant in a time zone. Throws a RangeError for
 * a time zone the runtime does not know.
 */
function wallClockIn(timeZone: string, instant: Date | number): WallClock {
  let format = wallClocks.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    wallClocks.set(timeZone, format);
  }
  const parts = new Map(format.formatToParts(instant).map((part) => [part.type, part.value]));
  const number = (type: Intl.DateTimeFormatPartTypes) => Number(parts.get(type) ?? 0);
  return {
    year: number('year'),
    month: number('month'),
    day: number('day'),
    hour: number('hour'),
    minute: number('minute'),
    second: number('second'),
  };
}

const pad = (value: number, digits: number) => String(value).padStart(digits, '0');

/**
 * `YYYY-MM-DD` of an instant as the calendar reads in a time zone: the
 * hospital's day, which is not the UTC day in a US evening. Throws a
 * RangeError for a time zone the runtime does not know.
 */
export function dayIn(timeZone: string, now: Date = new Date()): string {
  const { year, month, day } = wallClockIn(timeZone, now);
  return `${pad(year, 4)}-${pad(month, 2)}-${pad(day, 2)}`;
}

/** How far a time zone's clocks are ahead of UTC at an instant, in milliseconds (negative west of it). */
export function zoneOffsetMs(timeZone: string, instant: number): number {
  const clock = wallClockIn(timeZone, instant);
  const wall = new Date(0);
  wall.setUTCFullYear(clock.year, clock.month - 1, clock.day);
  wall.setUTCHours(clock.hour, clock.minute, clock.second);
  const wholeSeconds = instant - (((instant % 1000) + 1000) % 1000);
  return wall.getTime() - wholeSeconds;
}

/**
 * The first instant of a `YYYY-MM-DD` day in a time zone: its midnight, or,
 * where the clocks jump over midnight, the moment they land. The zone's
 * offset at UTC midnight is a guess; the offset at that guess corrects it
 * when the clocks change between the two. Of the two, the earlier instant
 * that lies on the day is its start.
 */
export function startOfDayIn(timeZone: string, day: string): Date {
  const wallMidnight = Date.parse(`${day}T00:00:00.000Z`);
  const guess = wallMidnight - zoneOffsetMs(timeZone, wallMidnight);
  const corrected = wallMidnight - zoneOffsetMs(timeZone, guess);
  const onTheDay = [corrected, guess]
    .sort((a, b) => a - b)
    .find((candidate) => dayIn(timeZone, new Date(candidate)) === day);
  return new Date(onTheDay ?? corrected);
}
