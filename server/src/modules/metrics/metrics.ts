import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import type { DatabaseHandle, PoolStats } from '../../db/client.ts';
import type { AuditEvent } from '../audit/index.ts';
import type { QueueOverview } from '../jobs/index.ts';
import type { ProcessorOutcome, ConvergeOperation } from '../payments/index.ts';

/** The label of requests no route matched, so that scanners' made-up paths stay one series. */
export const UNMATCHED_ROUTE = 'unmatched';

export type PaymentOutcome = 'recorded' | 'declined' | 'cancelled' | 'failed';

/** Where the job gauges read the queues at each scrape: the job engine, once the services exist. */
export interface JobCounts {
  overview(): Promise<QueueOverview[]>;
}

const HTTP_METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);
const SIGN_IN_METHODS = new Set(['pin', 'magic_link', 'code', 'email_code', 'email_mfa', 'signup']);
const PAYMENT_METHODS = new Set(['card', 'eCheck']);

// Answers and processor calls range from milliseconds (a refusal) to the processor's 20 s timeout.
const DURATION_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 20, 30];

/**
 * The service's Prometheus metrics, in a registry of their own: several apps
 * may share one process (the tests do), and the global registry would mix
 * their counts. Labels are fixed vocabularies, never request data: no ids,
 * account numbers, e-mail addresses, codes or amounts.
 */
export class Metrics {
  readonly registry = new Registry();

  readonly #httpRequests = new Counter({
    name: 'webpay_http_requests_total',
    help: 'HTTP requests answered, by method, route pattern and status',
    labelNames: ['method', 'route', 'status'] as const,
    registers: [this.registry],
  });

  readonly #httpDuration = new Histogram({
    name: 'webpay_http_request_duration_seconds',
    help: 'Time to answer HTTP requests, by method, route pattern and status',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: DURATION_BUCKETS,
    registers: [this.registry],
  });

  readonly #signIns = new Counter({
    name: 'webpay_sign_in_total',
    help: 'Sign-in attempts, by method and outcome (success, failure, locked)',
    labelNames: ['method', 'outcome'] as const,
    registers: [this.registry],
  });

  readonly #payments = new Counter({
    name: 'webpay_payments_total',
    help: 'Payments that reached a final status, by method and outcome',
    labelNames: ['method', 'outcome'] as const,
    registers: [this.registry],
  });

  readonly #cspViolations = new Counter({
    name: 'webpay_csp_violations_total',
    help: 'Content Security Policy violations browsers reported, by directive and disposition',
    labelNames: ['directive', 'disposition'] as const,
    registers: [this.registry],
  });

  readonly #processorDuration = new Histogram({
    name: 'webpay_processor_request_duration_seconds',
    help: 'Time of calls to the payment processor, by operation and outcome',
    labelNames: ['operation', 'outcome'] as const,
    buckets: DURATION_BUCKETS,
    registers: [this.registry],
  });

  #jobCounts: JobCounts | undefined;
  #jobsReading: Promise<QueueOverview[]> | undefined;

  constructor(database: Pick<DatabaseHandle, 'poolStats'>) {
    collectDefaultMetrics({ register: this.registry });
    this.#jobGauge('webpay_jobs_waiting', 'Jobs waiting to run, due now or later', (queue) => [
      queue.waiting,
    ]);
    this.#jobGauge('webpay_jobs_active', 'Jobs running', (queue) => [queue.active]);
    this.#jobGauge('webpay_jobs_failed', 'Jobs that gave up and are kept as failed', (queue) => [
      queue.failed,
    ]);
    this.#jobGauge(
      'webpay_jobs_oldest_waiting_seconds',
      'How long the oldest job that is due has waited for a worker; 0 when none waits',
      (queue) => [queue.oldestWaitingSeconds],
    );
    this.#jobGauge(
      'webpay_jobs_last_success_timestamp_seconds',
      'When a job of the queue last succeeded (Unix time), while its record is kept',
      (queue) => (queue.lastCompletedOn ? [queue.lastCompletedOn.getTime() / 1000] : []),
    );
    if (database.poolStats) {
      const poolGauge = (name: string, help: string, read: (stats: PoolStats) => number) =>
        new Gauge({
          name,
          help,
          registers: [this.registry],
          collect() {
            const stats = database.poolStats?.();
            if (stats) this.set(read(stats));
          },
        });
      poolGauge(
        'webpay_db_pool_clients',
        'PostgreSQL connections open in the pool',
        (s) => s.total,
      );
      poolGauge(
        'webpay_db_pool_idle_clients',
        'PostgreSQL connections idle in the pool',
        (s) => s.idle,
      );
      poolGauge(
        'webpay_db_pool_waiting_clients',
        'Queries waiting for a PostgreSQL connection',
        (s) => s.waiting,
      );
    }
  }

  /**
   * The job gauges read these counts at each scrape. They are the whole
   * cluster's, from the database: every instance reports the same numbers.
   */
  watchJobs(counts: JobCounts): void {
    this.#jobCounts = counts;
  }

  /** A gauge by queue; `read` answers no value when the queue has none to show. */
  #jobGauge(name: string, help: string, read: (queue: QueueOverview) => number[]): void {
    const gauge: Gauge<'queue'> = new Gauge({
      name,
      help,
      labelNames: ['queue'] as const,
      registers: [this.registry],
      collect: async () => {
        gauge.reset();
        for (const queue of await this.#readJobs()) {
          for (const value of read(queue)) gauge.set({ queue: queue.name }, value);
        }
      },
    });
  }

  /**
   * The queues as they are now, read once for all the job gauges of a
   * scrape (they are collected together). When they cannot be read, the
   * gauges show nothing and the rest of the scrape is still served.
   */
  #readJobs(): Promise<QueueOverview[]> {
    if (!this.#jobCounts) return Promise.resolve([]);
    this.#jobsReading ??= this.#jobCounts
      .overview()
      .catch(() => [])
      .finally(() => {
        this.#jobsReading = undefined;
      });
    return this.#jobsReading;
  }

  observeHttp(method: string, route: string | undefined, status: number, seconds: number): void {
    const labels = {
      method: HTTP_METHODS.has(method) ? method : 'other',
      route: route ?? UNMATCHED_ROUTE,
      status: String(status),
    };
    this.#httpRequests.inc(labels);
    this.#httpDuration.observe(labels, seconds);
  }

  /** Counts the sign-in attempts among audit events, the one place every sign-in method reports to. */
  observeAudit(event: Pick<AuditEvent, 'action' | 'outcome' | 'details'>): void {
    if (event.action !== 'auth.login') return;
    const method = event.details?.method;
    const locked = event.details?.reason === 'locked' || event.details?.locked === true;
    this.#signIns.inc({
      method: typeof method === 'string' && SIGN_IN_METHODS.has(method) ? method : 'other',
      outcome: event.outcome === 'success' ? 'success' : locked ? 'locked' : 'failure',
    });
  }

  observePayment(method: string, outcome: PaymentOutcome): void {
    this.#payments.inc({ method: PAYMENT_METHODS.has(method) ? method : 'other', outcome });
  }

  /** The directive is already one of a fixed list (csp-reports.ts directiveLabel) or "other". */
  observeCspViolation(directive: string, disposition: 'enforce' | 'report'): void {
    this.#cspViolations.inc({ directive, disposition });
  }

  observeProcessorCall(
    operation: ConvergeOperation,
    outcome: ProcessorOutcome,
    seconds: number,
  ): void {
    this.#processorDuration.observe({ operation, outcome }, seconds);
  }
}
