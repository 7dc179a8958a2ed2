/*
 * `npm run bench`: every benchmark, each printing its table, all figures
 * written to bench/results/. `npm run bench -- <part> [<part>…]` runs some:
 *
 *   api        GET /encounters (Maria, Robert), /auth/me, /statements,
 *              /payments, PIN sign-in and a full card payment with autocannon
 *              on the production-built service, beside a bare Fastify ceiling
 *              (api-bench.ts), on PGlite and, when BENCH_DATABASE_URL or
 *              TEST_DATABASE_URL is set, PostgreSQL
 *   weight     JS and CSS per portal route, raw and compressed (portal-weight.ts)
 *   lighthouse Lighthouse on the login page and the dashboard (portal-lighthouse.ts)
 *   sign-in    the API calls the portal makes between a PIN sign-in's answer and the
 *              dashboard (sign-in-calls.ts)
 *   dashboard  the dashboard in Chromium at Robert's size and 10× (dashboard-scale.ts)
 *   scale      GET /encounters at 1×, 10× and 100× Robert's size (scale-encounters.ts)
 *   import     `webpay import` of a generated feed of BENCH_FEED_ENCOUNTERS
 *              encounters, 100,000 by default (feed-import.ts)
 *   soak       mixed traffic for BENCH_SOAK_SECONDS with memory sampled, ending in
 *              a PASS/FAIL line (soak.ts)
 *   office-search  the billing office's search box over BENCH_OFFICE_GUARANTORS
 *              guarantors, 100,000 by default: p50/p95 per key, on the databases
 *              of BENCH_OFFICE_DATABASES (pglite, postgres; both by default)
 *              (office-search.ts)
 *
 * Benchmarks print figures; nothing here is asserted by the tests.
 */
import { mkdir, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TestDatabaseKind } from '@webpay/server/testkit/database';
import { apiBenchOptionsFromEnv, printApiTable, runApiBench } from './api-bench.ts';
import { benchDashboardScale, printDashboardScaleTable } from './dashboard-scale.ts';
import { benchFeedImport, printFeedImportTable } from './feed-import.ts';
import { benchOfficeSearch, printOfficeSearchTable } from './office-search.ts';
import { benchPortalLighthouse, printPortalLighthouse } from './portal-lighthouse.ts';
import { benchPortalWeight, printPortalWeight, resolvePortalBuild } from './portal-weight.ts';
import { benchSignInCalls, printSignInCalls } from './sign-in-calls.ts';
import { benchEncountersScale, printScaleTable } from './scale-encounters.ts';
import { benchSoak, printSoak, soakOptionsFromEnv } from './soak.ts';

const PARTS = [
  'api',
  'weight',
  'lighthouse',
  'sign-in',
  'dashboard',
  'scale',
  'import',
  'soak',
  'office-search',
] as const;
type Part = (typeof PARTS)[number];

const asked = process.argv.slice(2);
const unknown = asked.filter((part) => !(PARTS as readonly string[]).includes(part));
if (unknown.length > 0) {
  console.error(`Unknown part ${unknown.join(', ')}; the parts are ${PARTS.join(', ')}.`);
  process.exit(2);
}
const runs = (part: Part) => asked.length === 0 || asked.includes(part);

const postgresUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
if (postgresUrl) process.env.TEST_DATABASE_URL = postgresUrl;
const kinds: TestDatabaseKind[] = postgresUrl ? ['pglite', 'postgres'] : ['pglite'];
const feedEncounters = Number(process.env.BENCH_FEED_ENCOUNTERS ?? 100_000);
const officeGuarantors = Number(process.env.BENCH_OFFICE_GUARANTORS ?? 100_000);

console.info(
  `WebPay benchmarks: ${os.cpus().length} cores, load average ${os
    .loadavg()
    .map((load) => load.toFixed(2))
    .join(' ')}, Node ${process.version}, databases ${kinds.join(' and ')}`,
);
const figures: Record<string, unknown> = {};

if (runs('api')) {
  console.info('\nAPI throughput and latency:');
  const rows = await runApiBench(apiBenchOptionsFromEnv());
  printApiTable(rows);
  figures.api = rows;
}

if (runs('weight') || runs('lighthouse') || runs('sign-in')) {
  const { distDir, temporary } = await resolvePortalBuild({
    freshBuild: process.env.PORTAL_FRESH_BUILD === '1',
  });
  const options = temporary ? { distDir } : {};
  try {
    if (runs('weight')) {
      console.info('\nPortal weight per route:');
      const weight = await benchPortalWeight(options);
      printPortalWeight(weight);
      figures.weight = weight;
    }
    if (runs('lighthouse')) {
      console.info('\nLighthouse (mobile):');
      const lighthouse = await benchPortalLighthouse(options);
      printPortalLighthouse(lighthouse);
      figures.lighthouse = lighthouse;
    }
    if (runs('sign-in')) {
      console.info('\nAPI calls from sign-in to the dashboard:');
      const signIn = await benchSignInCalls(options);
      printSignInCalls(signIn);
      figures.signIn = signIn;
    }
  } finally {
    if (temporary) await rm(distDir, { recursive: true, force: true });
  }
}

if (runs('dashboard')) {
  console.info('\nThe dashboard in Chromium as the account grows (× Robert Johnson):');
  const rows = await benchDashboardScale();
  printDashboardScaleTable(rows);
  figures.dashboard = rows;
}

if (runs('scale')) {
  console.info('\nGET /encounters as the account grows (× Robert Johnson):');
  const rows = [];
  for (const kind of kinds) rows.push(...(await benchEncountersScale(kind)));
  printScaleTable(rows);
  figures.scale = rows;
}

if (runs('import')) {
  console.info(`\nBilling feed import, ${feedEncounters.toLocaleString('en-US')} encounters:`);
  const rows = [];
  for (const kind of kinds) rows.push(...(await benchFeedImport(kind, feedEncounters)));
  printFeedImportTable(rows);
  figures.import = rows;
}

if (runs('office-search')) {
  console.info(
    `\nThe billing office's search, ${officeGuarantors.toLocaleString('en-US')} guarantors:`,
  );
  const rows = [];
  // BENCH_OFFICE_DATABASES=postgres measures one of them (the target is PostgreSQL's).
  const asked = (process.env.BENCH_OFFICE_DATABASES ?? '').split(',').map((name) => name.trim());
  for (const kind of kinds.filter((kind) => asked[0] === '' || asked.includes(kind))) {
    rows.push(...(await benchOfficeSearch(kind, officeGuarantors)));
  }
  printOfficeSearchTable(rows);
  figures.officeSearch = rows;
}

if (runs('soak')) {
  console.info('\nSoak:');
  const soak = await benchSoak(soakOptionsFromEnv());
  printSoak(soak);
  figures.soak = soak;
  if (!soak.pass) process.exitCode = 1;
}

const resultsDir = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'results');
await mkdir(resultsDir, { recursive: true });
const file = path.join(resultsDir, `bench-${new Date().toISOString().replace(/[:.]/g, '-')}.json`);
await writeFile(
  file,
  JSON.stringify(
    { at: new Date().toISOString(), node: process.version, cores: os.cpus().length, ...figures },
    null,
    2,
  ),
);
console.info(`\nFigures written to ${path.relative(process.cwd(), file)}`);
