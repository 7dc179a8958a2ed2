import { performance } from 'node:perf_hooks';

/*
 * Whether answer times tell a known identifier from an unknown one. The two
 * are measured in turns (known-unknown, then unknown-known) after a warm-up,
 * so drift on a busy machine — other processes, GC, caches warming — falls
 * on both alike, and compared by median, which a few stalls do not move.
 * A difference within max(5 ms, 25 %) is noise on a shared 2-core machine
 * and far below what an attacker could read through the network; a larger
 * one is measured once more before it counts, since one unlucky run on a
 * loaded machine is not a finding.
 */

export const TIMING_SAMPLES = 200;
const WARM_UP_PAIRS = 20;
const MIN_BOUND_MS = 5;
const RELATIVE_BOUND = 0.25;

export interface TimingComparison {
  label: string;
  samples: number;
  knownMedianMs: number;
  unknownMedianMs: number;
  differenceMs: number;
  boundMs: number;
  within: boolean;
  /** 1, or 2 when the first run was outside the bound. */
  runs: number;
}

export interface TimingCase {
  /** One call for the known identifier; it must read the whole answer. */
  known: () => Promise<unknown>;
  unknown: () => Promise<unknown>;
  /** Untimed, before every call: undo what one call leaves behind (a lockout count, a link cap). */
  reset?: () => Promise<unknown>;
  samples?: number;
}

export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  if (sorted.length === 0) return Number.NaN;
  return sorted.length % 2 === 1
    ? (sorted[middle] ?? Number.NaN)
    : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
}

async function timed(call: () => Promise<unknown>, reset?: () => Promise<unknown>) {
  await reset?.();
  const started = performance.now();
  await call();
  return performance.now() - started;
}

async function measureOnce(label: string, test: TimingCase, run: number) {
  const samples = test.samples ?? TIMING_SAMPLES;
  for (let pair = 0; pair < WARM_UP_PAIRS; pair++) {
    await timed(test.known, test.reset);
    await timed(test.unknown, test.reset);
  }
  const known: number[] = [];
  const unknown: number[] = [];
  for (let pair = 0; pair < samples; pair++) {
    if (pair % 2 === 0) {
      known.push(await timed(test.known, test.reset));
      unknown.push(await timed(test.unknown, test.reset));
    } else {
      unknown.push(await timed(test.unknown, test.reset));
      known.push(await timed(test.known, test.reset));
    }
  }
  const knownMedianMs = median(known);
  const unknownMedianMs = median(unknown);
  const differenceMs = Math.abs(knownMedianMs - unknownMedianMs);
  const boundMs = Math.max(MIN_BOUND_MS, RELATIVE_BOUND * Math.max(knownMedianMs, unknownMedianMs));
  const result: TimingComparison = {
    label,
    samples,
    knownMedianMs,
    unknownMedianMs,
    differenceMs,
    boundMs,
    within: differenceMs < boundMs,
    runs: run,
  };
  console.info(
    `[timing] ${label}: ${samples} calls each, median known ${knownMedianMs.toFixed(2)} ms, unknown ${unknownMedianMs.toFixed(2)} ms, difference ${differenceMs.toFixed(2)} ms (bound ${boundMs.toFixed(2)} ms)${result.within ? '' : ' — outside the bound'}${run > 1 ? `, run ${run}` : ''}`,
  );
  return result;
}

/** Measures, and measures once more if the first run was outside the bound. */
export async function compareTimings(label: string, test: TimingCase): Promise<TimingComparison> {
  const first = await measureOnce(label, test, 1);
  return first.within ? first : measureOnce(label, test, 2);
}
