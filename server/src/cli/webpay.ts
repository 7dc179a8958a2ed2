import { realpathSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parseArgs, type ParseArgsConfig } from 'node:util';
import { openDatabase } from '../db/client.ts';
import { migrateDatabase } from '../db/migrate.ts';
import { seedReferenceData } from '../db/reference-data.ts';
import { EnvError, loadEnv, type Env } from '../env.ts';
import {
  startLocalSandbox,
  usesOwnSandbox,
  type LocalSandbox,
} from '../modules/converge-sandbox/local-sandbox.ts';
import { ConvergeClient } from '../modules/payments/converge/converge.client.ts';
import { defineSchedules } from '../plugins/schedules.ts';
import { createServices } from '../plugins/services.ts';
import type { Command, CommandContext, CommandIo, CommandValues } from './command.ts';
import { errorMessage } from './db-cli.ts';
import { applyPaymentsCommand } from './commands/apply-payments.ts';
import { autopayCommand } from './commands/autopay.ts';
import { auditCommand } from './commands/audit.ts';
import { checkConfigCommand } from './commands/check-config.ts';
import { dbMigrateCommand } from './commands/db-migrate.ts';
import { dbResetCommand } from './commands/db-reset.ts';
import { exportPaymentsCommand } from './commands/export-payments.ts';
import { importFeedCommand } from './commands/import-feed.ts';
import { issuePinsCommand } from './commands/issue-pins.ts';
import { jobsCommand } from './commands/jobs.ts';
import { notifyStatementsCommand } from './commands/notify-statements.ts';
import { reconcileCommand } from './commands/reconcile.ts';
import { resealPaymentMethodsCommand } from './commands/reseal-payment-methods.ts';
import { sandboxSettleCommand } from './commands/sandbox-settle.ts';
import { staffCommand } from './commands/staff.ts';

/*
 * `npm run webpay -- <command> [options]`: the billing office's tools. Each
 * command lives in commands/ and is listed here.
 */

export const COMMANDS: readonly Command[] = [
  importFeedCommand,
  notifyStatementsCommand,
  reconcileCommand,
  autopayCommand,
  exportPaymentsCommand,
  applyPaymentsCommand,
  auditCommand,
  issuePinsCommand,
  staffCommand,
  jobsCommand,
  checkConfigCommand,
  dbMigrateCommand,
  dbResetCommand,
  sandboxSettleCommand,
  resealPaymentMethodsCommand,
];

const PROGRAM = 'webpay';

function optionUsage(name: string, option: Command['options'][string]): string {
  return option.type === 'string' ? `--${name} ${option.valueName ?? 'VALUE'}` : `--${name}`;
}

export function generalHelp(): string[] {
  const width = Math.max(...COMMANDS.map((command) => command.name.length)) + 2;
  return [
    `Usage: ${PROGRAM} <command> [options]`,
    '',
    'Commands:',
    ...COMMANDS.map((command) => `  ${command.name.padEnd(width)}${command.summary}`),
    '',
    `Run "${PROGRAM} <command> --help" for a command's options.`,
    'Configuration comes from the same environment variables as the server (README, Configuration).',
  ];
}

export function commandHelp(command: Command): string[] {
  const options = Object.entries(command.options);
  const args = command.arguments ?? [];
  const usage = [
    ...options.map(([name, option]) => `[${optionUsage(name, option)}]`),
    ...args.map((argument) => argument.name),
  ].join(' ');
  const width = Math.max(
    ...options.map(([name, option]) => optionUsage(name, option).length),
    ...args.map((argument) => argument.name.length),
    6,
  );
  return [
    `Usage: ${PROGRAM} ${command.name} ${usage}`.trimEnd(),
    '',
    ...command.description.flatMap((paragraph) => [paragraph, '']),
    ...(args.length > 0
      ? [
          'Arguments:',
          ...args.map((argument) => `  ${argument.name.padEnd(width + 2)}${argument.description}`),
          '',
        ]
      : []),
    'Options:',
    ...options.map(
      ([name, option]) => `  ${optionUsage(name, option).padEnd(width + 2)}${option.description}`,
    ),
    `  ${'--help'.padEnd(width + 2)}show this help`,
  ];
}

