import { sql, type SQL } from 'drizzle-orm';
import {
  PgBoss,
  fromDrizzle,
  type JobWithMetadata,
  type Queue,
  type QueueOptions,
  type SendOptions,
} from 'pg-boss';
import type { DatabaseHandle, Transaction } from '../../db/client.ts';
import { jobStoreConnection } from '../../db/job-store.ts';
import { withoutConnectionClient } from '../../lib/database-errors.ts';

/*
 * The service's background work on pg-boss (decision 0022): e-mail that must
 * not be lost, schedules that run once per cluster, work that outlives the
 * request that caused it. A job is created in the same transaction as the
 * change that causes it, so neither exists without the other.
 */

/** A queue of one kind of work, declared by the module that does it. */
export interface JobQueue<TData extends object> {
  readonly name: string;
  /** `stately`: at most one waiting and one running, for schedules that must not pile up. */
  readonly policy?: Queue['policy'];
  readonly options: QueueOptions;
  /** Workers wake as soon as a job is created (LISTEN/NOTIFY), not at their next look. */
  readonly wakeWorkers?: boolean;
  /** Only for typing `data`. */
  readonly dataType?: TData;
}

/** What a handler knows of the attempt it runs. */
export interface JobAttempt {
  id: string;
  /** Retries before this attempt: 0 on the first. */
  retryCount: number;
  retryLimit: number;
  createdOn: Date;
}

/** Does one job; a throw is a failed attempt, retried as the queue says. */
export type JobHandler<TData> = (data: TData, attempt: JobAttempt) => Promise<void>;

/** The logger calls the engine makes (pino's signature). */
export interface JobLog {
  info(fields: object, message: string): void;
  warn(fields: object, message: string): void;
  error(fields: object, message: string): void;
}

export interface JobEngineSettings {
  /** The facility's time zone: schedules' hours are its hours. */
  timeZone: string;
  /**
   * Whether this process watches the schedules and maintains the queues (a
   * server), or only creates and inspects jobs (a command, most tests).
   */
  runsSchedules: boolean;
  /** How often an idle worker looks for new jobs. */
  pollingIntervalSeconds?: number;
}

export interface QueueOverview {
  name: string;
  /** Created or waiting to be retried, due now or later. */
  waiting: number;
  active: number;
  failed: number;
  /** Seconds the oldest waiting job has waited; 0 when none waits. */
  oldestWaitingSeconds: number;
  /** When a job of the queue last succeeded, among the completed jobs still kept; null when none is. */
  lastCompletedOn: Date | null;
}

export interface FailedJob {
  id: string;
  queue: string;
  createdOn: Date;
  failedOn: Date | null;
  retryCount: number;
  /** The last attempt's error message. */
  error: string;
}

/** A job as kept in the queue, whatever its state. */
export interface StoredJob {
  id: string;
  state: 'created' | 'retry' | 'active' | 'completed' | 'cancelled' | 'failed';
  data: object;
  createdOn: Date;
  completedOn: Date | null;
  /** The last failed attempt's error message, if any. */
  error: string | null;
}

/** Jobs whose data holds, at `path`, one of `values`. */
export interface JobDataMatch {
  path: readonly string[];
  values: readonly string[];
}

/** A JobDataMatch whose values are an SQL `text[]` expression, for a read in one statement. */
export interface JobDataMatchSql {
  path: readonly string[];
  values: SQL;
}

/** Strings as an SQL `text[]` value. */
export const textArray = (values: readonly string[]): SQL =>
  sql`array[${sql.join(
    values.map((value) => sql`${value}::text`),
    sql`, `,
  )}]::text[]`;

interface Registration {
  queue: JobQueue<object>;
  handler?: JobHandler<object>;
  /** A cron expression or recurrence rule; `null` removes a schedule kept from before. */
  schedule?: string | null;
}

const DEFAULT_POLLING_SECONDS = 2;
const SUPERVISE_SECONDS = 15;

export class JobEngine {
  private boss: PgBoss | undefined;
  private schema = '';
  private readonly registrations = new Map<string, Registration>();
  private working = false;

  constructor(
    private readonly database: Pick<DatabaseHandle, 'db' | 'jobStore'>,
    private readonly log: JobLog,
    private readonly settings: JobEngineSettings,
  ) {}

