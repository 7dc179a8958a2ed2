import { performance } from 'node:perf_hooks';
import { createTestDatabase, type TestDatabase } from '@webpay/server/testkit/database';
import { growthPerMinute, memoryPoint, type MemoryPoint } from './soak-memory.ts';
import { startSoakServer, type SoakServer } from './soak-server.ts';
import { SoakStats, type KindSummary } from './soak-stats.ts';
import { SOAK_MIX, readFixture, runTraffic, type SoakFixture } from './soak-traffic.ts';

/*
 * The soak: the production-built service in its own process under a steady
 * mix of guarantors' traffic for minutes, to show what a short benchmark
 * cannot — that nothing fails once in thousands of requests and that memory
 * does not creep. Traffic runs for BENCH_SOAK_SECONDS after a warm-up; the
 * server's memory is sampled every BENCH_SOAK_SAMPLE_SECONDS. It passes with
 * zero errors and a heap that grows less than BENCH_SOAK_MAX_GROWTH_MB_PER_MIN
 * between the first and the last third of the run.
 */

export interface SoakOptions {
  database: 'pglite' | 'postgres';
  seconds: number;
  warmUpSeconds: number;
  concurrency: number;
  sampleSeconds: number;
  maxRequests: number;
  maxGrowthMbPerMin: number;
}

export interface SoakResult {
  database: SoakOptions['database'];
  options: SoakOptions;
  mix: typeof SOAK_MIX;
  seconds: number;
  requests: number;
  errors: number;
  requestsPerSecond: number;
  kinds: KindSummary[];
  failures: string[];
  memory: MemoryPoint[];
  /** Whether each heap figure was taken after a full collection (--expose-gc). */
  heapAfterGc: boolean;
  heapGrowthMbPerMin: number;
  rssGrowthMbPerMin: number;
  pass: boolean;
}

const number = (value: string | undefined, fallback: number) => {
  const parsed = Number(value);
  return value !== undefined && value !== '' && Number.isFinite(parsed) ? parsed : fallback;
};

export function soakOptionsFromEnv(env: NodeJS.ProcessEnv = process.env): SoakOptions {
  return {
    database: env.BENCH_SOAK_DATABASE === 'postgres' ? 'postgres' : 'pglite',
    seconds: number(env.BENCH_SOAK_SECONDS, 180),
    warmUpSeconds: number(env.BENCH_SOAK_WARMUP_SECONDS, 15),
    concurrency: number(env.BENCH_SOAK_CONCURRENCY, 16),
    sampleSeconds: number(env.BENCH_SOAK_SAMPLE_SECONDS, 10),
    maxRequests: number(env.BENCH_SOAK_MAX_REQUESTS, 2_000_000),
    maxGrowthMbPerMin: number(env.BENCH_SOAK_MAX_GROWTH_MB_PER_MIN, 2),
  };
}

/** Samples the server's memory every `seconds` until stopped; one sample at a time. */
function startSampling(server: SoakServer, seconds: number, since: number) {
  const points: MemoryPoint[] = [];
  let afterGc = true;
  let sampling: Promise<void> = Promise.resolve();
  const sample = () => {
    sampling = sampling.then(async () => {
      const memory = await server.memory();
      afterGc &&= memory.afterGc;
      points.push(memoryPoint((performance.now() - since) / 1000, memory));
    });
    return sampling;
  };
  void sample();
  const timer = setInterval(() => void sample(), seconds * 1000);
  return {
    points,
    afterGc: () => afterGc,
    async stop() {
      clearInterval(timer);
      await sampling;
      // A last sample at the end, unless one was just taken.
      const last = points.at(-1)?.atSeconds ?? -Infinity;
      if ((performance.now() - since) / 1000 - last >= seconds / 2) await sample();
    },
  };
}

