import path from 'node:path';
import { formatCents } from '@webpay/contracts/money';
import {
  PostingService,
  type ApplyOutcome,
  type ApplyReport,
} from '../../modules/posting/posting.service.ts';
import { operatorRequestContext, readOperatorFile, withMigratedDatabase } from '../operator-run.ts';
import type { Command } from '../command.ts';

const LABELS: Record<ApplyOutcome, string> = {
  applied: 'applied',
  already_applied: 'already applied',
  would_apply: 'would apply',
};

/** The report as lines for the operator: one per receipt or reversal, then the totals. */
export function applyReportLines(report: ApplyReport, dryRun: boolean): string[] {
  const lines = report.results.map((result) =>
    [
      LABELS[result.outcome].padEnd(15),
      result.receiptId.padEnd(11),
      result.paymentReference.padEnd(16),
      formatCents(result.amountCents).padStart(12),
      result.reversalId ? `reversal ${result.reversalId}` : '',
      result.outcome === 'already_applied' ? `— on ${result.appliedAt.toISOString()}` : '',
    ]
      .filter(Boolean)
      .join(' ')
      .trimEnd(),
  );
  const count = (outcome: ApplyOutcome) =>
    report.results.filter((result) => result.outcome === outcome).length;
  lines.push(
    dryRun
      ? `Dry run: would apply ${count('would_apply')}, already applied ${count('already_applied')}. Nothing was changed.`
      : `Applied ${count('applied')}, already applied ${count('already_applied')}.`,
  );
  return lines;
}

export const applyPaymentsCommand: Command = {
  name: 'apply',
  summary: "Mark the payments of the billing system's posting confirmation as applied",
  description: [
    'Reads a posting confirmation from the hospital billing system (docs/posting.md): CSV with a receipt_id column, an optional reversal_id (a row with one confirms that void or refund rather than the payment) and an optional applied_at (YYYY-MM-DD or an ISO 8601 time; the time of this run when empty or absent). Other columns are ignored, so the posting file of export-payments is a confirmation too.',
    "Every row is checked first: an unknown receipt, a payment not yet exported or a malformed date is reported with the file's line number, and then nothing is applied. Otherwise all the payments are marked applied together, and their pending payments leave the guarantors' dashboards. A receipt applied before is reported as already applied and left as it is, so applying a file twice changes nothing.",
  ],
  arguments: [{ name: 'FILE', description: 'the posting confirmation (CSV)' }],
  options: {
    'dry-run': {
      type: 'boolean',
      description: 'check the file and list what would be applied; change nothing',
    },
  },
  async run(values, command, [file = '']) {
    const { io } = command;
    const dryRun = values['dry-run'] === true;
    const text = await readOperatorFile('apply', file, io);
    if (text === undefined) return 1;
    const context = operatorRequestContext('apply');

    return withMigratedDatabase(command, async (database) => {
      const report = await new PostingService(database.db).applyConfirmation(
        text,
        { fileName: path.basename(file), dryRun },
        context,
      );
      if (report.problems.length > 0) {
        for (const problem of report.problems)
          io.err(`${file}:${problem.line}: ${problem.message}`);
        const count = report.problems.length;
        io.err(`Nothing was applied: ${count} problem${count === 1 ? '' : 's'} in ${file}.`);
        return 1;
      }
      if (report.results.length === 0) {
        io.out(`Nothing to apply: ${file} lists no receipts.`);
        return 0;
      }
      for (const line of applyReportLines(report, dryRun)) io.out(line);
      return 0;
    });
  },
};
