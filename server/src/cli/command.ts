import type { DatabaseHandle } from '../db/client.ts';
import type { Env } from '../env.ts';
import type { Services } from '../plugins/services.ts';

/*
 * The `webpay` command line: one file per command under commands/, each
 * describing its options and help, run by webpay.ts with a context that
 * opens what it needs. Tests run commands in-process with their own context.
 */

export interface CommandIo {
  /** What the command reports. */
  out(line: string): void;
  /** Problems and usage errors. */
  err(line: string): void;
}

export interface CommandContext {
  io: CommandIo;
  env: Env;
  /** Opens the configured database (migrated) and the services on it, runs `work`, closes them. */
  withServices<T>(work: (services: Services, database: DatabaseHandle) => Promise<T>): Promise<T>;
  /** Opens the configured database as it is, not migrated (the db:* commands), runs `work`, closes it. */
  withDatabase<T>(work: (database: DatabaseHandle) => Promise<T>): Promise<T>;
}

export interface CommandOption {
  type: 'string' | 'boolean';
  short?: string;
  /** For string options: what the value is, e.g. NUMBER. */
  valueName?: string;
  /** For string options: may be given more than once; the value is then an array. */
  multiple?: boolean;
  description: string;
}

export type CommandValues = Record<string, string | string[] | boolean | undefined>;

/** A value given without an option name, e.g. the file of `webpay apply FILE`. */
export interface CommandArgument {
  /** As the usage line shows it, e.g. FILE. */
  name: string;
  description: string;
}

export interface Command {
  name: string;
  /** One line for the command list. */
  summary: string;
  /** Paragraphs shown by `webpay <command> --help`. */
  description: string[];
  options: Record<string, CommandOption>;
  /** Required, in this order; a command without them takes none. */
  arguments?: CommandArgument[];
  /** Resolves to the process exit code; `args` holds one value per declared argument. */
  run(values: CommandValues, context: CommandContext, args: string[]): Promise<number>;
}
