import { performance } from 'node:perf_hooks';

export interface LoadResult {
  requests: number;
  concurrency: number;
  errors: number;
  seconds: number;
  requestsPerSecond: number;
  p50Ms: number;
  p95Ms: number;
  p99Ms: number;
  maxMs: number;
}

export function percentile(sorted: number[], fraction: number): number {
  if (sorted.length === 0) return Number.NaN;
  const index = Math.min(sorted.length - 1, Math.ceil(fraction * sorted.length) - 1);
  return sorted[Math.max(0, index)] ?? Number.NaN;
}

/**
 * Sends `requests` GETs with `concurrency` in flight and reads every body, as
 * the portal would. Bounded by count, so a run always ends.
 */
export async function measureGet(
  url: string,
  headers: Record<string, string>,
  { requests, concurrency }: { requests: number; concurrency: number },
): Promise<LoadResult> {
  const latencies: number[] = [];
  let errors = 0;
  let issued = 0;

  const worker = async () => {
    while (issued < requests) {
      issued += 1;
      const started = performance.now();
      try {
        const response = await fetch(url, { headers });
        await response.arrayBuffer();
        if (!response.ok) errors += 1;
      } catch {
        errors += 1;
      }
      latencies.push(performance.now() - started);
    }
  };

  const started = performance.now();
  await Promise.all(Array.from({ length: concurrency }, worker));
  const seconds = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  return {
    requests: latencies.length,
    concurrency,
    errors,
    seconds,
    requestsPerSecond: latencies.length / seconds,
    p50Ms: percentile(latencies, 0.5),
    p95Ms: percentile(latencies, 0.95),
    p99Ms: percentile(latencies, 0.99),
    maxMs: latencies.at(-1) ?? Number.NaN,
  };
}
