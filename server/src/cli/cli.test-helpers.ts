import type { TestServer } from '../test/test-server.ts';
import type { CommandContext } from './command.ts';
import { runCli } from './webpay.ts';

export interface CliRun {
  code: number;
  out: string[];
  err: string[];
}

/** Runs `webpay` command lines in-process against a test server's database and services. */
export function cliRunner(server: () => TestServer): (...argv: string[]) => Promise<CliRun> {
  return async (...argv) => {
    const out: string[] = [];
    const err: string[] = [];
    const context: CommandContext = {
      io: { out: (line) => out.push(line), err: (line) => err.push(line) },
      env: server().env,
      withServices: (work) => work(server().app.services, server().database),
    };
    const code = await runCli(argv, context);
    return { code, out, err };
  };
}
