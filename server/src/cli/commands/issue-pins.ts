import { existsSync, statSync } from 'node:fs';
import path from 'node:path';
import { accountNumberSchema } from '@webpay/contracts/auth';
import {
  FileNotPublishedError,
  pinFileText,
  stageFile,
} from '../../modules/statement-pins/pin-file.ts';
import {
  PinChangedMeanwhileError,
  StatementPinsService,
  UncertainCommitError,
  type PinPlan,
  type PinSelection,
} from '../../modules/statement-pins/statement-pins.service.ts';
import { operatorRequestContext, withMigratedDatabase } from '../operator-run.ts';
import type { Command, CommandValues } from '../command.ts';
import { operatorPath } from '../operator-path.ts';
import { progressPrinter } from '../progress.ts';

/** From this many PINs on, hashing takes a second or more and its progress is shown. */
const PROGRESS_FROM = 20;

const plural = (count: number, noun: string) => `${count} ${noun}${count === 1 ? '' : 's'}`;

/** The account numbers of `--account 100200300,200300400`, each checked, without repeats. */
function accountNumbersOf(value: string): string[] | string {
  const numbers: string[] = [];
  for (const piece of value.split(',')) {
    if (piece.trim() === '') continue;
    const parsed = accountNumberSchema.safeParse(piece);
    if (!parsed.success) {
      return `"${piece.trim()}": ${parsed.error.issues[0]?.message ?? 'invalid'}`;
    }
    if (!numbers.includes(parsed.data)) numbers.push(parsed.data);
  }
  return numbers.length > 0 ? numbers : 'give at least one account number';
}

/** Who the options select, or what is wrong with them. */
function selectionOf(values: CommandValues): PinSelection | string {
  const all = values.all === true;
  const withoutPinOnly = values.missing === true;
  if (values.account === undefined) {
    if (!all && !withoutPinOnly) return 'choose who gets a PIN: --account, --all or --missing';
    return { withoutPinOnly };
  }
  if (all) return '--account and --all cannot be used together';
  const accountNumbers = accountNumbersOf(String(values.account));
  if (typeof accountNumbers === 'string') return `--account: ${accountNumbers}`;
  return { accountNumbers, withoutPinOnly };
}

/** Why the PIN file cannot go to `out`, if it cannot. */
function outProblem(out: string): string | undefined {
  if (existsSync(out)) return `${out} already exists; choose another --out`;
  const directory = path.dirname(out);
  if (!statSync(directory, { throwIfNoEntry: false })?.isDirectory()) {
    return `${directory} is not a directory`;
  }
  return undefined;
}

function skippedNote(plan: PinPlan): string {
  return plan.skipped > 0 ? `; ${plan.skipped} skipped (they have a PIN)` : '';
}

/** One line per guarantor who would get a PIN, then the totals. */
export function dryRunLines(plan: PinPlan): string[] {
  const width = Math.max(0, ...plan.guarantors.map((holder) => holder.accountNumber.length));
  const lines = plan.guarantors.map((holder) => {
    const issued = holder.pinIssuedAt?.toISOString().slice(0, 10);
    const previous =
      holder.pinHash === null
        ? 'first PIN'
        : issued
          ? `replaces the PIN issued ${issued}`
          : 'replaces a PIN';
    return `would issue  ${holder.accountNumber.padEnd(width)}  ${holder.firstName} ${holder.lastName} — ${previous}`;
  });
  const replacing = plan.guarantors.filter((holder) => holder.pinHash !== null).length;
  lines.push(
    `Dry run: would issue ${plural(plan.guarantors.length, 'PIN')}, ${replacing} replacing a PIN${skippedNote(plan)}. Nothing was written.`,
  );
  return lines;
}

export const issuePinsCommand: Command = {
  name: 'issue-pins',
  summary: 'Issue new statement PINs and write them to a file for the statement printer',
  description: [
    'Gives each chosen guarantor a new random 8-digit PIN, which replaces the one they had: the old PIN stops working at once. Only a hash of the PIN is stored; the PINs themselves go to the --out file, for the statement printing vendor, and nowhere else. The terminal shows only a summary.',
    'The file is CSV with the columns account_number, mmi, first_name, last_name, pin and issued_at, readable by its owner only (mode 0600). A PIN may start with 0: read the column as text. The file appears only once every PIN has changed, and no PIN changes unless the whole file was written.',
    'Choose the guarantors with --account, --all or --missing; --missing with --account leaves out those of the accounts who have a PIN. An unknown account number stops the command before anything changes.',
  ],
  options: {
    account: {
      type: 'string',
      valueName: 'NUMBERS',
      description: 'these guarantors: account numbers separated by commas',
    },
    all: { type: 'boolean', description: 'every guarantor' },
    missing: { type: 'boolean', description: 'only guarantors who have no PIN yet' },
    out: {
      type: 'string',
      valueName: 'FILE',
      description: 'write the PINs here (must not exist yet; required unless --dry-run)',
    },
    'dry-run': {
      type: 'boolean',
      description: 'list who would get a PIN; change nothing and write nothing',
    },
  },
  async run(values, command) {
    const { io } = command;
    const fail = (message: string) => {
      io.err(`issue-pins: ${message}`);
      return 1;
    };
    const selection = selectionOf(values);
    if (typeof selection === 'string') return fail(selection);
    const dryRun = values['dry-run'] === true;
    const out = values.out === undefined ? undefined : operatorPath(String(values.out));
    if (out === undefined && !dryRun) return fail('--out FILE is required: the PINs go there');
    const problem = out === undefined ? undefined : outProblem(out);
    if (problem) return fail(problem);
    const context = operatorRequestContext('issue-pins');

    return withMigratedDatabase(command, async (database) => {
      const pins = new StatementPinsService(database.db);
      const plan = await pins.plan(selection);
      if (plan.unknownAccounts.length > 0) {
        for (const number of plan.unknownAccounts) {
          io.err(`issue-pins: there is no guarantor with account number ${number}`);
        }
        io.err('Nothing was changed.');
        return 1;
      }
      if (dryRun) {
        for (const line of dryRunLines(plan)) io.out(line);
        return 0;
      }
      if (plan.guarantors.length === 0 || out === undefined) {
        io.out(`No guarantor to issue a PIN to${skippedNote(plan)}. Nothing was written.`);
        return 0;
      }
      const progress =
        plan.guarantors.length >= PROGRESS_FROM ? progressPrinter(io.err) : undefined;
      try {
        const report = await pins.issue(
          plan.guarantors,
          {
            stage: (issued) => stageFile(out, pinFileText(issued)),
            fileName: path.basename(out),
            onProgress: progress && ((hashed, total) => progress('hashing PINs', hashed, total)),
          },
          context,
        );
        io.out(
          `Issued ${plural(report.issued, 'PIN')} (${report.replaced} replacing a PIN) to ${out}${skippedNote(plan)}.`,
        );
        return 0;
      } catch (error) {
        if (error instanceof PinChangedMeanwhileError) {
          return fail(`${error.message}. Nothing was changed; run the command again.`);
        }
        if (error instanceof UncertainCommitError) return fail(`${error.message}.`);
        if (error instanceof FileNotPublishedError) {
          // The PINs are in effect: the staged file is the only copy of them.
          return fail(
            `the new PINs are in effect, but ${error.message}. Rename ${error.stagedPath} to ${out} by hand; it holds the PINs.`,
          );
        }
        throw error;
      }
    });
  },
};