/** Runs one command line; resolves to the exit code. */
export async function runCli(argv: readonly string[], context: CommandContext): Promise<number> {
  const { io } = context;
  const [name, ...rest] = argv;
  if (name === undefined || name === '--help' || name === '-h' || name === 'help') {
    for (const line of generalHelp()) (name === undefined ? io.err : io.out)(line);
    return name === undefined ? 1 : 0;
  }
  const command = COMMANDS.find((candidate) => candidate.name === name);
  if (!command) {
    io.err(`${PROGRAM}: unknown command "${name}"`);
    for (const line of generalHelp()) io.err(line);
    return 1;
  }

  const options: ParseArgsConfig['options'] = { help: { type: 'boolean', short: 'h' } };
  for (const [optionName, option] of Object.entries(command.options)) {
    options[optionName] = {
      type: option.type,
      ...(option.short ? { short: option.short } : {}),
      ...(option.multiple ? { multiple: true } : {}),
    };
  }
  const expected = command.arguments ?? [];
  let values: CommandValues;
  let positionals: string[];
  try {
    const parsed = parseArgs({
      args: [...rest],
      options,
      strict: true,
      allowPositionals: expected.length > 0,
    });
    // Only an option declared `multiple` has an array for its value.
    values = parsed.values as CommandValues;
    positionals = parsed.positionals;
  } catch (error) {
    io.err(`${PROGRAM} ${command.name}: ${error instanceof Error ? error.message : String(error)}`);
    for (const line of commandHelp(command)) io.err(line);
    return 1;
  }
  if (values.help) {
    for (const line of commandHelp(command)) io.out(line);
    return 0;
  }
  if (positionals.length !== expected.length) {
    const names = expected
      .slice(positionals.length)
      .map((argument) => argument.name)
      .join(' ');
    io.err(
      positionals.length < expected.length
        ? `${PROGRAM} ${command.name}: missing ${names}`
        : `${PROGRAM} ${command.name}: unexpected argument "${positionals[expected.length] ?? ''}"`,
    );
    for (const line of commandHelp(command)) io.err(line);
    return 1;
  }
  return command.run(values, context, positionals);
}

/** The real context: the configured database and mail, output on the terminal. */
function processContext(env: Env): CommandContext {
  const io: CommandIo = { out: (line) => console.info(line), err: (line) => console.error(line) };
  return {
    io,
    env,
    async withDatabase(work) {
      const database = await openDatabase({ url: env.DATABASE_URL, dataDir: env.DATA_DIR });
      try {
        return await work(database);
      } finally {
        await database.close();
      }
    },
    async withServices(work) {
      const database = await openDatabase({ url: env.DATABASE_URL, dataDir: env.DATA_DIR });
      try {
        await migrateDatabase(database);
        await seedReferenceData(database.db);
        // The sandbox processor is served by the server; a command may run without one.
        const sandbox: LocalSandbox | undefined = usesOwnSandbox(env)
          ? await startLocalSandbox(database.db, env)
          : undefined;
        try {
          const services = createServices(
            database,
            env,
            {
              info: (_fields, message) => io.out(message),
              warn: (_fields, message) => io.err(message),
              error: (_fields, message) => io.err(message),
            },
            sandbox
              ? {
                  overrides: {
                    processor: new ConvergeClient(sandbox.env, {
                      timeoutMs: env.CONVERGE_TIMEOUT_MS,
                    }),
                  },
                }
              : {},
          );
          // The server's queues, so that `webpay jobs` sees them all; a command runs no schedule.
          defineSchedules(services, env);
          await services.jobs.start();
          try {
            return await work(services, database);
          } finally {
            await services.jobs.stop();
            await services.mail.close();
          }
        } finally {
          await sandbox?.close();
        }
      } finally {
        await database.close();
      }
    },
  };
}

/**
 * The help a command line asks for, which needs no configuration: an
 * operator reads it before the environment is set up. Undefined when the
 * command line asks for something else.
 */
export function helpWithoutConfiguration(argv: readonly string[]): string[] | undefined {
  const [name, ...rest] = argv;
  if (name === '--help' || name === '-h' || name === 'help') return generalHelp();
  const command = COMMANDS.find((candidate) => candidate.name === name);
  if (command && rest.some((arg) => arg === '--help' || arg === '-h')) return commandHelp(command);
  return undefined;
}

async function main(): Promise<void> {
  const help = helpWithoutConfiguration(process.argv.slice(2));
  if (help) {
    for (const line of help) console.info(line);
    return;
  }
  let env: Env;
  try {
    env = loadEnv();
  } catch (error) {
    if (error instanceof EnvError) {
      // check-config's verdict, and every other command's reason not to run.
      console.error(error.message);
      process.exitCode = 1;
      return;
    }
    throw error;
  }
  try {
    process.exitCode = await runCli(process.argv.slice(2), processContext(env));
  } catch (error) {
    console.error(`${PROGRAM}: ${errorMessage(error)}`);
    process.exitCode = 1;
  }
}

const invokedDirectly =
  process.argv[1] !== undefined &&
  realpathSync(process.argv[1]) === realpathSync(fileURLToPath(import.meta.url));
if (invokedDirectly) await main();
