import { formatCents } from '@webpay/contracts/money';

/** What a run did (or, dry, would do) with one charge. */
export type AutopayAction =
  'noticed' | 'over_cap' | 'charged' | 'declined' | 'unknown' | 'cancelled' | 'error';

export const AUTOPAY_ACTIONS: readonly AutopayAction[] = [
  'noticed',
  'over_cap',
  'charged',
  'declined',
  'unknown',
  'cancelled',
  'error',
];

export interface AutopayEntry {
  action: AutopayAction;
  /** Null for a notice a dry run would send (no row yet). */
  chargeId: string | null;
  kind: 'instalment' | 'statement';
  guarantorId: string;
  /** "PP-7K2M9QXD #3" or "statement 2026-11-01". */
  about: string;
  attempt: number;
  chargeDate: string;
  amountCents: number | null;
  /** The payment's reference (invoice number) once there is one. */
  reference?: string;
  reason?: string;
}

export interface AutopayRunReport {
  today: string;
  dryRun: boolean;
  /** Portal plans whose figures were recomputed first. */
  plansRefreshed: number;
  entries: AutopayEntry[];
  counts: Record<AutopayAction, number>;
}

export function countActions(entries: readonly AutopayEntry[]): Record<AutopayAction, number> {
  const counts = Object.fromEntries(AUTOPAY_ACTIONS.map((action) => [action, 0])) as Record<
    AutopayAction,
    number
  >;
  for (const entry of entries) counts[entry.action] += 1;
  return counts;
}

/** The report as lines for the operator: one per charge, then the totals. */
export function autopayReportLines(report: AutopayRunReport): string[] {
  const verb = report.dryRun ? 'would be ' : '';
  const lines = report.entries.map((entry) =>
    [
      `${verb}${entry.action === 'error' ? 'ERROR' : entry.action}`.padEnd(18),
      entry.about.padEnd(24),
      `attempt ${entry.attempt}`.padEnd(10),
      entry.chargeDate,
      (entry.amountCents === null ? '' : formatCents(entry.amountCents)).padStart(12),
      `${entry.reference ? ` ${entry.reference}` : ''}${entry.reason ? ` — ${entry.reason}` : ''}`,
    ].join(' '),
  );
  const { counts } = report;
  lines.push(
    `${report.dryRun ? 'Dry run, nothing written. ' : ''}Autopay ${report.today}: noticed ${counts.noticed}, above cap ${counts.over_cap}, charged ${counts.charged}, declined ${counts.declined}, left to reconciliation ${counts.unknown}, not charged ${counts.cancelled}, errors ${counts.error}.`,
  );
  return lines;
}
