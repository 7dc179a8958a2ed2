import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { pino, type Logger } from 'pino';
import { PORTAL_BASE_PATH } from '@webpay/contracts/api';
import { buildAdminApp } from './admin-app.ts';
import { buildApp, type App } from './app.ts';
import { openDatabase, withDedicatedConnection, type DatabaseHandle } from './db/client.ts';
import { migrateDatabase } from './db/migrate.ts';
import { seedDemoDataIfEmpty, seedReferenceData } from './demo/seed.ts';
import { EnvError, loadEnv, type Env } from './env.ts';
import { loggerOptions } from './lib/logger.ts';
import { refusedCardWindowOrigins } from './modules/converge-sandbox/card-window-origins.ts';
import { usesOwnSandbox } from './modules/converge-sandbox/local-sandbox.ts';
import { OPENAPI_UI_PATH } from './plugins/openapi.ts';
import { RECONCILE_QUEUE } from './plugins/schedules.ts';
import type { ServiceOverrides } from './plugins/services.ts';

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

/** The configured database, migrated, with its reference data and (where allowed) the demo accounts. */
async function prepareDatabase(env: Env, log: Logger): Promise<DatabaseHandle> {
  const database = await openDatabase({
    url: env.DATABASE_URL,
    dataDir: env.DATA_DIR,
    poolSize: env.DATABASE_POOL_SIZE,
    timeoutMs: env.DATABASE_TIMEOUT_MS,
    onPoolError: (error) => log.warn({ err: error }, 'idle database connection failed'),
  });
  try {
    log.info({ kind: database.kind }, 'database opened');
    const { applied } = await migrateDatabase(database, (message) => log.info(message));
    if (applied.length > 0) log.info({ applied }, 'database schema up to date');
    // On a dedicated connection, which has no query time limit: seeding may
    // wait for another instance that is seeding the same database.
    await withDedicatedConnection(database, async (db) => {
      await seedReferenceData(db);
      if (env.DEMO_DATA && (await seedDemoDataIfEmpty(db, { serverSecret: env.JWT_SECRET }))) {
        log.info('demo data loaded into the empty database (credentials in README.md)');
      }
    });
    return database;
  } catch (error) {
    await database.close().catch(() => undefined);
    throw error;
  }
}

/**
 * Works off the queues and keeps the schedules (schedules.ts). Payments
 * whose outcome was never heard (a crash, a lost completion) are settled at
 * each start too: one reconciliation is queued, which a run already waiting
 * absorbs.
 */
async function startBackgroundWork(app: App): Promise<void> {
  await app.services.jobs.startWorking();
  await app.services.jobs.send(RECONCILE_QUEUE, {});
}

interface Running {
  app: App;
  admin: FastifyInstance | undefined;
  database: DatabaseHandle;
}

/**
 * SIGTERM or SIGINT: /readyz turns 503 at once, in-flight requests and the
 * jobs under way finish, then the listeners and the database close. Past SHUTDOWN_TIMEOUT_MS, or on a second signal, the process exits
 * without waiting.
 */
function exitGracefullyOnSignals(running: Running, env: Env, log: Logger): void {
  let stopping = false;
  const stop = async (signal: NodeJS.Signals) => {
    if (stopping) {
      log.warn({ signal }, 'second signal: exiting without waiting');
      process.exit(1);
    }
    stopping = true;
    running.app.beginShutdown();
    log.info({ signal }, 'shutting down: finishing in-flight requests');
    const deadline = setTimeout(() => {
      log.error({ deadlineMs: env.SHUTDOWN_TIMEOUT_MS }, 'shutdown took too long; exiting');
      process.exit(1);
    }, env.SHUTDOWN_TIMEOUT_MS);
    deadline.unref();
    try {
      await Promise.all([running.app.close(), running.admin?.close()]);
      await running.database.close();
      log.info('stopped');
      process.exit(0);
    } catch (error) {
      log.error({ err: error }, 'error while shutting down');
      process.exit(1);
    }
  };
  process.on('SIGINT', (signal) => void stop(signal));
  process.on('SIGTERM', (signal) => void stop(signal));
}

/** The public listener, and the operator's one when ADMIN_PORT is set (always in production). */
async function listen(app: App, env: Env, log: Logger): Promise<FastifyInstance | undefined> {
  await app.listen({ port: env.PORT, host: env.HOST });
  const { port } = app.server.address() as AddressInfo;
  const url = `${env.PUBLIC_URL.replace(/\/+$/, '')}${PORTAL_BASE_PATH}`;
  let admin: FastifyInstance | undefined;
  let adminUrl = `http://localhost:${port}`;
  if (env.ADMIN_PORT !== undefined) {
    admin = await buildAdminApp(app, log);
    await admin.listen({ port: env.ADMIN_PORT, host: env.ADMIN_HOST });
    adminUrl = `http://${env.ADMIN_HOST}:${(admin.server.address() as AddressInfo).port}`;
  }
  log.info(
    { url, publicUrl: env.PUBLIC_URL, apiDocs: `${adminUrl}${OPENAPI_UI_PATH}` },
    `WebPay listening on port ${port}; the portal is ${url}`,
  );
  warnOfRefusedCardWindows(env, port, log);
  return admin;
}

/** A portal opened at an address other than PUBLIC_URL's gets a sandbox card window that will not open. */
function warnOfRefusedCardWindows(env: Env, port: number, log: Logger) {
  if (!usesOwnSandbox(env)) return;
  const refused = refusedCardWindowOrigins({ publicUrl: env.PUBLIC_URL, host: env.HOST, port });
  if (refused.length === 0) return;
  log.warn(
    { publicUrl: env.PUBLIC_URL, refused },
    `The sandbox card window opens only in pages at ${new URL(env.PUBLIC_URL).origin} (PUBLIC_URL); ` +
      `the portal opened at ${refused.join(', ')} cannot take card payments`,
  );
}

export interface StartOptions {
  /** Parts of the services replaced; the product's own entry (main.ts) gives none. */
  serviceOverrides?: ServiceOverrides;
}

/** Reads the environment, prepares the database and serves until a signal stops it. */
export async function startWebPay(options: StartOptions = {}): Promise<void> {
  const env = readEnv();
  const log = pino(loggerOptions(env.LOG_LEVEL));
  let database: DatabaseHandle | undefined;
  try {
    database = await prepareDatabase(env, log);
    const app = await buildApp({
      env,
      database,
      logger: log,
      serviceOverrides: options.serviceOverrides,
      runsSchedules: true,
    });
    await app.ready();
    const running: Running = { app, admin: undefined, database };
    exitGracefullyOnSignals(running, env, log);
    running.admin = await listen(app, env, log);
    // After listening: the sandbox processor reconciliation asks may be this very server.
    await startBackgroundWork(app);
  } catch (error) {
    log.fatal({ err: error }, 'WebPay could not start');
    await database?.close().catch(() => undefined);
    process.exit(1);
  }
}
