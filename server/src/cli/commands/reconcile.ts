import { formatCents } from '@webpay/contracts/money';
import type { ReversalReconcileReport } from '../../modules/payment-desk/index.ts';
import type { ReconcileAction, ReconcileReport } from '../../modules/payments/reconcile.service.ts';
import { operatorRequestContext } from '../operator-run.ts';
import { sendQueuedMail } from '../queued-mail.ts';
import type { Command } from '../command.ts';

const LABELS: Record<ReconcileAction, string> = {
  recorded: 'recorded',
  already_recorded: 'already recorded',
  cancelled: 'cancelled',
  declined: 'declined',
  failed: 'failed',
  closed: 'closed',
  still_open: 'still open',
  unchanged: 'unchanged',
  error: 'ERROR',
};

/** The report as lines for the operator: one per payment looked at, then the totals. */
export function reconcileReportLines(report: ReconcileReport, graceSeconds: number): string[] {
  const lines = report.entries.map((entry) =>
    [
      LABELS[entry.action].padEnd(17),
      entry.refNum.padEnd(17),
      (entry.method === 'card' ? 'card' : 'eCheck').padEnd(7),
      formatCents(entry.amountCents).padStart(12),
      `— was ${entry.statusBefore}${entry.reason ? `; ${entry.reason}` : ''}${entry.receiptId ? `; receipt ${entry.receiptId}` : ''}`,
    ].join(' '),
  );
  const { counts } = report;
  if (report.entries.length === 0) {
    lines.push(`No open payments older than ${graceSeconds} s.`);
  }
  lines.push(
    `Checked ${report.entries.length}: recorded ${counts.recorded}, already recorded ${counts.already_recorded}, cancelled ${counts.cancelled}, declined ${counts.declined}, failed ${counts.failed}, closed ${counts.closed}, still open ${counts.still_open}, errors ${counts.error}.`,
  );
  return lines;
}

/** The desk's reversals looked at: one line each, then the totals. */
export function reversalReportLines(report: ReversalReconcileReport): string[] {
  const lines = report.entries.map((entry) =>
    [
      (entry.action === 'error' ? 'ERROR' : entry.action).padEnd(17),
      (entry.reference ?? '').padEnd(17),
      entry.kind.padEnd(7),
      formatCents(entry.amountCents).padStart(12),
      `— ${entry.reason ?? ''}`,
    ].join(' '),
  );
  const { counts } = report;
  lines.push(
    `Reversals: completed ${counts.completed}, failed ${counts.failed}, found at the processor ${counts.found}, unchanged ${counts.unchanged}, errors ${counts.error}.`,
  );
  return lines;
}

export const reconcileCommand: Command = {
  name: 'reconcile',
  summary: 'Settle open payments with the card processor: record missed approvals, expire the rest',
  description: [
    'Looks up every payment that is not recorded and not yet settled at the card processor, by its reference (the invoice number). An approval of the right amount is recorded exactly once, with its receipt, pending payments and receipt e-mail, as if the guarantor had completed it. A card payment whose lightbox session expired (15 minutes) without an approval is cancelled; an eCheck payment the processor has never seen is marked failed.',
    'Then the payment desk’s voids and refunds: one sent to the processor whose answer was never heard is completed with the matching void or return, or failed when the processor has none; voids and returns made directly at the processor in the last 2 days are recorded as reversals, with their e-mail and audit rows.',
    'Safe to run at any time, also beside running servers (one of them reconciles every RECONCILE_INTERVAL_SECONDS, and each at its start): whatever two runs both find, only one of them changes.',
    'With the sandbox processor, the command serves its own copy of it over the same database, so no server needs to be running.',
  ],
  options: {
    grace: {
      type: 'string',
      valueName: 'SECONDS',
      description: 'leave payments younger than this alone (default RECONCILE_GRACE_SECONDS, 120)',
    },
  },
  async run(values, { io, env, withServices }) {
    let graceSeconds = env.RECONCILE_GRACE_SECONDS;
    if (values.grace !== undefined) {
      const text = String(values.grace);
      if (!/^\d{1,6}$/.test(text)) {
        io.err('reconcile: --grace: must be a whole number of seconds');
        return 1;
      }
      graceSeconds = Number(text);
    }
    const context = operatorRequestContext('reconcile');

    return withServices(async (services) => {
      io.out(`reconcile: payments older than ${graceSeconds} s`);
      const report = await services.reconcile.run({ graceSeconds }, context);
      for (const line of reconcileReportLines(report, graceSeconds)) io.out(line);
      const reversals = await services.paymentDesk.reconcile.run({ graceSeconds }, context);
      for (const line of reversalReportLines(reversals)) io.out(line);
      await sendQueuedMail(services, io, 'reconcile');
      return report.counts.error > 0 || reversals.counts.error > 0 ? 1 : 0;
    });
  },
};