  /** Declares a queue, and what works it off in a server; before `start`. */
  define<TData extends object>(queue: JobQueue<TData>, handler?: JobHandler<TData>): void {
    const known = this.registrations.get(queue.name);
    this.registrations.set(queue.name, {
      ...known,
      queue,
      ...(handler ? { handler: handler as JobHandler<object> } : {}),
    });
  }

  /**
   * Creates a job on the queue's schedule: a cron expression or an RRULE, in
   * the facility's time zone, once per cluster whatever the number of
   * servers. `null` stops a schedule kept from an earlier configuration.
   */
  scheduleOn(queue: JobQueue<object>, expression: string | null): void {
    const known = this.registrations.get(queue.name);
    if (!known) throw new Error(`Queue ${queue.name} is not defined`);
    known.schedule = expression;
  }

  get started(): boolean {
    return this.boss !== undefined;
  }

  /** Opens the job store and creates the declared queues; jobs can be sent from here on. */
  async start(): Promise<void> {
    if (this.boss) return;
    const connection = await jobStoreConnection(this.database);
    this.schema = connection.schema ?? 'pgboss';
    const boss = new PgBoss({
      ...connection,
      migrate: true,
      supervise: this.settings.runsSchedules,
      // How soon a job whose process died (kill -9) is noticed past its expiry and tried again.
      superviseIntervalSeconds: SUPERVISE_SECONDS,
      schedule: this.settings.runsSchedules,
      useListenNotify: true,
    });
    boss.on('error', (error) =>
      this.log.error({ err: withoutConnectionClient(error) }, 'job engine error'),
    );
    boss.on('warning', (warning) => this.log.warn({ warning }, 'job engine warning'));
    await boss.start();
    for (const { queue } of this.registrations.values()) await this.ensureQueue(boss, queue);
    this.boss = boss;
  }

  private async ensureQueue(boss: PgBoss, queue: JobQueue<object>): Promise<void> {
    const existing = await boss.getQueue(queue.name);
    if (!existing) {
      await boss.createQueue(queue.name, {
        policy: queue.policy ?? 'standard',
        notify: queue.wakeWorkers ?? false,
        ...queue.options,
      });
      return;
    }
    // A release that changes a queue's retries applies them to the jobs it creates from now on.
    await boss.updateQueue(queue.name, { ...queue.options, notify: queue.wakeWorkers ?? false });
  }

  /** Works off the queues and keeps their schedules; a server's part, after `start`. */
  async startWorking(): Promise<void> {
    const boss = this.requireBoss();
    if (this.working) return;
    this.working = true;
    for (const { queue, handler, schedule } of this.registrations.values()) {
      if (schedule === null) await boss.unschedule(queue.name);
      else if (schedule !== undefined) {
        await boss.schedule(queue.name, schedule, null, { tz: this.settings.timeZone });
      }
      if (handler) await this.work(boss, queue, handler);
    }
  }

  private async work(boss: PgBoss, queue: JobQueue<object>, handler: JobHandler<object>) {
    const pollingIntervalSeconds = this.settings.pollingIntervalSeconds ?? DEFAULT_POLLING_SECONDS;
    await boss.work(
      queue.name,
      {
        batchSize: 1,
        includeMetadata: true,
        pollingIntervalSeconds,
        // A wake-up (NOTIFY) starts one fetch of one job; pg-boss's default then waits 30 s
        // before looking again, so the second and third letters of one decision, queued in the
        // same transaction, went out half a minute apart each. The next look comes as soon as
        // on a queue without wake-ups.
        notifyPollingIntervalSeconds: pollingIntervalSeconds,
      },
      async (jobs: JobWithMetadata<object>[]) => {
        for (const job of jobs) {
          await handler(job.data, {
            id: job.id,
            retryCount: job.retryCount,
            retryLimit: job.retryLimit,
            createdOn: job.createdOn,
          });
        }
      },
    );
  }

  /**
   * Creates a job. With `tx`, in that transaction: it exists only if the
   * transaction commits. Answers the job's id, or null when a singleton
   * queue already holds one.
   */
  async send<TData extends object>(
    queue: JobQueue<TData>,
    data: TData,
    options: { tx?: Transaction } & Pick<SendOptions, 'singletonKey' | 'startAfter'> = {},
  ): Promise<string | null> {
    const { tx, ...sendOptions } = options;
    return this.requireBoss().send(queue.name, data, {
      ...sendOptions,
      ...(tx ? { db: fromDrizzle(tx, sql) } : {}),
    });
  }

