import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { auditEvents } from '../../db/schema.ts';
import { JobEngine, type JobQueue } from '../../modules/jobs/index.ts';
import { testDatabaseKinds } from '../../../test/support/database.ts';
import { startTestServer, type TestServer } from '../../../test/support/test-server.ts';
import type { CommandContext } from '../command.ts';
import { runCli } from '../webpay.ts';
import { describeAge, queueTable } from './jobs.ts';

const quiet = { info: () => undefined, warn: () => undefined, error: () => undefined };

/** Work that fails at once, kept as a failed job: no retries. */
const ARCHIVE: JobQueue<{ n: number }> = {
  name: 'test-archive',
  options: { retryLimit: 0, expireInSeconds: 30 },
};

/** Work nobody takes, to have a job that waits. */
const IDLE: JobQueue<{ n: number }> = { name: 'test-idle', options: { retryLimit: 0 } };

/** Until `check` holds; the engine's workers look every half second. */
const eventually = (check: () => Promise<boolean>) =>
  vi.waitUntil(check, { timeout: 20_000, interval: 100 });

describe.each(testDatabaseKinds)('webpay jobs (%s)', (kind) => {
  let server: TestServer;
  // Beside the server's engine, on its database: queues whose work fails or waits.
  let engine: JobEngine;
  let archiveUp = false;
  const archived: number[] = [];

  beforeAll(async () => {
    server = await startTestServer(kind);
    engine = new JobEngine(server.database, quiet, {
      timeZone: server.env.WEBPAY_TIME_ZONE,
      runsSchedules: false,
      pollingIntervalSeconds: 0.5,
    });
    engine.define(ARCHIVE, async ({ n }) => {
      if (!archiveUp) throw new Error(`the archive refused job ${n}:\n  disk full`);
      archived.push(n);
    });
    engine.define(IDLE);
    await engine.start();
    for (const n of [1, 2, 3]) await engine.send(ARCHIVE, { n });
    await engine.send(IDLE, { n: 0 });
    await engine.startWorking();
    await eventually(async () => (await engine.overview())[0]?.failed === 3);
  }, 60_000);

  afterAll(async () => {
    await engine?.stop(1000);
    await server?.close();
  });

  /** Runs a command line in-process; `jobs` replaces the services' engine when given. */
  const run = async (argv: string[], jobs: JobEngine = server.app.services.jobs) => {
    const out: string[] = [];
    const err: string[] = [];
    const context: CommandContext = {
      io: { out: (line) => out.push(line), err: (line) => err.push(line) },
      env: server.env,
      withServices: (work) => work({ ...server.app.services, jobs }, server.database),
      withDatabase: (work) => work(server.database),
    };
    const code = await runCli(argv, context);
    return { code, out, err };
  };

  const retryAudits = () =>
    server.database.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, 'jobs.retry'), eq(auditEvents.outcome, 'success')));

  it("lists the service's queues, and exits 0 when none holds failed jobs", async () => {
    const { code, out, err } = await run(['jobs']);
    expect(code).toBe(0);
    expect(err).toEqual([]);
    expect(out[0]).toMatch(/^QUEUE\s+WAITING\s+ACTIVE\s+FAILED\s+OLDEST WAITING\s+LAST SUCCESS$/);
    expect(out.slice(1).map((line) => line.split(/\s+/)[0])).toEqual([
      'autopay',
      'housekeeping',
      'mail',
      'reconcile-payments',
      'statement-notices',
    ]);
    expect(out[3]).toMatch(/^mail\s+0\s+0\s+0\s+-/);
  });

  it('counts waiting and failed jobs, and exits 1 while a queue holds failed jobs', async () => {
    const { code, out, err } = await run(['jobs'], engine);
    expect(code).toBe(1);
    expect(out[1]).toMatch(/^test-archive\s+0\s+0\s+3\s+-\s+-$/);
    expect(out[2]).toMatch(/^test-idle\s+1\s+0\s+0\s+\d+ s\s+-$/);
    expect(err).toEqual([
      'jobs: test-archive has 3 failed jobs; webpay jobs --failed test-archive shows them.',
    ]);
  });

  it("shows a queue's failed jobs with their errors, the latest failure first", async () => {
    const all = await run(['jobs', '--failed', ARCHIVE.name], engine);
    expect(all.code).toBe(0);
    expect(all.out[0]).toBe('test-archive: 3 failed jobs, the latest failure first:');
    const failed = await engine.failedJobs(ARCHIVE.name);
    expect(failed).toHaveLength(3);
    const [latest] = failed;
    if (!latest?.failedOn) throw new Error('no failure time');
    expect(all.out[1]).toBe(
      `${latest.id}  created ${latest.createdOn.toISOString()}, failed ${latest.failedOn.toISOString()}, 0 retries`,
    );
    expect(all.out[2]).toMatch(/^ {2}the archive refused job \d: disk full$/);
    expect(all.out.at(-1)).toBe(
      'Retry with: webpay jobs --retry test-archive --id ID (or --all-failed).',
    );

    const one = await run(['jobs', '--failed', ARCHIVE.name, '--limit', '1'], engine);
    expect(one.out[0]).toBe('test-archive: 3 failed jobs; the 1 latest failures:');
    expect(one.out).toHaveLength(4);

    const none = await run(['jobs', '--failed', 'mail']);
    expect(none).toMatchObject({ code: 0, out: ['mail: no failed jobs.'] });
    const unknown = await run(['jobs', '--failed', 'nope']);
    expect(unknown.code).toBe(1);
    expect(unknown.err).toEqual([
      'jobs: there is no queue "nope"; the queues are autopay, housekeeping, mail, reconcile-payments, statement-notices.',
    ]);
  });

  it('retries the jobs it is given, audits each, and reports ids it cannot retry', async () => {
    archiveUp = true;
    const [first, second] = await engine.failedJobs(ARCHIVE.name);
    if (!first || !second) throw new Error('too few failed jobs');
    const idle = '00000000-0000-4000-8000-000000000000';
    const { code, out, err } = await run(
      ['jobs', '--retry', ARCHIVE.name, '--id', first.id.toUpperCase(), '--id', `${idle},nope`],
      engine,
    );
    expect(code).toBe(1);
    expect(out[0]).toBe('test-archive: put back 1 failed job, to be tried again at once.');
    expect(out[1]).toBe(`retried  ${first.id}`);
    expect(out[2]).toMatch(/^Audited under request cli-jobs-[0-9a-f-]{36}\.$/);
    expect(err).toEqual([
      `jobs: ${idle} is not a failed job of test-archive.`,
      'jobs: nope is not a failed job of test-archive.',
    ]);

    const [audit, ...others] = await retryAudits();
    expect(others).toEqual([]);
    expect(audit).toMatchObject({
      actorType: 'operator',
      targetType: 'job',
      targetId: first.id,
      requestId: out[2]?.slice('Audited under request '.length, -1),
      details: { queue: ARCHIVE.name, retryCount: 0 },
    });
    await eventually(async () => (await engine.overview())[0]?.failed === 2);
    await eventually(async () => archived.length === 1);

    // The same job again: it is no longer failed, and nothing is audited.
    const again = await run(['jobs', '--retry', ARCHIVE.name, '--id', first.id], engine);
    expect(again.code).toBe(1);
    expect(again.out).toEqual(['test-archive: put back 0 failed jobs, to be tried again at once.']);
    expect(await retryAudits()).toHaveLength(1);
  });

  it('retries every failed job of a queue with --all-failed', async () => {
    const { code, out } = await run(['jobs', '--retry', ARCHIVE.name, '--all-failed'], engine);
    expect(code).toBe(0);
    expect(out[0]).toBe('test-archive: put back 2 failed jobs, to be tried again at once.');
    await eventually(async () => archived.length === 3);
    expect(archived.sort()).toEqual([1, 2, 3]);
    expect(await retryAudits()).toHaveLength(3);

    const listing = await run(['jobs'], engine);
    expect(listing.code).toBe(0);
    expect(listing.out[1]).toMatch(/^test-archive\s+0\s+0\s+0\s+-\s+\d+ s ago$/);
  });

  it('explains itself, and refuses options that do not go together', async () => {
    const help = await run(['jobs', '--help']);
    expect(help.code).toBe(0);
    expect(help.out[0]).toBe(
      'Usage: webpay jobs [--failed QUEUE] [--limit N] [--retry QUEUE] [--id ID] [--all-failed]',
    );
    expect(help.out.join('\n')).toContain('Exits 1 while any queue holds failed jobs');
    expect((await run(['--help'])).out.join('\n')).toMatch(/jobs\s+Show the background work/);

    const refusals: [string[], string][] = [
      [['--retry', 'mail'], '--retry needs --id ID or --all-failed'],
      [['--id', 'x'], '--id and --all-failed go with --retry QUEUE'],
      [['--failed', 'mail', '--retry', 'mail'], '--failed and --retry go separately'],
      [['--retry', 'mail', '--all-failed', '--id', 'x'], 'give --id or --all-failed, not both'],
      [['--limit', '5'], '--limit goes with --failed QUEUE'],
      [['--failed', 'mail', '--limit', '0'], '--limit: must be a whole number from 1 to 10000'],
    ];
    for (const [options, message] of refusals) {
      const refused = await run(['jobs', ...options]);
      expect(refused.code, options.join(' ')).toBe(1);
      expect(refused.err).toEqual([`jobs: ${message}`]);
    }
  });
});

describe('the jobs listing', () => {
  it('says ages the way an operator does', () => {
    expect(
      [0, 59, 60, 185, 3600, 3900, 86_400, 3 * 86_400 + 4 * 3600 + 5].map(describeAge),
    ).toEqual(['0 s', '59 s', '1 min', '3 min', '1 h', '1 h 5 min', '1 d', '3 d 4 h']);
  });

  it('aligns the counts to the right', () => {
    const now = new Date('2026-11-25T12:00:00Z');
    expect(
      queueTable(
        [
          {
            name: 'mail',
            waiting: 12,
            active: 1,
            failed: 0,
            oldestWaitingSeconds: 200,
            lastCompletedOn: new Date('2026-11-25T11:59:00Z'),
          },
        ],
        now,
      ),
    ).toEqual([
      'QUEUE  WAITING  ACTIVE  FAILED  OLDEST WAITING  LAST SUCCESS',
      'mail        12       1       0  3 min           1 min ago',
    ]);
  });
});
