import { describe, expect, it } from 'vitest';
import {
  createIdleTimer,
  formatCountdown,
  idlePhaseAt,
  type IdleClock,
  type IdlePhase,
} from './idle-timer.ts';

const MINUTE = 60_000;
const IDLE = 15 * MINUTE;
const WARNING = 2 * MINUTE;

/** A clock the test moves by hand, firing due timers as it goes (as a browser would). */
function manualClock() {
  let now = 0;
  let timers: { at: number; callback: () => void; id: number }[] = [];
  let nextId = 0;
  const clock: IdleClock = {
    now: () => now,
    setTimeout: (callback, ms) => {
      nextId += 1;
      timers.push({ at: now + ms, callback, id: nextId });
      return nextId;
    },
    clearTimeout: (handle) => {
      timers = timers.filter((timer) => timer.id !== handle);
    },
  };
  const advance = (ms: number) => {
    const end = now + ms;
    for (;;) {
      const due = timers.filter((timer) => timer.at <= end).sort((a, b) => a.at - b.at)[0];
      if (!due) break;
      timers = timers.filter((timer) => timer !== due);
      now = Math.max(now, due.at);
      due.callback();
    }
    now = end;
  };
  /** A tab that slept: time passes and no timer fires until it wakes. */
  const sleep = (ms: number) => {
    now += ms;
  };
  return { clock, advance, sleep, pending: () => timers.length };
}

function startTimer() {
  const { clock, advance, sleep, pending } = manualClock();
  const phases: IdlePhase[] = [];
  const timer = createIdleTimer({
    idleMs: IDLE,
    warningMs: WARNING,
    onPhase: (phase) => phases.push(phase),
    clock,
  });
  return { timer, phases, advance, sleep, pending };
}

describe('the idle phases (issue #23: 15 minutes, warned 2 minutes before)', () => {
  it('is active until 13 minutes, warns until 15, then has ended', () => {
    expect(idlePhaseAt(0, IDLE, WARNING)).toBe('active');
    expect(idlePhaseAt(13 * MINUTE - 1, IDLE, WARNING)).toBe('active');
    expect(idlePhaseAt(13 * MINUTE, IDLE, WARNING)).toBe('warning');
    expect(idlePhaseAt(IDLE - 1, IDLE, WARNING)).toBe('warning');
    expect(idlePhaseAt(IDLE, IDLE, WARNING)).toBe('ended');
  });

  it('says the time left as m:ss, rounded up', () => {
    expect(formatCountdown(120_000)).toBe('2:00');
    expect(formatCountdown(61_001)).toBe('1:02');
    expect(formatCountdown(400)).toBe('0:01');
    expect(formatCountdown(-5)).toBe('0:00');
  });
});

describe('the idle timer', () => {
  it('warns at 13 minutes and ends at 15 without activity, once each', () => {
    const { timer, phases, advance, pending } = startTimer();
    advance(13 * MINUTE - 1);
    expect(phases).toEqual([]);
    advance(1);
    expect(phases).toEqual(['warning']);
    expect(timer.remainingMs()).toBe(WARNING);
    advance(WARNING);
    expect(phases).toEqual(['warning', 'ended']);
    expect(pending()).toBe(0);
  });

  it('starts again on activity, and "Stay signed in" takes the warning away', () => {
    const { timer, phases, advance } = startTimer();
    advance(10 * MINUTE);
    timer.touch();
    advance(12 * MINUTE);
    expect(phases).toEqual([]);
    advance(MINUTE);
    expect(phases).toEqual(['warning']);
    timer.touch();
    expect(phases).toEqual(['warning', 'active']);
    expect(timer.remainingMs()).toBe(IDLE);
    advance(13 * MINUTE);
    expect(phases).toEqual(['warning', 'active', 'warning']);
  });

  it('stays ended: activity after the end opens no session', () => {
    const { timer, phases, advance } = startTimer();
    advance(IDLE);
    timer.touch();
    advance(IDLE);
    expect(phases).toEqual(['warning', 'ended']);
    expect(timer.phase()).toBe('ended');
  });

  it('works from the clock, so a tab that slept past the end ends when it wakes', () => {
    const { timer, phases, advance, sleep } = startTimer();
    sleep(20 * MINUTE);
    advance(0);
    expect(phases).toEqual(['ended']);
    expect(timer.remainingMs()).toBe(0);
  });

  it('stops without firing again', () => {
    const { timer, phases, advance } = startTimer();
    timer.stop();
    advance(IDLE * 2);
    expect(phases).toEqual([]);
  });
});
