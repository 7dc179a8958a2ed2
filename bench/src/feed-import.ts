import { performance } from 'node:perf_hooks';
import { BillingFeedService } from '@webpay/server/testkit/feed-loading';
import { feedText } from '@webpay/server/testkit/feed-loading';
import { syntheticFeedRecords } from '@webpay/server/testkit/synthetic-feed';
import { createTestDatabase, type TestDatabaseKind } from '@webpay/server/testkit/database';

/*
 * `webpay import` of a generated feed: the first load of a database, the
 * same feed again (nothing to write), and the next day's extract where a
 * tenth of the balances moved and some encounters were paid off.
 */

export interface FeedImportRow {
  database: TestDatabaseKind;
  scenario: string;
  records: number;
  encounters: number;
  seconds: number;
  recordsPerSecond: number;
  written: number;
  rssMb: number;
}

const context = { requestId: 'bench-import', correlationId: 'bench-import', ipAddress: '' };

export async function benchFeedImport(
  kind: TestDatabaseKind,
  encounters: number,
): Promise<FeedImportRow[]> {
  const database = await createTestDatabase(kind, { seed: false });
  const service = new BillingFeedService(database.db);
  const asOf = '2026-11-22';
  const first = syntheticFeedRecords({
    encounters,
    asOf,
    generatedAt: new Date('2026-11-22T06:00:00Z'),
  });
  const later = syntheticFeedRecords({
    encounters,
    asOf,
    churn: 0.1,
    generatedAt: new Date('2026-11-23T06:00:00Z'),
  });
  const scenarios = [
    { scenario: 'first load', records: first },
    { scenario: 'same feed again', records: first },
    { scenario: 'next day (10% moved)', records: later },
  ];
  const rows: FeedImportRow[] = [];
  try {
    for (const { scenario, records } of scenarios) {
      const text = feedText(records);
      const started = performance.now();
      const report = await service.importFeed(
        text,
        { fileName: 'bench.jsonl', dryRun: false, allowOlder: false },
        context,
      );
      const seconds = (performance.now() - started) / 1000;
      if (report.problems.length > 0 || !report.summary) {
        throw new Error(`the generated feed was refused: ${report.problems[0]?.message ?? '?'}`);
      }
      const written = Object.values(report.summary).reduce(
        (sum, counts) => sum + counts.created + counts.updated + counts.closed,
        0,
      );
      const row: FeedImportRow = {
        database: kind,
        scenario,
        records: report.records,
        encounters,
        seconds,
        recordsPerSecond: report.records / seconds,
        written,
        rssMb: Math.round(process.memoryUsage().rss / 1_048_576),
      };
      rows.push(row);
      console.info(
        `  ${kind.padEnd(8)} import ${scenario.padEnd(22)} ${seconds.toFixed(1).padStart(6)} s  ${Math.round(row.recordsPerSecond).toString().padStart(7)} records/s  ${written} rows written`,
      );
    }
  } finally {
    await database.close();
  }
  return rows;
}

export function printFeedImportTable(rows: readonly FeedImportRow[]): void {
  console.table(
    rows.map((row) => ({
      database: row.database,
      scenario: row.scenario,
      records: row.records,
      seconds: row.seconds.toFixed(1),
      'records/s': Math.round(row.recordsPerSecond),
      'rows written': row.written,
      'rss MB': row.rssMb,
    })),
  );
}
