import { randomBytes } from 'node:crypto';
import { link, open, rm } from 'node:fs/promises';
import path from 'node:path';
import { csvText } from '../../lib/csv.ts';

/*
 * The file the statement printing vendor gets: one row per guarantor with
 * the PIN to print on their statement. CSV like the posting file
 * (lib/csv.ts), so a name from the billing feed that looks like a formula is
 * text in the vendor's spreadsheet. It is the only place a PIN ever exists in clear, so it is
 * readable by its owner alone.
 */

export const PIN_FILE_COLUMNS = [
  'account_number',
  'mmi',
  'first_name',
  'last_name',
  'pin',
  'issued_at',
] as const;

export interface IssuedPin {
  accountNumber: string;
  mmi: string;
  firstName: string;
  lastName: string;
  /** Eight digits, possibly starting with 0. */
  pin: string;
  issuedAt: Date;
}

export function pinFileText(pins: readonly IssuedPin[]): string {
  return csvText(
    PIN_FILE_COLUMNS,
    pins.map((pin) => [
      pin.accountNumber,
      pin.mmi,
      pin.firstName,
      pin.lastName,
      pin.pin,
      pin.issuedAt.toISOString(),
    ]),
  );
}

/** A file written in full under a temporary name, waiting to get its own. */
export interface StagedFile {
  /** The temporary name, in the same directory. */
  readonly stagedPath: string;
  /** Gives it its name; never over an existing file. */
  publish(): Promise<void>;
  /** Deletes it. */
  discard(): Promise<void>;
}

export class FileNotPublishedError extends Error {
  constructor(
    readonly stagedPath: string,
    readonly target: string,
    cause: unknown,
  ) {
    super(
      `${stagedPath} could not be renamed to ${target}: ` +
        `${cause instanceof Error ? cause.message : String(cause)}`,
      { cause },
    );
    this.name = 'FileNotPublishedError';
  }
}

/**
 * Writes `text` beside `target` under a temporary name, readable by its
 * owner only (mode 0600), and flushes it to disk, so that once it is staged
 * it survives a crash.
 */
export async function stageFile(target: string, text: string): Promise<StagedFile> {
  const stagedPath = path.join(
    path.dirname(target),
    `.${path.basename(target)}.${randomBytes(6).toString('hex')}.partial`,
  );
  const handle = await open(stagedPath, 'wx', 0o600);
  try {
    await handle.writeFile(text, 'utf8');
    await handle.sync();
  } catch (error) {
    await handle.close().catch(() => undefined);
    await rm(stagedPath, { force: true });
    throw error;
  }
  await handle.close();
  return {
    stagedPath,
    async publish() {
      try {
        // A hard link, unlike rename, fails when the target exists meanwhile.
        await link(stagedPath, target);
      } catch (error) {
        throw new FileNotPublishedError(stagedPath, target, error);
      }
      await rm(stagedPath, { force: true });
    },
    discard: () => rm(stagedPath, { force: true }),
  };
}
