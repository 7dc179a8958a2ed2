/*
 * The staff session's idle clock (issue #23): the service ends a session 15
 * minutes after its last call, so the console warns 2 minutes before that
 * and signs out when it comes. Kept apart from React and from the real
 * clock, so the times can be tested.
 */

export type IdlePhase = 'active' | 'warning' | 'ended';

/** Where an idle session stands after `elapsedMs` without activity. */
export function idlePhaseAt(elapsedMs: number, idleMs: number, warningMs: number): IdlePhase {
  if (elapsedMs >= idleMs) return 'ended';
  if (elapsedMs >= idleMs - warningMs) return 'warning';
  return 'active';
}

export interface IdleClock {
  now: () => number;
  setTimeout: (callback: () => void, ms: number) => unknown;
  clearTimeout: (handle: unknown) => void;
}

const realClock: IdleClock = {
  now: () => Date.now(),
  setTimeout: (callback, ms) => globalThis.setTimeout(callback, ms),
  clearTimeout: (handle) => globalThis.clearTimeout(handle as ReturnType<typeof setTimeout>),
};

export interface IdleTimerOptions {
  idleMs: number;
  warningMs: number;
  /** Called when the phase changes; 'ended' comes once, and the timer stops. */
  onPhase: (phase: IdlePhase) => void;
  clock?: IdleClock;
}

export interface IdleTimer {
  /** Activity the service has seen: the idle clock starts again (not once it has ended). */
  touch(): void;
  phase(): IdlePhase;
  /** Milliseconds until the session ends if nothing more is done. */
  remainingMs(): number;
  stop(): void;
}

export function createIdleTimer({
  idleMs,
  warningMs,
  onPhase,
  clock = realClock,
}: IdleTimerOptions): IdleTimer {
  let lastActivity = clock.now();
  let phase: IdlePhase = 'active';
  let handle: unknown;

  // Timers fire late in a sleeping tab, so each wake-up works from the clock, not from counting.
  const check = () => {
    const elapsed = clock.now() - lastActivity;
    const next = idlePhaseAt(elapsed, idleMs, warningMs);
    if (next !== phase) {
      phase = next;
      onPhase(phase);
    }
    if (phase === 'ended') return;
    const boundary = phase === 'active' ? idleMs - warningMs : idleMs;
    clock.clearTimeout(handle);
    handle = clock.setTimeout(check, Math.max(0, boundary - elapsed));
  };
  check();

  return {
    touch() {
      if (phase === 'ended') return;
      lastActivity = clock.now();
      check();
    },
    phase: () => phase,
    remainingMs: () => Math.max(0, lastActivity + idleMs - clock.now()),
    stop() {
      clock.clearTimeout(handle);
    },
  };
}

/** `m:ss`, rounded up so the count never shows 0:00 while time is left. */
export function formatCountdown(ms: number): string {
  const seconds = Math.max(0, Math.ceil(ms / 1000));
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
}
