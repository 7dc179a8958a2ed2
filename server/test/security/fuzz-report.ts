import type { Problem, ProblemKind } from './fuzz-checks.ts';
import type { FuzzRequest } from './fuzz-requests.ts';

/*
 * Tallies of a fuzz run, per endpoint and in total, and the first few
 * failures in full (method, URL, headers, body) so each can be replayed.
 */

interface EndpointTally {
  sent: number;
  success: number;
  refused: number;
  serverErrors: number;
  faulty: number;
  badAccepted: number;
  mismatches: number;
  wrongStatus: number;
  milliseconds: number;
  statuses: Map<number, number>;
}

export interface Failure {
  request: FuzzRequest;
  status: number;
  problems: Problem[];
}

/** Failures kept in full per endpoint and kind of problem; the rest are only counted. */
const KEPT_PER_KIND = 2;

export class FuzzReport {
  readonly endpoints = new Map<string, EndpointTally>();
  readonly failures: Failure[] = [];
  private failureCount = 0;
  private readonly keptPerKind = new Map<string, number>();

  record(request: FuzzRequest, status: number, problems: Problem[], milliseconds: number): void {
    const key = request.operation.key;
    let tally = this.endpoints.get(key);
    if (!tally) {
      tally = {
        sent: 0,
        success: 0,
        refused: 0,
        serverErrors: 0,
        faulty: 0,
        badAccepted: 0,
        mismatches: 0,
        wrongStatus: 0,
        milliseconds: 0,
        statuses: new Map(),
      };
      this.endpoints.set(key, tally);
    }
    const has = (kind: ProblemKind) => problems.some((problem) => problem.kind === kind);
    tally.sent += 1;
    tally.milliseconds += milliseconds;
    if (status < 300) tally.success += 1;
    else if (status < 500) tally.refused += 1;
    if (has('server error')) tally.serverErrors += 1;
    if (request.faults.length > 0) tally.faulty += 1;
    if (has('bad input accepted')) tally.badAccepted += 1;
    if (has('schema mismatch')) tally.mismatches += 1;
    if (has('wrong refusal status')) tally.wrongStatus += 1;
    tally.statuses.set(status, (tally.statuses.get(status) ?? 0) + 1);
    if (problems.length > 0) {
      this.failureCount += 1;
      const kind = `${key} ${problems[0]?.kind ?? ''}`;
      const kept = this.keptPerKind.get(kind) ?? 0;
      if (kept < KEPT_PER_KIND) {
        this.keptPerKind.set(kind, kept + 1);
        this.failures.push({ request, status, problems });
      }
    }
  }

  totals() {
    const sum = (pick: (tally: EndpointTally) => number) =>
      [...this.endpoints.values()].reduce((total, tally) => total + pick(tally), 0);
    return {
      requests: sum((t) => t.sent),
      serverErrors: sum((t) => t.serverErrors),
      mismatches: sum((t) => t.mismatches),
      badInputsSent: sum((t) => t.faulty),
      badInputsAccepted: sum((t) => t.badAccepted),
      wrongRefusalStatus: sum((t) => t.wrongStatus),
      failures: this.failureCount,
    };
  }

  format(seed: number, seconds: number): string {
    const totals = this.totals();
    const rows = [...this.endpoints.entries()].map(([key, t]) => [
      key,
      String(t.sent),
      String(t.success),
      String(t.refused),
      String(t.faulty),
      String(t.serverErrors),
      String(t.mismatches),
      String(t.badAccepted),
      String(t.wrongStatus),
      (t.milliseconds / 1000).toFixed(1),
      [...t.statuses.entries()]
        .sort(([a], [b]) => a - b)
        .map(([status, count]) => `${status}×${count}`)
        .join(' '),
    ]);
    const lines = [
      `API fuzzing (seed ${seed}; FUZZ_SEED=<n> to change), ${seconds.toFixed(1)} s`,
      table(
        [
          'endpoint',
          'sent',
          '2xx',
          '4xx',
          'bad',
          '5xx',
          'mismatch',
          'accepted',
          'status',
          's',
          'statuses',
        ],
        rows,
      ),
      `requests sent: ${totals.requests}`,
      `5xx seen: ${totals.serverErrors}`,
      `responses not matching the schema: ${totals.mismatches}`,
      `bad inputs sent: ${totals.badInputsSent}, accepted: ${totals.badInputsAccepted}`,
      `refusals with another status than expected: ${totals.wrongRefusalStatus}`,
    ];
    for (const failure of this.failures) lines.push(describeFailure(failure));
    return lines.join('\n');
  }
}

export function describeFailure({ request, status, problems }: Failure): string {
  const payload =
    request.payload === undefined ? '' : `\n    body: ${request.payload.slice(0, 400)}`;
  return [
    `  ${request.method} ${request.url.slice(0, 300)} → ${status}`,
    ...problems.map((problem) => `    ${problem.kind}: ${problem.message.slice(0, 400)}`),
    `    faults: ${request.faults.map((fault) => `${fault.axis}: ${fault.label}`).join('; ') || 'none'}`,
    ...(request.notes.length > 0 ? [`    allowed spoilings: ${request.notes.join('; ')}`] : []),
    `    headers: ${JSON.stringify(request.headers).slice(0, 400)}${payload}`,
  ].join('\n');
}

export function table(head: string[], rows: string[][]): string {
  const widths = head.map((title, column) =>
    Math.max(title.length, ...rows.map((row) => (row[column] ?? '').length)),
  );
  const line = (cells: string[]) =>
    `| ${cells.map((cell, column) => cell.padEnd(widths[column] ?? 0)).join(' | ')} |`;
  const rule = `|${widths.map((width) => '-'.repeat(width + 2)).join('|')}|`;
  return [line(head), rule, ...rows.map(line)].join('\n');
}
