import { open, readFile, rm } from 'node:fs/promises';

/**
 * PGlite has no lock of its own: two processes opening one data directory
 * (the server and `npm run webpay` or `db:reset`, say) would both write to
 * it and corrupt it. A lock file beside the directory, naming the process
 * that holds it, keeps the second one out; a lock left by a process that
 * has died is taken over.
 */

export class EmbeddedDatabaseInUseError extends Error {
  constructor(
    readonly directory: string,
    readonly pid: number,
  ) {
    super(
      `The embedded database in ${directory} is in use by another process (pid ${pid}), ` +
        'probably the WebPay server. Stop it first, or set DATABASE_URL to a PostgreSQL ' +
        'database, which the server and the command-line tools can share.',
    );
    this.name = 'EmbeddedDatabaseInUseError';
  }
}

/** Lock files this process holds: a pid in a lock file is only "ours" if it is in here. */
const heldHere = new Set<string>();

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it exists, it just is not ours to signal.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

async function holderOf(lockFile: string): Promise<number | undefined> {
  const text = await readFile(lockFile, 'utf8').catch(() => '');
  const pid = Number.parseInt(text.trim(), 10);
  return Number.isInteger(pid) && pid > 0 ? pid : undefined;
}

/** Takes the lock of an embedded database directory; resolves to its release. */
export async function lockEmbeddedDirectory(directory: string): Promise<() => Promise<void>> {
  const lockFile = `${directory}.lock`;
  if (heldHere.has(lockFile)) throw new EmbeddedDatabaseInUseError(directory, process.pid);
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      const file = await open(lockFile, 'wx');
      try {
        await file.writeFile(`${process.pid}\n`);
      } finally {
        await file.close();
      }
      heldHere.add(lockFile);
      return async () => {
        if (!heldHere.delete(lockFile)) return;
        await rm(lockFile, { force: true });
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const holder = await holderOf(lockFile);
      // A pid that is not alive, or is this process's without it holding the
      // lock (a restarted container reuses pids), left the file behind.
      if (holder !== undefined && holder !== process.pid && isAlive(holder)) {
        throw new EmbeddedDatabaseInUseError(directory, holder);
      }
      await rm(lockFile, { force: true });
    }
  }
  throw new Error(`Could not lock the embedded database in ${directory}; try again.`);
}
