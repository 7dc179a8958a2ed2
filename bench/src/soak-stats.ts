import { percentile } from './percentile.ts';

/*
 * What the soak's traffic got back, per kind of request: how many, how many
 * failed (anything but the answer a guarantor's portal expects), and their
 * latency percentiles.
 */

export interface KindSummary {
  kind: string;
  requests: number;
  errors: number;
  p50Ms: number;
  p95Ms: number;
  p99Ms: number;
  maxMs: number;
}

interface KindTally {
  errors: number;
  latencies: number[];
}

/** Failures are counted in full; the first few are kept word for word to explain them. */
const KEPT_FAILURES = 10;

export class SoakStats {
  private readonly kinds = new Map<string, KindTally>();
  readonly failures: string[] = [];
  requests = 0;
  errors = 0;

  record(kind: string, ms: number, failure?: string): void {
    const tally = this.tally(kind);
    tally.latencies.push(ms);
    this.requests += 1;
    if (failure === undefined) return;
    tally.errors += 1;
    this.errors += 1;
    if (this.failures.length < KEPT_FAILURES) this.failures.push(`${kind}: ${failure}`);
  }

  /** The time of several requests together (a whole payment): a latency, not a request. */
  journey(kind: string, ms: number): void {
    this.tally(kind).latencies.push(ms);
  }

  private tally(kind: string): KindTally {
    let tally = this.kinds.get(kind);
    if (!tally) {
      tally = { errors: 0, latencies: [] };
      this.kinds.set(kind, tally);
    }
    return tally;
  }

  summary(): KindSummary[] {
    return [...this.kinds].map(([kind, tally]) => {
      const sorted = [...tally.latencies].sort((a, b) => a - b);
      return {
        kind,
        requests: sorted.length,
        errors: tally.errors,
        p50Ms: percentile(sorted, 0.5),
        p95Ms: percentile(sorted, 0.95),
        p99Ms: percentile(sorted, 0.99),
        maxMs: sorted.at(-1) ?? Number.NaN,
      };
    });
  }
}
