import { randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import autocannon from 'autocannon';
import { API_PATHS } from '@webpay/contracts/api';
import { loginResponseSchema } from '@webpay/contracts/auth';
import { encountersResponseSchema } from '@webpay/contracts/encounters';
import {
  PAYMENT_TYPE_LABELS,
  cardStartResponseSchema,
  type PaymentLine,
} from '@webpay/contracts/payments';
import { DEMO_GUARANTORS } from '@webpay/server/testkit/demo';
import { completeCard, payInLightbox, startCard } from '@webpay/server/testkit/payments';
import { createTestDatabase, type TestDatabase } from '@webpay/server/testkit/database';
import {
  startApiServer,
  startCeilingServer,
  startFloorServer,
  type ApiServer,
  type ApiServerDatabase,
} from './api-server.ts';
import { percentile } from './percentile.ts';
import { ROBERT_PAYER } from './robert-payer.ts';

/*
 * API throughput and latency on the service as production runs it (its own
 * process, built for production, LOG_LEVEL=warn), measured with autocannon:
 * GET /encounters for Maria (typical) and Robert (150 encounters), GET
 * /auth/me, PIN sign-in, and a whole card payment through the sandbox
 * processor (start, lightbox sale, complete — three dependent calls, so a
 * loop of our own runs it at the same concurrency for the same time, and
 * its rate is payments per second). Each runs over the embedded database
 * and, given a PostgreSQL URL, over a fresh schema there. Beside them, a
 * bare Fastify process answering Maria's /encounters JSON from memory is
 * the ceiling each row is compared with, at the same concurrency.
 */

export type ApiBenchDatabase = 'pglite' | 'postgres';

export interface ApiBenchOptions {
  /** PostgreSQL server for a fresh schema (createTestDatabase); unset: the embedded database only. */
  postgresUrl?: string;
  /** Connections (autocannon) or concurrent payments (the payment loop) per cell. */
  concurrencies: number[];
  /** Measured duration of each cell. */
  seconds: number;
  /** Unmeasured warm-up before each target's cells. */
  warmUpSeconds: number;
  /** Progress lines; silent when unset. */
  log?: (line: string) => void;
  /** Only the targets whose names contain one of these (case-insensitive); all when unset. */
  targets?: string[];
  /** Only these databases; both (PostgreSQL given a URL) when unset. */
  databases?: ApiBenchDatabase[];
}

export interface ApiBenchRow {
  /** `memory` for the ceiling. The floor's rows have a target beginning with `floor`. */
  database: ApiBenchDatabase | 'memory';
  target: string;
  /** autocannon, or the payment loop (each request a whole payment of three calls). */
  tool: 'autocannon' | 'payment loop';
  concurrency: number;
  seconds: number;
  /** Requests answered (payments finished, for the loop), whatever their status. */
  requests: number;
  requestsPerSecond: number;
  p50Ms: number;
  p99: number;
  /** Connection errors and timeouts (the loop: calls that threw or a sale not approved). */
  errors: number;
  /** Answers with a status outside 2xx. */
  non2xx: number;
  /** How many of each status outside 2xx, e.g. `{ "503": 30 }`. */
  non2xxStatuses: Record<string, number>;
  /** Mean bytes read per answer, headers included (autocannon only; 0 for the loop). */
  bytesPerResponse: number;
  /**
   * CPU time (user and system) of the answering process per answer, in ms:
   * on PGlite the database's work too, on PostgreSQL the service's alone.
   * NaN for the payment loop.
   */
  cpuMsPerRequest: number;
  /** requestsPerSecond over the ceiling's at the same concurrency. */
  ceilingRatio: number;
  /**
   * requestsPerSecond over the floor's on the same database at the same
   * concurrency (1 for the floor's own rows); NaN for the ceiling.
   */
  floorRatio: number;
}

const number = (value: string | undefined, fallback: number) => {
  const parsed = Number(value);
  return value !== undefined && value !== '' && Number.isFinite(parsed) ? parsed : fallback;
};

const list = (value: string | undefined) =>
  (value ?? '')
    .split(',')
    .map((item) => item.trim())
    .filter((item) => item !== '');

/**
 * BENCH_CONCURRENCY (1,16,64), BENCH_SECONDS (10), BENCH_WARMUP_SECONDS (2),
 * BENCH_DATABASE_URL or TEST_DATABASE_URL; to measure less while working on
 * one path, BENCH_API_TARGETS (parts of target names, e.g. `encounters (Maria)`)
 * and BENCH_API_DATABASES (`pglite`, `postgres`).
 */
export function apiBenchOptionsFromEnv(env: NodeJS.ProcessEnv = process.env): ApiBenchOptions {
  const postgresUrl = env.BENCH_DATABASE_URL || env.TEST_DATABASE_URL || undefined;
  const targets = list(env.BENCH_API_TARGETS);
  const databases = list(env.BENCH_API_DATABASES).filter(
    (name): name is ApiBenchDatabase => name === 'pglite' || name === 'postgres',
  );
  return {
    ...(postgresUrl ? { postgresUrl } : {}),
    ...(targets.length > 0 ? { targets } : {}),
    ...(databases.length > 0 ? { databases } : {}),
    concurrencies: (env.BENCH_CONCURRENCY || '1,16,64')
      .split(',')
      .map((value) => Number(value.trim()))
      .filter((value) => Number.isInteger(value) && value > 0),
    seconds: number(env.BENCH_SECONDS, 10),
    warmUpSeconds: number(env.BENCH_WARMUP_SECONDS, 2),
    log: (line) => console.info(line),
  };
}

const { maria, robert } = DEMO_GUARANTORS;

/** One payment's amount: a cent, so that Robert's balances never run out. */
const PAYMENT_AMOUNT = 0.01;
/** The payment loop stops here at the latest, whatever the time left. */
const MAX_PAYMENTS_PER_CELL = 1_000_000;

type Measurement = Omit<
  ApiBenchRow,
  'database' | 'target' | 'ceilingRatio' | 'floorRatio' | 'cpuMsPerRequest'
>;
type MeasuredRow = Omit<ApiBenchRow, 'ceilingRatio' | 'floorRatio'>;

interface HttpTarget {
  name: string;
  /** The process that answers it, whose CPU time each row reports per request. */
  pid: number;
  url: string;
  method: 'GET' | 'POST';
  headers: Record<string, string>;
  body?: string;
}

async function measureWithAutocannon(
  target: HttpTarget,
  concurrency: number,
  seconds: number,
): Promise<Measurement> {
  const result = await autocannon({
    url: target.url,
    method: target.method,
    headers: target.headers,
    ...(target.body === undefined ? {} : { body: target.body }),
    connections: concurrency,
    pipelining: 1,
    duration: seconds,
    timeout: 30,
  });
  return {
    tool: 'autocannon',
    concurrency,
    seconds: result.duration,
    requests: result.requests.total,
    requestsPerSecond: result.requests.average,
    p50Ms: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors,
    non2xx: result.non2xx,
    non2xxStatuses: Object.fromEntries(
      Object.entries(result.statusCodeStats ?? {})
        .filter(([status]) => !status.startsWith('2'))
        .map(([status, stats]) => [status, stats.count ?? 0]),
    ),
    bytesPerResponse:
      result.requests.total > 0 ? Math.round(result.throughput.total / result.requests.total) : 0,
  };
}

class Non2xx extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

/** One card payment as the portal makes it: start, pay in the lightbox, complete. */
async function payOnce(server: ApiServer, token: string, line: PaymentLine): Promise<void> {
  const start = await startCard(server, token, { accounts: [line], payer: ROBERT_PAYER });
  const startText = await start.text();
  if (!start.ok) throw new Non2xx(start.status, `start: ${start.status} ${startText}`);
  const card = cardStartResponseSchema.parse(JSON.parse(startText));
  const sale = await payInLightbox(server, card.token);
  if (sale.type !== 'approval') throw new Error(`the sandbox answered ${sale.type}`);
  const complete = await completeCard(server, token, card.refNum, sale.response);
  const completeText = await complete.text();
  if (!complete.ok)
    throw new Non2xx(complete.status, `complete: ${complete.status} ${completeText}`);
}

/** Runs payments with `concurrency` in flight until `seconds` are up; each worker takes the next account in turn. */
async function measurePayments(
  server: ApiServer,
  token: string,
  accounts: PaymentLine[],
  concurrency: number,
  seconds: number,
  failures: string[],
): Promise<Measurement> {
  const latencies: number[] = [];
  let errors = 0;
  let non2xx = 0;
  const non2xxStatuses: Record<string, number> = {};
  let issued = 0;
  const started = performance.now();
  const deadline = started + seconds * 1000;

  const worker = async () => {
    while (performance.now() < deadline && issued < MAX_PAYMENTS_PER_CELL) {
      const line = accounts[issued % accounts.length] as PaymentLine;
      issued += 1;
      const before = performance.now();
      try {
        await payOnce(server, token, line);
      } catch (error) {
        if (error instanceof Non2xx) {
          non2xx += 1;
          non2xxStatuses[error.status] = (non2xxStatuses[error.status] ?? 0) + 1;
        } else {
          errors += 1;
        }
        if (failures.length < 5) failures.push((error as Error).message.slice(0, 300));
      }
      latencies.push(performance.now() - before);
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  const elapsed = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  return {
    tool: 'payment loop',
    concurrency,
    seconds: elapsed,
    requests: latencies.length,
    requestsPerSecond: latencies.length / elapsed,
    p50Ms: percentile(latencies, 0.5),
    p99: percentile(latencies, 0.99),
    errors,
    non2xx,
    non2xxStatuses,
    bytesPerResponse: 0,
  };
}

async function signIn(server: ApiServer, who: typeof maria | typeof robert): Promise<string> {
  const response = await server.api(API_PATHS.login, {
    body: { accountNumber: who.accountNumber, pin: who.pin },
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`sign-in as ${who.firstName}: ${response.status} ${text}`);
  return loginResponseSchema.parse(JSON.parse(text)).access_token;
}

async function getJson(server: ApiServer, apiPath: string, token: string): Promise<string> {
  const response = await server.api(apiPath, { token });
  const text = await response.text();
  if (!response.ok) throw new Error(`GET ${apiPath}: ${response.status} ${text}`);
  return text;
}

/** Whether a target's name is among those asked for (all when none are). */
const wantedBy =
  (options: ApiBenchOptions) =>
  (name: string): boolean =>
    !options.targets ||
    options.targets.some((part) => name.toLowerCase().includes(part.toLowerCase()));

/** A warm-up, then one row per concurrency. */
async function measureTarget(
  target: HttpTarget,
  database: MeasuredRow['database'],
  options: ApiBenchOptions,
): Promise<MeasuredRow[]> {
  // Warm the JIT, the connection pool and the database's caches.
  if (options.warmUpSeconds > 0) await measureWithAutocannon(target, 4, options.warmUpSeconds);
  const rows: MeasuredRow[] = [];
  for (const concurrency of options.concurrencies) {
    const cpuBefore = await processCpuMs(target.pid);
    const measured = await measureWithAutocannon(target, concurrency, options.seconds);
    const cpuMs = (await processCpuMs(target.pid)) - cpuBefore;
    const row = {
      database,
      target: target.name,
      ...measured,
      cpuMsPerRequest: measured.requests > 0 ? cpuMs / measured.requests : Number.NaN,
    };
    rows.push(row);
    options.log?.(rowLine(row));
  }
  return rows;
}

/** Clock ticks per second in /proc's CPU times (USER_HZ, 100 on Linux). */
const TICKS_PER_SECOND = 100;

/** A process's CPU time so far (user and system), from /proc; NaN where there is none. */
async function processCpuMs(pid: number): Promise<number> {
  try {
    const stat = await readFile(`/proc/${pid}/stat`, 'utf8');
    // Fields after the command's closing parenthesis: utime and stime are the 12th and 13th.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / TICKS_PER_SECOND;
  } catch {
    return Number.NaN;
  }
}

const rowLine = (row: MeasuredRow) =>
  `  ${row.database.padEnd(8)} ${row.target.padEnd(30)} c=${String(row.concurrency).padStart(3)}  ${row.requestsPerSecond.toFixed(0).padStart(6)}/s  p50 ${row.p50Ms.toFixed(1)} ms  p99 ${row.p99.toFixed(1)} ms  cpu ${row.cpuMsPerRequest.toFixed(2)} ms/req  errors ${row.errors}  non-2xx ${row.non2xx}`;

/** The service's rows on one database; it is stopped before this returns. */
async function benchService(
  database: ApiBenchDatabase,
  place: ApiServerDatabase,
  options: ApiBenchOptions,
): Promise<{ rows: MeasuredRow[]; mariaEncounters: string; mariaToken: string }> {
  const log = options.log ?? (() => undefined);
  let server: ApiServer | undefined;
  const rows: MeasuredRow[] = [];
  try {
    server = await startApiServer(place);
    log(`  ${database}: server pid ${server.pid} (production build, LOG_LEVEL=warn)`);
    const mariaToken = await signIn(server, maria);
    const robertToken = await signIn(server, robert);
    const mariaEncounters = await getJson(server, API_PATHS.encounters, mariaToken);
    const robertEncounters = encountersResponseSchema.parse(
      JSON.parse(await getJson(server, API_PATHS.encounters, robertToken)),
    );
    const payable: PaymentLine[] = robertEncounters.encounters
      .filter((encounter) => encounter.type === 'ENT' && encounter.balance >= 1)
      .map((encounter) => ({
        paymentType: PAYMENT_TYPE_LABELS.encounter,
        facilityId: encounter.facilityId,
        accountId: `${encounter.facilityId}-${encounter.accountNumber}`,
        amount: PAYMENT_AMOUNT,
      }));
    if (payable.length === 0) throw new Error('Robert has no payable encounter in the demo data');

    const targets: HttpTarget[] = [
      {
        name: `GET /encounters (${maria.firstName})`,
        pid: server.pid,
        url: server.apiUrl(API_PATHS.encounters),
        method: 'GET',
        headers: server.apiHeaders(mariaToken),
      },
      {
        name: `GET /encounters (${robert.firstName})`,
        pid: server.pid,
        url: server.apiUrl(API_PATHS.encounters),
        method: 'GET',
        headers: server.apiHeaders(robertToken),
      },
      {
        name: `GET /auth/me (${maria.firstName})`,
        pid: server.pid,
        url: server.apiUrl(API_PATHS.me),
        method: 'GET',
        headers: server.apiHeaders(mariaToken),
      },
      {
        name: `GET /statements (${maria.firstName})`,
        pid: server.pid,
        url: server.apiUrl(API_PATHS.statements),
        method: 'GET',
        headers: server.apiHeaders(mariaToken),
      },
      {
        name: `GET /payments (${maria.firstName})`,
        pid: server.pid,
        url: server.apiUrl(API_PATHS.payments),
        method: 'GET',
        headers: server.apiHeaders(mariaToken),
      },
      {
        name: `POST /auth/login (PIN, ${maria.firstName})`,
        pid: server.pid,
        url: server.apiUrl(API_PATHS.login),
        method: 'POST',
        headers: { ...server.apiHeaders(), 'Content-Type': 'application/json' },
        body: JSON.stringify({ accountNumber: maria.accountNumber, pin: maria.pin }),
      },
    ];
    const wanted = wantedBy(options);
    for (const target of targets.filter((candidate) => wanted(candidate.name))) {
      rows.push(...(await measureTarget(target, database, options)));
    }

    const failures: string[] = [];
    const paymentTarget = 'card payment (init+sale+complete)';
    // A fresh token for the floor, which measures after the service stops.
    if (!wanted(paymentTarget)) {
      return { rows, mariaEncounters, mariaToken: await signIn(server, maria) };
    }
    if (options.warmUpSeconds > 0) {
      await measurePayments(server, robertToken, payable, 4, options.warmUpSeconds, failures);
    }
    for (const concurrency of options.concurrencies) {
      // A fresh token for each cell, so that none nears its expiry in a long run.
      const token = await signIn(server, robert);
      const measured = await measurePayments(
        server,
        token,
        payable,
        concurrency,
        options.seconds,
        failures,
      );
      const row = { database, target: paymentTarget, ...measured, cpuMsPerRequest: Number.NaN };
      rows.push(row);
      log(rowLine(row));
    }
    for (const failure of failures) log(`  ${database}: payment failure: ${failure}`);
    if (rows.some((row) => row.errors > 0 || row.non2xx > 0)) {
      log(
        `  ${database}: server output (warnings and errors):\n${server.outputTail().slice(-4000)}`,
      );
    }
    return { rows, mariaEncounters, mariaToken: await signIn(server, maria) };
  } catch (error) {
    if (server) log(`  ${database}: last server output:\n${server.outputTail()}`);
    throw error;
  } finally {
    await server?.stop();
  }
}

const FLOOR_TARGET = `floor: GET /encounters (${maria.firstName})`;

/** The floor's rows on the database the service left, with Maria's token from the service. */
async function benchFloor(
  database: ApiBenchDatabase,
  place: ApiServerDatabase,
  mariaToken: string,
  options: ApiBenchOptions,
): Promise<MeasuredRow[]> {
  const log = options.log ?? (() => undefined);
  const floor = await startFloorServer(place);
  try {
    log(`  ${database}: floor pid ${floor.pid} (token check and the one statement, bare Fastify)`);
    const target: HttpTarget = {
      name: FLOOR_TARGET,
      pid: floor.pid,
      url: floor.url,
      method: 'GET',
      headers: { Authorization: `Bearer ${mariaToken}` },
    };
    return await measureTarget(target, database, options);
  } catch (error) {
    log(`  ${database}: last floor output:\n${floor.outputTail()}`);
    throw error;
  } finally {
    await floor.stop();
  }
}

/** The service, then the floor, on one database: a fresh PostgreSQL schema or embedded directory. */
async function benchDatabase(
  database: ApiBenchDatabase,
  options: ApiBenchOptions,
): Promise<{ rows: MeasuredRow[]; mariaEncounters: string }> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'webpay-api-bench-'));
  let testDatabase: TestDatabase | undefined;
  try {
    // PostgreSQL: an empty schema of its own, which the server migrates and seeds as in production.
    if (database === 'postgres') {
      testDatabase = await createTestDatabase('postgres', { migrate: false });
    }
    const place: ApiServerDatabase = {
      databaseUrl: testDatabase?.url ?? '',
      dataDir,
      jwtSecret: randomBytes(32).toString('base64url'),
    };
    const service = await benchService(database, place, options);
    const wanted = wantedBy(options);
    const floorRows = wanted(FLOOR_TARGET)
      ? await benchFloor(database, place, service.mariaToken, options)
      : [];
    return { rows: [...service.rows, ...floorRows], mariaEncounters: service.mariaEncounters };
  } finally {
    await testDatabase?.close();
    await rm(dataDir, { recursive: true, force: true });
  }
}

/** Every target on every database, then the ceiling; rows in that order, each with its ratio to the ceiling. */
export async function runApiBench(
  options: ApiBenchOptions = apiBenchOptionsFromEnv(),
): Promise<ApiBenchRow[]> {
  const log = options.log ?? (() => undefined);
  const databases = (
    options.postgresUrl ? (['pglite', 'postgres'] as const) : (['pglite'] as const)
  ).filter((database) => !options.databases || options.databases.includes(database));
  // createTestDatabase('postgres') takes its server from here.
  if (options.postgresUrl) process.env.TEST_DATABASE_URL = options.postgresUrl;

  const rows: MeasuredRow[] = [];
  let mariaEncounters: string | undefined;
  for (const database of databases) {
    const result = await benchDatabase(database, options);
    rows.push(...result.rows);
    mariaEncounters ??= result.mariaEncounters;
  }

  const ceiling = await startCeilingServer(mariaEncounters ?? '{}');
  try {
    log(`  ceiling: bare Fastify pid ${ceiling.pid}, Maria's /encounters JSON from memory`);
    const target: HttpTarget = {
      name: 'ceiling: bare Fastify /encounters',
      pid: ceiling.pid,
      url: ceiling.url,
      method: 'GET',
      headers: {},
    };
    rows.push(...(await measureTarget(target, 'memory', options)));
  } finally {
    await ceiling.stop();
  }
  return withRatios(rows);
}

/** Each row over the ceiling at its concurrency, and over the floor on its database too. */
function withRatios(rows: MeasuredRow[]): ApiBenchRow[] {
  const rate = (row: MeasuredRow) =>
    [`${row.database} ${row.concurrency}`, row.requestsPerSecond] as const;
  const ceilings = new Map(rows.filter((row) => row.database === 'memory').map(rate));
  const floors = new Map(rows.filter((row) => row.target === FLOOR_TARGET).map(rate));
  const over = (row: MeasuredRow, rates: Map<string, number>, database: string) =>
    row.requestsPerSecond / (rates.get(`${database} ${row.concurrency}`) ?? Number.NaN);
  return rows.map((row) => ({
    ...row,
    ceilingRatio: over(row, ceilings, 'memory'),
    floorRatio: over(row, floors, row.database),
  }));
}

export function printApiTable(rows: ApiBenchRow[]): void {
  const fixed = (value: number, digits: number) =>
    Number.isFinite(value) ? value.toFixed(digits) : 'n/a';
  console.table(
    rows.map((row) => ({
      database: row.database,
      target: row.target,
      concurrency: row.concurrency,
      'req/s': fixed(row.requestsPerSecond, 0),
      'p50 ms': fixed(row.p50Ms, 2),
      'p99 ms': fixed(row.p99, 2),
      errors: row.errors,
      'non-2xx':
        row.non2xx === 0
          ? 0
          : `${row.non2xx} (${Object.entries(row.non2xxStatuses)
              .map(([status, count]) => `${status}: ${count}`)
              .join(', ')})`,
      'bytes/resp': row.bytesPerResponse || '',
      'cpu ms/req': fixed(row.cpuMsPerRequest, 3),
      'ours/floor': fixed(row.floorRatio, 3),
      'ours/ceiling': fixed(row.ceilingRatio, 3),
    })),
  );
  console.info(
    'autocannon records latency in whole milliseconds: 0 means under 1 ms. bytes/resp includes the headers.',
  );
  if (rows.some((row) => row.tool === 'payment loop')) {
    console.info(
      'Card payment rows: whole payments (three calls each) per second and their end-to-end latency, from a loop at that concurrency.',
    );
  }
}