  /**
   * Every declared queue's counts, for the operator and /metrics, read from
   * pg-boss's job table as they are now (its own queue counts are refreshed
   * only by a server's maintenance pass).
   */
  async overview(): Promise<QueueOverview[]> {
    const { rows } = await this.requireBoss()
      .getDb()
      .executeSql(
        `select name,
           count(*) filter (where state in ('created', 'retry'))::int as waiting,
           count(*) filter (where state = 'active')::int as active,
           count(*) filter (where state = 'failed')::int as failed,
           coalesce(extract(epoch from now() - min(created_on)
             filter (where state in ('created', 'retry') and start_after <= now())), 0)::int as oldest,
           max(completed_on) filter (where state = 'completed') as last_completed
         from ${this.table()} where name = any($1::text[]) group by name`,
        [this.queueNames()],
      );
    const counts = new Map((rows as OverviewRow[]).map((row) => [row.name, row]));
    return this.queueNames().map((name) => {
      const row = counts.get(name);
      return {
        name,
        waiting: row?.waiting ?? 0,
        active: row?.active ?? 0,
        failed: row?.failed ?? 0,
        oldestWaitingSeconds: row?.oldest ?? 0,
        lastCompletedOn: row?.last_completed ? new Date(row.last_completed) : null,
      };
    });
  }

  /** The queue's failed jobs, the latest failure first. */
  async failedJobs(queueName: string, limit = 20): Promise<FailedJob[]> {
    const { rows } = await this.requireBoss()
      .getDb()
      .executeSql(
        `select ${FAILED_COLUMNS} from ${this.table()}
         where name = $1 and state = 'failed' order by completed_on desc nulls last limit $2`,
        [queueName, limit],
      );
    return (rows as FailedRow[]).map((row) => failedJobOf(queueName, row));
  }

  /**
   * The queue's jobs, newest first, whose data matches any of `matches`:
   * what support asks about (the e-mails sent to one guarantor). Only jobs
   * still kept are found (each queue says for how long).
   */
  async jobsMatching(
    queueName: string,
    matches: readonly JobDataMatch[],
    limit: number,
  ): Promise<StoredJob[]> {
    const wanted = matches.filter((match) => match.values.length > 0);
    if (wanted.length === 0) return [];
    this.requireBoss();
    const json = this.matchingJson(
      queueName,
      wanted.map((match) => ({ path: match.path, values: textArray(match.values) })),
      limit,
    );
    const { rows } = await this.database.db.execute<{ jobs: StoredJobJson[] }>(
      sql`select ${json} as jobs`,
    );
    return storedJobsOf(rows[0]?.jobs ?? []);
  }

  /**
   * `jobsMatching` as one JSON value (the rows `storedJobsOf` reads), for a
   * read that puts it in a statement of its own; after `start`.
   */
  matchingJson(
    queueName: string,
    matches: readonly JobDataMatchSql[],
    limit: number,
  ): SQL<StoredJobJson[]> {
    const conditions = matches.map(
      (match) => sql`data #>> ${textArray(match.path)} = any(${match.values})`,
    );
    const anyOf = conditions.length ? sql.join(conditions, sql` or `) : sql`false`;
    return sql<StoredJobJson[]>`(
      select coalesce(json_agg(j order by j.created_on desc), '[]'::json)
      from (
        select id, state, data, created_on, completed_on, output from ${sql.raw(this.table())}
        where name = ${queueName}::text and (${anyOf})
        order by created_on desc limit ${limit}::integer
      ) j
    )`;
  }

  /** The queue's last job to have finished, completed or failed; undefined when none is kept. */
  async lastFinished(queueName: string): Promise<StoredJob | undefined> {
    const { rows } = await this.requireBoss()
      .getDb()
      .executeSql(
        `select id, state, data, created_on, completed_on, output from ${this.table()}
         where name = $1 and state in ('completed', 'failed')
         order by completed_on desc nulls last limit 1`,
        [queueName],
      );
    const [row] = rows as StoredJobJson[];
    return row ? storedJobOf(row) : undefined;
  }

