import type { MemorySample } from './soak-probe.ts';

/*
 * The server's memory over the soak, and whether it stays flat: the mean of
 * the last third of the samples against the mean of the first third, per
 * minute between them. Thirds rather than the first and last sample, so
 * that one sample taken mid-burst does not decide it.
 */

export interface MemoryPoint {
  /** Since the measured traffic began. */
  atSeconds: number;
  rssMb: number;
  heapUsedMb: number;
  heapTotalMb: number;
  /** Memory outside the JS heap (buffers, and the embedded database's WebAssembly memory). */
  externalMb: number;
}

const MB = 1_048_576;
const round = (value: number) => Math.round(value * 10) / 10;

export function memoryPoint(atSeconds: number, sample: MemorySample): MemoryPoint {
  return {
    atSeconds: Math.round(atSeconds),
    rssMb: round(sample.rss / MB),
    heapUsedMb: round(sample.heapUsed / MB),
    heapTotalMb: round(sample.heapTotal / MB),
    externalMb: round(sample.external / MB),
  };
}

/** MB per minute between the first and the last third of the series; NaN with fewer than 3 points. */
export function growthPerMinute(
  points: readonly MemoryPoint[],
  value: (point: MemoryPoint) => number,
): number {
  const third = Math.floor(points.length / 3);
  if (third === 0) return Number.NaN;
  const mean = (part: readonly MemoryPoint[], of: (point: MemoryPoint) => number) =>
    part.reduce((sum, point) => sum + of(point), 0) / part.length;
  const first = points.slice(0, third);
  const last = points.slice(points.length - third);
  const minutes =
    (mean(last, (point) => point.atSeconds) - mean(first, (point) => point.atSeconds)) / 60;
  return minutes > 0 ? (mean(last, value) - mean(first, value)) / minutes : Number.NaN;
}
