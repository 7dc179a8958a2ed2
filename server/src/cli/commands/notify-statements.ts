import { accountNumberSchema } from '@webpay/contracts/auth';
import { formatDate } from '@webpay/contracts/dates';
import { formatCents } from '@webpay/contracts/money';
import type {
  NoticeOutcome,
  NotifyStatementsReport,
} from '../../modules/statements/statement-notices.service.ts';
import { operatorRequestContext } from '../operator-run.ts';
import { sendQueuedMail } from '../queued-mail.ts';
import type { Command } from '../command.ts';

const LABELS: Record<NoticeOutcome, string> = {
  queued: 'queued',
  would_send: 'would send',
  already_notified: 'skipped (already notified)',
};

function describeLinkLifetime(hours: number): string {
  if (hours % 24 === 0) return `${hours / 24} day${hours === 24 ? '' : 's'}`;
  return `${hours} hour${hours === 1 ? '' : 's'}`;
}

/** The report as lines for the operator: one per guarantor, then the totals. */
export function reportLines(report: NotifyStatementsReport, dryRun: boolean): string[] {
  const lines = report.results.map(({ outcome, notice }) => {
    const what = `statement of ${formatDate(notice.statementDate)}: ${formatCents(notice.amountDueCents)} due ${formatDate(notice.dueDate)}`;
    const again = outcome === 'queued' && notice.notifiedAt ? ' (again)' : '';
    return [
      `${LABELS[outcome]}${again}`.padEnd(27),
      notice.accountNumber.padEnd(12),
      `${notice.firstName} ${notice.lastName} <${notice.email}>`,
      `— ${what}`,
    ].join(' ');
  });
  if (report.notEligible) lines.push(`Nothing to send: ${report.notEligible}.`);
  const count = (outcome: NoticeOutcome) =>
    report.results.filter((result) => result.outcome === outcome).length;
  lines.push(
    dryRun
      ? `Dry run: would send ${count('would_send')}, already notified ${count('already_notified')}. Nothing was sent.`
      : `Queued ${count('queued')}, already notified ${count('already_notified')}.`,
  );
  return lines;
}

export const notifyStatementsCommand: Command = {
  name: 'notify-statements',
  summary: "E-mail paperless guarantors their latest statement's notice with a sign-in link",
  description: [
    'E-mails each guarantor enrolled in paperless statements, with a verified e-mail address, a notice of their latest statement: its date, the amount due and the due date, with a single-use sign-in link.',
    'The link works for STATEMENT_LINK_TTL_HOURS (default 168 hours, 7 days). A statement is notified once: running the command again skips it unless --force is given.',
    'E-mail goes through SMTP_URL, or into DATA_DIR/outbox when it is not set.',
  ],
  options: {
    account: {
      type: 'string',
      valueName: 'NUMBER',
      description: 'only the guarantor with this account number',
    },
    'dry-run': {
      type: 'boolean',
      description: 'list what would be sent; send nothing and record nothing',
    },
    force: {
      type: 'boolean',
      description: 'send even when the latest statement was already notified',
    },
  },
  async run(values, { io, env, withServices }) {
    let accountNumber: string | undefined;
    if (values.account !== undefined) {
      const parsed = accountNumberSchema.safeParse(values.account);
      if (!parsed.success) {
        io.err(`notify-statements: --account: ${parsed.error.issues[0]?.message ?? 'invalid'}`);
        return 1;
      }
      accountNumber = parsed.data;
    }
    const dryRun = values['dry-run'] === true;
    const force = values.force === true;
    const context = operatorRequestContext('notify-statements');

    return withServices(async (services) => {
      io.out(
        `notify-statements: ${dryRun ? 'dry run; ' : ''}e-mail by ${services.mail.mode === 'smtp' ? 'SMTP' : 'the local outbox'}; sign-in links work for ${describeLinkLifetime(env.STATEMENT_LINK_TTL_HOURS)}`,
      );
      const report = await services.statementNotices.notify(
        { accountNumber, dryRun, force },
        context,
      );
      for (const line of reportLines(report, dryRun)) io.out(line);
      await sendQueuedMail(services, io, 'notify-statements');
      return report.notEligible ? 1 : 0;
    });
  },
};
