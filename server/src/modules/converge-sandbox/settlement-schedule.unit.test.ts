import { describe, expect, it } from 'vitest';
import { cutoffAfter, cutoffOn, latestCutoff, settlementSchedule } from './settlement-schedule.ts';

const denver = settlementSchedule('22:00', 'America/Denver');
if (!denver) throw new Error('22:00 is a schedule');

describe('settlementSchedule', () => {
  it("reads HH:MM and treats 'off' or anything else as no schedule", () => {
    expect(settlementSchedule(' 07:30 ', 'UTC')).toEqual({ hour: 7, minute: 30, timeZone: 'UTC' });
    expect(settlementSchedule('off', 'UTC')).toBeUndefined();
    expect(settlementSchedule(undefined, 'UTC')).toBeUndefined();
    expect(settlementSchedule('24:00', 'UTC')).toBeUndefined();
  });
});

describe('cutoffs', () => {
  it('falls at the wall-clock time in the zone, summer and winter', () => {
    // MDT (UTC-6) in July, MST (UTC-7) in January.
    expect(cutoffOn(denver, '2026-07-01').toISOString()).toBe('2026-07-02T04:00:00.000Z');
    expect(cutoffOn(denver, '2026-01-15').toISOString()).toBe('2026-01-16T05:00:00.000Z');
    // The day clocks go back (1 November 2026): 22:00 is already MST.
    expect(cutoffOn(denver, '2026-11-01').toISOString()).toBe('2026-11-02T05:00:00.000Z');
    expect(cutoffOn(denver, '2026-03-08').toISOString()).toBe('2026-03-09T04:00:00.000Z');
  });

  it('finds the latest cutoff passed, the cutoff instant itself included', () => {
    const cutoff = new Date('2026-07-02T04:00:00.000Z');
    expect(latestCutoff(denver, cutoff)).toEqual(cutoff);
    expect(latestCutoff(denver, new Date('2026-07-02T03:59:59.999Z'))).toEqual(
      new Date('2026-07-01T04:00:00.000Z'),
    );
    // After midnight in Denver, the cutoff passed is still the previous evening's.
    expect(latestCutoff(denver, new Date('2026-07-02T07:00:00.000Z'))).toEqual(cutoff);
  });

  it('finds the cutoff that settles a transaction: the first strictly after it', () => {
    const cutoff = new Date('2026-07-02T04:00:00.000Z');
    expect(cutoffAfter(denver, new Date('2026-07-01T15:00:00.000Z'))).toEqual(cutoff);
    expect(cutoffAfter(denver, cutoff)).toEqual(new Date('2026-07-03T04:00:00.000Z'));
    expect(cutoffAfter(denver, new Date('2026-07-02T05:00:00.000Z'))).toEqual(
      new Date('2026-07-03T04:00:00.000Z'),
    );
  });
});
