import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import {
  createTestDatabase,
  testDatabaseKinds,
  type TestDatabase,
} from '../../../test/support/database.ts';
import { JobEngine, type JobQueue } from './job-engine.ts';

const silent = {
  info: () => undefined,
  warn: () => undefined,
  error: (f: object, m: string) => console.error(m, f),
};

interface Note {
  text: string;
}

const notes: JobQueue<Note> = {
  name: 'test-notes',
  options: { retryLimit: 1, retryDelay: 1, expireInSeconds: 30 },
};

async function eventually(check: () => Promise<boolean>, timeoutMs = 20_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('not within the time allowed');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe.each(testDatabaseKinds)('the job engine (%s)', (kind) => {
  let database: TestDatabase | undefined;
  const engines: JobEngine[] = [];

  afterEach(async () => {
    for (const engine of engines.splice(0)) await engine.stop(1000);
    await database?.close();
    database = undefined;
  });

  async function engineOn(runsSchedules = false) {
    database ??= await createTestDatabase(kind, { seed: false });
    const engine = new JobEngine(database, silent, {
      timeZone: 'America/Denver',
      runsSchedules,
      pollingIntervalSeconds: 0.5,
    });
    engines.push(engine);
    return engine;
  }

  it('creates a job only when the transaction that sends it commits', async () => {
    const engine = await engineOn();
    const done: string[] = [];
    engine.define(notes, async (data) => {
      done.push(data.text);
    });
    await engine.start();
    if (!database) throw new Error('no database');
    const { db } = database;
    await expect(
      db.transaction(async (tx) => {
        await engine.send(notes, { text: 'rolled back' }, { tx });
        await tx.execute(sql`select 1`);
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    await db.transaction(async (tx) => {
      await engine.send(notes, { text: 'committed' }, { tx });
    });
    expect((await engine.overview())[0]).toMatchObject({
      name: notes.name,
      waiting: 1,
      lastCompletedOn: null,
    });

    await engine.startWorking();
    await eventually(async () => done.length > 0);
    await new Promise((resolve) => setTimeout(resolve, 1000));
    expect(done).toEqual(['committed']);
    expect((await engine.overview())[0]?.lastCompletedOn).toBeInstanceOf(Date);
  });

  it(
    'retries a failing job, then keeps it as failed with its error until the operator retries it',
    { timeout: 60_000 },
    async () => {
      const engine = await engineOn();
      let attempts = 0;
      let healthy = false;
      engine.define(notes, async () => {
        attempts += 1;
        if (!healthy) throw new Error('the mail server refused');
      });
      await engine.start();
      await engine.send(notes, { text: 'hello' });
      await engine.startWorking();

      await eventually(async () => (await engine.overview())[0]?.failed === 1);
      expect(attempts).toBe(2);
      const [failed] = await engine.failedJobs(notes.name);
      if (!failed) throw new Error('no failed job');
      expect(failed).toMatchObject({ queue: notes.name, retryCount: 1 });
      expect(failed.error).toContain('the mail server refused');

      healthy = true;
      // A job that is not failed, or not of this queue, or no job at all, is left alone.
      const retried = await engine.retry(notes.name, [
        failed.id,
        'not-a-job',
        '00000000-0000-4000-8000-000000000000',
      ]);
      expect(retried.map((job) => job.id)).toEqual([failed.id]);
      expect(await engine.retry('another-queue', [failed.id])).toEqual([]);
      await eventually(async () => attempts === 3 && (await engine.overview())[0]?.failed === 0);
      expect((await engine.overview())[0]).toMatchObject({ waiting: 0, active: 0, failed: 0 });
    },
  );
});
