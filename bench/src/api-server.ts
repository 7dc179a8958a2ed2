import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  API_KEY_HEADER,
  API_PATHS,
  SERVICE_BASE_PATH,
  XHR_MARKER_HEADER,
  XHR_MARKER_VALUE,
} from '@webpay/contracts/api';
import { freePort, type ApiRequest } from '../../server/src/test/test-server.ts';
import { CEILING_BODY_FILE_ENV } from './api-ceiling.ts';

/*
 * The processes the API benchmark measures, each on a localhost port of its
 * own: the service as production runs it (as in soak-server.ts, but with
 * request logging off, LOG_LEVEL=warn, and no memory probe), and the bare
 * Fastify ceiling of api-ceiling.ts.
 */

const REPO_ROOT = fileURLToPath(new URL('../../', import.meta.url));
const CEILING_ENTRY = fileURLToPath(new URL('./api-ceiling.ts', import.meta.url));
const STARTUP_TIMEOUT_MS = 180_000;
const REQUEST_TIMEOUT_MS = 30_000;
const OUTPUT_TAIL_CHARS = 16_384;

export interface BenchProcess {
  baseUrl: string;
  pid: number;
  outputTail(): string;
  stop(): Promise<void>;
}

export interface ApiServer extends BenchProcess {
  /** The headers every service call carries (API key, XHR marker), plus the bearer token when given. */
  apiHeaders(token?: string): Record<string, string>;
  /** Absolute URL of a service path such as `/auth/login`. */
  apiUrl(apiPath: string): string;
  /** fetch() of a service path with this server's headers. */
  api(apiPath: string, request?: ApiRequest): Promise<Response>;
}

export interface CeilingServer extends BenchProcess {
  /** The URL of its one route. */
  url: string;
}

/** Spawns `node --import tsx <args>` and waits until `readyUrl` answers 2xx. */
async function startProcess(
  args: string[],
  env: NodeJS.ProcessEnv,
  baseUrl: string,
  readyUrl: string,
  cleanUp: () => Promise<void>,
): Promise<BenchProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', ...args], {
    cwd: REPO_ROOT,
    stdio: ['ignore', 'pipe', 'pipe'],
    env,
  });
  let output = '';
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-OUTPUT_TAIL_CHARS);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  let gone = false;
  void exited.then(() => (gone = true));

  const stop = async () => {
    if (!gone) {
      child.kill('SIGTERM');
      const forced = setTimeout(() => child.kill('SIGKILL'), 15_000);
      await exited;
      clearTimeout(forced);
    }
    await cleanUp();
  };

  try {
    const deadline = Date.now() + STARTUP_TIMEOUT_MS;
    for (;;) {
      if (gone) throw new Error(`${args.join(' ')} exited while starting:\n${output}`);
      if (Date.now() > deadline) throw new Error(`${args.join(' ')} did not start:\n${output}`);
      const ready = await fetch(readyUrl).then(
        (response) => response.ok,
        () => false,
      );
      if (ready) break;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  } catch (error) {
    await stop();
    throw error;
  }
  return { baseUrl, pid: child.pid ?? 0, outputTail: () => output, stop };
}

/**
 * The service with NODE_ENV=production, real random secrets, the demo data
 * loaded at start and the sandbox processor on, over `databaseUrl` (unset:
 * the embedded database in a fresh data directory).
 */
export async function startApiServer(databaseUrl: string | undefined): Promise<ApiServer> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'webpay-api-bench-'));
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const apiKey = randomBytes(24).toString('base64url');
  const started = await startProcess(
    ['server/src/main.ts'],
    {
      ...process.env,
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(port),
      PUBLIC_URL: baseUrl,
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl ?? '',
      DEMO_DATA: 'true',
      WEBPAY_API_KEY: apiKey,
      JWT_SECRET: randomBytes(32).toString('base64url'),
      JWT_SIGNING_KEYS: '',
      SANDBOX_PROCESSOR: 'true',
      LOG_LEVEL: 'warn',
      SMTP_URL: '',
      REDIS_URL: '',
      WEBPAY_FAULT_INJECTION: '',
      // One client signs in over and over from localhost: the per-client throttle would refuse it.
      RATE_LIMIT_LOGIN_MAX: '100000',
    },
    baseUrl,
    `${baseUrl}/readyz`,
    () => rm(dataDir, { recursive: true, force: true }),
  );

  const apiHeaders = (token?: string): Record<string, string> => ({
    [API_KEY_HEADER]: apiKey,
    [XHR_MARKER_HEADER]: XHR_MARKER_VALUE,
    ...(token ? { Authorization: `Bearer ${token}` } : {}),
  });
  const apiUrl = (apiPath: string) => `${baseUrl}${SERVICE_BASE_PATH}${apiPath}`;
  return {
    ...started,
    apiHeaders,
    apiUrl,
    api: (apiPath, request = {}) =>
      fetch(apiUrl(apiPath), {
        method: request.method ?? (request.body === undefined ? 'GET' : 'POST'),
        headers: {
          ...apiHeaders(request.token),
          ...(request.body === undefined ? {} : { 'Content-Type': 'application/json' }),
          ...request.headers,
        },
        body: request.body === undefined ? undefined : JSON.stringify(request.body),
        signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
      }),
  };
}

/** The bare Fastify ceiling (api-ceiling.ts), answering GET /encounters with `body` from memory. */
export async function startCeilingServer(body: string): Promise<CeilingServer> {
  const dir = await mkdtemp(path.join(tmpdir(), 'webpay-api-ceiling-'));
  const bodyFile = path.join(dir, 'encounters.json');
  await writeFile(bodyFile, body);
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const url = `${baseUrl}${SERVICE_BASE_PATH}${API_PATHS.encounters}`;
  const started = await startProcess(
    [CEILING_ENTRY],
    {
      ...process.env,
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(port),
      [CEILING_BODY_FILE_ENV]: bodyFile,
    },
    baseUrl,
    url,
    () => rm(dir, { recursive: true, force: true }),
  );
  return { ...started, url };
}
