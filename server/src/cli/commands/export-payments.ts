import { existsSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { isoDateSchema } from '@webpay/contracts/dates';
import { formatCents } from '@webpay/contracts/money';
import { postingFile } from '../../modules/posting/posting-file.ts';
import { PostingService, type PostingBatch } from '../../modules/posting/posting.service.ts';
import { operatorRequestContext, withMigratedDatabase } from '../operator-run.ts';
import type { Command, CommandIo } from '../command.ts';
import { operatorPath } from '../operator-path.ts';

function describeBatch(batch: PostingBatch): string {
  const payments = `${batch.payments} payment${batch.payments === 1 ? '' : 's'}`;
  const lines = `${batch.lines.length} line${batch.lines.length === 1 ? '' : 's'}`;
  const reversals =
    batch.reversals === 0
      ? ''
      : ` and ${batch.reversals} void${batch.reversals === 1 ? '' : 's'} or refund${batch.reversals === 1 ? '' : 's'}`;
  const plans =
    batch.plans === 0 ? '' : `, ${batch.plans} payment plan${batch.plans === 1 ? '' : 's'}`;
  const adjusted =
    batch.adjustments === 0
      ? ''
      : `, ${batch.adjustments} financial assistance approval${batch.adjustments === 1 ? '' : 's'}`;
  return `${payments}${reversals}${plans}${adjusted} (${lines}), ${formatCents(batch.totalCents)}`;
}

/** The posting file into `out`, or onto standard output; a problem writing it is thrown. */
async function deliver(text: string, out: string | undefined, io: CommandIo): Promise<void> {
  if (out) {
    // Never over another batch's file.
    await writeFile(out, text, { flag: 'wx' });
  } else {
    // The console ends the last line itself.
    io.out(text.slice(0, -'\r\n'.length));
  }
}

export const exportPaymentsCommand: Command = {
  name: 'export-payments',
  summary: 'Write the recorded payments not yet exported as a posting file for the billing system',
  description: [
    'Writes every recorded payment that was not exported before as a CSV posting file (docs/posting.md): one row per payment line, with the receipt, the payment reference, the account paid, the amount and the masked card or bank account. Completed voids and refunds not exported before follow, as rows with negative amounts on the lines they give back, and so do the adjustments of approved financial assistance applications (entry assistance_adjustment). The payments are marked as exported in a new batch (EXP-YYYYMMDD-XXXXXX) at the same moment, so no payment is ever in two batches, even when exports run at once.',
    'The file goes to --out (which must not exist yet) or to standard output; the summary goes to standard error. With --batch, an earlier batch is written again as it was, and nothing is marked.',
  ],
  options: {
    since: {
      type: 'string',
      valueName: 'YYYY-MM-DD',
      description: 'only payments recorded on or after this day (UTC)',
    },
    batch: {
      type: 'string',
      valueName: 'ID',
      description: 'write an earlier batch again instead of exporting',
    },
    out: { type: 'string', valueName: 'FILE', description: 'write the file here' },
  },
  async run(values, command) {
    const { io } = command;
    const since = values.since === undefined ? undefined : String(values.since);
    const batchId = values.batch === undefined ? undefined : String(values.batch).trim();
    if (since !== undefined && !isoDateSchema.safeParse(since).success) {
      io.err('export-payments: --since: must be a date, YYYY-MM-DD');
      return 1;
    }
    if (since !== undefined && batchId !== undefined) {
      io.err('export-payments: --since and --batch cannot be used together');
      return 1;
    }
    if (batchId === '') {
      io.err('export-payments: --batch: give the batch id, e.g. EXP-20261122-7KQ2M9');
      return 1;
    }
    const out = values.out === undefined ? undefined : operatorPath(String(values.out));
    if (out && existsSync(out)) {
      io.err(`export-payments: ${out} already exists; choose another --out`);
      return 1;
    }
    const where = out ?? 'standard output';
    const context = operatorRequestContext('export-payments');

    return withMigratedDatabase(command, async (database) => {
      const posting = new PostingService(database.db);
      if (batchId !== undefined) {
        const batch = await posting.batch(batchId, context);
        if (!batch) {
          io.err(`export-payments: there is no batch "${batchId}"`);
          return 1;
        }
        await deliver(postingFile(batch.lines), out, io);
        io.err(
          `Batch ${batchId}: ${describeBatch(batch)}, written again to ${where}. Nothing changed.`,
        );
        return 0;
      }

      const batch = await posting.exportPayments(
        { since: since ? new Date(`${since}T00:00:00.000Z`) : undefined },
        context,
      );
      try {
        await deliver(postingFile(batch.lines), out, io);
      } catch (error) {
        const reason = error instanceof Error ? error.message : String(error);
        io.err(`export-payments: could not write ${where}: ${reason}`);
        if (batch.batchId) {
          io.err(
            `The payments are exported in batch ${batch.batchId}: "webpay export-payments --batch ${batch.batchId} --out FILE" writes them again.`,
          );
        }
        return 1;
      }
      io.err(
        batch.batchId
          ? `Exported ${describeBatch(batch)} in batch ${batch.batchId} to ${where}.`
          : `No payments to export${since ? ` recorded since ${since}` : ''}: wrote the header only to ${where}.`,
      );
      return 0;
    });
  },
};
