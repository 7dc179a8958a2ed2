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

const dayFormats = new Map<string, Intl.DateTimeFormat>();

/**
 * `YYYY-MM-DD` of an instant as the calendar reads in a time zone: the
 * hospital's day, which is not the UTC day in a US evening. Throws a
 * RangeError for a time zone the runtime does not know.
 */
export function dayIn(timeZone: string, now: Date = new Date()): string {
  let format = dayFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
    });
    dayFormats.set(timeZone, format);
  }
  const parts = Object.fromEntries(
    format.formatToParts(now).map((part) => [part.type, part.value]),
  );
  return `${parts.year}-${parts.month}-${parts.day}`;
}
