import { describe, expect, it } from 'vitest';
import { addDays, dayIn, daysBetween, formatDate, startOfDayIn, zoneOffsetMs } from './dates.ts';

const HOUR = 3_600_000;
const at = (iso: string) => new Date(iso);

describe('dates', () => {
  it('shows calendar dates in en-US short-month form without shifting the day', () => {
    expect(formatDate('2026-06-02')).toBe('Jun 2, 2026');
    expect(formatDate('2026-01-01')).toBe('Jan 1, 2026');
    expect(formatDate('2025-12-31')).toBe('Dec 31, 2025');
  });

  it('leaves text that is not a date alone', () => {
    expect(formatDate('soon')).toBe('soon');
  });

  it('adds days across month and year ends', () => {
    expect(addDays('2026-11-22', 10)).toBe('2026-12-02');
    expect(addDays('2026-01-03', -5)).toBe('2025-12-29');
  });

  it('counts whole days between dates, across a leap day and backwards', () => {
    expect(daysBetween('2028-02-28', '2028-03-01')).toBe(2);
    expect(daysBetween('2026-11-29', '2026-11-29')).toBe(0);
    expect(daysBetween('2026-12-01', '2026-11-22')).toBe(-9);
  });

  it('reads the day in the hospital’s time zone, not in UTC', () => {
    // 02:30 UTC on Nov 26 is still the evening of Nov 25 in Salt Lake City.
    const evening = new Date('2026-11-26T02:30:00Z');
    expect(dayIn('America/Denver', evening)).toBe('2026-11-25');
    expect(dayIn('UTC', evening)).toBe('2026-11-26');
    expect(() => dayIn('Mars/Olympus_Mons')).toThrow(RangeError);
  });

  it('reads the day ahead of UTC east of it, and writes a year of four digits', () => {
    expect(dayIn('Pacific/Auckland', at('2026-01-09T11:00:00Z'))).toBe('2026-01-10');
    expect(dayIn('Pacific/Auckland', at('2026-01-09T10:59:59.999Z'))).toBe('2026-01-09');
    expect(dayIn('UTC', at('0999-03-04T12:00:00Z'))).toBe('0999-03-04');
  });
});

describe('the start of a day in a time zone', () => {
  it('is local midnight in standard and in daylight time', () => {
    expect(startOfDayIn('America/Denver', '2026-11-25')).toEqual(at('2026-11-25T07:00:00Z'));
    expect(startOfDayIn('America/Denver', '2026-07-15')).toEqual(at('2026-07-15T06:00:00Z'));
    expect(startOfDayIn('UTC', '2026-02-28')).toEqual(at('2026-02-28T00:00:00Z'));
  });

  it('is local midnight on the days the clocks change, which last 23 and 25 hours', () => {
    // 2026-03-08 02:00 MST becomes 03:00 MDT; 2026-11-01 02:00 MDT becomes 01:00 MST.
    const spring = startOfDayIn('America/Denver', '2026-03-08');
    expect(spring).toEqual(at('2026-03-08T07:00:00Z'));
    const afterSpring = startOfDayIn('America/Denver', '2026-03-09');
    expect(afterSpring.getTime() - spring.getTime()).toBe(23 * HOUR);
    const fall = startOfDayIn('America/Denver', '2026-11-01');
    expect(fall).toEqual(at('2026-11-01T06:00:00Z'));
    const afterFall = startOfDayIn('America/Denver', '2026-11-02');
    expect(afterFall.getTime() - fall.getTime()).toBe(25 * HOUR);
  });

  it('is local midnight ahead of UTC, the clocks changing the same night', () => {
    // 2026-04-05 03:00 NZDT becomes 02:00 NZST; 2026-09-27 02:00 NZST becomes 03:00 NZDT.
    expect(startOfDayIn('Pacific/Auckland', '2026-01-10')).toEqual(at('2026-01-09T11:00:00Z'));
    expect(startOfDayIn('Pacific/Auckland', '2026-04-05')).toEqual(at('2026-04-04T11:00:00Z'));
    expect(startOfDayIn('Pacific/Auckland', '2026-04-06')).toEqual(at('2026-04-05T12:00:00Z'));
    expect(startOfDayIn('Pacific/Auckland', '2026-09-27')).toEqual(at('2026-09-26T12:00:00Z'));
    expect(startOfDayIn('Pacific/Auckland', '2026-09-28')).toEqual(at('2026-09-27T11:00:00Z'));
  });

  it('is when the clocks land where they jump over midnight', () => {
    // Santiago: 2026-09-06 00:00 -04 becomes 01:00 -03, so that day begins at 01:00.
    expect(startOfDayIn('America/Santiago', '2026-09-06')).toEqual(at('2026-09-06T04:00:00Z'));
    expect(startOfDayIn('America/Santiago', '2026-09-07')).toEqual(at('2026-09-07T03:00:00Z'));
  });

  it('is preceded by the last instant of the day before', () => {
    for (const [zone, day] of [
      ['America/Denver', '2026-03-08'],
      ['America/Denver', '2026-11-02'],
      ['Pacific/Auckland', '2026-04-05'],
      ['America/Santiago', '2026-09-06'],
    ] as const) {
      const start = startOfDayIn(zone, day);
      expect(dayIn(zone, start), zone).toBe(day);
      expect(dayIn(zone, new Date(start.getTime() - 1)), zone).toBe(addDays(day, -1));
    }
  });
});

describe('a zone offset', () => {
  it('counts whole seconds, negative west of UTC', () => {
    expect(zoneOffsetMs('America/Denver', Date.parse('2026-11-25T12:00:00.750Z'))).toBe(-7 * HOUR);
    expect(zoneOffsetMs('America/Denver', Date.parse('2026-07-15T12:00:00Z'))).toBe(-6 * HOUR);
    expect(zoneOffsetMs('Asia/Kolkata', Date.parse('2026-07-15T12:00:00Z'))).toBe(5.5 * HOUR);
  });
});
