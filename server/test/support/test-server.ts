import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createServer, type AddressInfo } from 'node:net';
import type { Writable } from 'node:stream';
import { pino } from 'pino';
import {
  API_KEY_HEADER,
  API_PATHS,
  SERVICE_BASE_PATH,
  XHR_MARKER_HEADER,
  XHR_MARKER_VALUE,
} from '@webpay/contracts/api';
import { loginResponseSchema } from '@webpay/contracts/auth';
import { buildApp, type App } from '../../src/app.ts';
import type { ServiceOverrides } from '../../src/plugins/services.ts';
import type { DatabaseHandle, DatabaseKind } from '../../src/db/client.ts';
import { SANDBOX_CONVERGE_PATH, loadEnv, type Env } from '../../src/env.ts';
import { loggerOptions } from '../../src/lib/logger.ts';
import { createTestDatabase } from './database.ts';

export interface TestServerOptions {
  /** Environment variables on top of the test defaults (quiet logs, no web build, generous rate limits). */
  env?: Record<string, string | undefined>;
  /** Serve over this database instead of a fresh one; the caller keeps ownership of it. */
  database?: DatabaseHandle;
  /** Capture the JSON log lines (at LOG_LEVEL, default info) instead of discarding them. */
  logStream?: Writable;
  /** Runs after the app is built and before it listens, e.g. to add a route a test needs. */
  beforeListen?: (app: App) => void | Promise<void>;
  /** Parts of the services replaced, e.g. the payment desk's processor by a fake. */
  serviceOverrides?: ServiceOverrides;
}

export interface ApiRequest {
  method?: string;
  /** Sent as JSON. */
  body?: unknown;
  token?: string;
  headers?: Record<string, string>;
}

export interface TestServer {
  /** e.g. `http://127.0.0.1:41234` */
  baseUrl: string;
  env: Env;
  database: DatabaseHandle;
  app: App;
  /** Absolute URL of a service path such as `/auth/login`. */
  apiUrl(path: string): string;
  /** The headers every service call carries (API key, XHR marker), plus the bearer token when given. */
  apiHeaders(token?: string): Record<string, string>;
  /** fetch() of a service path with the service headers. */
  api(path: string, request?: ApiRequest): Promise<Response>;
  /** Signs in with account number and PIN; returns the access token. */
  login(accountNumber: string, pin: string): Promise<string>;
  close(): Promise<void>;
}

/** A port nothing listens on right now, from the system's ephemeral range. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

/**
 * Builds the app for a port chosen beforehand and listens on it. The port is
 * chosen first so that the URLs the service builds for itself (PUBLIC_URL,
 * and the sandbox processor's, which it calls over HTTP) point at this very
 * server; should another socket take it meanwhile, another is chosen.
 */
async function buildAndListen(
  database: DatabaseHandle,
  dataDir: string,
  options: TestServerOptions,
): Promise<{ app: App; env: Env }> {
  const fixedPort = options.env?.PORT;
  for (let attempt = 1; ; attempt += 1) {
    const port = fixedPort ? Number(fixedPort) : await freePort();
    const selfUrl = `http://127.0.0.1:${port}`;
    const env = loadEnv({
      NODE_ENV: 'test',
      PORT: String(port),
      PUBLIC_URL: selfUrl,
      CONVERGE_HOSTED_URL: `${selfUrl}${SANDBOX_CONVERGE_PATH}/hosted-payments`,
      CONVERGE_XML_URL: `${selfUrl}${SANDBOX_CONVERGE_PATH}/VirtualMerchantDemo/processxml.do`,
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: options.logStream ? 'info' : 'silent',
      DEMO_DATA: 'false',
      WEB_DIST_DIR: join(dataDir, 'no-web-build'),
      RATE_LIMIT_LOGIN_MAX: '10000',
      // Tests settle the sandbox's batch when they mean to; a run across 22:00 must not.
      SANDBOX_SETTLEMENT_TIME: 'off',
      REDIS_KEY_PREFIX: `webpay-test-${process.pid}-${Date.now()}:`,
      ...options.env,
    });
    const app = await buildApp({
      env,
      database,
      ...(options.serviceOverrides ? { serviceOverrides: options.serviceOverrides } : {}),
      ...(options.logStream
        ? { logger: pino(loggerOptions(env.LOG_LEVEL), options.logStream) }
        : {}),
    });
    try {
      await options.beforeListen?.(app);
      await app.listen({ port: env.PORT, host: '127.0.0.1' });
      // Like a server, it sends its queued e-mail (receipts) and runs queued work.
      await app.services.jobs.startWorking();
      return { app, env };
    } catch (error) {
      await app.close();
      const taken = (error as { code?: unknown }).code === 'EADDRINUSE';
      if (!taken || fixedPort || attempt >= 5) throw error;
    }
  }
}

/**
 * The real server on a random port over a real, migrated and seeded database
 * of the given kind, for tests that speak HTTP to it.
 */
export async function startTestServer(
  kind: DatabaseKind,
  options: TestServerOptions = {},
): Promise<TestServer> {
  const dataDir = await mkdtemp(join(tmpdir(), 'webpay-test-'));
  const ownsDatabase = options.database === undefined;
  const database = options.database ?? (await createTestDatabase(kind));
  let app: App | undefined;

  const cleanUp = async () => {
    await app?.close();
    if (ownsDatabase) await database.close();
    await rm(dataDir, { recursive: true, force: true });
  };

  try {
    const started = await buildAndListen(database, dataDir, options);
    app = started.app;
    const { env } = started;
    const baseUrl = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;

    const apiHeaders = (token?: string): Record<string, string> => ({
      [API_KEY_HEADER]: env.WEBPAY_API_KEY,
      [XHR_MARKER_HEADER]: XHR_MARKER_VALUE,
      ...(token ? { Authorization: `Bearer ${token}` } : {}),
    });
    const apiUrl = (path: string) => `${baseUrl}${SERVICE_BASE_PATH}${path}`;
    const api = (path: string, request: ApiRequest = {}) =>
      fetch(apiUrl(path), {
        method: request.method ?? (request.body === undefined ? 'GET' : 'POST'),
        headers: {
          ...apiHeaders(request.token),
          ...(request.body === undefined ? {} : { 'Content-Type': 'application/json' }),
          ...request.headers,
        },
        body: request.body === undefined ? undefined : JSON.stringify(request.body),
      });
    const login = async (accountNumber: string, pin: string) => {
      const response = await api(API_PATHS.login, { body: { accountNumber, pin } });
      if (response.status !== 200) {
        throw new Error(
          `Sign-in as ${accountNumber} failed: ${response.status} ${await response.text()}`,
        );
      }
      return loginResponseSchema.parse(await response.json()).access_token;
    };

    return {
      baseUrl,
      env,
      database,
      app,
      apiUrl,
      apiHeaders,
      api,
      login,
      close: cleanUp,
    };
  } catch (error) {
    await cleanUp();
    throw error;
  }
}
