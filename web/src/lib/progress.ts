import { PROGRESS } from '@/config/constants.ts';

/** `null` while hidden. */
export type ProgressValue = number | null;

/**
 * SPEC §2/§9 top progress bar: 20 at the start, +5 every 500 ms up to 90,
 * then 100 when all work is done and hidden 300 ms later.
 */
export function createProgress(onChange: (value: ProgressValue) => void) {
  let value: ProgressValue = null;
  let ticker: ReturnType<typeof setInterval> | undefined;
  let resetTimer: ReturnType<typeof setTimeout> | undefined;

  const emit = (next: ProgressValue) => {
    if (next === value) return;
    value = next;
    onChange(next);
  };

  const stopTicker = () => {
    if (ticker !== undefined) clearInterval(ticker);
    ticker = undefined;
  };

  return {
    start(): void {
      if (ticker !== undefined) return;
      if (resetTimer !== undefined) {
        clearTimeout(resetTimer);
        resetTimer = undefined;
      }
      emit(PROGRESS.start);
      ticker = setInterval(() => {
        const current = value ?? PROGRESS.start;
        emit(Math.min(current + PROGRESS.step, PROGRESS.cap));
      }, PROGRESS.intervalMs);
    },
    done(): void {
      if (ticker === undefined) return;
      stopTicker();
      emit(PROGRESS.done);
      resetTimer = setTimeout(() => {
        resetTimer = undefined;
        emit(null);
      }, PROGRESS.resetAfterMs);
    },
    dispose(): void {
      stopTicker();
      if (resetTimer !== undefined) clearTimeout(resetTimer);
      resetTimer = undefined;
    },
    get value(): ProgressValue {
      return value;
    },
  };
}
