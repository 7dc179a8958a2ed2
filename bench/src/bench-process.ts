import { spawn, type ChildProcess, type StdioOptions } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { SERVICE_BASE_PATH } from '@webpay/contracts/api';
import { serviceCaller, serviceHeaders } from '@webpay/server/testkit/server-process';
import { freePort, type ApiRequest } from '@webpay/server/testkit/test-server';

/*
 * The processes the benchmarks measure, each on a localhost port of its own,
 * started with `node --import tsx` and stopped with SIGTERM (SIGKILL after
 * 15 s). The service runs as production runs it, with real random secrets
 * and request logging off, but for two things production refuses (and so
 * NODE_ENV stays development): the demo data loaded at start and the
 * built-in sandbox processor, so that card payments are real round trips
 * without leaving the machine. Nothing else in the service reads NODE_ENV.
 */

const REPO_ROOT = fileURLToPath(new URL('../../', import.meta.url));
const STARTUP_TIMEOUT_MS = 180_000;
const REQUEST_TIMEOUT_MS = 30_000;
/** The end of a process's output is kept to explain a failure; the rest is dropped as it comes. */
const OUTPUT_TAIL_CHARS = 16_384;

export interface BenchProcess {
  baseUrl: string;
  pid: number;
  child: ChildProcess;
  outputTail(): string;
  stop(): Promise<void>;
}

export interface BenchProcessOptions {
  /** Node flags before the entry, after `--import tsx`. */
  nodeArgs?: string[];
  entry: string;
  env: NodeJS.ProcessEnv;
  baseUrl: string;
  /** Answers 2xx once the process is ready. */
  readyUrl: string;
  /** An IPC channel to the process (the soak's memory probe). */
  ipc?: boolean;
  cleanUp: () => Promise<void>;
}

export async function startBenchProcess(options: BenchProcessOptions): Promise<BenchProcess> {
  const stdio: StdioOptions = ['ignore', 'pipe', 'pipe', ...(options.ipc ? ['ipc' as const] : [])];
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', ...(options.nodeArgs ?? []), options.entry],
    { cwd: REPO_ROOT, stdio, env: options.env },
  );
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
    await options.cleanUp();
  };

  try {
    const deadline = Date.now() + STARTUP_TIMEOUT_MS;
    for (;;) {
      if (gone) throw new Error(`${options.entry} exited while starting:\n${output}`);
      if (Date.now() > deadline) throw new Error(`${options.entry} did not start:\n${output}`);
      const ready = await fetch(options.readyUrl).then(
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
  return { baseUrl: options.baseUrl, pid: child.pid ?? 0, child, outputTail: () => output, stop };
}

export interface ServiceProcess extends BenchProcess {
  /** The headers every service call carries (API key, XHR marker), plus the bearer token when given. */
  apiHeaders(token?: string): Record<string, string>;
  /** Absolute URL of a service path such as `/auth/login`. */
  apiUrl(apiPath: string): string;
  /** fetch() of a service path with this server's headers. */
  api(apiPath: string, request?: ApiRequest): Promise<Response>;
}

export interface ServiceProcessOptions {
  /** Unset: the embedded database in a fresh data directory. */
  databaseUrl: string | undefined;
  logLevel: 'info' | 'warn';
  nodeArgs?: string[];
  ipc?: boolean;
  env?: NodeJS.ProcessEnv;
}

/** The service built for production, over `databaseUrl`. */
export async function startServiceProcess(options: ServiceProcessOptions): Promise<ServiceProcess> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'webpay-bench-'));
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const apiKey = randomBytes(24).toString('base64url');
  const started = await startBenchProcess({
    entry: 'server/src/main.ts',
    nodeArgs: options.nodeArgs,
    ipc: options.ipc,
    env: {
      ...process.env,
      NODE_ENV: 'development',
      HOST: '127.0.0.1',
      PORT: String(port),
      PUBLIC_URL: baseUrl,
      DATA_DIR: dataDir,
      DATABASE_URL: options.databaseUrl ?? '',
      DEMO_DATA: 'true',
      WEBPAY_API_KEY: apiKey,
      JWT_SECRET: randomBytes(32).toString('base64url'),
      JWT_SIGNING_KEYS: '',
      SANDBOX_PROCESSOR: 'true',
      LOG_LEVEL: options.logLevel,
      SMTP_URL: '',
      REDIS_URL: '',
      // One client signs in over and over from localhost: the per-client throttle would refuse it.
      RATE_LIMIT_LOGIN_MAX: '100000',
      ...options.env,
    },
    baseUrl,
    readyUrl: `${baseUrl}/readyz`,
    cleanUp: () => rm(dataDir, { recursive: true, force: true }),
  });
  return {
    ...started,
    apiHeaders: (token) => serviceHeaders(token, apiKey),
    apiUrl: (apiPath) => `${baseUrl}${SERVICE_BASE_PATH}${apiPath}`,
    api: serviceCaller(baseUrl, { apiKey, timeoutMs: REQUEST_TIMEOUT_MS }),
  };
}
