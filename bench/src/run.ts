/*
 * `npm run bench`: the pending-bills call (GET /encounters) for a typical and a
 * large guarantor, beside the server's ceiling on this machine (GET /healthz,
 * which touches neither database nor authentication), over the embedded
 * database and, when BENCH_DATABASE_URL or TEST_DATABASE_URL is set, over
 * PostgreSQL; then `webpay import` of a generated billing feed of
 * BENCH_FEED_ENCOUNTERS encounters (100,000 by default) on each database.
 * Then the soak: the production-built server under a mix of guarantors'
 * traffic for BENCH_SOAK_SECONDS (180 by default), with its memory sampled,
 * ending in a PASS/FAIL line (bench/src/soak.ts). Then how GET /encounters
 * grows with the account: Robert's size, 10× and 100× (bench/src/scale-encounters.ts),
 * and the dashboard in Chromium at Robert's size and 10× (bench/src/dashboard-scale.ts).
 * Prints tables and writes the figures to bench/results/.
 * `npm run bench -- http`, `-- import`, `-- soak`, `-- scale` or `-- dashboard` runs one part only.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { API_PATHS } from '@webpay/contracts/api';
import { DEMO_GUARANTORS } from '../../server/src/demo/demo-guarantors.ts';
import { startTestServer } from '../../server/src/test/test-server.ts';
import type { TestDatabaseKind } from '../../server/src/test/database.ts';
import {
  benchDashboardScale,
  printDashboardScaleTable,
  type DashboardScaleRow,
} from './dashboard-scale.ts';
import { benchFeedImport, type FeedImportRow } from './feed-import.ts';
import { measureGet, type LoadResult } from './http-load.ts';
import { benchEncountersScale, printScaleTable, type ScaleRow } from './scale-encounters.ts';
import { benchSoak, printSoak, soakOptionsFromEnv, type SoakResult } from './soak.ts';

const requests = Number(process.env.BENCH_REQUESTS ?? 2000);
const concurrencies = (process.env.BENCH_CONCURRENCY ?? '1,16,64').split(',').map(Number);
const feedEncounters = Number(process.env.BENCH_FEED_ENCOUNTERS ?? 100_000);
const postgresUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;

interface Row extends LoadResult {
  database: TestDatabaseKind;
  target: string;
}

async function benchDatabase(kind: TestDatabaseKind): Promise<Row[]> {
  const server = await startTestServer(kind);
  const rows: Row[] = [];
  try {
    const targets: { name: string; url: string; headers: Record<string, string> }[] = [
      { name: 'ceiling: GET /healthz', url: `${server.baseUrl}/healthz`, headers: {} },
    ];
    for (const who of [DEMO_GUARANTORS.maria, DEMO_GUARANTORS.robert]) {
      const token = await server.login(who.accountNumber, who.pin);
      targets.push({
        name: `GET /encounters (${who.firstName})`,
        url: server.apiUrl(API_PATHS.encounters),
        headers: server.apiHeaders(token),
      });
    }
    for (const target of targets) {
      // Warm the JIT, the connection pool and the database's caches.
      await measureGet(target.url, target.headers, { requests: 100, concurrency: 4 });
      for (const concurrency of concurrencies) {
        const result = await measureGet(target.url, target.headers, { requests, concurrency });
        rows.push({ database: kind, target: target.name, ...result });
        console.info(
          `  ${kind.padEnd(8)} ${target.name.padEnd(34)} c=${String(concurrency).padStart(3)}  ${result.requestsPerSecond.toFixed(0).padStart(6)} req/s  p99 ${result.p99Ms.toFixed(1)} ms`,
        );
      }
    }
  } finally {
    await server.close();
  }
  return rows;
}

function printTable(rows: Row[]): void {
  const ceiling = new Map(
    rows
      .filter((row) => row.target.startsWith('ceiling'))
      .map((row) => [`${row.database}:${row.concurrency}`, row.requestsPerSecond]),
  );
  console.info('');
  console.table(
    rows.map((row) => ({
      database: row.database,
      target: row.target,
      concurrency: row.concurrency,
      'req/s': Math.round(row.requestsPerSecond),
      'ours/ceiling': (
        row.requestsPerSecond / (ceiling.get(`${row.database}:${row.concurrency}`) ?? Number.NaN)
      ).toFixed(2),
      'p50 ms': row.p50Ms.toFixed(2),
      'p95 ms': row.p95Ms.toFixed(2),
      'p99 ms': row.p99Ms.toFixed(2),
      errors: row.errors,
    })),
  );
}

const kinds: TestDatabaseKind[] = postgresUrl ? ['pglite', 'postgres'] : ['pglite'];
if (postgresUrl) process.env.TEST_DATABASE_URL = postgresUrl;

console.info(
  `WebPay benchmarks: ${requests} requests per cell, ${os.cpus().length} cores, Node ${process.version}`,
);
const parts = process.argv.slice(2);
const runs = (part: 'http' | 'import' | 'soak' | 'scale' | 'dashboard') =>
  parts.length === 0 || parts.includes(part);

const rows: Row[] = [];
if (runs('http')) {
  for (const kind of kinds) rows.push(...(await benchDatabase(kind)));
  printTable(rows);
}

const imports: FeedImportRow[] = [];
if (runs('import')) {
  console.info(`\nBilling feed import, ${feedEncounters.toLocaleString('en-US')} encounters:`);
  for (const kind of kinds) imports.push(...(await benchFeedImport(kind, feedEncounters)));
  console.table(
    imports.map((row) => ({
      database: row.database,
      scenario: row.scenario,
      records: row.records,
      seconds: row.seconds.toFixed(1),
      'records/s': Math.round(row.recordsPerSecond),
      'rows written': row.written,
      'rss MB': row.rssMb,
    })),
  );
}

let soak: SoakResult | undefined;
if (runs('soak')) {
  console.info('\nSoak:');
  soak = await benchSoak(soakOptionsFromEnv());
  printSoak(soak);
  if (!soak.pass) process.exitCode = 1;
}

const scale: ScaleRow[] = [];
if (runs('scale')) {
  console.info('\nGET /encounters as the account grows (× Robert Johnson):');
  for (const kind of kinds) scale.push(...(await benchEncountersScale(kind)));
  printScaleTable(scale);
}

const dashboard: DashboardScaleRow[] = [];
if (runs('dashboard')) {
  console.info('\nThe dashboard in Chromium as the account grows (× Robert Johnson):');
  dashboard.push(...(await benchDashboardScale()));
  printDashboardScaleTable(dashboard);
}

const resultsDir = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'results');
await mkdir(resultsDir, { recursive: true });
const file = path.join(resultsDir, `bench-${new Date().toISOString().replace(/[:.]/g, '-')}.json`);
await writeFile(
  file,
  JSON.stringify(
    {
      at: new Date().toISOString(),
      node: process.version,
      cores: os.cpus().length,
      rows,
      imports,
      ...(soak ? { soak } : {}),
      scale,
      dashboard,
    },
    null,
    2,
  ),
);
console.info(`\nFigures written to ${path.relative(process.cwd(), file)}`);
