import {
  retryFailedJobs,
  type FailedJob,
  type JobEngine,
  type QueueOverview,
} from '../../modules/jobs/index.ts';
import { operatorRequestContext } from '../operator-run.ts';
import type { Command, CommandIo, CommandValues } from '../command.ts';

const DEFAULT_LIMIT = 20;
const MAX_LIMIT = 10_000;

/** The most `--all-failed` puts back in one run; a larger backlog takes another run. */
const ALL_FAILED_AT_ONCE = 10_000;

/** A span of seconds the way an operator says it: "45 s", "3 min", "2 h 5 min", "3 d 4 h". */
export function describeAge(seconds: number): string {
  const whole = Math.max(0, Math.floor(seconds));
  if (whole < 60) return `${whole} s`;
  if (whole < 3600) return `${Math.floor(whole / 60)} min`;
  const [larger, largerUnit, smaller, smallerUnit] =
    whole < 86_400
      ? [Math.floor(whole / 3600), 'h', Math.floor((whole % 3600) / 60), 'min']
      : [Math.floor(whole / 86_400), 'd', Math.floor((whole % 86_400) / 3600), 'h'];
  return smaller === 0
    ? `${larger} ${largerUnit}`
    : `${larger} ${largerUnit} ${smaller} ${smallerUnit}`;
}

const HEADINGS = ['QUEUE', 'WAITING', 'ACTIVE', 'FAILED', 'OLDEST WAITING', 'LAST SUCCESS'];

/** The queues as a table; counts right-aligned, ages in words. */
export function queueTable(queues: readonly QueueOverview[], now: Date): string[] {
  const rows = queues.map((queue) => [
    queue.name,
    String(queue.waiting),
    String(queue.active),
    String(queue.failed),
    queue.oldestWaitingSeconds > 0 ? describeAge(queue.oldestWaitingSeconds) : '-',
    queue.lastCompletedOn
      ? `${describeAge((now.getTime() - queue.lastCompletedOn.getTime()) / 1000)} ago`
      : '-',
  ]);
  const widths = HEADINGS.map((heading, column) =>
    Math.max(heading.length, ...rows.map((row) => row[column]?.length ?? 0)),
  );
  const numeric = (column: number) => column >= 1 && column <= 3;
  return [HEADINGS, ...rows].map((row) =>
    row
      .map((cell, column) =>
        numeric(column) ? cell.padStart(widths[column] ?? 0) : cell.padEnd(widths[column] ?? 0),
      )
      .join('  ')
      .trimEnd(),
  );
}

/** One failed job: what it is and when, then its last error on one line. */
export function failedJobLines(job: FailedJob): string[] {
  const failed = job.failedOn ? `, failed ${job.failedOn.toISOString()}` : '';
  const retries = `${job.retryCount} ${job.retryCount === 1 ? 'retry' : 'retries'}`;
  const error = job.error.replace(/\s+/g, ' ').trim() || '(no error message)';
  return [`${job.id}  created ${job.createdOn.toISOString()}${failed}, ${retries}`, `  ${error}`];
}

/** The ids of `--id`, given once or more, each a list separated by commas. */
function idsOf(value: CommandValues[string]): string[] {
  const given = Array.isArray(value) ? value : typeof value === 'string' ? [value] : [];
  const ids = given.flatMap((text) => text.split(',')).map((id) => id.trim().toLowerCase());
  return [...new Set(ids.filter((id) => id !== ''))];
}

type Request =
  | { kind: 'list' }
  | { kind: 'failed'; queue: string; limit: number }
  | { kind: 'retry'; queue: string; ids: string[] | 'all' };

/** What the options ask for, or why they do not make sense together. */
function requestOf(values: CommandValues): Request | string {
  const failed = values.failed === undefined ? undefined : String(values.failed);
  const retry = values.retry === undefined ? undefined : String(values.retry);
  const ids = idsOf(values.id);
  const allFailed = values['all-failed'] === true;
  if (failed !== undefined && retry !== undefined) return '--failed and --retry go separately';
  if (retry === undefined && (values.id !== undefined || allFailed)) {
    return '--id and --all-failed go with --retry QUEUE';
  }
  if (failed === undefined && values.limit !== undefined) return '--limit goes with --failed QUEUE';
  if (failed !== undefined) {
    if (values.limit === undefined) return { kind: 'failed', queue: failed, limit: DEFAULT_LIMIT };
    const text = String(values.limit);
    const limit = Number(text);
    if (!/^\d{1,6}$/.test(text) || limit < 1 || limit > MAX_LIMIT) {
      return `--limit: must be a whole number from 1 to ${MAX_LIMIT}`;
    }
    return { kind: 'failed', queue: failed, limit };
  }
  if (retry !== undefined) {
    if (allFailed && values.id !== undefined) return 'give --id or --all-failed, not both';
    if (allFailed) return { kind: 'retry', queue: retry, ids: 'all' };
    if (ids.length === 0) return '--retry needs --id ID or --all-failed';
    return { kind: 'retry', queue: retry, ids };
  }
  return { kind: 'list' };
}

