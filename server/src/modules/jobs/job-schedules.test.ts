import { afterAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../test/support/database.ts';
import { JobEngine, type JobQueue } from './job-engine.ts';

/*
 * Issue 22: two servers on one PostgreSQL run each scheduled occurrence
 * once. Both keep the same schedule (every minute) and both work its queue;
 * over two occurrences, each minute gets one job, run by one of them.
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
    while (runs.length < 2 && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
    // Time for a second copy of the last occurrence to show, if there were one.
    await new Promise((resolve) => setTimeout(resolve, 10_000));

    const minutes = runs.map(({ at }) => Math.floor(at.getTime() / 60_000));
    expect(runs.length).toBeGreaterThanOrEqual(2);
    expect(new Set(minutes).size, JSON.stringify(runs)).toBe(runs.length);
  }, 200_000);
});
