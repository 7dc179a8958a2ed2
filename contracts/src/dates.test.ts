import { describe, expect, it } from 'vitest';
import { addDays, formatDate } from './dates.ts';

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
});
