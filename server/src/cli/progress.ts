import { performance } from 'node:perf_hooks';

/*
 * Progress of a long command on standard error: at most one line a second
 * for each stage, and one when the stage completes, so a terminal shows it
 * moving and a log file does not fill up.
 */

const numbers = new Intl.NumberFormat('en-US');

export interface ProgressOptions {
  /** Stages with fewer items than this finish too fast to be worth a line. */
  minimumTotal?: number;
  intervalMs?: number;
  now?: () => number;
}

export function progressPrinter(
  write: (line: string) => void,
  { minimumTotal = 0, intervalMs = 1000, now = () => performance.now() }: ProgressOptions = {},
): (stage: string, done: number, total: number) => void {
  const lastShown = new Map<string, number>();
  const finished = new Set<string>();
  return (stage, done, total) => {
    if (finished.has(stage) || total < minimumTotal) return;
    const complete = done >= total;
    const at = now();
    const previous = lastShown.get(stage);
    if (!complete && previous !== undefined && at - previous < intervalMs) return;
    if (!complete && previous === undefined && done === 0) {
      lastShown.set(stage, at);
      return;
    }
    lastShown.set(stage, at);
    if (complete) finished.add(stage);
    const percent = total > 0 ? Math.floor((done / total) * 100) : 100;
    write(`${stage}: ${numbers.format(done)} of ${numbers.format(total)} (${percent}%)`);
  };
}
