import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { pino } from 'pino';
import { PORTAL_BASE_PATH } from '@webpay/contracts/api';
import { buildApp } from './app.ts';
import { openDatabase, withDedicatedConnection, type DatabaseHandle } from './db/client.ts';
import { migrateDatabase } from './db/migrate.ts';
import { seedDemoDataIfEmpty, seedReferenceData } from './demo/seed.ts';
import { EnvError, loadEnv, type Env } from './env.ts';
import { loggerOptions } from './lib/logger.ts';
import { OPENAPI_UI_PATH } from './plugins/openapi.ts';

/** In-flight requests get this long to finish after SIGTERM before the process gives up. */
const SHUTDOWN_TIMEOUT_MS = 10_000;

function readEnv(): Env {
  try {
    return loadEnv();
  } catch (error) {
    if (error instanceof EnvError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
}

async function main() {
  const env = readEnv();
  const log = pino(loggerOptions(env.LOG_LEVEL));
  let database: DatabaseHandle | undefined;

  try {
    database = await openDatabase({
      url: env.DATABASE_URL,
      dataDir: env.DATA_DIR,
      timeoutMs: env.DATABASE_TIMEOUT_MS,
      onPoolError: (error) => log.warn({ err: error }, 'idle database connection failed'),
    });
    log.info({ kind: database.kind }, 'database opened');
    const { applied } = await migrateDatabase(database, (message) => log.info(message));
    if (applied.length > 0) log.info({ applied }, 'database schema up to date');
    // On a dedicated connection, which has no query time limit: seeding may
    // wait for another instance that is seeding the same database.
    await withDedicatedConnection(database, async (db) => {
      await seedReferenceData(db);
      if (env.DEMO_DATA && (await seedDemoDataIfEmpty(db))) {
        log.info('demo data loaded into the empty database (credentials in README.md)');
      }
    });

    const app = await buildApp({ env, database, logger: log });
    const openDatabaseHandle = database;

    // Payments whose outcome was never heard (a crash, a lost completion) are
    // settled at start and then regularly; the server answers meanwhile.
    let reconciling: Promise<void> | undefined;
    const reconcile = (trigger: 'start' | 'interval') => {
      if (reconciling) return;
      const requestId = `reconcile-${trigger}-${randomUUID()}`;
      reconciling = app.services.reconcile
        .run(
          { graceSeconds: env.RECONCILE_GRACE_SECONDS },
          { requestId, correlationId: requestId, ipAddress: '' },
        )
        .then(
          () => undefined,
          (error: unknown) => log.error({ err: error, trigger }, 'payment reconciliation failed'),
        )
        .finally(() => {
          reconciling = undefined;
        });
    };
    const reconcileTimer =
      env.RECONCILE_INTERVAL_SECONDS > 0
        ? setInterval(() => reconcile('interval'), env.RECONCILE_INTERVAL_SECONDS * 1000)
        : undefined;
    reconcileTimer?.unref();

    let stopping = false;
    const stop = async (signal: NodeJS.Signals) => {
      if (stopping) {
        log.warn({ signal }, 'second signal: exiting without waiting');
        process.exit(1);
      }
      stopping = true;
      log.info({ signal }, 'shutting down: finishing in-flight requests');
      const deadline = setTimeout(() => {
        log.error('shutdown took too long; exiting');
        process.exit(1);
      }, SHUTDOWN_TIMEOUT_MS);
      deadline.unref();
      clearInterval(reconcileTimer);
      try {
        await reconciling;
        await app.close();
        await openDatabaseHandle.close();
        log.info('stopped');
        process.exit(0);
      } catch (error) {
        log.error({ err: error }, 'error while shutting down');
        process.exit(1);
      }
    };
    process.on('SIGINT', (signal) => void stop(signal));
    process.on('SIGTERM', (signal) => void stop(signal));

    await app.listen({ port: env.PORT, host: env.HOST });
    const { port } = app.server.address() as AddressInfo;
    const url = `http://localhost:${port}${PORTAL_BASE_PATH}`;
    log.info(
      { url, publicUrl: env.PUBLIC_URL, apiDocs: `http://localhost:${port}${OPENAPI_UI_PATH}` },
      `WebPay listening on ${url}`,
    );
    // After listening: the sandbox processor it asks may be this very server.
    reconcile('start');
  } catch (error) {
    log.fatal({ err: error }, 'WebPay could not start');
    await database?.close().catch(() => undefined);
    process.exit(1);
  }
}

process.on('unhandledRejection', (reason) => {
  console.error('Unhandled promise rejection', reason);
  process.exit(1);
});

await main();
