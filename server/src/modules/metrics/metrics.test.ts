import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_PATHS, SERVICE_BASE_PATH } from '@webpay/contracts/api';
import { DEMO_GUARANTORS } from '../../demo/demo-guarantors.ts';
import { testDatabaseKinds } from '../../../test/support/database.ts';
import { startTestServer, type TestServer } from '../../../test/support/test-server.ts';
import {
  MARIA_LINES,
  cancelPayment,
  payByCard,
  startedCard,
} from '../../../test/support/payments.ts';
import { Metrics, UNMATCHED_ROUTE } from './metrics.ts';

const { maria } = DEMO_GUARANTORS;

const UNKNOWN_ACCOUNT = '987654321';
const MISSING_STATEMENT_ID = '8d6f3c2e-5b1a-4c7d-9e0f-123456789abc';

// A sample line of the text exposition format: name, optional labels, value, optional timestamp.
const LABEL = String.raw`[a-zA-Z_][a-zA-Z0-9_]*="(?:[^"\\\n]|\\.)*"`;
const SAMPLE = new RegExp(
  String.raw`^[a-zA-Z_:][a-zA-Z0-9_:]*(?:\{(?:${LABEL}(?:,${LABEL})*,?)?\})? ` +
    String.raw`(?:[-+]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][-+]?\d+)?|NaN|[+-]Inf)(?: -?\d+)?$`,
);
const COMMENT = /^# (?:HELP|TYPE) [a-zA-Z_:][a-zA-Z0-9_:]* .+$/;

/** The value of the sample with exactly these labels, or undefined when there is none. */
function sample(text: string, name: string, labels: Record<string, string>): number | undefined {
  const wanted = Object.entries(labels)
    .map(([label, value]) => `${label}="${value}"`)
    .sort()
    .join(',');
  for (const line of text.split('\n')) {
    const match = /^([^{ ]+)(?:\{(.*)\})? (\S+)/.exec(line);
    if (!match || match[1] !== name) continue;
    const present = (match[2] ?? '').split(',').filter(Boolean).sort().join(',');
    if (present === wanted) return Number(match[3]);
  }
  return undefined;
}

describe.each(testDatabaseKinds)('GET /metrics (%s)', (kind) => {
  let server: TestServer;
  let text: string;
  let refNums: string[];

  beforeAll(async () => {
    server = await startTestServer(kind);
    const token = await server.login(maria.accountNumber, maria.pin);
    const refused = await server.api(API_PATHS.login, {
      body: { accountNumber: UNKNOWN_ACCOUNT, pin: '12345678' },
    });
    expect(refused.status).toBe(401);
    expect((await server.api(API_PATHS.encounters, { token })).status).toBe(200);
    expect(
      (await server.api(`${API_PATHS.statements}/${MISSING_STATEMENT_ID}`, { token })).status,
    ).toBe(404);
    expect((await fetch(`${server.baseUrl}/no-such-page/${maria.accountNumber}`)).status).toBe(404);

    const paid = await payByCard(server, token, { accounts: [MARIA_LINES.guarantor(20)] });
    const abandoned = await startedCard(server, token, { accounts: [MARIA_LINES.guarantor(5)] });
    const cancelled = await cancelPayment(server, token, abandoned.refNum, 'Cancelled by user');
    expect(cancelled.status).toBeLessThan(300);
    refNums = [paid.started.refNum, abandoned.refNum];

    const response = await fetch(`${server.baseUrl}/metrics`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
    text = await response.text();
  });

  afterAll(async () => {
    await server?.close();
  });

  it('answers in the Prometheus text format, without the API key', () => {
    const lines = text.split('\n').filter((line) => line !== '');
    expect(lines.length).toBeGreaterThan(20);
    for (const line of lines) {
      expect(line, line).toMatch(line.startsWith('#') ? COMMENT : SAMPLE);
    }
    expect(text).toContain('process_cpu_user_seconds_total');
    expect(text).toContain('nodejs_eventloop_lag_seconds');
  });

  it('counts requests by route pattern and status', () => {
    const service = (path: string) => `${SERVICE_BASE_PATH}${path}`;
    const count = (method: string, route: string, status: number) =>
      sample(text, 'webpay_http_requests_total', { method, route, status: String(status) });

    expect(count('POST', service(API_PATHS.login), 200)).toBe(1);
    expect(count('POST', service(API_PATHS.login), 401)).toBe(1);
    expect(count('GET', service(API_PATHS.encounters), 200)).toBe(1);
    expect(count('GET', service(`${API_PATHS.statements}/:id`), 404)).toBe(1);
    expect(count('GET', UNMATCHED_ROUTE, 404)).toBe(1);
    expect(
      sample(text, 'webpay_http_request_duration_seconds_count', {
        method: 'GET',
        route: service(API_PATHS.encounters),
        status: '200',
      }),
    ).toBe(1);
  });

  it('counts sign-ins and payments by method and outcome', () => {
    expect(sample(text, 'webpay_sign_in_total', { method: 'pin', outcome: 'success' })).toBe(1);
    expect(sample(text, 'webpay_sign_in_total', { method: 'pin', outcome: 'failure' })).toBe(1);
    expect(sample(text, 'webpay_payments_total', { method: 'card', outcome: 'recorded' })).toBe(1);
    expect(sample(text, 'webpay_payments_total', { method: 'card', outcome: 'cancelled' })).toBe(1);
  });

  it('times the calls to the processor', () => {
    const count = (operation: string) =>
      sample(text, 'webpay_processor_request_duration_seconds_count', {
        operation,
        outcome: 'success',
      }) ?? 0;
    expect(count('transaction_token')).toBe(2);
    expect(count('txnquery')).toBeGreaterThanOrEqual(1);
  });

  it('reports the connection pool on PostgreSQL only', () => {
    const total = sample(text, 'webpay_db_pool_clients', {});
    if (kind === 'postgres') {
      expect(total).toBeGreaterThanOrEqual(1);
      expect(sample(text, 'webpay_db_pool_idle_clients', {})).toBeGreaterThanOrEqual(0);
      expect(sample(text, 'webpay_db_pool_waiting_clients', {})).toBe(0);
    } else {
      expect(text).not.toContain('webpay_db_pool_');
    }
  });

  it("counts the job queues' work by queue, as the job engine does", async () => {
    const { jobs } = server.app.services;
    // The paid receipt's e-mail goes out first, so that the counts hold still.
    expect(await jobs.workOff('mail', 20_000)).toBe(0);
    const scraped = await (await fetch(`${server.baseUrl}/metrics`)).text();
    const queues = await jobs.overview();
    expect(queues.map((queue) => queue.name)).toEqual([
      'autopay',
      'housekeeping',
      'mail',
      'reconcile-payments',
      'statement-notices',
    ]);
    for (const { name } of queues) {
      for (const gauge of ['waiting', 'active', 'failed', 'oldest_waiting_seconds']) {
        expect(sample(scraped, `webpay_jobs_${gauge}`, { queue: name }), `${gauge} ${name}`).toBe(
          0,
        );
      }
    }
    // Nothing has run on the schedules' queues.
    expect(
      sample(scraped, 'webpay_jobs_last_success_timestamp_seconds', { queue: 'housekeeping' }),
    ).toBe(undefined);
  });

  it('names no account, payment, statement or person', () => {
    for (const secret of [
      maria.accountNumber,
      UNKNOWN_ACCOUNT,
      MISSING_STATEMENT_ID,
      ...refNums,
      '107-5001001',
      'maria',
      '@',
    ]) {
      expect(text.toLowerCase()).not.toContain(secret.toLowerCase());
    }
  });
});

describe('METRICS_ENABLED=false', () => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer('pglite', { env: { METRICS_ENABLED: 'false' } });
  });

  afterAll(async () => {
    await server?.close();
  });

  it('serves no /metrics', async () => {
    expect((await fetch(`${server.baseUrl}/metrics`)).status).toBe(404);
  });
});

