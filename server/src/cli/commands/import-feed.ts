import path from 'node:path';
import { performance } from 'node:perf_hooks';
import {
  BillingFeedService,
  type ImportReport,
} from '../../modules/billing-feed/billing-feed.service.ts';
import type { EntityCounts } from '../../modules/billing-feed/feed-changes.ts';
import { operatorRequestContext, readOperatorFile, withMigratedDatabase } from '../operator-run.ts';
import type { Command } from '../command.ts';
import { progressPrinter } from '../progress.ts';

/** Smaller feeds load in a blink; a progress line would only be noise. */
const PROGRESS_FROM = 5_000;

/** Enough to fix a feed by; the count says how many more there are. */
const PROBLEMS_SHOWN = 200;

const numbers = new Intl.NumberFormat('en-US');

const ROWS: { key: keyof NonNullable<ImportReport['summary']>; label: string }[] = [
  { key: 'guarantors', label: 'guarantors' },
  { key: 'plans', label: 'payment plans' },
  { key: 'encounters', label: 'encounters' },
  { key: 'statements', label: 'statements' },
  { key: 'pendingPayments', label: 'pending payments' },
];

/** The change table: one row per kind of record. */
export function importSummaryLines(summary: NonNullable<ImportReport['summary']>): string[] {
  const columns: (keyof EntityCounts)[] = ['created', 'updated', 'unchanged', 'closed'];
  const cell = (value: string) => value.padStart(11);
  return [
    `${''.padEnd(18)}${columns.map(cell).join('')}`,
    ...ROWS.map(({ key, label }) => {
      const counts = summary[key];
      return `${label.padEnd(18)}${columns.map((column) => cell(numbers.format(counts[column]))).join('')}`;
    }),
    'closed: encounters and plans no longer in the feed; pending payments: applied',
  ];
}

export const importFeedCommand: Command = {
  name: 'import',
  summary: "Load the billing system's feed: guarantors, encounters, plans, statements",
  description: [
    'Reads a billing feed (JSON Lines, docs/billing-feed.md): a header, then guarantors, encounters, payment plans with their instalments and encounters, statements and pending payments received outside the portal. The feed is the whole picture: encounters and plans the database holds but the feed no longer lists are closed, and outside pending payments it no longer lists are applied.',
    "Every line is checked first, against its record's fields and against the rest of the feed (unknown guarantor or facility, duplicate ids, totals that don't add up). Any problem is reported with the file's line number, and then nothing is imported. Otherwise everything is written in one transaction, and only what changed: importing the same feed again changes nothing. A feed generated before the newest one imported is refused unless --allow-older is given.",
  ],
  arguments: [{ name: 'FILE', description: 'the billing feed (JSON Lines)' }],
  options: {
    'dry-run': {
      type: 'boolean',
      description: 'check the feed and count what would change; change nothing',
    },
    'allow-older': {
      type: 'boolean',
      description: 'import a feed generated before the newest one imported',
    },
    quiet: {
      type: 'boolean',
      description: 'no progress lines on standard error (shown for large feeds)',
    },
  },
  async run(values, command, [file = '']) {
    const { io } = command;
    const dryRun = values['dry-run'] === true;
    const text = await readOperatorFile('import', file, io);
    if (text === undefined) return 1;
    const context = operatorRequestContext('import');
    const started = performance.now();

    return withMigratedDatabase(command, async (database) => {
      const report = await new BillingFeedService(database.db).importFeed(
        text,
        {
          fileName: path.basename(file),
          dryRun,
          allowOlder: values['allow-older'] === true,
          onProgress:
            values.quiet === true
              ? undefined
              : progressPrinter(io.err, { minimumTotal: PROGRESS_FROM }),
        },
        context,
      );
      for (const warning of report.warnings) {
        io.err(`${file}:${warning.line}: warning: ${warning.message}`);
      }
      if (report.problems.length > 0 || !report.summary) {
        for (const problem of report.problems.slice(0, PROBLEMS_SHOWN)) {
          io.err(`${file}:${problem.line}: ${problem.message}`);
        }
        const count = report.problems.length;
        if (count > PROBLEMS_SHOWN) io.err(`… and ${numbers.format(count - PROBLEMS_SHOWN)} more`);
        io.err(
          `Nothing was imported: ${numbers.format(count)} problem${count === 1 ? '' : 's'} in ${file}.`,
        );
        return 1;
      }
      io.out(
        `Feed ${report.feedId}, generated ${report.generatedAt?.toISOString() ?? '?'}: ${numbers.format(report.records)} records in ${file}`,
      );
      for (const line of importSummaryLines(report.summary)) io.out(line);
      const seconds = ((performance.now() - started) / 1000).toFixed(1);
      io.out(
        dryRun
          ? `Dry run: checked in ${seconds} s. Nothing was changed.`
          : `Imported in ${seconds} s (import ${report.importId ?? '?'}).`,
      );
      return 0;
    });
  },
};
