import type { CrashScenario, DrivenPayment } from './crash-scenarios.ts';
import type { Settlement } from './settlement.ts';

/*
 * The crash test's report: one line per step and method, from the crash to
 * the final state, so a reader sees at a glance what a kill -9 at each step
 * costs.
 */

export interface CrashRun {
  scenario: CrashScenario;
  driven: DrivenPayment;
  refNum: string;
  atCrash: Settlement;
  /** What the guarantor's repeat of the call got on the restarted server. */
  retry?: string;
  final?: Settlement;
}

function stateOf(settlement: Settlement | undefined): string {
  if (!settlement) return '?';
  const charges = settlement.charges.length;
  return `${settlement.status ?? 'missing'}, ${charges} charge${charges === 1 ? '' : 's'}, ${settlement.receipts} receipt${settlement.receipts === 1 ? '' : 's'}`;
}

export function crashTable(runs: readonly CrashRun[]): string[] {
  const rows = [
    [
      'step',
      'method',
      'dying call',
      'at the crash',
      'guarantor after restart',
      'final',
      'receipt e-mail',
    ],
    ...runs.map((run) => [
      run.scenario.point,
      run.scenario.method,
      run.driven.lastCall,
      stateOf(run.atCrash),
      run.retry ?? 'walks away',
      stateOf(run.final),
      run.final?.receipts ? (run.final.receiptEmailedAt ? 'sent' : 'not sent') : '-',
    ]),
  ];
  const widths =
    rows[0]?.map((_, column) => Math.max(...rows.map((row) => row[column]?.length ?? 0))) ?? [];
  const line = (row: string[]) =>
    row.map((cell, column) => cell.padEnd(widths[column] ?? 0)).join(' | ');
  return [
    line(rows[0] ?? []),
    widths.map((width) => '-'.repeat(width)).join('-|-'),
    ...rows.slice(1).map(line),
  ];
}