/** The plain listing; exits 1 while a queue holds failed jobs, for monitoring that runs it. */
async function listQueues(jobs: JobEngine, io: CommandIo): Promise<number> {
  const queues = await jobs.overview();
  for (const line of queueTable(queues, new Date())) io.out(line);
  const failing = queues.filter((queue) => queue.failed > 0);
  for (const queue of failing) {
    const count = queue.failed === 1 ? '1 failed job' : `${queue.failed} failed jobs`;
    io.err(`jobs: ${queue.name} has ${count}; webpay jobs --failed ${queue.name} shows them.`);
  }
  return failing.length > 0 ? 1 : 0;
}

async function listFailed(
  jobs: JobEngine,
  io: CommandIo,
  queue: string,
  limit: number,
): Promise<number> {
  const total = (await jobs.overview()).find((overview) => overview.name === queue)?.failed ?? 0;
  const failed = await jobs.failedJobs(queue, limit);
  if (failed.length === 0) {
    io.out(`${queue}: no failed jobs.`);
    return 0;
  }
  const count = total === 1 ? '1 failed job' : `${total} failed jobs`;
  io.out(
    failed.length < total
      ? `${queue}: ${count}; the ${failed.length} latest failures:`
      : `${queue}: ${count}, the latest failure first:`,
  );
  for (const line of failed.flatMap(failedJobLines)) io.out(line);
  io.out(`Retry with: webpay jobs --retry ${queue} --id ID (or --all-failed).`);
  return 0;
}

export const jobsCommand: Command = {
  name: 'jobs',
  summary: 'Show the background work: queues, failed jobs and their errors; retry failed jobs',
  description: [
    "Without options, lists every queue of background work (mail: the e-mail outbox; reconcile-payments, statement-notices, housekeeping: the schedules) with its jobs waiting, running and failed, how long the oldest job that is due has waited for a worker, and when a job of it last succeeded. The counts are the whole cluster's, read from the database. Exits 1 while any queue holds failed jobs, so that monitoring can run it as a check; a failed job is kept until it is retried or its queue's retention ends (3 days for mail).",
    "--failed QUEUE lists the queue's failed jobs, the latest failure first: the id, when it was created and when it failed (UTC), how many times it was retried, and the last attempt's error.",
    '--retry QUEUE puts the failed jobs named by --id, or with --all-failed every failed job of the queue, back to be tried again at once by a running server. Each job put back is recorded in the audit trail (action jobs.retry); ids that are not failed jobs of the queue are reported and change nothing, and the command then exits 1.',
  ],
  options: {
    failed: {
      type: 'string',
      valueName: 'QUEUE',
      description: "list this queue's failed jobs with their errors",
    },
    limit: {
      type: 'string',
      valueName: 'N',
      description: `with --failed: at most this many jobs (default ${DEFAULT_LIMIT})`,
    },
    retry: {
      type: 'string',
      valueName: 'QUEUE',
      description: 'put failed jobs of this queue back, to be tried again at once',
    },
    id: {
      type: 'string',
      valueName: 'ID',
      multiple: true,
      description: 'with --retry: the job to retry; repeat it, or separate ids with commas',
    },
    'all-failed': {
      type: 'boolean',
      description: 'with --retry: every failed job of the queue',
    },
  },
  async run(values, { io, withServices }) {
    const request = requestOf(values);
    if (typeof request === 'string') {
      io.err(`jobs: ${request}`);
      return 1;
    }
    return withServices(async (services, database) => {
      const { jobs } = services;
      if (request.kind === 'list') return listQueues(jobs, io);
      const queues = jobs.queueNames();
      if (!queues.includes(request.queue)) {
        io.err(`jobs: there is no queue "${request.queue}"; the queues are ${queues.join(', ')}.`);
        return 1;
      }
      if (request.kind === 'failed') return listFailed(jobs, io, request.queue, request.limit);

      const ids =
        request.ids === 'all'
          ? (await jobs.failedJobs(request.queue, ALL_FAILED_AT_ONCE)).map((job) => job.id)
          : request.ids;
      const context = operatorRequestContext('jobs');
      const retried = await retryFailedJobs(database.db, jobs, request.queue, ids, context);
      const count = retried.length === 1 ? '1 failed job' : `${retried.length} failed jobs`;
      io.out(`${request.queue}: put back ${count}, to be tried again at once.`);
      for (const job of retried) io.out(`retried  ${job.id}`);
      if (retried.length > 0) io.out(`Audited under request ${context.requestId}.`);
      if (request.ids === 'all' && ids.length === ALL_FAILED_AT_ONCE) {
        io.out('More failed jobs may remain: run the command again for them.');
      }
      const found = new Set(retried.map((job) => job.id));
      // Under --all-failed, a job another operator put back meanwhile is no error.
      const missing = request.ids === 'all' ? [] : ids.filter((id) => !found.has(id));
      for (const id of missing) io.err(`jobs: ${id} is not a failed job of ${request.queue}.`);
      return missing.length > 0 ? 1 : 0;
    });
  },
};
