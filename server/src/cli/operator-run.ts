import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import type { DatabaseHandle } from '../db/client.ts';
import { migrateDatabase } from '../db/migrate.ts';
import { seedReferenceData } from '../db/reference-data.ts';
import type { RequestContext } from '../lib/request-context.ts';
import type { CommandContext, CommandIo } from './command.ts';
import { operatorPath } from './operator-path.ts';

/**
 * What a command's audit events carry in place of an HTTP request: one id
 * per run, `cli-<command>-<uuid>`, so `webpay audit --request` finds the
 * whole run.
 */
export function operatorRequestContext(command: string): RequestContext {
  const requestId = `cli-${command}-${randomUUID()}`;
  return { requestId, correlationId: requestId, ipAddress: '' };
}

/** A file named on the command line, as text; undefined (after saying why) when it can't be read. */
export async function readOperatorFile(
  command: string,
  file: string,
  io: CommandIo,
): Promise<string | undefined> {
  try {
    return await readFile(operatorPath(file), 'utf8');
  } catch (error) {
    io.err(`${command}: cannot read ${file}: ${error instanceof Error ? error.message : error}`);
    return undefined;
  }
}

/**
 * The configured database, migrated and with its facilities, for commands
 * that need nothing else: no processor, no mail, no services.
 */
export function withMigratedDatabase<T>(
  { withDatabase }: Pick<CommandContext, 'withDatabase'>,
  work: (database: DatabaseHandle) => Promise<T>,
): Promise<T> {
  return withDatabase(async (database) => {
    await migrateDatabase(database);
    await seedReferenceData(database.db);
    return work(database);
  });
}
