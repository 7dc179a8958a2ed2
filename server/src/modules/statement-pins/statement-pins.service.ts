import { availableParallelism } from 'node:os';
import type { Database } from '../../db/client.ts';
import type { RequestContext } from '../../lib/request-context.ts';
import { hashPin, randomDigits } from '../../lib/secrets.ts';
import { AuditRepository, type AuditActor } from '../audit/index.ts';
import type { IssuedPin, StagedFile } from './pin-file.ts';
import { StatementPinsRepository, type PinHolder } from './statement-pins.repository.ts';

/*
 * The PINs printed on paper statements, which guarantors sign in with. The
 * billing office issues new ones; only their hashes are kept, so the file
 * handed to the statement printer is the one place a PIN is ever known.
 */

export const PIN_DIGITS = 8;

/**
 * scrypt runs on libuv's thread pool (four threads by default), one core per
 * hash: more hashes in flight than cores or threads would only wait, each
 * holding its 16 MiB.
 */
const HASH_CONCURRENCY = Math.max(1, Math.min(4, availableParallelism()));

export interface PinSelection {
  /** Only these accounts; every guarantor when absent. */
  accountNumbers?: readonly string[];
  /** Leave out guarantors who have a PIN already. */
  withoutPinOnly: boolean;
}

export interface PinPlan {
  /** Who gets a new PIN, by account number. */
  guarantors: PinHolder[];
  /** Account numbers asked for that no guarantor has. */
  unknownAccounts: string[];
  /** Selected, but left out because they have a PIN already. */
  skipped: number;
}

export interface IssueOptions {
  /**
   * Writes the new PINs down in full, under a name that is not yet the
   * final one; called before any PIN changes.
   */
  stage(pins: readonly IssuedPin[]): Promise<StagedFile>;
  /** The file's name, for the audit trail. */
  fileName: string;
  /** After each PIN is hashed. */
  onProgress?(hashed: number, total: number): void;
  now?: Date;
  /** Who issues them: the operator at the command line unless a staff member does. */
  actor?: AuditActor;
}

export interface IssueReport {
  issued: number;
  /** How many of them replaced a PIN. */
  replaced: number;
  issuedAt: Date;
}

/** A PIN changed (or its guarantor went away) after it was read; nothing was changed. */
export class PinChangedMeanwhileError extends Error {
  constructor(readonly accountNumber: string) {
    super(
      `the PIN of account ${accountNumber} changed, or the guarantor was removed, while the new ` +
        'PINs were being prepared',
    );
    this.name = 'PinChangedMeanwhileError';
  }
}

/** The commit failed, and may or may not have happened; the file is kept in case it did. */
export class UncertainCommitError extends Error {
  constructor(
    readonly stagedPath: string,
    readonly issuedAt: Date,
    cause: unknown,
  ) {
    super(
      `the database did not confirm the new PINs (${cause instanceof Error ? cause.message : String(cause)}). ` +
        `If they took effect, the guarantors' pin_issued_at is ${issuedAt.toISOString()}, as in the ` +
        `pin.issued audit events, and ${stagedPath} holds their PINs; otherwise delete that file`,
      { cause },
    );
    this.name = 'UncertainCommitError';
  }
}

/** `fn` over `items`, at most `limit` at a time, results in the order of `items`. */
async function mapConcurrently<T, R>(
  items: readonly T[],
  limit: number,
  fn: (item: T) => Promise<R>,
): Promise<R[]> {
  const results: R[] = new Array<R>(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next;
      next += 1;
      results[index] = await fn(items[index] as T);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}

export class StatementPinsService {
  private readonly repository: StatementPinsRepository;

  constructor(private readonly db: Database) {
    this.repository = new StatementPinsRepository(db);
  }

  /** Who the selection gives a new PIN; reads only. */
  async plan(selection: PinSelection): Promise<PinPlan> {
    const { accountNumbers, withoutPinOnly } = selection;
    if (accountNumbers === undefined) {
      return {
        guarantors: await this.repository.all({ withoutPinOnly }),
        unknownAccounts: [],
        skipped: withoutPinOnly ? await this.repository.countWithPin() : 0,
      };
    }
    const selected = await this.repository.byAccountNumbers(accountNumbers);
    const found = new Set(selected.map((holder) => holder.accountNumber));
    const chosen = withoutPinOnly ? selected.filter((holder) => holder.pinHash === null) : selected;
    return {
      guarantors: chosen,
      unknownAccounts: accountNumbers.filter((number) => !found.has(number)),
      skipped: selected.length - chosen.length,
    };
  }

  /**
   * Gives each of `holders` a new random PIN, which replaces the one they had.
   *
   * The file and the database must never disagree: a PIN in the database
   * that is in no file locks its guarantor out (the old PIN stops working
   * and nobody knows the new one), and a printed PIN that never took effect
   * is just as useless. So the whole file is written and flushed first,
   * under a temporary name; then every PIN changes in one transaction,
   * which also checks that each PIN is still the one read when planning (a
   * second run at the same time rolls back rather than leave the first one's
   * file stale); and only once that has committed does the file get its
   * name. A failed write changes nothing, a failed transaction deletes the
   * file. A commit whose outcome is unknown, or a crash between commit and
   * rename, leaves the temporary file: its PINs are in effect exactly when
   * its issued_at equals the guarantors' pin_issued_at.
   */
  async issue(
    holders: readonly PinHolder[],
    options: IssueOptions,
    context: RequestContext,
  ): Promise<IssueReport> {
    const issuedAt = options.now ?? new Date();
    let hashed = 0;
    // randomDigits draws each digit with crypto.randomInt, which rejects
    // rather than reduces modulo 10: every PIN is equally likely.
    const prepared = await mapConcurrently(holders, HASH_CONCURRENCY, async (holder) => {
      const pin = randomDigits(PIN_DIGITS);
      const pinHash = await hashPin(pin);
      hashed += 1;
      options.onProgress?.(hashed, holders.length);
      return { holder, pin, pinHash };
    });

    const staged = await options.stage(
      prepared.map(({ holder, pin }) => ({
        accountNumber: holder.accountNumber,
        mmi: holder.mmi,
        firstName: holder.firstName,
        lastName: holder.lastName,
        pin,
        issuedAt,
      })),
    );
    let committing = false;
    try {
      await this.db.transaction(async (tx) => {
        const repository = new StatementPinsRepository(tx);
        const audit = new AuditRepository(tx);
        for (const { holder, pinHash } of prepared) {
          if (!(await repository.replacePin(holder, pinHash, issuedAt))) {
            throw new PinChangedMeanwhileError(holder.accountNumber);
          }
          await audit.record(context, {
            action: 'pin.issued',
            outcome: 'success',
            ...(options.actor ?? { actorType: 'operator' }),
            guarantorId: holder.id,
            targetType: 'guarantor',
            targetId: holder.id,
            details: {
              issuedAt: issuedAt.toISOString(),
              replaced: holder.pinHash !== null,
              file: options.fileName,
            },
          });
        }
        committing = true;
      });
    } catch (error) {
      // A commit that failed may still have happened (the connection can drop
      // after the server committed): the file may then hold the PINs in effect.
      if (committing) throw new UncertainCommitError(staged.stagedPath, issuedAt, error);
      await staged.discard().catch(() => undefined);
      throw error;
    }
    await staged.publish();
    return {
      issued: prepared.length,
      replaced: prepared.filter(({ holder }) => holder.pinHash !== null).length,
      issuedAt,
    };
  }
}
