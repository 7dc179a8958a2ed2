import { sql } from 'drizzle-orm';
import type { Database } from '../../src/db/client.ts';
import { todayIso } from '../../src/demo/calendar.ts';
import { demoFeedRecords } from '../../src/demo/demo-feed.ts';
import { buildDemoDataset } from '../../src/demo/seed.ts';
import type { FeedLine, FeedRecordOf } from '../../src/modules/billing-feed/feed-writer.ts';

/** The demo guarantors as a feed, matching a test database seeded on the same day. */
export async function demoFeed(generatedAt = new Date()): Promise<FeedLine[]> {
  const rows = await buildDemoDataset({ today: todayIso(), hashPin: async () => 'unused' });
  return demoFeedRecords(rows, { feedId: 'DEMO-FEED', generatedAt });
}

export type { FeedRecordOf } from '../../src/modules/billing-feed/feed-writer.ts';

/** The first record of a kind that matches, to change in place. */
export function findRecord<K extends FeedLine['record']>(
  records: FeedLine[],
  kind: K,
  match: (record: FeedRecordOf<K>) => boolean,
): FeedRecordOf<K> {
  const found = records.find(
    (record): record is FeedRecordOf<K> =>
      record.record === kind && match(record as FeedRecordOf<K>),
  );
  if (!found) throw new Error(`No ${kind} record matches`);
  return found;
}

const FEED_TABLES = [
  'guarantors',
  'payment_plans',
  'plan_instalments',
  'encounters',
  'pending_payments',
  'statements',
  'feed_imports',
] as const;

/** A digest of every row of the tables an import writes: equal digests, nothing changed. */
export async function feedTablesDigest(db: Database): Promise<Record<string, string>> {
  const digest: Record<string, string> = {};
  for (const table of FEED_TABLES) {
    const result = await db.execute<{ digest: string | null; count: number }>(
      sql`select md5(coalesce(string_agg(t::text, '|' order by t::text), '')) as digest, count(*)::int as count from ${sql.identifier(table)} t`,
    );
    const row = result.rows[0];
    digest[table] = `${row?.count ?? 0}:${row?.digest ?? ''}`;
  }
  return digest;
}
