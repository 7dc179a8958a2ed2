/*
 * Counts what an attack got back, answer by answer, for the summary table
 * each abuse test file prints: how many attempts, how many signed in, and at
 * which attempt the per-identifier lockout (423) and the per-client throttle
 * (429) first answered.
 */

export interface AttackRow {
  attack: string;
  attempts: number;
  successes: number;
  /** Attempts whose secret was actually checked (the rest were refused before that). */
  checked: number | '';
  /** 1-based attempt that first got 423, or '' when none did. */
  firstLock: number | '';
  /** 1-based attempt that first got 429, or '' when none did. */
  firstThrottle: number | '';
  statuses: string;
}

export class AttackTally {
  readonly statuses: number[] = [];

  constructor(readonly attack: string) {}

  add(status: number): number {
    this.statuses.push(status);
    return status;
  }

  /** Answers of a given status. */
  count(status: number): number {
    return this.statuses.filter((value) => value === status).length;
  }

  get successes(): number {
    return this.count(200);
  }

  firstOf(status: number): number | '' {
    const index = this.statuses.indexOf(status);
    return index < 0 ? '' : index + 1;
  }

  row(checked?: number): AttackRow {
    const counts = new Map<number, number>();
    for (const status of this.statuses) counts.set(status, (counts.get(status) ?? 0) + 1);
    return {
      attack: this.attack,
      attempts: this.statuses.length,
      successes: this.successes,
      checked: checked ?? '',
      firstLock: this.firstOf(423),
      firstThrottle: this.firstOf(429),
      statuses: [...counts]
        .sort(([a], [b]) => a - b)
        .map(([status, count]) => `${status}×${count}`)
        .join(' '),
    };
  }
}

/** Collects the rows of one test file and prints them once, after its tests. */
export class AttackTable {
  private readonly rows: AttackRow[] = [];

  constructor(private readonly title: string) {}

  add(tally: AttackTally, checked?: number): void {
    this.rows.push(tally.row(checked));
  }

  print(): void {
    if (this.rows.length === 0) return;
    const table = formatTable(
      this.rows.map((row) => ({
        attack: row.attack,
        attempts: row.attempts,
        successes: row.successes,
        'secrets checked': row.checked,
        'first 423 at': row.firstLock,
        'first 429 at': row.firstThrottle,
        answers: row.statuses,
      })),
    );
    console.info(`\n${this.title}\n${table}`);
  }
}

/** Rows as a plain-text table: text left-aligned, numbers (and blanks among them) right-aligned. */
export function formatTable(rows: Record<string, string | number>[]): string {
  const columns = Object.keys(rows[0] ?? {});
  const cell = (row: Record<string, string | number>, column: string) => String(row[column] ?? '');
  const widths = columns.map((column) =>
    Math.max(column.length, ...rows.map((row) => cell(row, column).length)),
  );
  const line = (values: string[], numeric: boolean[]) =>
    values
      .map((value, i) =>
        numeric[i] ? value.padStart(widths[i] ?? 0) : value.padEnd(widths[i] ?? 0),
      )
      .join('  ')
      .trimEnd();
  const looksNumeric = (value: string | number | undefined) =>
    typeof value === 'number' || value === '' || /^-?\d+(\.\d+)?$/.test(String(value));
  const numeric = columns.map((column) => rows.every((row) => looksNumeric(row[column])));
  return [
    line(columns, numeric),
    line(
      widths.map((width) => '-'.repeat(width)),
      numeric.map(() => false),
    ),
    ...rows.map((row) =>
      line(
        columns.map((column) => cell(row, column)),
        numeric,
      ),
    ),
  ].join('\n');
}
