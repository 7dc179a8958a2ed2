import { describe, expect, it } from 'vitest';
import { formatConvergeTime, parseConvergeTime } from './converge-time.ts';

describe('Converge times', () => {
  it('writes twelve-hour times with AM and PM', () => {
    expect(formatConvergeTime(new Date('2026-11-27T00:05:09Z'))).toBe('11/27/2026 12:05:09 AM');
    expect(formatConvergeTime(new Date('2026-11-27T12:00:00Z'))).toBe('11/27/2026 12:00:00 PM');
    expect(formatConvergeTime(new Date('2026-11-27T23:59:59Z'))).toBe('11/27/2026 11:59:59 PM');
  });

  it('reads back what it writes', () => {
    for (const iso of [
      '2026-01-01T00:00:00.000Z',
      '2026-06-30T12:34:56.000Z',
      '2026-12-31T23:59:59.000Z',
    ]) {
      expect(parseConvergeTime(formatConvergeTime(new Date(iso)))?.toISOString()).toBe(iso);
    }
  });

  it('refuses what is not a Converge time', () => {
    expect(parseConvergeTime(undefined)).toBeUndefined();
    expect(parseConvergeTime('2026-11-27T00:00:00Z')).toBeUndefined();
    expect(parseConvergeTime('02/30/2026 01:00:00 AM')).toBeUndefined();
  });
});
