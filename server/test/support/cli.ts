import type { DatabaseHandle } from '../../src/db/client.ts';
import type { Env } from '../../src/env.ts';
import type { TestServer } from './test-server.ts';
import type { CommandContext } from '../../src/cli/command.ts';
import { runCli } from '../../src/cli/webpay.ts';

export interface CliRun {
  code: number;
  out: string[];
  err: string[];
}

type ContextSources = Pick<CommandContext, 'env' | 'withServices' | 'withDatabase'>;

function runnerOver(sources: () => ContextSources): (...argv: string[]) => Promise<CliRun> {
  return async (...argv) => {
    const out: string[] = [];
    const err: string[] = [];
    const context: CommandContext = {
      io: { out: (line) => out.push(line), err: (line) => err.push(line) },
      ...sources(),
    };
    const code = await runCli(argv, context);
    return { code, out, err };
  };
}

/** Runs `webpay` command lines in-process against a test server's database and services. */
export function cliRunner(server: () => TestServer): (...argv: string[]) => Promise<CliRun> {
  return runnerOver(() => ({
    env: server().env,
    withServices: (work) => work(server().app.services, server().database),
    withDatabase: (work) => work(server().database),
  }));
}

/**
 * Runs `webpay` command lines in-process on a database alone, with no server
 * and no services: for the db:* commands, which must not need them.
 */
export function databaseCliRunner(
  target: () => { env: Env; database: DatabaseHandle },
): (...argv: string[]) => Promise<CliRun> {
  return runnerOver(() => ({
    env: target().env,
    withServices: () => Promise.reject(new Error('this command was given no services')),
    withDatabase: (work) => work(target().database),
  }));
}