describe('Metrics', () => {
  const mail = {
    name: 'mail',
    waiting: 4,
    active: 1,
    failed: 2,
    oldestWaitingSeconds: 95,
    lastCompletedOn: new Date('2026-11-25T12:00:00Z'),
  };

  it('reads the job queues once per scrape', async () => {
    const metrics = new Metrics({});
    expect(await metrics.registry.metrics()).not.toMatch(/^webpay_jobs_\w+\{/m);
    let reads = 0;
    metrics.watchJobs({
      overview: async () => {
        reads += 1;
        return [mail, { ...mail, name: 'housekeeping', failed: 0, lastCompletedOn: null }];
      },
    });
    const text = await metrics.registry.metrics();
    expect(reads).toBe(1);
    expect(sample(text, 'webpay_jobs_waiting', { queue: 'mail' })).toBe(4);
    expect(sample(text, 'webpay_jobs_active', { queue: 'mail' })).toBe(1);
    expect(sample(text, 'webpay_jobs_failed', { queue: 'mail' })).toBe(2);
    expect(sample(text, 'webpay_jobs_failed', { queue: 'housekeeping' })).toBe(0);
    expect(sample(text, 'webpay_jobs_oldest_waiting_seconds', { queue: 'mail' })).toBe(95);
    expect(sample(text, 'webpay_jobs_last_success_timestamp_seconds', { queue: 'mail' })).toBe(
      Date.parse('2026-11-25T12:00:00Z') / 1000,
    );
    expect(
      sample(text, 'webpay_jobs_last_success_timestamp_seconds', { queue: 'housekeeping' }),
    ).toBe(undefined);
    await metrics.registry.metrics();
    expect(reads).toBe(2);
  });

  it('still answers when the job queues cannot be read, without their gauges', async () => {
    const metrics = new Metrics({});
    let healthy = true;
    metrics.watchJobs({
      overview: async () => {
        if (!healthy) throw new Error('the database is down');
        return [mail];
      },
    });
    expect(sample(await metrics.registry.metrics(), 'webpay_jobs_failed', { queue: 'mail' })).toBe(
      2,
    );
    healthy = false;
    const text = await metrics.registry.metrics();
    expect(text).toContain('process_cpu_user_seconds_total');
    expect(text).not.toMatch(/^webpay_jobs_\w+\{/m);
  });

  it('keeps each instance apart and labels unknown methods as other', async () => {
    const first = new Metrics({});
    const second = new Metrics({});
    first.observeAudit({
      action: 'auth.login',
      outcome: 'failure',
      details: { method: 'pin', reason: 'locked' },
    });
    first.observeAudit({ action: 'auth.login', outcome: 'success', details: { method: 'x' } });
    first.observeAudit({ action: 'encounters.read', outcome: 'success' });

    const text = await first.registry.metrics();
    expect(sample(text, 'webpay_sign_in_total', { method: 'pin', outcome: 'locked' })).toBe(1);
    expect(sample(text, 'webpay_sign_in_total', { method: 'other', outcome: 'success' })).toBe(1);
    expect(await second.registry.metrics()).not.toMatch(/^webpay_sign_in_total\{/m);
  });
});
