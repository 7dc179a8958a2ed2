import { PgBoss, fromPglite, type ConstructorOptions } from 'pg-boss';
import { currentSchema, type DatabaseHandle } from './client.ts';

/*
 * Background work is kept by pg-boss, in tables of its own beside the
 * application's (decision 0022): on the embedded database in the same PGlite
 * instance, on PostgreSQL through a small pool of its own to the same server.
 */

/**
 * pg-boss's schema: `pgboss` beside `public`, `<schema>_jobs` beside any other
 * schema, so every schema of the application (each test's) has its own jobs.
 */
export function jobSchemaFor(appSchema: string): string {
  return appSchema === 'public' ? 'pgboss' : `${appSchema}_jobs`;
}

/** Connections pg-boss may open to PostgreSQL: workers, the cron monitor and maintenance. */
const JOB_POOL_SIZE = 3;

/** How pg-boss reaches the job tables of this database. */
export async function jobStoreConnection(
  handle: Pick<DatabaseHandle, 'db' | 'jobStore'>,
): Promise<ConstructorOptions> {
  const schema = jobSchemaFor(await currentSchema(handle.db));
  const target = handle.jobStore;
  return target.kind === 'pglite'
    ? { db: fromPglite(target.pglite), backend: 'pglite', schema }
    : {
        connectionString: target.url,
        max: JOB_POOL_SIZE,
        application_name: 'webpay-jobs',
        schema,
      };
}

/**
 * Creates pg-boss's tables or brings them to this release's version; part of
 * migrating the database, so a server or a command finds them ready.
 */
export async function migrateJobStore(
  handle: Pick<DatabaseHandle, 'db' | 'jobStore'>,
): Promise<void> {
  const boss = new PgBoss({
    ...(await jobStoreConnection(handle)),
    migrate: true,
    supervise: false,
    schedule: false,
  });
  let failure: unknown;
  boss.on('error', (error) => {
    failure ??= error;
  });
  await boss.start();
  await boss.stop({ graceful: false });
  if (failure) throw failure;
}
