import { describe, expect, it } from 'vitest';
import { addDays, dayIn, formatDate } from './dates.ts';

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

  it('reads the day in the hospital’s time zone, not in UTC', () => {
    // 02:30 UTC on Nov 26 is still the evening of Nov 25 in Salt Lake City.
    const evening = new Date('2026-11-26T02:30:00Z');
    expect(dayIn('America/Denver', evening)).toBe('2026-11-25');
    expect(dayIn('UTC', evening)).toBe('2026-11-26');
    expect(() => dayIn('Mars/Olympus_Mons')).toThrow(RangeError);
  });
});
