import { spawn, type ChildProcess, type SpawnOptions } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  API_KEY_HEADER,
  DEVELOPMENT_API_KEY,
  SERVICE_BASE_PATH,
  XHR_MARKER_HEADER,
  XHR_MARKER_VALUE,
} from '@webpay/contracts/api';
import { freePort, type ApiRequest } from './test-server.ts';

/*
 * Real server processes (node --import tsx server/src/main.ts), as
 * production runs them: for tests of several instances on one database, of
 * processes that die, and of the command line beside them.
 */

export const REPO_ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const STARTUP_TIMEOUT_MS = 60_000;

export interface ServerProcess {
  baseUrl: string;
  port: number;
  child: ChildProcess;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  output: () => string;
  api(apiPath: string, request?: ApiRequest): Promise<Response>;
}

export function captureOutput(child: ChildProcess): () => string {
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  return () => output;
}

/**
 * Node running a TypeScript entry of the repository: one process, so a
 * signal sent to it reaches the service itself, as under systemd.
 */
export function spawnTypeScript(
  entry: string,
  args: string[],
  options: SpawnOptions,
): ChildProcess {
  return spawn(process.execPath, ['--import', 'tsx', path.join(REPO_ROOT, entry), ...args], {
    cwd: REPO_ROOT,
    ...options,
  });
}

export function exitOf(child: ChildProcess) {
  return new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  );
}

/** The environment of a test server process: quiet, no e-mail server, no demo data unless asked. */
export function processEnv(
  databaseUrl: string,
  dataDir: string,
  extra: Record<string, string> = {},
): NodeJS.ProcessEnv {
  return {
    ...process.env,
    NODE_ENV: 'test',
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    DATABASE_URL: databaseUrl,
    DEMO_DATA: 'false',
    LOG_LEVEL: 'warn',
    RATE_LIMIT_LOGIN_MAX: '10000',
    SMTP_URL: '',
    ...extra,
  };
}

/** Starts a server process and waits until /readyz answers; `extra` overrides the environment. */
export async function startServerProcess(
  databaseUrl: string,
  dataDir: string,
  extra: Record<string, string> = {},
): Promise<ServerProcess> {
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  // A crash test's server dies at a payment step; only its own entry can do that.
  const entry = extra.WEBPAY_CRASH_AT
    ? 'server/test/faults/crashing-server.ts'
    : 'server/src/main.ts';
  const child = spawnTypeScript(entry, [], {
    // Its own process group, so whatever it starts stops with it.
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: processEnv(databaseUrl, dataDir, { PORT: String(port), PUBLIC_URL: baseUrl, ...extra }),
  });
  const output = captureOutput(child);
  const exited = exitOf(child);
  let gone = false;
  void exited.then(() => (gone = true));

  const deadline = Date.now() + STARTUP_TIMEOUT_MS;
  for (;;) {
    if (gone) throw new Error(`the server process exited while starting:\n${output()}`);
    if (Date.now() > deadline) throw new Error(`the server did not start:\n${output()}`);
    const ready = await fetch(`${baseUrl}/readyz`).then(
      (response) => response.ok,
      () => false,
    );
    if (ready) break;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }

  return { child, exited, output, baseUrl, port, api: serviceCaller(baseUrl) };
}

/** The headers every service call carries: the API key, the XHR marker, and the bearer token when given. */
export function serviceHeaders(
  token?: string,
  apiKey: string = DEVELOPMENT_API_KEY,
): Record<string, string> {
  return {
    [API_KEY_HEADER]: apiKey,
    [XHR_MARKER_HEADER]: XHR_MARKER_VALUE,
    ...(token ? { Authorization: `Bearer ${token}` } : {}),
  };
}

/**
 * fetch() of a service path at `baseUrl` with the service headers (the
 * development API key unless another is given), giving up after `timeoutMs`
 * when set.
 */
export function serviceCaller(
  baseUrl: string,
  { apiKey, timeoutMs }: { apiKey?: string; timeoutMs?: number } = {},
) {
  return (apiPath: string, request: ApiRequest = {}) =>
    fetch(`${baseUrl}${SERVICE_BASE_PATH}${apiPath}`, {
      method: request.method ?? (request.body === undefined ? 'GET' : 'POST'),
      headers: {
        ...serviceHeaders(request.token, apiKey),
        ...(request.body === undefined ? {} : { 'Content-Type': 'application/json' }),
        ...request.headers,
      },
      body: request.body === undefined ? undefined : JSON.stringify(request.body),
      ...(timeoutMs ? { signal: AbortSignal.timeout(timeoutMs) } : {}),
    });
}

export async function stopServerProcess(server: ServerProcess | undefined): Promise<void> {
  if (!server || server.child.exitCode !== null || server.child.signalCode !== null) return;
  try {
    process.kill(-(server.child.pid ?? 0), 'SIGTERM');
  } catch {
    return;
  }
  await server.exited;
}
