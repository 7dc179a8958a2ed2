import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

const run = promisify(execFile);
const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

/** Where the browser tests' server on `port` leaves the settings its commands need. */
export function commandEnvFor(port: number): string {
  return path.join(os.tmpdir(), `webpay-e2e-command-env-${port}.json`);
}

export interface CommandResult {
  stdout: string;
  stderr: string;
}

/**
 * Runs `npm run webpay -- <args>` as the billing office would, on the
 * database of the server at `baseUrl` (a PostgreSQL one: see start-server.ts).
 */
export async function webpayCommand(baseUrl: string, args: string[]): Promise<CommandResult> {
  const port = Number(new URL(baseUrl).port);
  const serverEnv = JSON.parse(readFileSync(commandEnvFor(port), 'utf8')) as Record<string, string>;
  if (serverEnv.DATABASE_URL?.startsWith('memory:')) {
    throw new Error(
      `The server at ${baseUrl} keeps its database in memory; commands cannot reach it`,
    );
  }
  return run(
    process.execPath,
    ['--import', 'tsx', path.join(repoRoot, 'server/src/cli/webpay.ts'), ...args],
    { cwd: repoRoot, env: { ...process.env, ...serverEnv }, timeout: 120_000 },
  );
}