export async function benchSoak(options: SoakOptions): Promise<SoakResult> {
  let database: TestDatabase | undefined;
  let server: SoakServer | undefined;
  try {
    // PostgreSQL: an empty schema of its own, which the server migrates and seeds as in production.
    if (options.database === 'postgres') {
      database = await createTestDatabase('postgres', { migrate: false });
    }
    server = await startSoakServer(database?.url);
    console.info(
      `  soak: server pid ${server.pid} (production build, ${options.database}), warm-up ${options.warmUpSeconds} s, then ${options.seconds} s at concurrency ${options.concurrency}`,
    );
    const fixture: SoakFixture = await readFixture(server, new SoakStats());
    const traffic = {
      server,
      fixture,
      concurrency: options.concurrency,
      maxRequests: options.maxRequests,
    };
    await runTraffic({ ...traffic, stats: new SoakStats(), seconds: options.warmUpSeconds });

    const stats = new SoakStats();
    const started = performance.now();
    const sampler = startSampling(server, options.sampleSeconds, started);
    const progress = setInterval(
      () =>
        console.info(
          `  soak: ${Math.round((performance.now() - started) / 1000)} s, ${stats.requests} requests, ${stats.errors} errors`,
        ),
      30_000,
    );
    try {
      await runTraffic({ ...traffic, stats, seconds: options.seconds });
    } finally {
      clearInterval(progress);
      await sampler.stop();
    }
    const seconds = (performance.now() - started) / 1000;

    const heapGrowthMbPerMin = growthPerMinute(sampler.points, (point) => point.heapUsedMb);
    const result: SoakResult = {
      database: options.database,
      options,
      mix: SOAK_MIX,
      seconds,
      requests: stats.requests,
      errors: stats.errors,
      requestsPerSecond: stats.requests / seconds,
      kinds: stats.summary(),
      failures: stats.failures,
      memory: sampler.points,
      heapAfterGc: sampler.afterGc(),
      heapGrowthMbPerMin,
      rssGrowthMbPerMin: growthPerMinute(sampler.points, (point) => point.rssMb),
      pass: stats.errors === 0 && heapGrowthMbPerMin < options.maxGrowthMbPerMin,
    };
    if (stats.errors > 0) console.info(`  soak: last server output:\n${server.outputTail()}`);
    return result;
  } finally {
    await server?.stop();
    await database?.close();
  }
}

export function printSoak(result: SoakResult): void {
  const fixed = (value: number, digits = 1) =>
    Number.isFinite(value) ? value.toFixed(digits) : 'n/a';
  console.info(
    `\nSoak: ${Math.round(result.seconds)} s, ${result.requests} requests (${fixed(result.requestsPerSecond)} req/s), ${result.errors} errors, concurrency ${result.options.concurrency}, ${result.database}`,
  );
  console.table(
    result.kinds.map((kind) => ({
      kind: kind.kind,
      requests: kind.requests,
      errors: kind.errors,
      'p50 ms': fixed(kind.p50Ms, 2),
      'p95 ms': fixed(kind.p95Ms, 2),
      'p99 ms': fixed(kind.p99Ms, 2),
      'max ms': fixed(kind.maxMs, 2),
    })),
  );
  console.info(
    `Server memory every ${result.options.sampleSeconds} s (heap ${result.heapAfterGc ? 'after a full GC' : 'as found, no --expose-gc'}):`,
  );
  console.table(result.memory.map((point) => ({ ...point })));
  for (const failure of result.failures) console.info(`  failure: ${failure}`);
  console.info(
    `Heap growth ${fixed(result.heapGrowthMbPerMin, 2)} MB/min, RSS growth ${fixed(result.rssGrowthMbPerMin, 2)} MB/min (first vs last third of the samples)`,
  );
  console.info(
    `SOAK ${result.pass ? 'PASS' : 'FAIL'}: ${result.errors} errors (must be 0); heap growth ${fixed(result.heapGrowthMbPerMin, 2)} MB/min (must be under ${result.options.maxGrowthMbPerMin} MB/min)`,
  );
}
