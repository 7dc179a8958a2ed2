import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { currentSchema } from '../../db/client.ts';
import { jobSchemaFor } from '../../db/job-store.ts';
import { createTestDatabase, type TestDatabase } from '../../../test/support/database.ts';
import { JobEngine, type JobQueue } from './job-engine.ts';

/*
 * Issue 22: two servers on one PostgreSQL run each scheduled occurrence
 * once. Both keep the same schedule (every minute) and both work its queue;
 * the first occurrence gets one job, run once by one of them. (An
 * occurrence's job may run in the next minute: the schedule is looked at
 * every 30 seconds.)
 */

const silent = { info: () => undefined, warn: () => undefined, error: () => undefined };

const tick: JobQueue<Record<string, never>> = {
  name: 'test-every-minute',
  policy: 'stately',
  options: { retryLimit: 0 },
};

describe.runIf(process.env.TEST_DATABASE_URL)('schedules across two servers (postgres)', () => {
  let database: TestDatabase | undefined;
  const engines: JobEngine[] = [];

  afterAll(async () => {
    for (const engine of engines) await engine.stop(1000);
    await database?.close();
  });

  it('runs each occurrence once, whichever server takes it', async () => {
    database = await createTestDatabase('postgres', { seed: false });
    const runs: { server: number; at: Date }[] = [];
    for (const server of [1, 2]) {
      const engine = new JobEngine(database, silent, {
        timeZone: 'America/Denver',
        runsSchedules: true,
        pollingIntervalSeconds: 0.5,
      });
      engine.define(tick, async () => {
        runs.push({ server, at: new Date() });
      });
      engine.scheduleOn(tick, '* * * * *');
      engines.push(engine);
    }
    await Promise.all(engines.map((engine) => engine.start()));
    await Promise.all(engines.map((engine) => engine.startWorking()));

    const deadline = Date.now() + 150_000;
    while (runs.length < 1 && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
    // Time for a second copy of the last occurrence to show, if there were one.
    await new Promise((resolve) => setTimeout(resolve, 10_000));

    // pg-boss forwards each occurrence once (its slot is unique in the job
    // table), and each forwarded occurrence became one job, run once.
    const schema = sql.identifier(jobSchemaFor(await currentSchema(database.db)));
    const occurrences = await database.db.execute<{ slot: string }>(
      sql`select singleton_on::text as slot from ${schema}.job
          where name = '__pgboss__send-it' and data->>'name' = ${tick.name}`,
    );
    const jobs = await database.db.execute<{ id: string }>(
      sql`select id from ${schema}.job where name = ${tick.name}`,
    );
    const slots = occurrences.rows.map((row) => row.slot);
    const ran = runs.length;
    expect(ran).toBeGreaterThanOrEqual(1);
    expect(new Set(slots).size, JSON.stringify({ runs, slots })).toBe(slots.length);
    // The last occurrence may be forwarded and not yet run when the test looks.
    expect(jobs.rows.length).toBeLessThanOrEqual(slots.length);
    expect(ran).toBe(jobs.rows.length);
  }, 200_000);
});
