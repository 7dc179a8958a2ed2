import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  API_KEY_HEADER,
  SERVICE_BASE_PATH,
  XHR_MARKER_HEADER,
  XHR_MARKER_VALUE,
} from '@webpay/contracts/api';
import { freePort, type ApiRequest } from '../../server/src/test/test-server.ts';
import { MEMORY_REQUEST, PROBE_ENV, type MemorySample } from './soak-probe.ts';

/*
 * The service as production runs it — its own process, NODE_ENV=production
 * with real secrets, request logging at info, the demo data loaded at start —
 * on a localhost port, with the memory probe loaded beside it. Only the
 * processor is the built-in sandbox, so that card payments are real round
 * trips without leaving the machine.
 */

const REPO_ROOT = fileURLToPath(new URL('../../', import.meta.url));
const PROBE = fileURLToPath(new URL('./soak-probe.ts', import.meta.url));
const STARTUP_TIMEOUT_MS = 180_000;
const REQUEST_TIMEOUT_MS = 30_000;
/** The end of the server's output is kept to explain a failure; the rest is dropped as it comes. */
const OUTPUT_TAIL_CHARS = 16_384;

export interface SoakServer {
  baseUrl: string;
  pid: number;
  /** fetch() of a service path with this server's API key. */
  api(apiPath: string, request?: ApiRequest): Promise<Response>;
  /** The server process's memory, after a full collection when --expose-gc took. */
  memory(): Promise<MemorySample>;
  outputTail(): string;
  stop(): Promise<void>;
}

/** Starts the server over `databaseUrl` (unset: the embedded database in a fresh data directory). */
export async function startSoakServer(databaseUrl: string | undefined): Promise<SoakServer> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'webpay-soak-'));
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const apiKey = randomBytes(24).toString('base64url');
  const child = spawn(
    process.execPath,
    ['--expose-gc', '--import', 'tsx', '--import', PROBE, 'server/src/main.ts'],
    {
      cwd: REPO_ROOT,
      stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
      env: {
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
        LOG_LEVEL: 'info',
        SMTP_URL: '',
        REDIS_URL: '',
        WEBPAY_FAULT_INJECTION: '',
        // One client signs in over and over from localhost: the per-client throttle would refuse it.
        RATE_LIMIT_LOGIN_MAX: '100000',
        [PROBE_ENV]: '1',
      },
    },
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
    await rm(dataDir, { recursive: true, force: true });
  };

  try {
    const deadline = Date.now() + STARTUP_TIMEOUT_MS;
    for (;;) {
      if (gone) throw new Error(`the server exited while starting:\n${output}`);
      if (Date.now() > deadline) throw new Error(`the server did not start:\n${output}`);
      const ready = await fetch(`${baseUrl}/readyz`).then(
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

  return {
    baseUrl,
    pid: child.pid ?? 0,
    api: (apiPath, request = {}) =>
      fetch(`${baseUrl}${SERVICE_BASE_PATH}${apiPath}`, {
        method: request.method ?? (request.body === undefined ? 'GET' : 'POST'),
        headers: {
          [API_KEY_HEADER]: apiKey,
          [XHR_MARKER_HEADER]: XHR_MARKER_VALUE,
          ...(request.token ? { Authorization: `Bearer ${request.token}` } : {}),
          ...(request.body === undefined ? {} : { 'Content-Type': 'application/json' }),
          ...request.headers,
        },
        body: request.body === undefined ? undefined : JSON.stringify(request.body),
        signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
      }),
    memory: () =>
      new Promise<MemorySample>((resolve, reject) => {
        const timer = setTimeout(() => {
          child.off('message', onMessage);
          reject(new Error('the server did not report its memory within 10 s'));
        }, 10_000);
        const onMessage = (message: unknown) => {
          if ((message as Partial<MemorySample> | null)?.type !== MEMORY_REQUEST) return;
          clearTimeout(timer);
          child.off('message', onMessage);
          resolve(message as MemorySample);
        };
        child.on('message', onMessage);
        child.send(MEMORY_REQUEST);
      }),
    outputTail: () => output,
    stop,
  };
}