  /**
   * Works off one queue in this process until no job of it is ready or
   * running, or `timeoutMs` has passed (a command's e-mail, sent before it
   * exits). Answers how many jobs still wait, for later or for a server.
   */
  async workOff(queueName: string, timeoutMs: number): Promise<number> {
    const boss = this.requireBoss();
    const registration = this.registrations.get(queueName);
    if (registration?.handler && !this.working) {
      await this.work(boss, registration.queue, registration.handler);
    }
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const { rows } = await boss.getDb().executeSql(
        `select count(*) filter (where state = 'active' or start_after <= now())::int as busy,
           count(*)::int as left from ${this.table()}
         where name = $1 and state in ('created', 'retry', 'active')`,
        [queueName],
      );
      const { busy, left } = (rows as { busy: number; left: number }[])[0] ?? { busy: 0, left: 0 };
      if (busy === 0 || Date.now() > deadline) return left;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }

  /**
   * Puts failed jobs back, to be tried again at once, and answers them as
   * they were; ids of jobs that are not failed jobs of the queue are left
   * alone. With `tx`, in that transaction: the jobs stay failed unless it
   * commits.
   */
  async retry(
    queueName: string,
    ids: readonly string[],
    options: { tx?: Transaction } = {},
  ): Promise<FailedJob[]> {
    const boss = this.requireBoss();
    const db = options.tx ? fromDrizzle(options.tx, sql) : boss.getDb();
    const candidates = ids.filter((id) => UUID.test(id));
    if (candidates.length === 0) return [];
    const { rows } = await db.executeSql(
      `select ${FAILED_COLUMNS} from ${this.table()}
       where name = $1 and state = 'failed' and id = any($2::uuid[])
       order by completed_on desc nulls last for update`,
      [queueName, candidates],
    );
    const failed = (rows as FailedRow[]).map((row) => failedJobOf(queueName, row));
    if (failed.length > 0) {
      await boss.retry(
        queueName,
        failed.map((job) => job.id),
        { db },
      );
    }
    return failed;
  }

  private table(): string {
    return `${quoteIdentifier(this.schema)}.job`;
  }

  queueNames(): string[] {
    return [...this.registrations.keys()].sort();
  }

  /** Stops taking jobs, lets running ones finish (up to `timeoutMs`), closes the store. */
  async stop(timeoutMs = 10_000): Promise<void> {
    const boss = this.boss;
    if (!boss) return;
    this.boss = undefined;
    this.working = false;
    await boss.stop({ graceful: true, timeout: timeoutMs });
  }

  private requireBoss(): PgBoss {
    if (!this.boss) throw new Error('The job engine is not started');
    return this.boss;
  }
}

interface OverviewRow {
  name: string;
  waiting: number;
  active: number;
  failed: number;
  oldest: number;
  last_completed: string | Date | null;
}

/** A job as `matchingJson` reads it. */
export interface StoredJobJson {
  id: string;
  state: StoredJob['state'];
  data: object;
  created_on: string | Date;
  completed_on: string | Date | null;
  output: unknown;
}

/** The jobs of `matchingJson`'s value. */
export const storedJobsOf = (rows: readonly StoredJobJson[]): StoredJob[] => rows.map(storedJobOf);

function storedJobOf(row: StoredJobJson): StoredJob {
  return {
    id: row.id,
    state: row.state,
    data: row.data,
    createdOn: new Date(row.created_on),
    completedOn: row.completed_on ? new Date(row.completed_on) : null,
    error:
      row.state === 'completed' || row.output === null || row.output === undefined
        ? null
        : errorMessageOf(row.output),
  };
}

interface FailedRow {
  id: string;
  created_on: string | Date;
  completed_on: string | Date | null;
  retry_count: number;
  output: unknown;
}

const FAILED_COLUMNS = 'id, created_on, completed_on, retry_count, output';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function failedJobOf(queue: string, row: FailedRow): FailedJob {
  return {
    id: row.id,
    queue,
    createdOn: new Date(row.created_on),
    failedOn: row.completed_on ? new Date(row.completed_on) : null,
    retryCount: row.retry_count,
    error: errorMessageOf(row.output),
  };
}

const quoteIdentifier = (name: string) => `"${name.replaceAll('"', '""')}"`;

function errorMessageOf(output: unknown): string {
  if (output && typeof output === 'object' && 'message' in output) {
    return String((output as { message: unknown }).message);
  }
  return output === undefined || output === null ? '' : JSON.stringify(output);
}
